package seedc.codegen.verilog;

import java.util.Map;
import java.util.stream.Collectors;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * What a kernel emitter reads about its node: the fixed types and op constants, the node's parallelism factor
 * (lanes: outputs computed at once, each with its own multiplier), and the names of the memories, registers and
 * handshake signals of the design. Every node's engine has the same handshake: it starts ({@code go}) when its
 * scope runs and the nodes it waits for are done, and raises {@code dn} when its output is written; the scope's
 * {@code clr} (the start of an inference or of a loop iteration) resets it. In a sequential schedule it also waits
 * for the engine before it in its scope ({@code after}; null: none).
 */
record NodeContext(FixedProgram fp, DfgNode node, int pf, Map<Integer, Value> aliases, DfgNode after) {

    Op op() {
        return node.op();
    }

    String id() {
        return node.id();
    }

    FixedType t(Value v) {
        return fp.type(v);
    }

    <P extends OpParams> P params(Class<P> kind) {
        return fp.params(node.op(), kind);
    }

    /** The memory (real) or register (int) holding {@code v}: a loop's output lives in its accumulator's. */
    String mem(Value v) {
        Value a = aliases.get(v.id());
        return Vx.mem(a == null ? v : a);
    }

    static String scope(DfgNode scope) {
        return scope == null ? "top" : scope.id();
    }

    String clr() {
        return "clr_" + scope(node.scope());
    }

    String run() {
        return "run_" + scope(node.scope());
    }

    String st() {
        return "st_" + id();
    }

    String dn() {
        return "dn_" + id();
    }

    /** The handshake registers and the start condition. */
    String handshake() {
        String deps = node.deps().stream().map(d -> " && dn_" + d.id()).collect(Collectors.joining())
                + (after == null || node.deps().contains(after) ? "" : " && dn_" + after.id());
        return "reg " + st() + " = 1'b0, " + dn() + " = 1'b0;\n"
                + "wire go_" + id() + " = " + run() + " && !" + clr() + " && !" + st() + deps + ";\n";
    }

    /** The engine's clocked process: {@code init} when it starts, {@code step} each cycle until it is done. */
    String process(String init, String step) {
        return "always @(posedge clk) begin\n"
                + "    if (" + clr() + ") begin\n"
                + "        " + st() + " <= 1'b0;\n        " + dn() + " <= 1'b0;\n"
                + "    end else if (go_" + id() + ") begin\n"
                + "        " + st() + " <= 1'b1;\n" + indent(init, 8)
                + "    end else if (" + st() + " && !" + dn() + ") begin\n" + indent(step, 8)
                + "    end\nend\n";
    }

    static String indent(String code, int spaces) {
        if (code.isEmpty()) {
            return "";
        }
        String pad = " ".repeat(spaces);
        return code.lines().map(l -> l.isEmpty() ? l : pad + l).collect(Collectors.joining("\n", "", "\n"));
    }

    /** {@code body} once per lane l_N = 0 .. PF - 1 (an unrolled loop: the lanes' hardware side by side). */
    String forLanes(String body) {
        String l = "l_" + id();
        return "for (" + l + " = 0; " + l + " < " + pf + "; " + l + " = " + l + " + 1) begin\n" + indent(body, 4)
                + "end\n";
    }

    /** {@code body} for each lane whose output x_N = e_N + l_N exists (is below {@code n}). */
    String forOutputs(int n, String body) {
        String x = "x_" + id();
        return forLanes(x + " = e_" + id() + " + l_" + id() + ";\nif (" + x + " < " + n + ") begin\n"
                + indent(body, 4) + "end\n");
    }

    /** A comment line naming the node for the reader of the design. */
    String title(String what) {
        return "// " + id() + " = " + node.op().out().name() + ": " + what + ", PF " + pf + "\n";
    }
}
