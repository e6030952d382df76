package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's kernel looking up every weight vector of one subset-sum table in one call (SubsetSums with 16-bit entries
 * and sums): for row f and plane j, its index bytes (group g's: the byte offset of its entry in the 256 bytes of the
 * table's 8 groups from g - g mod 8) select entries of the table in RAM, whose sum modulo 2^16, shifted by j, is added
 * to out[f] (16 bits, little-endian). A lookup is 12 cycles (lpm, the page's base plus the offset, two loads, two
 * adds); the one-row kernel took a call a plane and row, so that a 3 x 3 window's 3 groups were slower than the C
 * loop (SubsetSums.MIN_INDEX_GROUPS), and the C loop took about 33 cycles a lookup (cnn-digits-w2a2's first
 * convolution).
 */
public record AvrSubsetRows(int groups, int planes) implements AvrKernel {
    /** Groups in one 256-byte page of 16-bit entries. */
    static final int GROUPS_A_PAGE = 8;

    /** Whether the kernel is generated for these groups and planes: any, its rows counted in a byte. */
    @Override
    public boolean applies() {
        return groups >= 1 && planes >= 1;
    }

    @Override
    public String name() {
        return "sd_ssrows_" + groups + "_" + planes;
    }

    @Override
    public String signature() {
        return AvrKernel.signature("void", name(),
                "const uint8_t *table, const uint8_t *w, uint8_t rows, uint8_t *out");
    }

    @Override
    public String assembly() {
        StringBuilder c = new StringBuilder();
        c.append("    const uint8_t *p = w, *x, *pg;\n    uint8_t a, b, cl, ch, sl, sh;\n");
        AvrAsm.statement(c, body(groups, planes));
        c.append("        : [p] \"+z\"(p), [o] \"+b\"(out), [n] \"+r\"(rows), [x] \"=&x\"(x), [pg] \"=&r\"(pg),"
                + " [a] \"=&r\"(a), [b] \"=&r\"(b), [cl] \"=&r\"(cl), [ch] \"=&r\"(ch), [sl] \"=&r\"(sl),"
                + " [sh] \"=&r\"(sh)\n");
        c.append("        : [tab] \"r\"(table) : \"memory\");\n");
        return c.toString();
    }

    @Override
    public String fallback() {
        StringBuilder c = new StringBuilder();
        c.append("    for (uint8_t f = 0; f < rows; f++) {\n        uint16_t s = 0;\n");
        c.append("        for (uint8_t j = 0; j < ").append(planes).append("; j++) {\n");
        c.append("            uint16_t c = 0;\n");
        c.append("            for (uint8_t g = 0; g < ").append(groups).append("; g++) {\n");
        c.append("                uint16_t at = (uint16_t)((g / ").append(GROUPS_A_PAGE)
         .append(") * 256 + SD_RU8(w, (f * ").append(planes).append(" + j) * ").append(groups).append(" + g));\n");
        c.append("                c = (uint16_t)(c + (uint16_t)(table[at] | table[at + 1] << 8));\n");
        c.append("            }\n            s = (uint16_t)(s + (uint16_t)(c << j));\n        }\n");
        c.append("        out[2 * f] = (uint8_t)s;\n        out[2 * f + 1] = (uint8_t)(s >> 8);\n    }\n");
        return c.toString();
    }

    /** A row: each plane's lookups summed in cl:ch, added to sl:sh shifted by the plane; stored; the next row. */
    private static List<String> body(int groups, int planes) {
        List<String> b = new ArrayList<>(List.of("1:", "clr %[sl]", "clr %[sh]"));
        for (int j = 0; j < planes; j++) {
            b.addAll(List.of("clr %[cl]", "clr %[ch]", "movw %A[pg], %A[tab]"));
            for (int g = 0; g < groups; g++) {
                if (g > 0 && g % GROUPS_A_PAGE == 0) {
                    b.add("inc %B[pg]");
                }
                b.addAll(List.of("lpm %[a], %a[p]+", "movw %A[x], %A[pg]", "add %A[x], %[a]", "adc %B[x], __zero_reg__",
                        "ld %[a], %a[x]+", "ld %[b], %a[x]", "add %[cl], %[a]", "adc %[ch], %[b]"));
            }
            for (int s = 0; s < j; s++) {
                b.add("lsl %[cl]");
                b.add("rol %[ch]");
            }
            b.add("add %[sl], %[cl]");
            b.add("adc %[sh], %[ch]");
        }
        // the loop is longer than a branch reaches: a jump back
        b.addAll(List.of("st %a[o]+, %[sl]", "st %a[o]+, %[sh]", "dec %[n]", "breq 2f", "rjmp 1b", "2:"));
        return b;
    }
}
