package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.writer.RuntimeHeader;

/**
 * The element-wise rows with a 16-bit side (avr_elementwise_rows.h): sd_scaladd16shr8_row and sd_scalsub16shr8_row,
 * an 8-bit scalar c plus or minus a 16-bit array shifted right by na (rounding toward zero) kept to 8 bits, and
 * sd_mulshl16_row, an 8x8 product shifted left by l kept to 16 bits. On the host, the portable C of each row against
 * the loop element ElementwiseRows replaces by it (the C text IntExpr writes), over every operand at every shift; under
 * simavr, the AVR's asm rows against the semantics computed here in Java (a division rounding toward zero, a wrap to 8
 * or 16 bits): every 8-bit scalar against 16-bit extremes and pseudo-random values at na 0, 1, 7, 8, 9, 15 (each
 * branch of the asm), every 8-bit (a, b) pair at l 0-7; rows of 255 and 1 (the count's edges), a guard element after
 * them left alone, and the sums written over their own array's bytes. The device reports an FNV-1a hash of each
 * configuration's outputs (as AvrElementwiseRowsTest), which Java computes from its own.
 */
class AvrWideElementwiseRowsTest {
    static final int[] SUM_SHIFTS = {0, 1, 7, 8, 9, 15};
    static final int GUARD = 0x5a;

    /** Every scalar c, every 16-bit a, every na 0-15, both sums: the row against the loop's element. */
    @Test
    void sumRowsEqualTheLoopElementOnTheHost(@TempDir Path dir) throws IOException, InterruptedException {
        String c = scalarSumsOnHost("int16_t", "for (int na = 0; na <= 15; na++) for (int c = -128; c < 128; c++)"
                + " for (int hi = 0; hi < 256; hi++)", "(int16_t)(uint16_t)(hi << 8 | k)", "16shr8",
                "int16_t x = na > 0 ? sd_shr16(a[k], na) : a[k];\n", "(int8_t)((int16_t)(%s))");
        assertEquals(16L * 256 * 65536 * 2 + " 0", AvrShiftedProductsTest.compileAndRun(dir, c));
    }

    /** Every scalar c, every 8-bit a, every na 0-7, both halved sums: the row against the loop's element. */
    @Test
    void halvedSumRowsEqualTheLoopElementOnTheHost(@TempDir Path dir) throws IOException, InterruptedException {
        String c = scalarSumsOnHost("int8_t", "for (int na = 0; na <= 7; na++) for (int c = -128; c < 128; c++)",
                "(int8_t)(k - 128)", "half8", "int8_t x = na > 0 ? sd_shr8(a[k], na) : a[k];\n",
                "sd_shr16((int16_t)(%s), 1)");
        assertEquals(8L * 256 * 256 * 2 + " 0", AvrShiftedProductsTest.compileAndRun(dir, c));
    }

    /**
     * A host program calling sd_scaladd{kind}_row and sd_scalsub{kind}_row on a[256] of {@code type} ({@code fill} at
     * k, under {@code loops}), rows of 255 and 1, against the loop element {@code element} (a format of the exact
     * sum c ± x, x as {@code read} declares it) at each k.
     */
    private static String scalarSumsOnHost(String type, String loops, String fill, String kind, String read,
                                           String element) {
        String add = "sd_scaladd" + kind + "_row", sub = "sd_scalsub" + kind + "_row";
        return hostMain("static " + type + " a[256];\nstatic int8_t add[256], sub[256];\n")
                + "    " + loops + " {\n        for (int k = 0; k < 256; k++) a[k] = " + fill + ";\n"
                + "        " + add + "(add, (int8_t)c, a, 255, na);\n        " + add + "(add + 255, (int8_t)c, a + 255, 1, na);\n"
                + "        " + sub + "(sub, (int8_t)c, a, 255, na);\n        " + sub + "(sub + 255, (int8_t)c, a + 255, 1, na);\n"
                + checkEach(read + "            int8_t wa = " + element.formatted("(int16_t)((int8_t)c) + (int16_t)(x)")
                        + ";\n            int8_t ws = " + element.formatted("(int16_t)((int8_t)c) - (int16_t)(x)") + ";\n",
                        2, "add[k] != wa || sub[k] != ws",
                        "\"na %d c %d a %d: %d %d, not %d %d\\n\", na, c, a[k], add[k], sub[k], wa, ws");
    }

    /** Every (a, b) pair at every l 0-7: the row against the loop's element. */
    @Test
    void productRowEqualsTheLoopElementOnTheHost(@TempDir Path dir) throws IOException, InterruptedException {
        String c = hostMain("static int8_t a[256], b[256];\nstatic int16_t out[256];\n")
                + "    for (int k = 0; k < 256; k++) b[k] = (int8_t)(k - 128);\n"
                + "    for (int l = 0; l <= 7; l++) for (int x = -128; x < 128; x++) {\n"
                + "        for (int k = 0; k < 256; k++) a[k] = (int8_t)x;\n"
                + "        sd_mulshl16_row(out, a, b, 255, l);\n        sd_mulshl16_row(out + 255, a + 255, b + 255, 1, l);\n"
                + checkEach("int16_t want = l == 0 ? sd_mul8(a[k], b[k])\n"
                        + "                : (int16_t)(uint16_t)(1u * (uint16_t)(sd_mul8(a[k], b[k])) << l);\n",
                        1, "out[k] != want", "\"l %d %d * %d: %d, not %d\\n\", l, a[k], b[k], out[k], want");
        assertEquals(8L * 256 * 256 + " 0", AvrShiftedProductsTest.compileAndRun(dir, c));
    }

    /**
     * Under simavr, for each na and both sums: for every scalar c, a row of 255 over row16's values and one of 1, the
     * guard after; then one row written over a16's own bytes. Java: (byte) (c ± trunc(a / 2^na)).
     */
    @Test
    void sumRowsEqualTheSemanticsOnTheAvr(@TempDir Path dir) throws IOException {
        int[] row = row16();
        StringBuilder c = AvrElementwiseRowsTest.firmware("static const int16_t b16[256] = " + AvrElementwiseRowsTest.init(row) + ";\nstatic int16_t a16[256];\n"
                + "static int8_t out8[257];\n");
        List<Long> want = new ArrayList<>();
        for (boolean sub : new boolean[] {false, true}) {
            String fn = sub ? "sd_scalsub16shr8_row" : "sd_scaladd16shr8_row";
            for (int na : SUM_SHIFTS) {
                c.append("    h = 0;\n    for (uint16_t j = 0; j < 256; j++) {\n")
                        .append("        for (uint16_t k = 0; k < 256; k++) a16[k] = b16[k];\n")
                        .append("        out8[256] = ").append(GUARD).append(";\n")
                        .append("        ").append(fn).append("(out8, (int8_t)j, a16, 255, ").append(na).append(");\n")
                        .append("        ").append(fn).append("(out8 + 255, (int8_t)j, a16 + 255, 1, ").append(na).append(");\n")
                        .append("        for (uint16_t k = 0; k < 257; k++) mix((uint8_t)out8[k]);\n    }\n")
                        .append("    ").append(fn).append("((int8_t *)a16, (int8_t)77, a16, 255, ").append(na).append(");\n")
                        .append("    for (uint16_t k = 0; k < 255; k++) mix((uint8_t)((int8_t *)a16)[k]);\n    put(h);\n");
                int h = 0;
                for (int j = 0; j < 256; j++) {
                    for (int k = 0; k < 256; k++) {
                        h = AvrElementwiseRowsTest.mix(h, shiftedSum((byte) j, row[k], na, sub) & 0xff);
                    }
                    h = AvrElementwiseRowsTest.mix(h, GUARD);
                }
                for (int k = 0; k < 255; k++) {
                    h = AvrElementwiseRowsTest.mix(h, shiftedSum(77, row[k], na, sub) & 0xff);
                }
                want.add(h & 0xFFFFFFFFL);
            }
        }
        assertEquals(want, AvrElementwiseRowsTest.run(dir, "sums16", c));
    }

    /**
     * Under simavr, at each l: for a0 0..255, a[k] = a0 + 37 k (mod 256) beside b[k] = k - 128 (every pair), rows of
     * 255 and 1, the guard after; each 16-bit output hashed as its low and high bytes. Java: (short) (a b 2^l).
     */
    @Test
    void productRowEqualsTheSemanticsOnTheAvr(@TempDir Path dir) throws IOException {
        StringBuilder c = pairsFirmware("static int16_t out16[257];\n");
        List<Long> want = new ArrayList<>();
        for (int l = 0; l <= 7; l++) {
            c.append(AvrElementwiseRowsTest.pairs("out16", "        sd_mulshl16_row(out16, a8, b8, 255, " + l + ");\n"
                    + "        sd_mulshl16_row(out16 + 255, a8 + 255, b8 + 255, 1, " + l + ");\n",
                    "{ mix((uint8_t)out16[k]); mix((uint8_t)(out16[k] >> 8)); }"));
            int h = 0;
            for (int a0 = 0; a0 < 256; a0++) {
                for (int k = 0; k < 257; k++) {
                    int v = k == 256 ? GUARD : (short) ((byte) (a0 + 37 * k) * (k - 128) << l);
                    h = AvrElementwiseRowsTest.mix(AvrElementwiseRowsTest.mix(h, v & 0xff), (v >> 8) & 0xff);
                }
            }
            want.add(h & 0xFFFFFFFFL);
        }
        assertEquals(want, AvrElementwiseRowsTest.run(dir, "products16", c));
    }

    /**
     * Under simavr, sd_scaladdhalf8_row and sd_scalsubhalf8_row on every (c, a) pair (c = a0 the scalar beside b[k] = k
     * - 128) at na 0, 1, 4, 7, rows of 255 and 1, the guard after: Java's (byte) ((c ± trunc(a / 2^na)) / 2).
     */
    @Test
    void halvedSumRowsEqualTheSemanticsOnTheAvr(@TempDir Path dir) throws IOException {
        List<Long> want = new ArrayList<>();
        StringBuilder c = pairsFirmware("static int8_t out8[257];\n");
        for (boolean sub : new boolean[] {false, true}) {
            for (int na : new int[] {0, 1, 4, 7}) {
                String fn = sub ? "sd_scalsubhalf8_row" : "sd_scaladdhalf8_row", sh = ", " + na + ");\n";
                c.append(AvrElementwiseRowsTest.pairs("out8", "        " + fn + "(out8, (int8_t)a0, b8, 255" + sh
                        + "        " + fn + "(out8 + 255, (int8_t)a0, b8 + 255, 1" + sh, "mix((uint8_t)out8[k]);"));
                want.add(AvrElementwiseRowsTest.hash8((a0, k) -> {
                    int x = (k - 128) / (1 << na);
                    return ((byte) a0 + (sub ? -x : x)) / 2;
                }));
            }
        }
        assertEquals(want, AvrElementwiseRowsTest.run(dir, "halved8", c));
    }

    /**
     * The host program's end: for each k of 256, {@code wants} (C declaring the expected values), {@code checks}
     * elements counted, a wrong one where {@code differs} (the first 3 printed: printf's {@code report}); then the
     * counts printed.
     */
    static String checkEach(String wants, int checks, String differs, String report) {
        return "        for (int k = 0; k < 256; k++) {\n            " + wants + "            checked += " + checks + ";\n"
                + "            if ((" + differs + ") && wrong++ < 3) printf(" + report + ");\n        }\n    }\n"
                + "    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n";
    }

    /** The host program's start: the runtime, {@code decls}, main's counters. */
    static String hostMain(String decls) {
        return RuntimeHeader.text() + "\n#include <stdio.h>\n" + decls + "int main(void) {\n    long checked = 0, wrong = 0;\n";
    }

    /** The firmware for AvrElementwiseRowsTest.pairs: a8, b8 (b[k] = k - 128 filled) and {@code out}. */
    private static StringBuilder pairsFirmware(String out) throws IOException {
        return AvrElementwiseRowsTest.firmware("static int8_t a8[256], b8[256];\n" + out)
                .append("    for (uint16_t k = 0; k < 256; k++) b8[k] = (int8_t)(k - 128);\n");
    }

    /** (byte) (c ± trunc(a / 2^na)): Java's division rounds toward zero. */
    private static int shiftedSum(int c, int a, int na, boolean sub) {
        int x = a / (1 << na);
        return (byte) (sub ? c - x : c + x);
    }

    /** The 16-bit extremes, the shifts' edges (2^n and 2^n - 1, negated), then pseudo-random values. */
    private static int[] row16() {
        int[] edges = {-32768, 32767, -32767, -1, 0, 1, -2, 2, -127, 127, -128, 128, -255, 255, -256, 256, -257, 257,
            -16384, 16383, -16385, -32640, 32640, -129, 129, -383, 383, -384, 384};
        int[] v = new int[256];
        java.util.Random r = new java.util.Random(49);
        for (int k = 0; k < v.length; k++) {
            v[k] = k < edges.length ? edges[k] : r.nextInt(65536) - 32768;
        }
        return v;
    }
}
