package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.graph.Sizes;
import seedc.ir.Layouts;
import seedc.ir.Op;

/**
 * A copy of base with a sub-tensor replaced by part (a recurrence writing its step's h into Y): first base,
 * converted, PF elements a cycle; then part's elements, converted, at base + map(k), where base is computed from
 * the int offsets at run time.
 */
final class SpliceWriteKernel {
    private SpliceWriteKernel() {}

    static String emit(NodeContext c, Op.SpliceWrite sw) {
        String id = c.id(), e = "e_" + id, ph = "ph_" + id, l = "l_" + id, out = c.mem(sw.out());
        int n = sw.out().size(), parts = sw.part().size(), pf = c.pf();
        int[] map = Layouts.splice(sw.base().shape(), Layouts.fullPart(sw.base().shape(), sw.part().shape()));
        String at = GatherOps.base(c, sw.base().shape(), sw.offsets());
        String x = c.element();
        String copy = c.forLanes("if (" + x + " < " + n + ") " + out + "[" + x + "] <= " + Verilog.conv(c.mem(sw.base())
                + "[" + x + "]", c.type(sw.base()), c.type(sw.out())) + ";\n") + c.nextGroup() + "if (" + e + " + "
                + pf + " >= " + n
                + ") begin\n    " + c.firstGroup() + "    " + ph + " <= 1;\nend\n";
        String write = c.forLanes("if (" + x + " < " + parts + ") " + out + "[" + at + " + sp_" + id + "(" + x
                + ")] <= " + Verilog.conv(c.mem(sw.part()) + "[" + x + "]", c.type(sw.part()), c.type(sw.out()))
                + ";\n") + c.nextGroup() + "if (" + e
                + " + " + pf + " >= " + parts + ") " + c.doneFlag() + " <= 1'b1;\n";
        String step = "if (" + ph + " == 0) begin\n" + NodeContext.indent(copy, 4) + "end else begin\n"
                + NodeContext.indent(write, 4) + "end\n";
        return Verilog.rom("sp_" + id, Sizes.counterBits(n) + 1, map) + c.title("splice-write of " + parts + " into " + n)
                + c.handshake() + c.groups(Math.max(n, parts)) + "reg " + ph
                + " = 0;\ninteger " + l + ";\n" + c.process(c.firstGroup() + ph + " <= 0;\n", step);
    }
}
