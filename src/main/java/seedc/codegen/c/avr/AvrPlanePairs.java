package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's kernel for every pair of planes of a ka x kb bit product at once (planes one after another on the other
 * targets: a popcount call a pair): sum_{i,j} 2^(i+j) popcount(Q_i AND R_j) over nb bytes, Q_i at q + i nb in RAM
 * (read through Y, the second plane at a displacement), the weight planes interleaved in flash (byte b of plane j at
 * w + at + b kb + j), so that each byte of each plane is loaded once and each pair's AND is looked up in the byte
 * table at once, into a 16-bit count per weight 2^d: about 44 cycles a byte for 2 x 2 bits where four calls of the
 * byte kernel took 51 and their calls (BENCHMARKS.md, "Bit layouts per target"). Generated per shape and length
 * (the displacement and the step count are constants), with the same sum in C for other compilers.
 */
public record AvrPlanePairs(int ka, int kb, int nb) implements AvrKernel {
    /** Whether a product of these planes and plane bytes has the kernel: 1-2 x 1-3 planes, more than one pair. */
    @Override
    public boolean applies() {
        return ka >= 1 && ka <= 2 && kb >= 1 && kb <= 3 && ka * kb > 1 && nb >= 1 && nb <= 64;
    }

    @Override
    public String name() {
        return "sd_popand" + ka + kb + "_" + nb;
    }

    @Override
    public String signature() {
        return AvrKernel.signature("uint16_t", name(), "const uint8_t *q, const uint8_t *w, sd_idx at");
    }

    /** The counts of each weight 2^d, the bytes' loop and its operands. */
    @Override
    public String assembly() {
        int classes = ka + kb - 1;
        StringBuilder c = new StringBuilder();
        c.append("    const uint8_t *p = w + at;\n    uint16_t s");
        for (int d = 0; d < classes; d++) {
            c.append(", c").append(d).append(" = 0");
        }
        c.append(";\n    uint8_t n = ").append(nb).append(", t");
        for (int i = 0; i < ka; i++) {
            c.append(", q").append(i);
        }
        for (int j = 0; j < kb; j++) {
            c.append(", w").append(j);
        }
        c.append(";\n");
        AvrAsm.statement(c, loop());
        c.append("        : ").append(String.join(", ", outputs()))
         .append("\n        : [tab] \"i\"(sd_pop8_table) : \"memory\");\n");
        c.append("    return (uint16_t)(c0");
        for (int d = 1; d < classes; d++) {
            c.append(" + (c").append(d).append(" << ").append(d).append(")");
        }
        return c.append(");\n").toString();
    }

    /** A byte position: each plane's byte loaded once, every pair's AND looked up and added to its count. */
    private List<String> loop() {
        List<String> body = new ArrayList<>(List.of("1:", "ld %[q0], %a[q]+"));
        if (ka == 2) {
            body.add("ldd %[q1], %a[q]+" + (nb - 1));
        }
        for (int j = 0; j < kb; j++) {
            body.add("lpm %[w" + j + "], %a[p]+");
        }
        body.add("movw %A[s], %A[p]");
        body.add("ldi %B[p], hi8(%[tab])");
        for (int i = 0; i < ka; i++) {
            for (int j = 0; j < kb; j++) {
                body.add("mov %A[p], %[q" + i + "]");
                body.add("and %A[p], %[w" + j + "]");
                body.add("lpm %[t], %a[p]");
                body.add("add %A[c" + (i + j) + "], %[t]");
                body.add("adc %B[c" + (i + j) + "], __zero_reg__");
            }
        }
        body.add("movw %A[p], %A[s]");
        body.add("dec %[n]");
        body.add("brne 1b");
        return body;
    }

    private List<String> outputs() {
        List<String> outs = new ArrayList<>();
        for (int d = 0; d < ka + kb - 1; d++) {
            outs.add("[c" + d + "] \"+r\"(c" + d + ")");
        }
        outs.add("[q] \"+b\"(q)");
        outs.add("[p] \"+z\"(p)");
        outs.add("[n] \"+r\"(n)");
        outs.add("[t] \"=&r\"(t)");
        outs.add("[s] \"=&r\"(s)");
        for (int i = 0; i < ka; i++) {
            outs.add("[q" + i + "] \"=&r\"(q" + i + ")");
        }
        for (int j = 0; j < kb; j++) {
            outs.add("[w" + j + "] \"=&r\"(w" + j + ")");
        }
        return outs;
    }

    @Override
    public String fallback() {
        StringBuilder c = new StringBuilder();
        c.append("    uint16_t s = 0;\n    for (sd_idx b = 0; b < ").append(nb).append("; b++) {\n");
        for (int i = 0; i < ka; i++) {
            for (int j = 0; j < kb; j++) {
                c.append("        s = (uint16_t)(s + (SD_POP8(q[").append(i * nb).append(" + b] & SD_RU8(w, at + b * ")
                 .append(kb).append(" + ").append(j).append(")) << ").append(i + j).append("));\n");
            }
        }
        return c.append("    }\n    return s;\n").toString();
    }
}
