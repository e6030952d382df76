package seedc.codegen.c.emit;

import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import seedc.codegen.c.emit.DotFunctions.Stream;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.threshold.Stored;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.codegen.c.writer.Scratch;
import seedc.codegen.c.writer.Windows;
import seedc.fixed.DotRowProducts;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.ir.Op.Conv2d;
import seedc.ir.Op.MatMul;
import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Window;

/**
 * Matrix products and convolutions as dot products whose terms are read in order and summed in
 * registers as they come: no array of terms ({@link DotFunctions} writes the sums). Each operand is a
 * stream: a constant rearranged at compile time so that one output reads it front to back, already
 * shifted (flash, lpm Z+ on the AVR; packed, an element index that moves on); a RAM vector that many
 * outputs read, shifted once into the op's
 * scratch array (a convolution's input window, padding zeros included, goes there too); or a RAM
 * tensor read in place and shifted per term.
 */
final class DotEmitter {
    private final CWriter w;
    private final Operands r;
    private final DotFunctions fns = new DotFunctions();
    /** The target's idiom calls: which products are one whole-row call ({@link DotRow}: the AVR's). */
    private final IdiomCalls calls;

    DotEmitter(CWriter w, Operands r, IdiomCalls calls) {
        this.w = w;
        this.r = r;
        this.calls = calls;
    }

    /** The dot-product functions written so far, to go before seedc_predict. */
    String helpers() {
        return fns.helpers();
    }

    /** The scratch of a matrix product (null: none): a RAM vector operand that many outputs read, shifted. */
    static Scratch scratch(FixedProgram fp, Set<Value> flash, MatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int rows = m.a().shape().dim(0), k = m.a().shape().dim(1), cols = m.b().shape().dim(1);
        String name = CNames.scratch(m.out());
        if (k == 1) {
            return null;
        }
        if (shiftedVector(flash, m.b(), p.shrB(), cols, rows)) {
            return new Scratch(name, shiftedWidth(fp, m.b(), p.shrB()), k);
        }
        if (shiftedVector(flash, m.a(), p.shrA(), rows, cols)) {
            return new Scratch(name, shiftedWidth(fp, m.a(), p.shrA()), k);
        }
        return null;
    }

    /**
     * The scratch of a convolution: one window of the input (every tap of a group), shifted; where the target's
     * {@code idioms} sum the output channels of a pixel in one call, their 32-bit sums after it
     * ({@link ConvChannelCalls#sumsBytes}: planned with the rest of the RAM, not on the stack).
     */
    static Scratch scratch(FixedProgram fp, Set<Value> flash, Conv2d c, IdiomCalls.Flags idioms) {
        Shape fs = c.filter().shape();
        int window = fs.dim(1) * fs.dim(2) * fs.dim(3);
        int bits = shiftedWidth(fp, c.x(), fp.params(c, OpParams.Mul.class).shrA());
        return new Scratch(CNames.scratch(c.out()), bits,
                window + ConvChannelCalls.sumsBytes(fp, flash, c, idioms, bits));
    }

    /** A RAM vector (its other dimension 1) read by several outputs and shifted: shifted once into the scratch. */
    private static boolean shiftedVector(Set<Value> flash, Value v, int shift, int otherDim, int readers) {
        return !flash.contains(v) && otherDim == 1 && readers > 1 && shift > 0;
    }

    private static int shiftedWidth(FixedProgram fp, Value v, int shift) {
        return IntExpr.of("v", fp.type(v).bits()).shr(shift).width();
    }

    /** A constant (or a view of one) read in order: the shifted variant in the layout the reader wants. */
    private Stream flash(Value v, int shift, int[] layout, String offset) {
        Operands.FlashSource src = r.flashSource(v);
        Constants.Variant var = r.constants().variant(src.constant(), src.chain(), shift, v.size(), layout);
        if (var.packed()) { // the stream is the next element's index, its value read through the table
            return new Stream("sd_idx ", "(" + src.base() + ")" + offset, var.read("%s++"), var.bits(), 0, var);
        }
        String type = "int" + var.container() + "_t";
        return new Stream("const " + type + " *", var.name() + " + (" + src.base() + ")" + offset,
                "SD_NEXT" + var.container() + "(%s)", var.bits(), 0);
    }

    /** A RAM tensor read in place from {@code start}, {@code stride} elements apart, shifted per term. */
    private Stream ram(Value v, String start, int stride, int shift) {
        int bits = r.type(v).bits();
        return new Stream("const sd_a" + bits + " *", "&" + CNames.var(v) + "[" + start + "]",
                stride == 1 ? "*%s++" : "(%s += " + stride + ", %s[-" + stride + "])", bits, shift);
    }

    /** The scratch array from element {@code offset} on, holding a shifted copy of a vector or a convolution window. */
    private static Stream scratchStream(Scratch s, int bits, String offset) {
        return new Stream("const sd_a" + s.bits() + " *", offset.equals("0") ? s.name() : s.name() + " + " + offset,
                "*%s++", bits, 0);
    }

    /** How a product reads operand v along its k terms: from flash, from the scratch (filled here), or in place. */
    private record Reader(int[] flashLayout, String flashOffset, String ramStart, int ramStride) {}

    private Stream operand(Value v, int shift, boolean viaScratch, Scratch s, Reader how) {
        if (r.isFlash(v)) {
            return flash(v, shift, how.flashLayout(), how.flashOffset());
        }
        if (viaScratch) {
            w.loop("q", v.size(), () -> w.line(s.name() + "[q] = " + r.x(v, "q").shr(shift).c() + ";"));
            return scratchStream(s, r.x(v, "0").shr(shift).bits(), "0");
        }
        return ram(v, how.ramStart(), how.ramStride(), shift);
    }

    void matmul(MatMul m, Scratch s) {
        OpParams.Mul p = r.params(m, OpParams.Mul.class);
        Value a = m.a(), b = m.b();
        int rows = a.shape().dim(0), k = a.shape().dim(1), cols = b.shape().dim(1);
        if (k == 1) { // one term per output (an outer product): nothing to sum
            w.loop("i", rows, () -> w.loop("j", cols, () -> r.store(w, m, "i", "j",
                    Stored.of(r.finish(r.term(a, "i", b, "j", p), p, m.out())))));
            return;
        }
        DotRowProducts.Row row = calls.dotRow(m);
        if (row != null && !r.comparedAtStore(m)) { // one call, b read front to back (the loop's layout and variant)
            w.line(DotRow.call(row, r, m, p, flash(b, p.shrB(), transposed(k, cols), "")));
            return;
        }
        boolean scratchB = shiftedVector(r.flashValues(), b, p.shrB(), cols, rows);
        boolean scratchA = !scratchB && shiftedVector(r.flashValues(), a, p.shrA(), rows, cols);
        w.block("", () -> {
            // b is read down its columns: in flash, stored transposed so that one column is one run.
            Stream sb = operand(b, p.shrB(), scratchB, s, new Reader(cols == 1 ? null : transposed(k, cols), " + j * " + k,
                    "j", cols));
            Stream sa = operand(a, p.shrA(), scratchA, s, new Reader(null, " + i * " + k, "i * " + k, 1));
            w.loop("i", rows, () -> w.loop("j", cols, () -> {
                String acc = fns.dot(w, sa, sb, k, p);
                r.store(w, m, "i", "j", Stored.of(r.finish(IntExpr.of(acc, p.width()), p, m.out())));
            }));
        });
    }

    /** Position j * k + q holds element (q, j) of a (k, cols) matrix. */
    private static int[] transposed(int k, int cols) {
        int[] layout = new int[k * cols];
        for (int j = 0; j < cols; j++) {
            for (int q = 0; q < k; q++) {
                layout[j * k + q] = q * cols + j;
            }
        }
        return layout;
    }

    /**
     * Per output pixel and group, the window goes to the scratch array (shifted), then each output
     * channel is a dot product of it with the channel's taps. A plain sum (no halving levels) leaves
     * out the taps in the padding: they are zeros, and the valid ones form one run per kernel row.
     * With halving levels every tap has its place in the tree, so padding taps are zeros in the window.
     */
    void conv2d(Conv2d c, Scratch s) {
        OpParams.Mul p = r.params(c, OpParams.Mul.class);
        Shape xs = c.x().shape(), fs = c.filter().shape(), os = c.out().shape();
        int cig = fs.dim(3), cog = fs.dim(4), n = fs.dim(1) * fs.dim(2) * cig;
        boolean plain = DotFunctions.levels(p, n) == 0;
        int bits = r.x(c.x(), "0").shr(p.shrA()).bits();
        boolean planned = s.size() > n; // the scratch has room for the channels' sums (ConvChannelCalls)
        UnaryOperator<String> rowsCall = planned ? fns.avrRows(scratchStream(s, bits, "0"),
                taps(c, p, n, "0").apply("0"), String.valueOf(n), cog, n, p.width()) : null;
        if (rowsCall != null && ConvChannelCalls.way(c) == ConvChannelCalls.Way.ONE_CALL_A_RUN) {
            channelsInOneCallARun(c, s, p, bits, n);
            return;
        }
        if (rowsCall != null) {
            channelsInOneCall(c, s, p, bits, n, rowsCall);
            return;
        }
        Windows.perPixel(w, xs.dim(0), os, () -> {
            if (plain) {
                inside(c);
            }
            w.loop("g", c.groups(), () -> {
                window(c, s, p, plain);
                w.loop("co", cog, () -> {
                    Function<String, Stream> taps = taps(c, p, n, "co");
                    String acc = plain ? runs(c, s, bits, taps, p)
                            : fns.dot(w, scratchStream(s, bits, "0"), taps.apply("0"), n, p);
                    storeChannel(c, acc, p);
                });
            });
        });
    }

    /**
     * A plain sum whose every output channel the AVR sums in one call a pixel (sd_avr_dots8_32): the whole window,
     * padding zeros included (a zero term adds nothing, so the sum is the same), into the sums after the window in
     * the scratch, then each channel's sum from there; without SD_AVR_DOT (the AVR's C fallback) each channel's sum
     * of the whole window.
     */
    private void channelsInOneCall(Conv2d c, Scratch s, OpParams.Mul p, int bits, int n, UnaryOperator<String> call) {
        Shape xs = c.x().shape(), os = c.out().shape();
        int cog = c.filter().shape().dim(4);
        String rows = "((sd_a32 *)(" + s.name() + " + " + n + "))";
        Windows.perPixel(w, xs.dim(0), os, () -> w.loop("g", c.groups(), () -> {
            window(c, s, p, false);
            w.line("#ifdef SD_AVR_DOT");
            w.line(call.apply("(int32_t *)" + rows) + ";");
            w.line("#endif");
            w.loop("co", cog, () -> {
                String acc = fns.accumulator();
                w.line(CNames.ctype(p.width()) + " " + acc + ";");
                w.line("#ifdef SD_AVR_DOT");
                w.line(acc + " = " + rows + "[co];");
                w.line("#else");
                String all = fns.sum(w, scratchStream(s, bits, "0"), taps(c, p, n, "co").apply("0"),
                        String.valueOf(n), n, p);
                w.line(acc + " = " + all + ";");
                w.line("#endif");
                storeChannel(c, acc, p);
            });
        }));
    }

    /**
     * A plain sum whose every output channel the AVR sums in one call a run of taps inside the input
     * (sd_avr_dots8_32): the window of the taps inside (as a call a channel reads it), one call over its kernel rows
     * where every kernel column is inside, else one a kernel row, into the sums after the window in the scratch, a
     * later row's sums (after those) added in 32 bits as the runs add them; then each channel's sum from there.
     * Without SD_AVR_DOT (the AVR's C fallback) each channel's runs.
     */
    private void channelsInOneCallARun(Conv2d c, Scratch s, OpParams.Mul p, int bits, int n) {
        Shape xs = c.x().shape(), os = c.out().shape();
        int cog = c.filter().shape().dim(4);
        String sums = "((sd_a32 *)(" + s.name() + " + " + n + "))", row = "((sd_a32 *)(" + s.name() + " + "
                + (n + 4 * cog) + "))";
        Windows.perPixel(w, xs.dim(0), os, () -> {
            inside(c);
            w.loop("g", c.groups(), () -> {
                window(c, s, p, true);
                w.line("#ifdef SD_AVR_DOT");
                runSums(c, s, p, bits, n, sums, row);
                w.line("#endif");
                w.loop("co", cog, () -> {
                    w.line("#ifdef SD_AVR_DOT");
                    storeChannel(c, sums + "[co]", p);
                    w.line("#else");
                    storeChannel(c, runs(c, s, bits, taps(c, p, n, "co"), p), p);
                    w.line("#endif");
                });
            });
        });
    }

    /**
     * The AVR's sums of every channel at the current pixel and group into {@code sums}: one call over the window's
     * kernel rows where every kernel column is inside, else one a kernel row, each later row's sums ({@code row})
     * added; zeros where the window has no tap inside (only written where c has such a window).
     */
    private void runSums(Conv2d c, Scratch s, OpParams.Mul p, int bits, int n, String sums, String row) {
        Shape fs = c.filter().shape();
        int cog = fs.dim(4), kw = fs.dim(2), cig = fs.dim(3);
        Function<String, Stream> taps = taps(c, p, n, "0");
        if (ConvChannelCalls.count(c).emptyWindows() > 0) { // no run to sum there: its sums are zeros
            w.line("if (i1 == i0 || run == 0) for (sd_idx co = 0; co < " + cog + "; co++) " + sums
                    + "[co] = 0;");
            w.line("else");
        }
        w.ifElse("run == " + kw * cig, () -> w.line(fns.avrRows(scratchStream(s, bits, "0"),
                taps.apply("i0 * " + kw * cig), "(i1 - i0) * run", cog, n, p.width()).apply("(int32_t *)" + sums)
                + ";"), () -> w.block("for (sd_idx i = i0; i < i1; i++)", () -> {
                    w.line(fns.avrRows(scratchStream(s, bits, "(i - i0) * run"),
                            taps.apply("(i * " + kw + " + j0) * " + cig), "run", cog, n, p.width())
                            .apply("(int32_t *)(i == i0 ? " + sums + " : " + row + ")") + ";");
                    w.line("if (i > i0) for (sd_idx co = 0; co < " + cog + "; co++) " + sums + "[co] = "
                            + IntExpr.of(sums + "[co]", 32).plusWrap(IntExpr.of(row + "[co]", 32), false, 32).c()
                            + ";");
                }));
    }

    /** Output channel co of group g at the current pixel: the sum {@code acc} finished to c's output type. */
    private void storeChannel(Conv2d c, String acc, OpParams.Mul p) {
        r.store(w, c, Windows.outPixel(c.out().shape()), "g * " + c.filter().shape().dim(4) + " + co",
                Stored.of(r.finish(IntExpr.of(acc, p.width()), p, c.out())));
    }

    /** The kernel rows i0..i1-1 and columns j0..j1-1 that fall inside the input, and run: the taps of one such row. */
    private void inside(Conv2d c) {
        Window win = c.window();
        Shape xs = c.x().shape(), fs = c.filter().shape();
        w.line("sd_idx i0 = 0, i1 = 0, j0 = 0, j1 = 0;");
        w.loop("i", fs.dim(1), () -> {
            w.line("sd_idx yi = " + Windows.inRow(win, true) + ";");
            w.line("if (yi >= 0 && yi < " + xs.dim(1) + ") { if (i1 == 0) i0 = i; i1 = i + 1; }");
        });
        w.loop("j", fs.dim(2), () -> {
            w.line("sd_idx xi = " + Windows.inCol(win, true) + ";");
            w.line("if (xi >= 0 && xi < " + xs.dim(2) + ") { if (j1 == 0) j0 = j; j1 = j + 1; }");
        });
        w.line("sd_idx run = (j1 - j0) * " + fs.dim(3) + ";");
    }

    /** Group g's window, shifted, into the scratch: the taps inside the input (plain), or every tap with padding zeros. */
    private void window(Conv2d c, Scratch s, OpParams.Mul p, boolean plain) {
        Window win = c.window();
        Shape xs = c.x().shape(), fs = c.filter().shape();
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3);
        Runnable copy = () -> {
            w.line("sd_idx px = " + Windows.inPixel(xs) + " + g * " + cig + ";");
            w.line("for (sd_idx ci = 0; ci < " + cig + "; ci++) *pc++ = " + r.x(c.x(), "px + ci").shr(p.shrA()).c() + ";");
        };
        w.line("sd_a" + s.bits() + " *pc = " + s.name() + ";");
        w.block(plain ? "for (sd_idx i = i0; i < i1; i++)" : "for (sd_idx i = 0; i < " + kh + "; i++)", () -> {
            w.line("sd_idx yi = " + Windows.inRow(win, true) + ";");
            w.block(plain ? "for (sd_idx j = j0; j < j1; j++)" : "for (sd_idx j = 0; j < " + kw + "; j++)", () -> {
                w.line("sd_idx xi = " + Windows.inCol(win, true) + ";");
                if (plain) {
                    copy.run();
                } else {
                    w.ifElse("yi >= 0 && yi < " + xs.dim(1) + " && xi >= 0 && xi < " + xs.dim(2), copy,
                            () -> w.line("for (sd_idx ci = 0; ci < " + cig + "; ci++) *pc++ = 0;"));
                }
            });
        });
    }

    /**
     * The taps of output channel {@code channel} (a C expression) from tap q (a C expression) on: the filter is stored
     * [g][co][i][j][ci] in flash.
     */
    private Function<String, Stream> taps(Conv2d c, OpParams.Mul p, int n, String channel) {
        int groups = c.groups(), cog = c.filter().shape().dim(4);
        if (!r.isFlash(c.filter())) {
            return q -> ram(c.filter(), "g * " + (n * cog) + " + " + channel + " + (" + q + ") * " + cog, cog,
                    p.shrB());
        }
        int[] layout = new int[groups * cog * n];
        for (int g = 0; g < groups; g++) {
            for (int co = 0; co < cog; co++) {
                for (int q = 0; q < n; q++) {
                    layout[(g * cog + co) * n + q] = (g * n + q) * cog + co;
                }
            }
        }
        return q -> flash(c.filter(), p.shrB(), layout, " + (g * " + cog + " + " + channel + ") * " + n + " + " + q);
    }

    /** A plain sum over the taps inside the input: one run when whole kernel rows are inside, else one run per row. */
    private String runs(Conv2d c, Scratch s, int bits, Function<String, Stream> taps, OpParams.Mul p) {
        int kw = c.filter().shape().dim(2), cig = c.filter().shape().dim(3), width = p.width();
        String acc = fns.accumulator();
        w.line(CNames.ctype(width) + " " + acc + ";");
        w.ifElse("run == " + kw * cig, () -> {
            int window = c.filter().shape().dim(1) * kw * cig;
            String all = fns.sum(w, scratchStream(s, bits, "0"), taps.apply("i0 * " + kw * cig), "(i1 - i0) * run",
                    window, p);
            w.line(acc + " = " + all + ";");
        }, () -> {
            w.line(acc + " = 0;");
            w.block("for (sd_idx i = i0; i < i1; i++)", () -> {
                String row = fns.sum(w, scratchStream(s, bits, "(i - i0) * run"),
                        taps.apply("(i * " + kw + " + j0) * " + cig), "run", kw * cig, p);
                w.line(acc + " = " + IntExpr.of(acc, width).plusWrap(IntExpr.of(row, width), false, width).c() + ";");
            });
        });
        return acc;
    }
}
