package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's kernel for every pair of planes of every weight row of a call (ka x kb bits, at most 2 x 2): out[f] =
 * sum_{i,j} 2^(i+j) popcount(Q_i AND R_{f,j}) as two bytes (little-endian) for the rows f from w + at, each row's
 * planes interleaved byte by byte as AvrPlanePairs reads them, Q_i at q + i nb in RAM. Each byte position is written
 * out (no loop counter), each pair counted in a byte of its own (nb <= 31: at most 248), and the sum formed once a
 * row: about 37 cycles a byte position of 2 x 2 bits and 25 a row, where AvrPlanePairs took 44 and a call a row
 * (cnn-digits-w2a2i2's second convolution). Generated per shape and length, with the same counts in C for other
 * compilers.
 */
public record AvrPlanePairRows(int ka, int kb, int nb) implements AvrKernel {
    /** The longest plane: each pair's count is a byte, Q_2's last byte within Y's displacement. */
    static final int MAX_BYTES = 31;

    /** Whether a product of these planes and plane bytes has the kernel: 1-2 x 1-2 planes, more than one pair. */
    @Override
    public boolean applies() {
        return ka >= 1 && ka <= 2 && kb >= 1 && kb <= 2 && ka * kb > 1 && nb >= 1 && nb <= MAX_BYTES;
    }

    @Override
    public String name() {
        return "sd_pairrows" + ka + kb + "_" + nb;
    }

    @Override
    public String signature() {
        return AvrKernel.signature("void", name(),
                "const uint8_t *q, const uint8_t *w, sd_idx at, uint8_t rows, uint8_t *out");
    }

    @Override
    public String assembly() {
        StringBuilder c = new StringBuilder();
        c.append("    const uint8_t *p = w + at, *y;\n    uint16_t s;\n    uint8_t t, h");
        List<String> outs = new ArrayList<>(List.of("[p] \"+z\"(p)", "[o] \"+x\"(out)", "[n] \"+r\"(rows)",
                "[y] \"=&b\"(y)", "[s] \"=&r\"(s)", "[t] \"=&r\"(t)", "[h] \"=&r\"(h)"));
        registers(c, outs, ka, kb);
        AvrAsm.statement(c, body(ka, kb, nb));
        c.append("        : ").append(String.join(", ", outs))
         .append("\n        : [qb] \"r\"(q), [tab] \"i\"(sd_pop8_table) : \"memory\");\n");
        return c.toString();
    }

    @Override
    public String fallback() {
        StringBuilder c = new StringBuilder("    for (uint8_t f = 0; f < rows; f++) {\n");
        sumInC(c, ka, kb, nb, "at + f * " + kb * nb);
        c.append("        out[2 * f] = (uint8_t)s;\n        out[2 * f + 1] = (uint8_t)(s >> 8);\n");
        return c.append("    }\n").toString();
    }

    /**
     * The kernel that counts which of each row's {@code levels - 1} thresholds u = (sum << shift) + k reaches (16
     * bits, modulo 2^16; the thresholds' two bytes each after the row's weight bytes, little-endian) and stores that
     * count, the output's level number, as out[f] (CountThresholds: a quantize whose levels are their own numbers,
     * compared where the product stores): about 9 cycles a threshold where the comparisons in C took about 100 an
     * output (cnn-digits-w2a2i2's second convolution).
     */
    public record Compared(int ka, int kb, int nb, int shift, int levels) implements AvrKernel {
        /** The shapes of the counting kernel, {@link AvrPlanePairRows#applies}. */
        @Override
        public boolean applies() {
            return new AvrPlanePairRows(ka, kb, nb).applies();
        }

        @Override
        public String name() {
            return "sd_pairrows_cmp" + ka + kb + "_" + nb + "_" + shift + "_" + levels;
        }

        @Override
        public String signature() {
            return AvrKernel.signature("void", name(),
                    "const uint8_t *q, const uint8_t *w, uint8_t rows, uint16_t k, uint8_t *out");
        }

        @Override
        public String assembly() {
            StringBuilder c = new StringBuilder();
            c.append("    const uint8_t *p = w, *y;\n    uint16_t s;\n    uint8_t t, h, n");
            List<String> outs = new ArrayList<>(List.of("[p] \"+z\"(p)", "[o] \"+x\"(out)", "[n] \"+r\"(rows)",
                    "[y] \"=&b\"(y)", "[s] \"=&r\"(s)", "[t] \"=&r\"(t)", "[h] \"=&r\"(h)", "[c] \"=&d\"(n)"));
            registers(c, outs, ka, kb);
            List<String> body = body(ka, kb, nb);
            body.subList(body.size() - 6, body.size()).clear(); // the sum in t, h: compared, not stored
            for (int i = 0; i < shift; i++) {
                body.addAll(List.of("lsl %[t]", "rol %[h]"));
            }
            body.addAll(List.of("add %[t], %A[k]", "adc %[h], %B[k]", "ldi %[c], " + (levels - 1)));
            for (int i = 0; i + 1 < levels; i++) { // the count less each threshold u is below (the compare's carry)
                body.addAll(List.of("lpm %[a00], %a[p]+", "lpm %[w0], %a[p]+", "cp %[t], %[a00]", "cpc %[h], %[w0]",
                        "sbc %[c], __zero_reg__"));
            }
            body.addAll(List.of("st %a[o]+, %[c]", "dec %[n]", "breq 3f", "rjmp 1b", "3:"));
            AvrAsm.statement(c, body);
            c.append("        : ").append(String.join(", ", outs))
             .append("\n        : [qb] \"r\"(q), [k] \"r\"(k), [tab] \"i\"(sd_pop8_table) : \"memory\");\n");
            return c.toString();
        }

        @Override
        public String fallback() {
            int stride = kb * nb + 2 * (levels - 1);
            StringBuilder c = new StringBuilder("    for (uint8_t f = 0; f < rows; f++) {\n");
            sumInC(c, ka, kb, nb, "f * " + stride);
            c.append("        uint16_t u = (uint16_t)((uint16_t)(s << ").append(shift).append(") + k);\n");
            c.append("        uint8_t n = 0;\n");
            for (int i = 0; i + 1 < levels; i++) {
                int at = kb * nb + 2 * i;
                c.append("        n = (uint8_t)(n + (u >= (uint16_t)(SD_RU8(w, f * ").append(stride).append(" + ")
                 .append(at).append(") | (uint16_t)SD_RU8(w, f * ").append(stride).append(" + ").append(at + 1)
                 .append(") << 8)));\n");
            }
            return c.append("        out[f] = n;\n    }\n").toString();
        }
    }

    /** The declarations of the planes', weights' and pairs' registers, and their asm operands. */
    private static void registers(StringBuilder c, List<String> outs, int ka, int kb) {
        for (int i = 0; i < ka; i++) {
            c.append(", q").append(i);
            outs.add("[q" + i + "] \"=&r\"(q" + i + ")");
        }
        for (int j = 0; j < kb; j++) {
            c.append(", w").append(j);
            outs.add("[w" + j + "] \"=&r\"(w" + j + ")");
        }
        for (int i = 0; i < ka; i++) {
            for (int j = 0; j < kb; j++) {
                c.append(", a").append(i).append(j);
                outs.add("[a" + i + j + "] \"=&r\"(a" + i + j + ")");
            }
        }
        c.append(";\n");
    }

    /** s, the sum of the row whose weight bytes start at {@code row} in w, in C. */
    private static void sumInC(StringBuilder c, int ka, int kb, int nb, String row) {
        c.append("        uint16_t s = 0;\n        for (sd_idx b = 0; b < ").append(nb).append("; b++) {\n");
        for (int i = 0; i < ka; i++) {
            for (int j = 0; j < kb; j++) {
                c.append("            s = (uint16_t)(s + (SD_POP8(q[").append(i * nb).append(" + b] & SD_RU8(w, ")
                 .append(row).append(" + b * ").append(kb).append(" + ").append(j).append(")) << ").append(i + j)
                 .append("));\n");
            }
        }
        c.append("        }\n");
    }

    /** A row: the counts cleared, each byte position's pairs counted, the sum formed and stored; the next row. */
    private static List<String> body(int ka, int kb, int nb) {
        List<String> b = new ArrayList<>(List.of("1:", "movw %A[y], %A[qb]"));
        for (int i = 0; i < ka; i++) {
            for (int j = 0; j < kb; j++) {
                b.add("clr %[a" + i + j + "]");
            }
        }
        for (int at = 0; at < nb; at++) {
            for (int i = 0; i < ka; i++) {
                b.add("ldd %[q" + i + "], %a[y]+" + (i * nb + at));
            }
            for (int j = 0; j < kb; j++) {
                b.add("lpm %[w" + j + "], %a[p]+");
            }
            b.addAll(List.of("movw %A[s], %A[p]", "ldi %B[p], hi8(%[tab])"));
            for (int i = 0; i < ka; i++) {
                for (int j = 0; j < kb; j++) {
                    b.addAll(List.of("mov %A[p], %[q" + i + "]", "and %A[p], %[w" + j + "]", "lpm %[t], %a[p]",
                            "add %[a" + i + j + "], %[t]"));
                }
            }
            b.add("movw %A[p], %A[s]");
        }
        // sum 2^(i+j) a_ij by Horner's rule over i + j, from the highest weight down, in t (low) and h (high)
        b.addAll(List.of("clr %[t]", "clr %[h]"));
        for (int d = ka + kb - 2; d >= 0; d--) {
            if (d < ka + kb - 2) {
                b.addAll(List.of("lsl %[t]", "rol %[h]"));
            }
            for (int i = 0; i < ka; i++) {
                int j = d - i;
                if (j >= 0 && j < kb) {
                    b.addAll(List.of("add %[t], %[a" + i + j + "]", "adc %[h], __zero_reg__"));
                }
            }
        }
        b.addAll(List.of("st %a[o]+, %[t]", "st %a[o]+, %[h]", "dec %[n]", "breq 3f", "rjmp 1b", "3:"));
        return b;
    }
}
