package seedc.codegen.c.lowbitemit;

import seedc.codegen.c.avr.AvrKernel;
import seedc.codegen.c.avr.AvrPlanePairRows;
import seedc.codegen.c.avr.AvrPopandRows;
import seedc.codegen.c.lowbit.BitPlaneWeights;
import seedc.codegen.c.lowbit.CountThresholds;
import seedc.codegen.c.lowbit.PackedSigns;
import seedc.codegen.c.lowbit.PlaneProduct;
import seedc.codegen.c.lowbit.WindowLevels;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.Windows;
import seedc.fixed.OpParams;
import seedc.ir.Op.Conv2d;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * The outputs a product's kernel or tables store themselves, with no sum in C (BitSerialEmitter's products): signs
 * compared in the rows kernel and written packed, or looked up by a window's pattern (PackedSigns); a quantize's
 * level numbers counted in the pair rows kernel (CountedLevels); window tables folded with the quantize's
 * (WindowLevels).
 */
final class KernelStoresEmitter {
    private final CWriter w;
    private final Operands r;
    /** The kernels the products call, by name, each written once in the C's helpers. */
    private final java.util.Map<String, String> kernels;

    KernelStoresEmitter(CWriter w, Operands r, java.util.Map<String, String> kernels) {
        this.w = w;
        this.r = r;
        this.kernels = kernels;
    }

    /**
     * Window tables folded with the chain the convolution stores into (WindowLevels), when it has one: each output
     * channel's byte from the chain's table at sum_i 2^i W_f(P_i), W from each plane's pattern's row; false when
     * they do not apply (nothing written).
     */
    boolean chained(PlaneProduct p, Conv2d c, Shape os) {
        Thresholds.Chain chain = r.storedBy(c);
        Value o = chain == null ? null : chain.sign().out();
        WindowLevels t = o == null || r.type(o).container() != 8 ? null : WindowLevels.of(p, r.params(c,
                OpParams.Mul.class), r.type(c.out()).bits(), chain);
        if (t == null) {
            return false;
        }
        String weights = r.constants().table(t.weights(), 8), outputs = r.constants().table(t.outputs(), 8);
        int vectors = p.product().vectors();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < p.activation().planes(); i++) {
            w.line("const int8_t *sd_v" + i + " = &" + weights + "[(sd_idx)((" + PlanePacking.pattern(p, "sd_q", i)
                    + ") * " + vectors + ")];");
            s.append(i == 0 ? "" : " + ").append(i == 0 ? "" : (1 << i) + " * ").append("SD_R8(sd_v").append(i)
             .append(", co)");
        }
        w.line("const int8_t *sd_lt = " + outputs + ";");
        w.line("int8_t *sd_o = (int8_t *)&" + CNames.element(o, Windows.outPixel(os)) + ";");
        w.block("for (sd_idx co = 0; co < " + vectors + "; co++, sd_lt += " + t.span() + ")", () -> w.line(
                "sd_o[co] = SD_R8(sd_lt, " + s + (t.least() < 0 ? " + " + -t.least() : " - " + t.least()) + ");"));
        return true;
    }

    /**
     * Every weight row's pairs counted and its quantize's thresholds counted in the kernel (CountedLevels), each
     * output's level number stored from {@code out} on: the weight rows with their 16-bit thresholds in flash.
     */
    void countedLevels(PlaneProduct p, CountThresholds t, String out) {
        int ka = p.activation().planes(), kb = p.weight().planes(), nb = p.planeBytes(), levels = t.at()[0].length + 1;
        AvrKernel kernel = new AvrPlanePairRows.Compared(ka, kb, nb, t.shift(), levels);
        String name = kernel.name();
        kernels.put(name, kernel.source());
        String table = r.constants().bytes(t.afterRows(BitPlaneWeights.bytes(p), kb * nb, 2));
        w.line(name + "(sd_q, " + table + ", " + p.rowsACall() + ", (uint16_t)(" + t.offset() + "), (uint8_t *)" + out
                + ");");
    }

    /**
     * Every weight row's count compared in the rows kernel, the bits written packed to the sign's row {@code row}
     * (AvrPopandRows.compared, or comparedWide in 16 bits): the weight rows with their thresholds in flash (a copy a
     * pixel class when the padding comes out of the sum), u's offset from sq.
     */
    void comparedRows(PlaneProduct p, PackedSigns.Packed packed, String plane, String row) {
        int nb = p.planeBytes(), rows = p.rowsACall();
        CountThresholds t = packed.counts();
        if (packed.lookedUp()) {
            lookUp(p, packed, plane, row);
            return;
        }
        boolean wide = packed.wide();
        AvrKernel kernel = wide ? new AvrPopandRows.ComparedWide(nb, t.shift())
                : new AvrPopandRows.Compared(nb, t.shift());
        String name = kernel.name();
        kernels.put(name, kernel.source());
        int thetaBytes = wide ? 2 : 1;
        String table = r.constants().bytes(t.afterRows(BitPlaneWeights.bytes(p), nb, thetaBytes));
        if (t.classes() > 1) { // the pixel class's rows and thresholds (PadClasses)
            table = table + " + sd_pc * " + rows * (nb + thetaBytes);
        }
        w.line(name + "(" + plane + ", " + table + ", " + rows + ", (" + (wide ? "uint16_t" : "uint8_t") + ")("
                + t.offset() + "), (uint8_t *)" + CNames.var(packed.signs()) + " + (" + row + ") * "
                + packed.rowBytes() + ");");
    }

    /** The output's packed bytes of every row looked up by the window's pattern, its plane's bytes (PackedSigns). */
    private void lookUp(PlaneProduct p, PackedSigns.Packed packed, String plane, String row) {
        int out = packed.rowBytes();
        String table = r.constants().bytes(packed.counts().patterns(BitPlaneWeights.bytes(p), p.planeBytes(),
                p.terms()));
        w.line("sd_idx pat = (sd_idx)((" + PlanePacking.pattern(p, plane, 0) + ") * " + out + ");");
        w.loop("k", out, () -> w.line("((uint8_t *)" + CNames.var(packed.signs()) + ")[(" + row + ") * " + out
                + " + k] = SD_RU8(" + table + ", pat + k);"));
    }
}
