package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's kernel for a product of 2-bit activations and low-bit weights by tables of the activation's level
 * numbers (subset sums, T-MAC's lookup): for each group g of four elements, the 16 sums of the subsets of their
 * level numbers are in a 256-aligned RAM table (sd_lt: group g's at (g mod 16) 16 of page g / 16); weight row f's
 * plane j is one index byte a group in flash, (g mod 16) 16 + the plane's four bits there, so one lookup is
 * {@code lpm XL, Z+; ld t, X; add c, t}, 6 cycles for four elements of a plane, where the one-pass plane kernel took
 * about 44 a byte of 2 x 2 planes (mlp-digits-w2a2i2's first layer). out[f] = sum_j 2^j (plane j's lookups), 16 bits
 * little-endian: sum_t q_t r_t, the popcounts' weighted sum of the planes. A plane's lookups are summed in 8 bits:
 * groups times the largest entry at most 255 ({@link #fits}).
 */
public record AvrLevelTables(int groups, int planes) implements AvrKernel {
    /** Entries a group's table has: the subsets of four elements. */
    public static final int ENTRIES = 16;
    /** Groups in one 256-byte page. */
    public static final int GROUPS_A_PAGE = 256 / ENTRIES;

    /** Whether a plane's lookups over {@code groups} groups of entries up to 4 {@code top} fit the 8-bit sum. */
    public static boolean fits(int groups, long top) {
        return groups >= 1 && groups * 4 * top <= 255;
    }

    /** Pages of the table for this many groups. */
    public static int pages(int groups) {
        return (groups + GROUPS_A_PAGE - 1) / GROUPS_A_PAGE;
    }

    /** The table's declaration (its pages, page-aligned so that a lookup sets only XL). */
    public static String table(int pages) {
        return "static uint8_t sd_lt[" + pages * 256 + "] __attribute__((aligned(256)));\n";
    }

    /** Whether the kernel is generated for these groups and weight planes (each plane's sum then by {@link #fits}). */
    @Override
    public boolean applies() {
        return groups >= 1 && planes >= 1 && planes <= 3;
    }

    @Override
    public String name() {
        return "sd_ltrows_" + groups + "_" + planes;
    }

    @Override
    public String signature() {
        return AvrKernel.signature("void", name(), "const uint8_t *w, uint8_t rows, uint8_t *out");
    }

    @Override
    public String assembly() {
        StringBuilder c = new StringBuilder();
        List<String> body = lookups(groups, planes);
        body.addAll(List.of("st %a[o]+, %[lo]", "st %a[o]+, %[hi]"));
        asm(c, body, "", "");
        return c.toString();
    }

    @Override
    public String fallback() {
        StringBuilder c = new StringBuilder();
        rowInC(c, groups, planes, groups * planes);
        return c.append("        out[2 * f] = (uint8_t)s;\n        out[2 * f + 1] = (uint8_t)(s >> 8);\n    }\n")
                .toString();
    }

        /**
         * The kernel that compares each row's sum itself (CountThresholds): row f's index bytes are followed by its m
         * thresholds theta_{f,i} (16 bits, little-endian); out[f] = how many of them u = (sum << shift) + k modulo 2^16
         * reaches, the quantize's level number (about 32 cycles a row for three, where the loop over the sums took
         * about 60: mlp-digits-w2a2i2's first layer).
         */
    public record Compared(int groups, int planes, int shift, int levels) implements AvrKernel {
        /** The shapes of the summing kernel, {@link AvrLevelTables#applies}. */
        @Override
        public boolean applies() {
            return new AvrLevelTables(groups, planes).applies();
        }

        @Override
        public String name() {
            return "sd_ltrows_cmp" + groups + "_" + planes + "_" + shift + "_" + levels;
        }

        @Override
        public String signature() {
            return AvrKernel.signature("void", name(), "const uint8_t *w, uint8_t rows, uint16_t k, uint8_t *out");
        }

        @Override
        public String assembly() {
            StringBuilder c = new StringBuilder();
            List<String> body = lookups(groups, planes);
            for (int s = 0; s < shift; s++) {
                body.add("lsl %[lo]");
                body.add("rol %[hi]");
            }
            body.addAll(List.of("add %[lo], %A[k]", "adc %[hi], %B[k]", "ldi %[l], " + (levels - 1)));
            for (int i = 1; i < levels; i++) {
                // carry: u < theta; the level count loses it
                body.addAll(List.of("lpm %[t], %a[p]+", "lpm %[u], %a[p]+", "cp %[lo], %[t]", "cpc %[hi], %[u]",
                        "sbc %[l], __zero_reg__"));
            }
            body.add("st %a[o]+, %[l]");
            asm(c, body, ", [l] \"=&d\"(l)", "[k] \"r\"(k), ");
            return c.toString();
        }

        @Override
        public String fallback() {
            StringBuilder c = new StringBuilder();
            int stride = groups * planes + 2 * (levels - 1);
            rowInC(c, groups, planes, stride);
            c.append("        uint16_t u = (uint16_t)((uint16_t)(s << ").append(shift).append(") + k);\n");
            c.append("        uint8_t l = 0;\n");
            c.append("        for (uint8_t i = 0; i < ").append(levels - 1).append("; i++) {\n");
            c.append("            sd_idx at = (sd_idx)(f * ").append(stride).append(" + ").append(groups * planes)
             .append(" + 2 * i);\n");
            c.append("            l = (uint8_t)(l + (u >= (uint16_t)(SD_RU8(w, at) | SD_RU8(w, at + 1) << 8)));\n");
            return c.append("        }\n        out[f] = l;\n    }\n").toString();
        }
    }

    /** The asm statement of a kernel whose loop is {@code body}, with more outputs and inputs (each with a comma). */
    private static void asm(StringBuilder c, List<String> body, String moreOuts, String moreIns) {
        c.append("    const uint8_t *p = w;\n    const uint8_t *x;\n    uint8_t c, t, u, lo, hi")
         .append(moreOuts.isEmpty() ? "" : ", l").append(";\n");
        // the loop is longer than a branch reaches: a jump back
        body.addAll(List.of("dec %[n]", "breq 2f", "rjmp 1b", "2:"));
        AvrAsm.statement(c, body);
        c.append("        : [p] \"+z\"(p), [o] \"+b\"(out), [n] \"+r\"(rows), [x] \"=&x\"(x), [c] \"=&r\"(c),"
                + " [t] \"=&r\"(t), [u] \"=&r\"(u), [lo] \"=&r\"(lo), [hi] \"=&r\"(hi)").append(moreOuts)
         .append("\n");
        c.append("        : ").append(moreIns).append("[lt] \"i\"(sd_lt) : \"memory\");\n");
    }

    /** The C for other compilers: row f's sum s of its planes' lookups (its bytes from f stride in w). */
    private static void rowInC(StringBuilder c, int groups, int planes, int stride) {
        c.append("    for (uint8_t f = 0; f < rows; f++) {\n        uint16_t s = 0;\n");
        c.append("        for (uint8_t j = 0; j < ").append(planes).append("; j++) {\n");
        c.append("            uint8_t c = 0;\n");
        c.append("            for (uint8_t g = 0; g < ").append(groups).append("; g++) {\n");
        c.append("                uint8_t i = SD_RU8(w, f * ").append(stride).append(" + j * ").append(groups)
         .append(" + g);\n");
        c.append("                c = (uint8_t)(c + sd_lt[(g / ").append(GROUPS_A_PAGE).append(") * 256 + i]);\n");
        c.append("            }\n            s = (uint16_t)(s + ((uint16_t)c << j));\n        }\n");
    }

    /** A row's lookups: each plane's summed in c, added to lo:hi shifted by the plane. */
    private static List<String> lookups(int groups, int planes) {
        List<String> b = new ArrayList<>(List.of("1:", "clr %[lo]", "clr %[hi]"));
        for (int j = 0; j < planes; j++) {
            b.add("clr %[c]");
            for (int g = 0; g < groups; g++) {
                if (g % GROUPS_A_PAGE == 0) {
                    b.add("ldi %B[x], hi8(%[lt]+" + (g / GROUPS_A_PAGE) * 256 + ")");
                }
                b.add("lpm %A[x], %a[p]+");
                b.add("ld %[t], %a[x]");
                b.add("add %[c], %[t]");
            }
            b.add("mov %[t], %[c]");
            b.add("clr %[u]");
            for (int s = 0; s < j; s++) {
                b.add("lsl %[t]");
                b.add("rol %[u]");
            }
            b.add("add %[lo], %[t]");
            b.add("adc %[hi], %[u]");
        }
        return b;
    }
}
