package seedc.codegen.c.lowbitemit;

import java.util.function.Consumer;
import seedc.codegen.c.avr.AvrPlanePairRows;
import seedc.codegen.c.avr.AvrPlanePairs;
import seedc.codegen.c.avr.AvrPopandRows;
import seedc.codegen.c.lowbit.BitPlaneWeights;
import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.lowbit.CountThresholds;
import seedc.codegen.c.lowbit.CountedLevels;
import seedc.codegen.c.lowbit.PackedSigns;
import seedc.codegen.c.lowbit.PadClasses;
import seedc.codegen.c.lowbit.PlaneKernel;
import seedc.codegen.c.lowbit.PlaneProduct;
import seedc.codegen.c.lowbit.PlaneSum;
import seedc.codegen.c.lowbit.WindowPacking;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.threshold.ExactSum;
import seedc.codegen.c.threshold.Stored;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.codegen.c.writer.Scratch;
import seedc.codegen.c.writer.Windows;
import seedc.fixed.FixedArith;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op.Conv2d;
import seedc.ir.Op.MatMul;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * The C of a product on bit planes ({@link BitSerial}): for each activation vector, its elements' level numbers q
 * packed into planes in the op's scratch (bit t of byte t/8 of plane i holds bit i of q_t) and summed; then for each
 * weight vector, whose planes were packed at compile time, the popcounts of the planes' ANDs weighted by 2^(i+j),
 * and the sum from them, a per-vector constant and the activation's level sum, modulo 2^W. The weight planes are
 * one array in flash: vector f's plane j at bytes (f planes + j) * planeBytes, in the product's words (a plane
 * padded with zero bytes to whole words; bytes read as little-endian words, element t in bit t).
 */
public final class BitSerialEmitter {
    private final CWriter w;
    private final Operands r;
    /** The kernels the sums call, by name, each written once in the C's helpers (SD_POPAND_N, AvrPlanePairs). */
    private final java.util.Map<String, String> kernels;
    /** Signs written and read as packed planes. */
    private final PackedSigns signs;
    /** Quantizes whose level numbers the kernels count. */
    private final CountedLevels counted;
    /** The activations' level numbers and planes. */
    private final PlanePacking packing;
    private final LevelTablesEmitter tables;
    private final KernelStoresEmitter stores;

    public BitSerialEmitter(CWriter w, Operands r, java.util.Map<String, String> kernels, BitSerial bits) {
        this.w = w;
        this.r = r;
        this.kernels = kernels;
        this.signs = bits.signs();
        this.counted = bits.counted();
        this.packing = new PlanePacking(w, r, bits.sources());
        this.tables = new LevelTablesEmitter(w, r, kernels, packing, counted, bits.levelTablePages());
        this.stores = new KernelStoresEmitter(w, r, kernels);
    }

    public void matmul(PlaneProduct p, Scratch s) {
        MatMul m = (MatMul) p.op();
        int rows = m.a().shape().dim(0), cols = m.b().shape().dim(1), k = p.terms(), nb = p.planeBytes();
        Value act = m.inputs().get(p.ram());
        int vectors = p.ram() == 0 ? rows : cols, weights = p.product().vectors();
        String planes = p.form() instanceof PlaneKernel.LevelTables ? null : weights(p);
        String codes = r.constants().table(BitPlaneWeights.codeSums(p), 16);
        w.line("/* " + p.kernel() + " */");
        w.block("", () -> {
            w.line("uint8_t *sd_q = (uint8_t *)" + s.name() + ";");
            packing.zeroPadding(p); // the packing below writes only the packed bytes
            PackedSigns.Packed reads = signs.readBy(m), writes = signs.writtenBy(m);
            java.util.function.UnaryOperator<String> element = e -> p.ram() == 0 ? "v * " + k + " + " + e
                    : "(" + e + ") * " + cols + " + v";
            w.loop("v", vectors, () -> {
                w.line("uint16_t sq = 0;");
                boolean compared = false;
                if (p.form() instanceof PlaneKernel.LevelTables) {
                    compared = tables.levelTables(p, act, element);
                } else if (reads != null) {
                    readPlane(reads, nb);
                } else {
                    w.block("for (sd_idx t = 0, b = 0; b < " + p.packedBytes() + "; b++)", () -> packing.pack(p, act,
                            element.apply("t"), nb));
                }
                String plane = reads != null ? "sd_a" : "sd_q";
                if (writes != null) {
                    stores.comparedRows(p, writes, plane, "v");
                    return;
                }
                if (compared) {
                    return; // the kernel wrote the quantize's levels
                }
                countRows(p, planes, "0", plane);
                w.loop("f", weights, () -> sum(p, planes, codes, "f", "f", plane,
                        v -> r.store(w, m, p.ram() == 0, "v", "f", v)));
            });
        });
    }

    /**
     * A convolution on planes: per output pixel and group, the window's level numbers (taps i, j, ci in that order;
     * a tap in the padding is 0, whose level number {@link LowBitProducts.Product#zeroLevel} is) in the scratch's
     * planes, then each output channel's sum from the filter's planes (vector g cog + co). The window is packed tap
     * by tap, or, when each group's channels fill whole bytes, copied a pixel's bytes at a time from the input
     * packed once ({@link WindowPacking.Pixels}).
     */
    public void conv2d(PlaneProduct p, Scratch s) {
        Conv2d c = (Conv2d) p.op();
        Shape xs = c.x().shape(), os = c.out().shape();
        w.line("/* " + p.kernel() + " */");
        w.block("", () -> {
            w.line("uint8_t *sd_q = (uint8_t *)" + s.name() + ";");
            PadClasses classes = p.padMask() ? PadClasses.of(c) : null;
            String rowClass = classes == null ? null : r.constants().bytes(classes.rowClass());
            String colClass = classes == null ? null : r.constants().bytes(classes.colClass());
            packInput(p, c);
            Runnable perRow = p.window() instanceof WindowPacking.RowMasks ? () -> packing.rowsOfWindows(p)
                    : () -> { };
            // the padding's count is in the sum, unless the kernel compares with thresholds a pixel class
            boolean np = classes != null && signs.writtenBy(c) == null;
            Windows.perPixel(w, xs.dim(0), os, perRow, () -> w.loop("g", c.groups(), () -> {
                w.line("uint16_t sq = 0;");
                if (np) {
                    w.line("uint16_t np = 0;");
                }
                if (classes != null) {
                    w.line("uint8_t sd_pc = (uint8_t)(SD_RU8(" + rowClass + ", y) * " + classes.colsInside().size()
                            + " + SD_RU8(" + colClass + ", xo));"); // the pixel's class (PadClasses)
                }
                window(p, np);
                pixelOutputs(p, c, os);
            }));
        });
    }

    /** The pixel's window (of group g) into the scratch's planes, as the product packs it; np: count its padding. */
    private void window(PlaneProduct p, boolean np) {
        switch (p.window()) {
            case WindowPacking.RowMasks m -> packing.windowFromRows(p);
            case WindowPacking.Taps t -> packing.packWindow(p, np);
            case WindowPacking.Pixels px -> packing.copyWindow(p, np);
            case WindowPacking.Vectors v -> throw new IllegalStateException("a convolution packs windows");
        }
    }

    /**
     * Once per inference, what the windows copy from: the packed signs' pixels' sums (PackedSigns), the input packed
     * pixel by pixel, or its row masks; nothing where the windows are packed tap by tap.
     */
    private void packInput(PlaneProduct p, Conv2d c) {
        PackedSigns.Packed reads = signs.readBy(c);
        if (reads != null) { // a sign read packed: its pixels' bytes (PackedSigns.readsPlane)
            packing.countPixels(p, (WindowPacking.Pixels) p.window(), CNames.var(reads.read()));
        } else {
            switch (p.window()) {
                case WindowPacking.Pixels px -> packing.packPixels(p, px);
                case WindowPacking.RowMasks m -> packing.rowMasks(p);
                case WindowPacking.Taps t -> {
                    return;
                }
                case WindowPacking.Vectors v -> {
                    return;
                }
            }
        }
        packing.zeroPadding(p); // the windows write only the packed bytes
    }

    /**
     * An output pixel's channels from its window in the scratch: its signs compared and written packed (PackedSigns),
     * its quantize's levels counted in the pair rows kernel (CountedLevels), the window tables folded with its
     * quantize's (WindowLevels), or each channel's sum, stored.
     */
    private void pixelOutputs(PlaneProduct p, Conv2d c, Shape os) {
        PackedSigns.Packed writes = signs.writtenBy(c);
        if (writes != null) { // ungrouped: the output pixel is the sign's row
            stores.comparedRows(p, writes, "sd_q", "(b * " + os.dim(1) + " + y) * " + os.dim(2) + " + xo");
            return;
        }
        CountThresholds levels = counted.at(c);
        if (levels != null) { // ungrouped: the output pixel's channels in a row
            stores.countedLevels(p, levels, "&" + CNames.element(r.storedBy(c).sign().out(), Windows.outPixel(os)));
            return;
        }
        boolean windowTables = p.form() instanceof PlaneKernel.WindowTables;
        if (windowTables && stores.chained(p, c, os)) {
            return;
        }
        int cog = c.filter().shape().dim(4);
        // window tables take the weights' place: each pattern's sums of value numbers
        String planes = windowTables ? r.constants().bytes(BitPlaneWeights.windowTables(p)) : weights(p);
        String codes = r.constants().table(BitPlaneWeights.codeSums(p), 16), channel = "g * " + cog + " + co";
        if (windowTables) { // each plane's pattern: its row of the tables
            for (int i = 0; i < p.activation().planes(); i++) {
                w.line("sd_idx sd_p" + i + " = (sd_idx)((" + PlanePacking.pattern(p, "sd_q", i) + ") * "
                        + p.product().vectors() + ");");
            }
        }
        countRows(p, planes, "g * " + cog * p.planeBytes(), "sd_q");
        w.loop("co", cog, () -> sum(p, planes, codes, channel, "co", "sd_q",
                v -> r.store(w, c, Windows.outPixel(os), channel, v)));
    }

    /**
     * The rows kernel's counts of this call's weight rows (from byte {@code at} of the planes) against the activation
     * plane {@code plane} into the scratch, when the product has it (AvrPopandRows); the sums then read them.
     */
    private void countRows(PlaneProduct p, String planes, String at, String plane) {
        switch (p.form()) {
            case PlaneKernel.PairRows(AvrPlanePairRows kernel) -> {
                kernels.put(kernel.name(), kernel.source());
                // the pairs' rows are kb planes long (interleaved)
                String from = p.op() instanceof Conv2d c ? "g * " + c.filter().shape().dim(4) * kernel.kb()
                        * kernel.nb() : at;
                w.line(kernel.name() + "(" + plane + ", " + planes + ", " + from + ", " + p.rowsACall() + ", sd_q + "
                        + p.countsAt() + ");");
            }
            case PlaneKernel.PopandRows(AvrPopandRows kernel) -> {
                kernels.put(kernel.name(), kernel.source());
                w.line(kernel.name() + "(" + plane + ", " + planes + ", " + at + ", " + p.rowsACall()
                        + ", sd_q + " + p.countsAt() + ");");
            }
            case PlaneKernel.PlanePairs k -> { } // a call a row, in the sum
            case PlaneKernel.Popcounts k -> { }
            case PlaneKernel.Elements e -> { }
            case PlaneKernel.LevelTables t -> { } // LevelTablesEmitter's call
            case PlaneKernel.WindowTables t -> { }
        }
    }

    /** Activation vector v's plane, a packed sign's row (PackedSigns), as sd_a; its ones counted into sq. */
    private void readPlane(PackedSigns.Packed packed, int nb) {
        w.line("const uint8_t *sd_a = (const uint8_t *)" + CNames.var(packed.read()) + " + v * " + nb + ";");
        w.loop("b", nb, () -> w.line("sq = (uint16_t)(sq + SD_POP8(sd_a[b]));"));
    }

    /**
     * sum_t q_t r_t of vector f with the bits of one element together (a C call): the runtime's table of nibble pairs'
     * products for the stride (the AVR's assembly kernel), or ka kb popcounts of masked 64-bit words.
     */
    private static String elementProducts(PlaneProduct p, String weights, String f) {
        int nb = p.planeBytes(), ka = p.activation().planes(), kb = p.weight().planes();
        if (p.layout().wordBits() == 8) {
            return "sd_elemlut" + p.stride() + "(sd_q, " + weights + ", (" + f + ") * " + nb + ", " + nb + ")";
        }
        return "sd_elemand64_" + ka + kb + "(sd_q, " + weights + ", (" + f + ") * " + nb / 8 + ", " + nb / 8 + ")";
    }

    /** The weights in flash, planes or elements: bytes, or the product's words composed little-endian from them. */
    private String weights(PlaneProduct p) {
        long[] bytes = BitPlaneWeights.bytes(p);
        int wb = p.kernelWordBits() / 8;
        if (wb == 1) {
            return r.constants().bytes(bytes);
        }
        long[] words = new long[bytes.length / wb];
        for (int i = 0; i < bytes.length; i++) {
            words[i / wb] |= bytes[i] << (8 * (i % wb));
        }
        return r.constants().words(words, wb * 8);
    }

    /**
     * One output: the weighted popcounts of vector f, then n a0 b0 + a0 db sum r + b0 da sum q + da db popcounts
     * modulo 2^W (sum r, vector f's value numbers' sum, from the table {@code codes}), finished into the output;
     * {@code row} is f's place among the counts of the rows kernel, when the product has it.
     */
    private void sum(PlaneProduct p, String planes, String codes, String f, String row, String plane,
                     Consumer<Stored> out) {
        OpParams.Mul mul = r.params(p.op(), OpParams.Mul.class);
        String padSums = p.padMask() ? r.constants().table(PadClasses.of((seedc.ir.Op.Conv2d) p.op())
                .paddingSums(BitPlaneWeights.tapCodeSums(p), p.product().vectors()), 16) : null;
        PlaneSum all = PlaneSum.of(p, codes, f);
        PlaneSum.Term pc = all.pc();
        countPc(p, pc, planes, f, row, plane);
        PlaneSum.Term pp = all.pp();
        if (pp != null) {
            // the padding taps were packed as level 0 (a0): their a0 (b0 + db r_t) come out again, sum r_t over
            // them from the pixel class's entry
            w.line(pp.ctype() + " pp = (" + pp.ctype() + ")SD_R16(" + padSums + ", sd_pc * "
                    + p.product().vectors() + " + " + f + ");");
        }
        store(p, all, mul, out);
    }

    /** The sum into the output: exact where it cannot wrap (ExactSum), else its terms modulo 2^W. */
    private void store(PlaneProduct p, PlaneSum all, OpParams.Mul mul, Consumer<Stored> out) {
        int width = mul.width();
        seedc.ir.Value result = p.op().out();
        // below 2^(W-1) the sum never wraps, so its factors' common divisor comes out (ExactSum)
        ExactSum exact = all.exact(width, r.comparedAtStore(p.op()));
        if (exact != null) {
            w.line(exact.sum().ctype() + " acc = " + exact.sum().c() + ";");
            out.accept(all.stored("acc", exact, mul, r.type(result).bits()));
            return;
        }
        IntExpr sum = IntExpr.lit(FixedArith.wrap(all.constant(), width));
        for (PlaneSum.Term t : all.terms()) {
            IntExpr term = t.value().timesWrap(IntExpr.lit(FixedArith.wrap(t.factor(), width)), width).wrap(width);
            sum = sum.plusWrap(term, false, width);
        }
        w.line(CNames.ctype(width) + " acc = " + sum.wrap(width).c() + ";");
        out.accept(Stored.of(r.finish(IntExpr.of("acc", width), mul, result)));
    }

    /**
     * pc = sum_{i,j} 2^(i+j) popcount(Q_i AND R_j) of vector f, as the product's kernel gives it: from the element
     * kernel, the window tables, the counts a rows kernel left in the scratch (at f's {@code row}), a call of the pairs
     * kernel, or a popcount a pair of planes.
     */
    private void countPc(PlaneProduct p, PlaneSum.Term pc, String planes, String f, String row, String plane) {
        String t = pc.ctype();
        switch (p.form()) {
            case PlaneKernel.Elements e -> w.line(t + " pc = (" + t + ")" + elementProducts(p, planes, f) + ";");
            case PlaneKernel.WindowTables k -> {
                StringBuilder sum = new StringBuilder();
                for (int i = 0; i < p.activation().planes(); i++) {
                    sum.append(i == 0 ? "" : " + ").append("((" + t + ")SD_RU8(" + planes + ", sd_p" + i + " + " + f
                            + ") << " + i + ")");
                }
                w.line(t + " pc = (" + t + ")(" + sum + ");");
            }
            case PlaneKernel.LevelTables k -> w.line(t + " pc = (uint16_t)(sd_q[2 * " + row + "] | sd_q[2 * " + row
                    + " + 1] << 8);");
            case PlaneKernel.PairRows k -> {
                String at = p.countsAt() + " + 2 * " + row;
                w.line(t + " pc = (uint16_t)(sd_q[" + at + "] | (uint16_t)sd_q[" + at + " + 1] << 8);");
            }
            case PlaneKernel.PopandRows k -> w.line(t + " pc = sd_q[" + p.countsAt() + " + " + row + "];");
            case PlaneKernel.PlanePairs(AvrPlanePairs kernel) -> {
                kernels.put(kernel.name(), kernel.source());
                w.line(t + " pc = (" + t + ")" + kernel.name() + "(" + plane + ", " + planes + ", (" + f + ") * "
                        + kernel.kb() * kernel.nb() + ");");
            }
            case PlaneKernel.Popcounts k -> {
                w.line(t + " pc = 0;");
                for (int i = 0; i < p.activation().planes(); i++) {
                    for (int j = 0; j < p.weight().planes(); j++) {
                        pc.accumulate(w, popand(p, planes, f, plane, i, j), i + j);
                    }
                }
            }
        }
    }

    /**
     * The popcount of window plane {@code plane} AND weight plane j of vector f: in bytes by the kernel of the
     * plane's length (registered for the helpers), or in the product's words.
     */
    private String popand(PlaneProduct p, String planes, String f, String base, int plane, int j) {
        int nb = p.planeBytes(), wb = p.word().wordBytes(), per = p.weight().planes() * nb / wb;
        String at = "(" + f + ") * " + per + " + " + (j * nb / wb);
        if (wb == 1) {
            kernels.put("sd_popand_" + nb, "SD_POPAND_N(" + nb + ")\n");
            return "sd_popand_" + nb + "(" + base + " + " + plane * nb + ", " + planes + ", " + at + ")";
        }
        return "sd_popand" + p.word().wordBits() + "(" + base + " + " + plane * nb + ", " + planes + ", " + at + ", "
                + nb / wb + ")";
    }
}
