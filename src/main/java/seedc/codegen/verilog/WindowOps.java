package seedc.codegen.verilog;

import java.util.ArrayList;
import java.util.List;
import seedc.codegen.verilog.ElementwiseKernel.Load;
import seedc.ir.Layouts;
import seedc.ir.Op;

/**
 * Max pooling on {@link ElementwiseKernel}: each lane reads its whole window at once (a ROM of every window's
 * cells, -1 where a window has fewer cells than the largest) and keeps the maximum; a window wholly in the
 * padding gives 0, as {@code FixedKernels.maxpool} defines.
 */
final class WindowOps {
    private WindowOps() {}

    static String maxpool(NodeContext c, Op.Maxpool m) {
        Layouts.Windows w = Layouts.maxpool(m.x().shape(), m.kh(), m.kw(), m.window(), m.out().shape());
        int outs = w.start().length - 1, cells = 0;
        for (int k = 0; k < outs; k++) {
            cells = Math.max(cells, w.start()[k + 1] - w.start()[k]);
        }
        int[] rom = new int[outs * cells];
        java.util.Arrays.fill(rom, -1);
        for (int k = 0; k < outs; k++) {
            for (int e = w.start()[k]; e < w.start()[k + 1]; e++) {
                rom[k * cells + e - w.start()[k]] = w.index()[e];
            }
        }
        String id = c.id(), x = "x_" + id, in = c.mem(m.x());
        List<Load> loads = new ArrayList<>();
        loads.add(new Load("64'sh8000000000000000"));
        for (int q = 0; q < cells; q++) {
            String cell = "wm_" + id + "(" + x + " * " + cells + " + " + q + ")";
            String best = ElementwiseKernel.temp(c, q);
            loads.add(new Load(cell + " >= 0 && " + in + "[" + cell + "] > " + best + " ? " + in + "[" + cell + "] : "
                    + best));
        }
        String best = ElementwiseKernel.temp(c, cells);
        String v = "(" + best + " == 64'sh8000000000000000 ? 64'sd0 : " + best + ")";
        return Vx.rom("wm_" + id, Vx.counterBits(m.x().size()) + 1, rom)
                + ElementwiseKernel.emit(c, "max pool of " + cells + " cells", loads, Vx.conv(v, c.t(m.x()), c.t(m.out())));
    }
}
