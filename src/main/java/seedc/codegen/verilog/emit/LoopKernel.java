package seedc.codegen.verilog.emit;

import java.util.stream.Collectors;
import seedc.codegen.verilog.plan.EngineForms;
import seedc.fixed.FixedType;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The controller of a loop node (MAFIA's controller iterating a sub-graph): it fills the accumulator, then for
 * each index clears its body's engines (clr), lets them run as a dataflow graph of their own (run) until every
 * one is done, and folds the body's result into the accumulator, PF elements a cycle. A loop's accumulator
 * takes the converted result (FastGRNN's h); a $-sum's adds shr(result, shift) modulo 2^W, as the interpreter
 * does.
 */
final class LoopKernel {
    private LoopKernel() {}

    static String loop(NodeContext c, Op.Loop l) {
        FixedType out = c.type(l.out());
        String fill = Verilog.conv(c.mem(l.init()) + "[X]", c.type(l.init()), out);
        String fold = Verilog.conv(result(c, l.result()), c.type(l.result()), out);
        return emit(c, "loop", l.index(), l.from(), l.to(), l.acc(), fill, fold);
    }

    static String sumLoop(NodeContext c, Op.SumLoop s) {
        int shift = c.type(s.result()).scale() - c.type(s.out()).scale(), w = c.type(s.out()).bits();
        String fold = Verilog.wrap(c.mem(s.out()) + "[X] + " + Verilog.shr(result(c, s.result()), shift), w);
        return emit(c, "$-sum", s.index(), s.from(), s.to(), s.out(), "64'sd0", fold);
    }

    /** Element X of the body's result as the fold reads it: from its fetch register when it is block RAM. */
    private static String result(NodeContext c, Value result) {
        return c.inBlockRam(result) ? FetchAhead.at(c, result) : c.mem(result) + "[X]";
    }

    /** {@code fill} and {@code fold}: element X of the accumulator before the first iteration and after each. */
    private static String emit(NodeContext c, String what, Value index, int from, int to, Value acc, String fill,
                               String fold) {
        String id = c.id(), ph = "ph_" + id, e = "e_" + id, ix = c.mem(index), clr = "clr_" + id, run = "run_" + id;
        int n = acc.size(), pf = c.pf();
        String engines = c.node().body().stream().filter(b -> !b.isSource()).map(b -> "dn_" + b.id())
                .collect(Collectors.joining(" && "));
        StringBuilder sb = new StringBuilder(c.title(what + " over [" + from + ", " + to + ") of " + n + " elements"));
        sb.append(c.handshake());
        sb.append("reg ").append(clr).append(" = 1'b0, ").append(run).append(" = 1'b0;\n");
        sb.append("reg [2:0] ").append(ph).append(" = 0;\n");
        sb.append(c.groups(n));
        sb.append("reg signed [31:0] ").append(ix).append(" = 0;\ninteger l_").append(id).append(";\n");
        sb.append(FetchAhead.registers(c, EngineForms.foldReads(c.op()).stream().filter(c::inBlockRam).toList(),
                ph + " != 3"));
        sb.append("wire body_").append(id).append(" = ").append(engines.isEmpty() ? "1'b1" : engines).append(";\n");
        String step = clr + " <= 1'b0;\n"
                + "case (" + ph + ")\n"
                + "0: begin\n" + NodeContext.indent(lanes(c, n, c.mem(acc), fill) + c.nextGroup()
                        + "if (" + e + " + " + pf + " >= " + n + ") begin\n    " + c.firstGroup() + "    "
                        + (from < to ? ph + " <= 1;" : c.doneFlag() + " <= 1'b1;") + "\nend\n", 4) + "end\n"
                + "1: begin\n    " + clr + " <= 1'b1;\n    " + run + " <= 1'b1;\n    " + ph + " <= 2;\nend\n"
                + "2: if (!" + clr + " && body_" + id + ") begin\n    " + run + " <= 1'b0;\n    " + ph + " <= 3;\nend\n"
                + "default: begin\n" + NodeContext.indent(lanes(c, n, c.mem(acc), fold) + c.nextGroup()
                        + "if (" + e + " + " + pf + " >= " + n + ") begin\n    " + c.firstGroup() + "    " + ix + " <= "
                        + ix + " + 1;\n    if (" + ix + " + 1 < " + to + ") " + ph + " <= 1; else " + c.doneFlag()
                        + " <= 1'b1;\nend\n", 4) + "end\nendcase\n";
        String init = ph + " <= 0;\n" + c.firstGroup() + ix + " <= " + from + ";\n";
        sb.append(c.process(init, step).replace("        " + c.startedFlag() + " <= 1'b0;\n", "        "
                + c.startedFlag()
                + " <= 1'b0;\n        " + run + " <= 1'b0;\n        " + clr + " <= 1'b0;\n"));
        return sb.toString();
    }

    /** Element X = e + l of {@code mem} set to {@code value} (over X) for each lane. */
    private static String lanes(NodeContext c, int n, String mem, String value) {
        String x = c.element();
        return c.forLanes("if (" + x + " < " + n + ") " + mem + "[" + x + "] <= " + value.replace("X", x) + ";\n");
    }
}
