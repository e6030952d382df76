package seedc.codegen.verilog.emit;

import java.util.ArrayList;
import java.util.List;
import seedc.codegen.verilog.emit.ElementwiseKernel.Load;
import seedc.codegen.verilog.graph.Sizes;
import seedc.codegen.verilog.plan.EngineForms;
import seedc.ir.Layouts;
import seedc.ir.Op;

/**
 * Max pooling on {@link ElementwiseKernel}: each lane reads its whole window at once (a ROM of every window's
 * cells, -1 where a window has fewer cells than the largest) and keeps the maximum; a window wholly in the
 * padding gives 0, as {@code FixedKernels.maxpool} defines. An input in block RAM, which has one registered read
 * port, is read a cell a cycle instead ({@link WindowMaxKernel}).
 */
final class WindowOps {
    private WindowOps() {}

    static String maxpool(NodeContext c, Op.Maxpool m) {
        Layouts.Windows w = EngineForms.windows(m);
        int cells = EngineForms.windowCells(m);
        String rom = Verilog.rom("wm_" + c.id(), Sizes.counterBits(m.x().size()) + 1, cellRom(w, cells));
        if (c.inBlockRam(m.x())) {
            return rom + WindowMaxKernel.emit(c, m, cells);
        }
        String id = c.id(), x = "x_" + id, in = c.mem(m.x());
        List<Load> loads = new ArrayList<>();
        loads.add(new Load(NONE));
        for (int q = 0; q < cells; q++) {
            String cell = "wm_" + id + "(" + x + " * " + cells + " + " + q + ")";
            String best = ElementwiseKernel.temp(c, q);
            loads.add(new Load(cell + " >= 0 && " + in + "[" + cell + "] > " + best + " ? " + in + "[" + cell + "] : "
                    + best));
        }
        String best = ElementwiseKernel.temp(c, cells);
        return rom + ElementwiseKernel.emit(c, "max pool of " + cells + " cells", loads, result(c, m, best));
    }

    /** The output of a window whose maximum is {@code best}: 0 for a window wholly in the padding (none). */
    static String result(NodeContext c, Op.Maxpool m, String best) {
        String v = "(" + best + " == " + NONE + " ? 64'sd0 : " + best + ")";
        return Verilog.conv(v, c.type(m.x()), c.type(m.out()));
    }

    /** The maximum before any cell: the smallest 64-bit integer, which no cell of 32 bits or fewer is. */
    static final String NONE = "64'sh8000000000000000";

    /** Every output's window cells as input indices, {@code cells} per output, -1 past a window's own. */
    private static int[] cellRom(Layouts.Windows w, int cells) {
        int outs = w.start().length - 1;
        int[] rom = new int[outs * cells];
        java.util.Arrays.fill(rom, -1);
        for (int k = 0; k < outs; k++) {
            for (int e = w.start()[k]; e < w.start()[k + 1]; e++) {
                rom[k * cells + e - w.start()[k]] = w.index()[e];
            }
        }
        return rom;
    }
}
