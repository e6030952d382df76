package seedc.codegen.c.lowbitemit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import seedc.codegen.c.avr.AvrSubsetRows;
import seedc.codegen.c.lowbit.SubsetSums;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.threshold.ExactSum;
import seedc.codegen.c.threshold.Stored;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.codegen.c.writer.Scratch;
import seedc.codegen.c.writer.Windows;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op.Conv2d;
import seedc.ir.Op.MatMul;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * The C of a matrix product or convolution by subset sums ({@link SubsetSums}): k-bit weights times a wider
 * activation. With the weights' values base + r step (r the value number, planes r_j), a vector's sum is
 *
 * <pre>  base sum_t x_t + step sum_j 2^j sum_{t: r_tj = 1} x_t</pre>
 *
 * and each inner sum is, per group of 4 consecutive x, one of the 16 sums of their subsets: the table of the row (a
 * row of a, a chunk of it, or a convolution's window, gathered first with the padding's 0), built in the op's
 * scratch and looked up by plane j's nibble for the group. The weights' nibbles are packed at compile time in the
 * order they are read: chunk after chunk, in each vector after vector, plane after plane, two groups a byte (the
 * even one low). Every sum is exact in the bits it is held in, or wraps modulo 2^W where those are W: the result is
 * the sum of products modulo 2^W, the interpreter's.
 */
public record SubsetSumEmitter(CWriter w, Operands r, java.util.Map<String, String> kernels) {
    /**
     * What one row's tables serve: element t of the row (a C index expression to its value), the vectors that read
     * it, and vector f's output element.
     */
    private record Row(Function<String, IntExpr> x, int vectors, BiConsumer<String, Stored> out) {}

    /**
     * A matrix product: per activation vector v (a row of a, or a column of b), its table, then each weight vector f
     * (a column of b, or a row of a) into output element (v, f), or (f, v).
     */
    public void matmul(SubsetSums s, Scratch scratch) {
        MatMul m = (MatMul) s.product().op();
        boolean left = s.product().activationOperand() == 0;
        OpParams.Mul p = r.params(m, OpParams.Mul.class);
        int k = s.product().terms(), n = m.b().shape().dim(1), shift = left ? p.shrA() : p.shrB();
        int rows = left ? m.a().shape().dim(0) : n;
        Value act = left ? m.a() : m.b();
        Row row = new Row(t -> r.x(act, left ? "v * " + k + " + " + t : "(" + t + ") * " + n + " + v").shr(shift),
                s.product().vectors(), (f, v) -> r.store(w, m, left, "v", f, v));
        String nibbles = r.constants().bytes(weightBytes(s));
        open(s, scratch, () -> w.loop("v", rows, () -> {
            w.line("const uint8_t *pw = " + nibbles + ";");
            tables(s, row);
        }));
    }

    /**
     * A convolution: per output pixel and group, the window's taps (i, j, ci; the padding's 0) gathered after the
     * table, then its table and each output channel of the group.
     */
    public void conv2d(SubsetSums s, Scratch scratch) {
        Conv2d c = (Conv2d) s.product().op();
        Shape xs = c.x().shape(), fs = c.filter().shape(), os = c.out().shape();
        int cig = fs.dim(3), cog = fs.dim(4);
        int shift = r.params(c, OpParams.Mul.class).shrA(), perVector = s.product().weight().planes() * perPlane(s);
        String entry = CNames.ctype(IntExpr.container(s.entryBits()));
        Row row = new Row(t -> IntExpr.of("sd_w[" + t + "]", s.xBits()), cog,
                (co, v) -> r.store(w, c, Windows.outPixel(os), "g * " + cog + " + " + co, v));
        String nibbles = r.constants().bytes(weightBytes(s));
        open(s, scratch, () -> {
            w.line(entry + " *sd_w = (" + entry + " *)((uint8_t *)" + scratch.name() + " + " + s.tableBytes() + ");");
            Windows.perPixel(w, xs.dim(0), os, () -> w.loop("g", c.groups(), () -> {
                w.line(entry + " *pc = sd_w;");
                Windows.taps(w, c, () -> {
                    IntExpr x = r.x(c.x(), "px + ci").shr(shift); // px is 0 in the padding: a read in range, not used
                    w.line("for (sd_idx ci = 0; ci < " + cig + "; ci++) *pc++ = inside ? (" + entry + ")(" + x.c()
                            + ") : 0;");
                });
                w.line("const uint8_t *pw = " + nibbles + " + g * " + cog * perVector + ";");
                tables(s, row);
            }));
        });
    }

    /** The kernel's comment and block, the table's pointer and, over chunks, the running sums' after it. */
    private void open(SubsetSums s, Scratch scratch, Runnable body) {
        String entry = CNames.ctype(IntExpr.container(s.entryBits())), sum = CNames.ctype(IntExpr.container(s.sumBits()));
        w.line("/* " + s.kernel() + " */");
        w.block("", () -> {
            w.line(entry + " *sd_s = (" + entry + " *)" + scratch.name() + ";");
            if (s.chunks() > 1) {
                w.line(sum + " *sd_acc = (" + sum + " *)((uint8_t *)" + scratch.name() + " + " + s.tableBytes() + ");");
            }
            if (s.rowsAtOnce()) {
                w.line("int16_t *sd_cs = (int16_t *)((uint8_t *)" + scratch.name() + " + " + s.countsAt() + ");");
            }
            body.run();
        });
    }

    /** One row: its tables, chunk by chunk (whole chunks in a loop, then the rest), and its vectors' outputs. */
    private void tables(SubsetSums s, Row row) {
        int k = s.product().terms(), gc = s.chunkGroups(), uniform = k / (4 * gc), tail = s.groups() - uniform * gc;
        boolean chunked = s.chunks() > 1;
        if (s.product().weight().base() != 0) {
            w.line(CNames.ctype(IntExpr.container(sxBits(s))) + " sx = 0;");
        }
        if (chunked) {
            w.loop("f", row.vectors(), () -> w.line("sd_acc[f] = 0;"));
        }
        if (uniform > 0) {
            w.block("for (sd_idx c = 0; c < " + uniform + "; c++)", () -> chunk(s, row, "c * " + gc, gc));
        }
        if (tail > 0) {
            w.block("", () -> chunk(s, row, String.valueOf(uniform * gc), tail));
        }
        if (chunked) {
            w.loop("f", row.vectors(), () -> finish(s, row, IntExpr.of("sd_acc[f]", s.sumBits())));
        }
    }

    /**
     * One chunk of a row: the table of {@code groups} groups from group {@code first} (a C expression), then each
     * vector's sum over them, added to its running sum (chunks) or finished.
     */
    private void chunk(SubsetSums s, Row row, String first, int groups) {
        int k = s.product().terms();
        w.line(CNames.ctype(IntExpr.container(s.entryBits())) + " *e = sd_s;");
        w.block("for (sd_idx g4 = 0; g4 < " + groups + "; g4++, e += 16)", () -> {
            if (k % 4 != 0) { // a partial last group's missing elements are 0
                w.line("sd_idx t = (" + first + " + g4) * 4;");
            }
            group(s, row, "(" + first + " + g4) * 4");
        });
        if (s.rowsAtOnce()) { // one table a row (one chunk): every vector's sum by the kernel, then each finished
            int planes = s.product().weight().planes();
            AvrSubsetRows kernel = new AvrSubsetRows(groups, planes);
            kernels.put(kernel.name(), kernel.source());
            w.line(kernel.name() + "((const uint8_t *)sd_s, pw, " + row.vectors()
                    + ", (uint8_t *)sd_cs);");
            w.loop("f", row.vectors(), () -> finish(s, row, IntExpr.of("sd_cs[f]", s.sumBits())));
            return;
        }
        w.loop("f", row.vectors(), () -> {
            IntExpr total = planes(s, groups);
            if (s.chunks() > 1) {
                int c = IntExpr.container(s.sumBits());
                w.line("sd_acc[f] = " + IntExpr.of("sd_acc[f]", s.sumBits()).plusWrap(total, false, c).c() + ";");
            } else {
                finish(s, row, total);
            }
        });
    }

    /**
     * The 16 subset sums of the 4 elements from element {@code at} into e[0..15] (an element at or past the row's end
     * is 0), each the sum of the entry with its highest element left out and that element; and the row's sum.
     */
    private void group(SubsetSums s, Row row, String at) {
        int k = s.product().terms();
        String type = CNames.ctype(IntExpr.container(s.entryBits()));
        for (int i = 0; i < 4; i++) {
            String x = row.x().apply(at + " + " + i).c();
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
            w.line("sx = " + IntExpr.of("sx", bits).plusWrap(IntExpr.of("e[15]", s.entryBits()), false, IntExpr.container(bits)).c()
                    + ";");
        }
    }

    /** Vector f's sum over a chunk of {@code groups} groups: each plane's lookups, weighted by 2^j. */
    private IntExpr planes(SubsetSums s, int groups) {
        int planeBits = s.planeBits(width(s));
        int planeC = IntExpr.container(planeBits), sumC = IntExpr.container(s.sumBits());
        IntExpr acc = IntExpr.of("cs", s.sumBits()), pj = IntExpr.of("pj", planeBits);
        w.line(CNames.ctype(sumC) + " cs = 0;");
        for (int j = 0; j < s.product().weight().planes(); j++) {
            int plane = j;
            w.block("", () -> {
                if (s.indexBytes()) { // 16-bit entries and sums (SubsetSums.of)
                    w.line("int16_t pj = (int16_t)sd_sslut16(sd_s, pw, " + groups + ");");
                    w.line("pw += " + groups + ";");
                } else {
                    nibbleLookups(s, groups, pj, planeC);
                }
                IntExpr weighted = plane == 0 ? pj : pj.timesWrap(IntExpr.lit(1L << plane), sumC);
                w.line("cs = " + acc.plusWrap(weighted, false, sumC).c() + ";");
            });
        }
        return acc;
    }

    /** Plane j's sum over the chunk's groups into pj, two groups' nibbles a byte. */
    private void nibbleLookups(SubsetSums s, int groups, IntExpr pj, int planeC) {
        IntExpr low = IntExpr.of("e[nb & 15]", s.entryBits()), high = IntExpr.of("e[16 + (nb >> 4)]", s.entryBits());
        w.line(CNames.ctype(planeC) + " pj = 0;");
        w.line("const " + CNames.ctype(IntExpr.container(s.entryBits())) + " *e = sd_s;");
        w.block("for (sd_idx h = 0; h < " + groups / 2 + "; h++, e += 32)", () -> {
            w.line("uint8_t nb = (uint8_t)SD_NEXT8(pw);");
            w.line("pj = " + pj.plusWrap(low, false, planeC).c() + ";");
            w.line("pj = " + pj.plusWrap(high, false, planeC).c() + ";");
        });
        if (groups % 2 != 0) {
            w.line("uint8_t nb = (uint8_t)SD_NEXT8(pw);");
            w.line("pj = " + pj.plusWrap(low, false, planeC).c() + ";");
        }
    }

    /** Vector f's output: base sum x + step sum r x modulo 2^W, finished into the op's output element. */
    private void finish(SubsetSums s, Row row, IntExpr sumRx) {
        LowBitProducts.Levels levels = s.product().weight();
        OpParams.Mul p = r.params(s.product().op(), OpParams.Mul.class);
        int width = p.width();
        if (exactTotal(s, row, sumRx, levels.step(), levels.base(), width)) {
            return;
        }
        IntExpr total = sumRx.timesWrap(IntExpr.lit(levels.step()), width).wrap(width);
        if (levels.base() != 0) {
            IntExpr sx = IntExpr.of("sx", sxBits(s));
            total = total.plusWrap(sx.timesWrap(IntExpr.lit(levels.base()), width).wrap(width), false, width);
        }
        Op op = s.product().op();
        w.line(CNames.ctype(width) + " tot = " + total.wrap(width).c() + ";");
        row.out().accept("f", Stored.of(r.finish(IntExpr.of("tot", width), p, op.out())));
    }

    /**
     * When |step sum r x + base sum x| < 2^(W-1) nothing wraps and the sum is exact: written with the factors' common
     * divisor taken out (ExactSum). Writes tot and the output, or returns false (nothing written) when it may wrap.
     */
    private boolean exactTotal(SubsetSums s, Row row, IntExpr sumRx, long step, long base, int width) {
        IntExpr sx = IntExpr.of("sx", sxBits(s));
        double bound = Math.scalb(Math.abs((double) step), sumRx.bits() - 1)
                + (base == 0 ? 0 : Math.scalb(Math.abs((double) base), sx.bits() - 1));
        if (!(bound < Math.scalb(1.0, Math.min(width - 1, 62)))) {
            return false;
        }
        // the sum of the products themselves: n terms of |x| <= 2^(xBits - 1) times the largest |w|, often tighter
        LowBitProducts.Levels levels = s.product().weight();
        double products = s.product().terms() * Math.scalb(1.0, s.xBits() - 1)
                * Math.max(Math.abs((double) levels.base()), Math.abs((double) levels.top()));
        double tight = Math.min(bound, products);
        ExactSum sum = ExactSum.of(0, List.of(sumRx, sx), List.of(step, base), tight,
                r.comparedAtStore(s.product().op()));
        Op op = s.product().op();
        w.line(sum.sum().ctype() + " tot = " + sum.sum().c() + ";");
        row.out().accept("f", Stored.exact("tot", sum.sum(), sum.factor(), r.params(op, OpParams.Mul.class).post()
                - sum.twos(), r.type(op.out()).bits(), tight / Math.scalb((double) sum.factor(), sum.twos())));
        return true;
    }

    private int width(SubsetSums s) {
        return r.params(s.product().op(), OpParams.Mul.class).width();
    }

    /** Bits of the row's sum of activations (exact, or W). */
    private int sxBits(SubsetSums s) {
        return s.planeBits(width(s));
    }

    /** Bytes of one plane's weights in a table of {@code groups} groups: a byte a group, or two nibbles a byte. */
    private static int perPlane(SubsetSums s) {
        int groups = Math.min(s.chunkGroups(), s.groups());
        return s.indexBytes() ? groups : (groups + 1) / 2;
    }

    /**
     * The weights in reading order (chunk after chunk; in each, vector after vector, plane after plane): as index
     * bytes, group g's byte the offset of its entry ((g mod 8) 16 + nibble) 2 in the 256 bytes of its 8 groups, or as
     * nibbles.
     */
    private static long[] weightBytes(SubsetSums s) {
        long[] nibbles = nibbles(s);
        if (!s.indexBytes()) {
            return nibbles;
        }
        int planes = s.product().weight().planes(), groups = s.groups(), gc = s.chunkGroups();
        List<Long> out = new ArrayList<>();
        int at = 0;
        for (int c0 = 0; c0 < groups; c0 += gc) {
            int n = Math.min(gc, groups - c0), per = (n + 1) / 2;
            for (int v = 0; v < s.product().vectors() * planes; v++, at += per) {
                for (int g = 0; g < n; g++) {
                    long nibble = nibbles[at + g / 2] >> (g % 2 * 4) & 15;
                    out.add(((g % 8) * 16 + nibble) * 2);
                }
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * The weights' nibbles in reading order: chunk after chunk; in each, for vector f and plane j, group g's nibble
     * holds bit j of the value numbers of elements 4g..4g+3 (bit e for element 4g + e), two of the chunk's groups a
     * byte (the even one low).
     */
    private static long[] nibbles(SubsetSums s) {
        LowBitProducts.WideProduct p = s.product();
        int planes = p.weight().planes(), groups = s.groups(), gc = s.chunkGroups();
        List<Long> out = new ArrayList<>();
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
