package seedc.codegen.c;

import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op.MatMul;
import seedc.ir.Value;

/**
 * The C of a matrix product by subset sums ({@link SubsetSums}): k-bit weights times a wider activation a. With the
 * weights' values base + r step (r the value number, planes r_j), a row's sum is
 *
 * <pre>  base sum_t x_t + step sum_j 2^j sum_{t: r_tj = 1} x_t</pre>
 *
 * and each inner sum is, per group of 4 consecutive x, one of the 16 sums of their subsets: the table of the row (or
 * of a chunk of it), built in the op's scratch and looked up by plane j's nibble for the group. The weights'
 * nibbles are packed at compile time in the order they are read: chunk after chunk, in each vector after vector,
 * plane after plane, two groups a byte (the even one low). Every sum is exact in the bits it is held in, or wraps
 * modulo 2^W where those are W: the result is the sum of products modulo 2^W, the interpreter's.
 */
record SubsetSumEmitter(CWriter w, Operands r) {
    void matmul(SubsetSums s, Scratch scratch) {
        MatMul m = s.product().op();
        OpParams.Mul p = r.params(m, OpParams.Mul.class);
        int rows = m.a().shape().dim(0), k = s.product().terms(), cols = s.product().vectors();
        int gc = s.chunkGroups(), uniform = k / (4 * gc), tailGroups = s.groups() - uniform * gc;
        boolean chunked = s.chunks() > 1;
        String entry = CNames.ctype(X.container(s.entryBits())), sum = CNames.ctype(X.container(s.sumBits()));
        String nibbles = r.constants().bytes(nibbles(s));
        w.line("/* " + s.kernel() + " */");
        w.block("", () -> {
            w.line(entry + " *sd_s = (" + entry + " *)" + scratch.name() + ";");
            if (chunked) {
                w.line(sum + " *sd_acc = (" + sum + " *)((uint8_t *)" + scratch.name() + " + " + s.tableBytes() + ");");
            }
            w.loop("v", rows, () -> {
                if (s.product().weight().base() != 0) {
                    w.line(CNames.ctype(X.container(sxBits(s))) + " sx = 0;");
                }
                w.line("const uint8_t *pw = " + nibbles + ";");
                if (chunked) {
                    w.loop("f", cols, () -> w.line("sd_acc[f] = 0;"));
                }
                if (uniform > 0) {
                    w.block("for (sd_idx c = 0; c < " + uniform + "; c++)", () -> chunk(s, "c * " + gc, gc));
                }
                if (tailGroups > 0) {
                    w.block("", () -> chunk(s, String.valueOf(uniform * gc), tailGroups));
                }
                if (chunked) {
                    w.loop("f", cols, () -> finish(s, p, X.of("sd_acc[f]", s.sumBits()), "f"));
                }
            });
        });
    }

    /**
     * One chunk of a row: the table of {@code groups} groups from group {@code first} (a C expression), then each
     * vector's sum over them, added to its running sum (chunks) or finished.
     */
    private void chunk(SubsetSums s, String first, int groups) {
        int k = s.product().terms(), cols = s.product().vectors();
        String entry = CNames.ctype(X.container(s.entryBits()));
        w.line(entry + " *e = sd_s;");
        String at = "v * " + k + " + (" + first + " + g) * 4";
        w.block("for (sd_idx g = 0; g < " + groups + "; g++, e += 16)", () -> {
            if (k % 4 != 0) { // a partial last group's missing elements are 0
                w.line("sd_idx t = (" + first + " + g) * 4;");
            }
            group(s, at);
        });
        w.loop("f", cols, () -> {
            X total = planes(s, groups);
            if (s.chunks() > 1) {
                int c = X.container(s.sumBits());
                w.line("sd_acc[f] = " + X.of("sd_acc[f]", s.sumBits()).plusWrap(total, false, c).c() + ";");
            } else {
                finish(s, r.params(s.product().op(), OpParams.Mul.class), total, "f");
            }
        });
    }

    /**
     * The 16 subset sums of the 4 activations from element t into e[0..15] (an element at or past the row's end is
     * 0), each the sum of the entry with its highest element left out and that element; and the row's sum.
     */
    private void group(SubsetSums s, String at) {
        Value a = s.product().op().a();
        OpParams.Mul p = r.params(s.product().op(), OpParams.Mul.class);
        int k = s.product().terms();
        String type = CNames.ctype(X.container(s.entryBits()));
        for (int i = 0; i < 4; i++) {
            String x = r.x(a, at + " + " + i).shr(p.shrA()).c();
            String read = k % 4 == 0 ? x : "t + " + i + " < " + k + " ? " + x + " : 0";
            w.line(type + " x" + i + " = (" + type + ")(" + read + ");");
        }
        w.line("e[0] = 0;");
        for (int m = 1; m < 16; m++) {
            int high = 31 - Integer.numberOfLeadingZeros(m), rest = m & ~(1 << high);
            w.line("e[" + m + "] = " + (rest == 0 ? "x" + high : "(" + type + ")(e[" + rest + "] + x" + high + ")")
                    + ";");
        }
        if (s.product().weight().base() != 0) { // the row's sum, for the base's term
            int bits = sxBits(s);
            w.line("sx = " + X.of("sx", bits).plusWrap(X.of("e[15]", s.entryBits()), false, X.container(bits)).c()
                    + ";");
        }
    }

    /** Vector f's sum over a chunk of {@code groups} groups: each plane's lookups, weighted by 2^j. */
    private X planes(SubsetSums s, int groups) {
        int width = r.params(s.product().op(), OpParams.Mul.class).width();
        int planeBits = DotFunctions.exactSumBits(s.xBits(), s.product().terms(), width), planeC = X.container(planeBits);
        int sumC = X.container(s.sumBits());
        X acc = X.of("cs", s.sumBits()), pj = X.of("pj", planeBits);
        X low = X.of("e[nb & 15]", s.entryBits()), high = X.of("e[16 + (nb >> 4)]", s.entryBits());
        w.line(CNames.ctype(sumC) + " cs = 0;");
        for (int j = 0; j < s.product().weight().planes(); j++) {
            int plane = j;
            w.block("", () -> {
                w.line(CNames.ctype(planeC) + " pj = 0;");
                w.line("const " + CNames.ctype(X.container(s.entryBits())) + " *e = sd_s;");
                w.block("for (sd_idx h = 0; h < " + groups / 2 + "; h++, e += 32)", () -> {
                    w.line("uint8_t nb = (uint8_t)SD_NEXT8(pw);");
                    w.line("pj = " + pj.plusWrap(low, false, planeC).c() + ";");
                    w.line("pj = " + pj.plusWrap(high, false, planeC).c() + ";");
                });
                if (groups % 2 != 0) {
                    w.line("uint8_t nb = (uint8_t)SD_NEXT8(pw);");
                    w.line("pj = " + pj.plusWrap(low, false, planeC).c() + ";");
                }
                X weighted = plane == 0 ? pj : pj.timesWrap(X.lit(1L << plane), sumC);
                w.line("cs = " + acc.plusWrap(weighted, false, sumC).c() + ";");
            });
        }
        return acc;
    }

    /** Vector f's output: base sum x + step sum r x modulo 2^W, finished into the op's output element. */
    private void finish(SubsetSums s, OpParams.Mul p, X sumRx, String f) {
        LowBitProducts.Levels levels = s.product().weight();
        int width = p.width(), cols = s.product().vectors();
        X total = sumRx.timesWrap(X.lit(levels.step()), width).wrap(width);
        if (levels.base() != 0) {
            X sx = X.of("sx", sxBits(s));
            total = total.plusWrap(sx.timesWrap(X.lit(levels.base()), width).wrap(width), false, width);
        }
        MatMul m = s.product().op();
        w.line(CNames.ctype(width) + " tot = " + total.wrap(width).c() + ";");
        w.line(CNames.element(m.out(), "v * " + cols + " + " + f) + " = " + r.finish(X.of("tot", width), p, m.out()).c()
                + ";");
    }

    /** Bits of the row's sum of activations (exact, or W). */
    private int sxBits(SubsetSums s) {
        int width = r.params(s.product().op(), OpParams.Mul.class).width();
        return DotFunctions.exactSumBits(s.xBits(), s.product().terms(), width);
    }

    /**
     * The weights' nibbles in reading order: chunk after chunk; in each, for vector f and plane j, group g's nibble
     * holds bit j of the value numbers of elements 4g..4g+3 (bit e for element 4g + e), two of the chunk's groups a
     * byte (the even one low).
     */
    private static long[] nibbles(SubsetSums s) {
        LowBitProducts.WideProduct p = s.product();
        int planes = p.weight().planes(), groups = s.groups(), gc = s.chunkGroups();
        java.util.List<Long> out = new java.util.ArrayList<>();
        for (int c0 = 0; c0 < groups; c0 += gc) {
            int n = Math.min(gc, groups - c0), per = (n + 1) / 2;
            long[] chunk = new long[p.vectors() * planes * per];
            for (int f = 0; f < p.vectors(); f++) {
                for (int t = c0 * 4; t < Math.min(p.terms(), (c0 + n) * 4); t++) {
                    long code = p.weightCode(f, t);
                    int g = t / 4 - c0;
                    for (int j = 0; j < planes; j++) {
                        if ((code >> j & 1) != 0) {
                            chunk[(f * planes + j) * per + g / 2] |= 1L << ((g % 2) * 4 + t % 4);
                        }
                    }
                }
            }
            for (long b : chunk) {
                out.add(b);
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }
}
