package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's kernel for one activation plane against many weight rows at once (1 x 1 bit products: a binary MLP's
 * layer, a binary convolution's window against its output channels): out[f] = popcount(Q AND R_f) for the rows f of
 * nb bytes from w + at (one after another in flash), Q's nb bytes held in registers for the whole call. Each row's
 * weight bytes are loaded four at a time, ANDed with the registers and looked up in the byte table at once (Z
 * saved once for the four): about 10 cycles a byte and 5 a row, where the byte kernel took a call a row
 * (mlp-digits-w1a1i1's first layer on the Uno, 64 rows of 8 bytes: 13,373 -> 10,253 cycles). Generated per plane
 * length (the registers and the unrolled bytes), with the same counts in C for other compilers.
 */
public record AvrPopandRows(int nb) implements AvrKernel {
    /** The longest plane held in registers. */
    static final int MAX_BYTES = 8;
    /** Weight bytes loaded before their table lookups: one save and restore of Z for these many. */
    private static final int CHUNK = 4;
    /** The longest plane of the wide comparing kernel: its count is a byte. */
    public static final int MAX_WIDE_BYTES = 31;

    /** Whether a plane of these bytes has the kernel. */
    @Override
    public boolean applies() {
        return nb >= 1 && nb <= MAX_BYTES;
    }

    @Override
    public String name() {
        return "sd_popand_rows_" + nb;
    }

    @Override
    public String signature() {
        return AvrKernel.signature("void", name(),
                "const uint8_t *q, const uint8_t *w, sd_idx at, uint8_t rows, uint8_t *out");
    }

    @Override
    public String assembly() {
        StringBuilder c = new StringBuilder("    const uint8_t *p = w + at;\n");
        declarations(c, nb);
        List<String> body = count(nb);
        body.addAll(List.of("st %a[o]+, %[c]", "dec %[n]", "brne 1b"));
        asm(c, body, nb, List.of("[o] \"+e\"(out)"), List.of());
        return c.toString();
    }

    @Override
    public String fallback() {
        StringBuilder c = new StringBuilder("    for (uint8_t f = 0; f < rows; f++) {\n");
        countInC(c, nb, "at + f * " + nb);
        return c.append("        out[f] = n;\n    }\n").toString();
    }

        /**
         * The kernel that compares each row's count with its threshold and packs the results (PackedSigns): row f's nb
         * weight bytes are followed by its threshold theta_f (rows of nb + 1 bytes from w); bit f of out is u >=
         * theta_f, u = (count << shift) + k modulo 256, bit f % 8 of byte f / 8 (rows a multiple of 8). In the loop the
         * bits are shifted in complemented (the comparison's carry is u < theta) behind a marker bit, whose carry out
         * after the eighth row stores the byte: about 9 cycles a row where a loop over the counts took about 45
         * (mlp-digits-w1a1i1).
         */
    public record Compared(int nb, int shift) implements AvrKernel {
        /** The plane in registers, as the counting kernel's. */
        @Override
        public boolean applies() {
            return new AvrPopandRows(nb).applies();
        }

        @Override
        public String name() {
            return "sd_popand_rows_cmp" + nb + "_" + shift;
        }

        @Override
        public String signature() {
            return AvrKernel.signature("void", name(),
                    "const uint8_t *q, const uint8_t *w, uint8_t rows, uint8_t k, uint8_t *out");
        }

        @Override
        public String assembly() {
            StringBuilder c = new StringBuilder("    const uint8_t *p = w;\n    uint8_t b = 0x80;\n");
            declarations(c, nb);
            List<String> body = count(nb);
            body.add("lpm %[w0], %a[p]+");
            for (int i = 0; i < shift; i++) {
                body.add("lsl %[c]");
            }
            body.addAll(List.of("add %[c], %[k]", "cp %[c], %[w0]", "ror %[b]", "brcc 2f", "com %[b]",
                    "st %a[o]+, %[b]", "ldi %[b], 0x80", "2:", "dec %[n]", "brne 1b"));
            asm(c, body, nb, List.of("[o] \"+e\"(out)", "[b] \"+d\"(b)"), List.of("[k] \"r\"(k)"));
            return c.toString();
        }

        @Override
        public String fallback() {
            StringBuilder c = new StringBuilder("    uint8_t b = 0;\n    for (uint8_t f = 0; f < rows; f++) {\n");
            countInC(c, nb, "f * " + (nb + 1));
            c.append("        uint8_t u = (uint8_t)((uint8_t)(n << ").append(shift).append(") + k);\n");
            c.append("        b = (uint8_t)(b >> 1 | (u >= SD_RU8(w, f * ").append(nb + 1).append(" + ").append(nb)
             .append(") ? 0x80u : 0u));\n");
            return c.append("        if ((f & 7) == 7) out[f >> 3] = b;\n    }\n").toString();
        }
    }

    /**
     * The comparing kernel for planes too long for registers or u too wide for a byte (a padded binary
     * convolution's 144-tap windows): as {@link Compared}, with the plane's bytes loaded from RAM next to each
     * weight byte, and u = (count << shift) + k and each row's threshold (two bytes after its weight bytes,
     * little-endian) in 16 bits: about 11 cycles a byte and 22 a row.
     */
    public record ComparedWide(int nb, int shift) implements AvrKernel {
        /** A plane's count within a byte. */
        @Override
        public boolean applies() {
            return nb >= 1 && nb <= MAX_WIDE_BYTES;
        }

        @Override
        public String name() {
            return "sd_popand_rows_cmpw" + nb + "_" + shift;
        }

        @Override
        public String signature() {
            return AvrKernel.signature("void", name(),
                    "const uint8_t *q, const uint8_t *w, uint8_t rows, uint16_t k, uint8_t *out");
        }

        @Override
        public String assembly() {
            StringBuilder c = new StringBuilder();
            c.append("    const uint8_t *p = w, *a;\n    uint8_t b = 0x80, t;\n    uint16_t u;\n");
            c.append("    uint16_t s;\n    uint8_t c");
            for (int k = 0; k < Math.min(CHUNK, nb); k++) {
                c.append(", w").append(k);
            }
            c.append(";\n");
            AvrAsm.statement(c, loop());
            List<String> outs = new ArrayList<>(List.of("[p] \"+z\"(p)", "[a] \"=&x\"(a)", "[o] \"+r\"(out)",
                    "[b] \"+d\"(b)", "[n] \"+r\"(rows)", "[c] \"=&r\"(c)", "[t] \"=&r\"(t)", "[u] \"=&r\"(u)",
                    "[s] \"=&r\"(s)"));
            for (int k = 0; k < Math.min(CHUNK, nb); k++) {
                outs.add("[w" + k + "] \"=&r\"(w" + k + ")");
            }
            c.append("        : ").append(String.join(", ", outs))
             .append("\n        : [q] \"r\"(q), [k] \"r\"(k), [tab] \"i\"(sd_pop8_table) : \"memory\");\n");
            return c.toString();
        }

        /** A row: its count, u in 16 bits, compared with the row's threshold, the bit shifted in. */
        private List<String> loop() {
            List<String> body = new ArrayList<>(List.of("1:", "movw %A[a], %A[q]", "clr %[c]"));
            for (int from = 0; from < nb; from += CHUNK) {
                int n = Math.min(CHUNK, nb - from);
                for (int k = 0; k < n; k++) {
                    body.addAll(List.of("lpm %[w" + k + "], %a[p]+", "ld %[t], %a[a]+", "and %[w" + k + "], %[t]"));
                }
                lookUp(body, n);
            }
            body.addAll(List.of("mov %A[u], %[c]", "clr %B[u]"));
            for (int i = 0; i < shift; i++) {
                body.addAll(List.of("lsl %A[u]", "rol %B[u]"));
            }
            body.addAll(List.of("add %A[u], %A[k]", "adc %B[u], %B[k]", "lpm %[t], %a[p]+", "cp %A[u], %[t]",
                    "lpm %[t], %a[p]+", "cpc %B[u], %[t]", "ror %[b]", "brcc 2f", "com %[b]", "movw %A[a], %A[o]",
                    "st %a[a]+, %[b]", "movw %A[o], %A[a]", "ldi %[b], 0x80", "2:", "dec %[n]", "breq 3f", "rjmp 1b",
                    "3:"));
            // (a long row's loop is beyond brne's reach)
            return body;
        }

        @Override
        public String fallback() {
            StringBuilder c = new StringBuilder("    uint8_t b = 0;\n    for (uint8_t f = 0; f < rows; f++) {\n");
            countInC(c, nb, "f * " + (nb + 2));
            c.append("        uint16_t u = (uint16_t)((uint16_t)(n << ").append(shift).append(") + k);\n");
            c.append("        uint16_t th = (uint16_t)(SD_RU8(w, f * ").append(nb + 2).append(" + ").append(nb)
             .append(") | (uint16_t)SD_RU8(w, f * ").append(nb + 2).append(" + ").append(nb + 1).append(") << 8);\n");
            c.append("        b = (uint8_t)(b >> 1 | (u >= th ? 0x80u : 0u));\n");
            return c.append("        if ((f & 7) == 7) out[f >> 3] = b;\n    }\n").toString();
        }
    }

    /** The registers: the count, Z's save, the weight bytes of a chunk, the plane's bytes. */
    private static void declarations(StringBuilder c, int nb) {
        c.append("    uint16_t s;\n    uint8_t c");
        for (int k = 0; k < Math.min(CHUNK, nb); k++) {
            c.append(", w").append(k);
        }
        for (int b = 0; b < nb; b++) {
            c.append(", q").append(b).append(" = q[").append(b).append("]");
        }
        c.append(";\n");
    }

    /** One row's count into c: its weight bytes a chunk at a time ANDed with the plane and looked up (Z after them). */
    private static List<String> count(int nb) {
        List<String> body = new ArrayList<>();
        body.add("1:");
        body.add("clr %[c]");
        for (int from = 0; from < nb; from += CHUNK) {
            int n = Math.min(CHUNK, nb - from);
            for (int k = 0; k < n; k++) {
                body.add("lpm %[w" + k + "], %a[p]+");
                body.add("and %[w" + k + "], %[q" + (from + k) + "]");
            }
            lookUp(body, n);
        }
        return body;
    }

    /** The n ANDed bytes in w0.. looked up in the byte table and added to the count, Z saved around them. */
    private static void lookUp(List<String> body, int n) {
        body.add("movw %A[s], %A[p]");
        body.add("ldi %B[p], hi8(%[tab])");
        for (int k = 0; k < n; k++) {
            body.add("mov %A[p], %[w" + k + "]");
            body.add("lpm %[w" + k + "], %a[p]");
            body.add("add %[c], %[w" + k + "]");
        }
        body.add("movw %A[p], %A[s]");
    }

    /** The asm statement: the body's lines, the kernel's operands and {@code moreOuts}, {@code moreIns}. */
    private static void asm(StringBuilder c, List<String> body, int nb, List<String> moreOuts, List<String> moreIns) {
        AvrAsm.statement(c, body);
        List<String> outs = new ArrayList<>(List.of("[p] \"+z\"(p)"));
        outs.addAll(moreOuts);
        outs.addAll(List.of("[n] \"+r\"(rows)", "[c] \"=&r\"(c)", "[s] \"=&r\"(s)"));
        for (int k = 0; k < Math.min(CHUNK, nb); k++) {
            outs.add("[w" + k + "] \"=&r\"(w" + k + ")");
        }
        List<String> ins = new ArrayList<>(moreIns);
        for (int b = 0; b < nb; b++) {
            ins.add("[q" + b + "] \"r\"(q" + b + ")");
        }
        ins.add("[tab] \"i\"(sd_pop8_table)");
        c.append("        : ").append(String.join(", ", outs)).append("\n        : ").append(String.join(", ", ins))
         .append(" : \"memory\");\n");
    }

    /** The same count in C, n, of the row whose weight bytes start at {@code at} in w. */
    private static void countInC(StringBuilder c, int nb, String at) {
        c.append("        uint8_t n = 0;\n");
        c.append("        for (sd_idx b = 0; b < ").append(nb).append("; b++) {\n");
        c.append("            n = (uint8_t)(n + SD_POP8(q[b] & SD_RU8(w, ").append(at).append(" + b)));\n");
        c.append("        }\n");
    }
}
