package seedc.codegen.c;

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
public final class AvrPopandRows {
    /** The longest plane held in registers. */
    static final int MAX_BYTES = 8;
    /** Weight bytes loaded before their table lookups: one save and restore of Z for these many. */
    private static final int CHUNK = 4;

    private AvrPopandRows() {}

    /** Whether a plane of these bytes has the kernel. */
    public static boolean fits(int nb) {
        return nb >= 1 && nb <= MAX_BYTES;
    }

    public static String name(int nb) {
        return "sd_popand_rows_" + nb;
    }

    /** The kernel's C: the AVR's assembly loop, or the same counts in C elsewhere. */
    public static String source(int nb) {
        StringBuilder c = new StringBuilder();
        c.append("static __attribute__((noinline, unused)) void ").append(name(nb))
         .append("(const uint8_t *q, const uint8_t *w, sd_idx at, uint8_t rows, uint8_t *out) {\n");
        c.append("#if defined(__AVR__) && defined(SEEDC_PARAM_READ)\n");
        c.append("    const uint8_t *p = w + at;\n    uint16_t s;\n    uint8_t c");
        for (int k = 0; k < Math.min(CHUNK, nb); k++) {
            c.append(", w").append(k);
        }
        for (int b = 0; b < nb; b++) {
            c.append(", q").append(b).append(" = q[").append(b).append("]");
        }
        c.append(";\n    __asm__ volatile(\"1:\\n\\t\"\n");
        List<String> body = new ArrayList<>();
        body.add("clr %[c]");
        for (int from = 0; from < nb; from += CHUNK) {
            int n = Math.min(CHUNK, nb - from);
            for (int k = 0; k < n; k++) {
                body.add("lpm %[w" + k + "], %a[p]+");
                body.add("and %[w" + k + "], %[q" + (from + k) + "]");
            }
            body.add("movw %A[s], %A[p]");
            body.add("ldi %B[p], hi8(%[tab])");
            for (int k = 0; k < n; k++) {
                body.add("mov %A[p], %[w" + k + "]");
                body.add("lpm %[w" + k + "], %a[p]");
                body.add("add %[c], %[w" + k + "]");
            }
            body.add("movw %A[p], %A[s]");
        }
        body.add("st %a[o]+, %[c]");
        body.add("dec %[n]");
        body.add("brne 1b");
        for (int k = 0; k < body.size(); k++) {
            c.append("        \"").append(body.get(k)).append(k + 1 < body.size() ? "\\n\\t\"\n" : "\"\n");
        }
        List<String> outs = new ArrayList<>(List.of("[p] \"+z\"(p)", "[o] \"+e\"(out)", "[n] \"+r\"(rows)",
                "[c] \"=&r\"(c)", "[s] \"=&r\"(s)"));
        for (int k = 0; k < Math.min(CHUNK, nb); k++) {
            outs.add("[w" + k + "] \"=&r\"(w" + k + ")");
        }
        List<String> ins = new ArrayList<>();
        for (int b = 0; b < nb; b++) {
            ins.add("[q" + b + "] \"r\"(q" + b + ")");
        }
        ins.add("[tab] \"i\"(sd_pop8_table)");
        c.append("        : ").append(String.join(", ", outs)).append("\n        : ").append(String.join(", ", ins))
         .append(" : \"memory\");\n");
        c.append("#else\n");
        c.append("    for (uint8_t f = 0; f < rows; f++) {\n        uint8_t n = 0;\n");
        c.append("        for (sd_idx b = 0; b < ").append(nb).append("; b++) {\n");
        c.append("            n = (uint8_t)(n + SD_POP8(q[b] & SD_RU8(w, at + f * ").append(nb).append(" + b)));\n");
        c.append("        }\n        out[f] = n;\n    }\n#endif\n}\n");
        return c.toString();
    }
}
