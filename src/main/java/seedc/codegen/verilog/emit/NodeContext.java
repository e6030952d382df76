package seedc.codegen.verilog.emit;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.graph.Sizes;
import seedc.codegen.verilog.plan.EngineChoices;
import seedc.codegen.verilog.plan.EngineSharing;
import seedc.codegen.verilog.plan.LogicMultipliers;
import seedc.codegen.verilog.plan.Pipelining;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.fixed.RealThresholds;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * What a kernel emitter reads about its node: the fixed types and op constants, the node's parallelism factor
 * (lanes: outputs computed at once, each with its own multiplier), and the names of the memories, registers and
 * handshake signals of the design. Every node's engine has the same handshake: it starts ({@code go}) when its
 * scope runs and the nodes it waits for are done, and raises {@code dn} when its output is written; the scope's
 * {@code clr} (the start of an inference or of a loop iteration) resets it. In a sequential schedule it also waits
 * for the engine before it in its scope ({@code after}; null: none). From a producer it streams from
 * ({@link Pipelining}) it waits only for the producer's start. Sigmoid and tanh divide, and memories are block
 * RAM, as {@code choices} say.
 */
record NodeContext(FixedProgram fp, DataflowNode node, int pf, Map<Integer, Value> aliases, DataflowNode after,
                   Set<DataflowNode> streamed, Set<Integer> readOnlyValues, EngineChoices choices,
                   RealThresholds.Chain realThresholds) {

    Op op() {
        return node.op();
    }

    String id() {
        return node.id();
    }

    FixedType type(Value v) {
        return fp.type(v);
    }

    /** Whether {@code v} lives in a memory no engine writes: a ROM (parameter, constant) or the input. */
    boolean readOnly(Value v) {
        return readOnlyValues.contains(v.id());
    }

    /** Whether {@code v}'s memory is block RAM, which every engine reads through a register. */
    boolean inBlockRam(Value v) {
        return choices.inBlockRam(v);
    }

    /**
     * Whether a sum of products or a gather reads {@code v} through a register: a memory no engine writes (so
     * that synthesis may map it to block RAM) or one in block RAM.
     */
    boolean registered(Value v) {
        return readOnly(v) || inBlockRam(v);
    }

    /**
     * The lane's product of two operands (expressions of the multiplier's operand widths): {@code a * b}, a DSP
     * block, or a call of the node's shift-and-add function when it multiplies in logic.
     */
    String product(String a, String b) {
        return choices.multipliesInLogic(node) ? "lm_" + id() + "(" + a + ", " + b + ")" : a + " * " + b;
    }

    /** The node's shift-and-add multiplier function, when it multiplies in logic (else nothing). */
    String productFunction() {
        return choices.multipliesInLogic(node)
                ? Verilog.shiftAndAddMultiplier("lm_" + id(), LogicMultipliers.operandBits(fp, node.op())) : "";
    }

    seedc.backend.FpgaDivider divider() {
        return choices.divider();
    }

    <P extends OpParams> P params(Class<P> kind) {
        return fp.params(node.op(), kind);
    }

    /** The memory (real) or register (int) holding {@code v}: a loop's output lives in its accumulator's. */
    String mem(Value v) {
        Value a = aliases.get(v.id());
        return Verilog.mem(a == null ? v : a);
    }

    String clr() {
        return "clr_" + DataflowNode.scopeId(node.scope());
    }

    String run() {
        return "run_" + DataflowNode.scopeId(node.scope());
    }

    /**
     * The engine's started flag. An engine several nodes share ({@link EngineSharing}) has its own flags, apart
     * from each node's ({@link SharedEngines}).
     */
    String startedFlag() {
        return (sharedEngine() ? "est_" : "st_") + id();
    }

    /** The engine's done flag. */
    String doneFlag() {
        return (sharedEngine() ? "edn_" : "dn_") + id();
    }

    /** The engine's start. */
    String startWire() {
        return (sharedEngine() ? "ego_" : "go_") + id();
    }

    /** Whether this is the engine of a group of nodes (the group's representative). */
    private boolean sharedEngine() {
        return choices.sharing().representsOthers(node);
    }

    /**
     * When the node may start: its scope runs, it has not started and what it waits for is done (or, for a
     * producer it streams from, started).
     */
    String startCondition() {
        String deps = node.deps().stream().map(d -> (streamed.contains(d) ? " && st_" : " && dn_") + d.id())
                .collect(Collectors.joining())
                + (after == null || node.deps().contains(after) ? "" : " && dn_" + after.id());
        return run() + " && !" + clr() + " && !st_" + id() + deps;
    }

    /** The handshake registers and the start condition (a shared engine's are its group's: SharedEngines). */
    String handshake() {
        if (sharedEngine()) {
            return "";
        }
        return "reg " + startedFlag() + " = 1'b0, " + doneFlag() + " = 1'b0;\n" + "wire " + startWire() + " = "
                + startCondition() + ";\n";
    }

    /**
     * The engine's clocked process: {@code init} when it starts, {@code step} each cycle until it is done. A shared
     * engine starts again for the next node of its group, so it also clears its done flag.
     */
    String process(String init, String step) {
        return "always @(posedge clk) begin\n"
                + "    if (" + clr() + ") begin\n"
                + "        " + startedFlag() + " <= 1'b0;\n        " + doneFlag() + " <= 1'b0;\n"
                + "    end else if (" + startWire() + ") begin\n"
                + "        " + startedFlag() + " <= 1'b1;\n" + (sharedEngine() ? "        " + doneFlag()
                + " <= 1'b0;\n" : "")
                + indent(init, 8)
                + "    end else if (" + startedFlag() + " && !" + doneFlag() + ") begin\n" + indent(step, 8)
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
        return forLanes(x + " = " + element() + ";\nif (" + x + " < " + n + ") begin\n" + indent(body, 4) + "end\n");
    }

    /**
     * The element lane l_N works on, e_N + l_N. When PF is a power of two (the planners' PFs but SeeDot's sparse
     * products at 10) it is written e_N | l_N: e_N is a multiple of PF (its low bits are constant zeros), so once
     * the lane loop is unrolled the address's low bits are the lane's constant. Synthesis then gives each lane a
     * read port over its own words only (words = l mod PF) and each word one writer, instead of a crossbar between
     * every lane and every word.
     */
    String element() {
        return "(e_" + id() + (powerOfTwo() ? " | " : " + ") + "l_" + id() + ")";
    }

    /**
     * The element lane l_N worked on in the previous group, e_N - PF + l_N (written so that, for a power-of-two PF,
     * its low bits are the lane's constant, as {@link #element} is).
     */
    String previousElement() {
        int s = Integer.numberOfTrailingZeros(pf);
        String q = "(q_" + id() + " - 1'b1)";
        if (!powerOfTwo()) {
            return "(" + q + " * " + pf + " + l_" + id() + ")";
        }
        return s == 0 ? q : "({" + q + ", " + s + "'b0} | l_" + id() + ")";
    }

    private boolean powerOfTwo() {
        return Integer.bitCount(pf) == 1;
    }

    /**
     * The group counter q_N (outputs e_N = q_N * PF onwards are in flight) and e_N itself, for {@code n} outputs:
     * for a power-of-two PF a wire whose low log2(PF) bits are zeros.
     */
    String groups(int n) {
        int xb = Sizes.counterBits(n + pf), s = Integer.numberOfTrailingZeros(pf);
        String q = "q_" + id();
        if (!powerOfTwo()) {
            return "reg [" + (xb - 1) + ":0] " + q + " = 0;\nwire [" + (xb - 1) + ":0] e_" + id() + " = " + q + " * "
                    + pf + ";\n";
        }
        return "reg [" + (xb - s - 1) + ":0] " + q + " = 0;\n"
                + "wire [" + (xb - 1) + ":0] e_" + id() + " = " + (s == 0 ? q : "{" + q + ", " + s + "'b0}") + ";\n";
    }

    /** Bits of the element counters e_N and x_N: they reach the node's outputs plus PF. */
    int xBits() {
        return Sizes.counterBits(node.elements() + pf);
    }

    /** x_N / n at x_N's width ({@link Verilog#div}). */
    String xDiv(int n) {
        return Verilog.div("x_" + id(), xBits(), n);
    }

    /** x_N mod n at x_N's width. */
    String xMod(int n) {
        return Verilog.mod("x_" + id(), xBits(), n);
    }

    /** The next group of PF outputs. */
    String nextGroup() {
        return "q_" + id() + " <= q_" + id() + " + 1;\n";
    }

    /** Back to the first group. */
    String firstGroup() {
        return "q_" + id() + " <= 0;\n";
    }

    /** A comment line naming the node for the reader of the design. */
    String title(String what) {
        return "// " + id() + " = " + node.op().out().name() + ": " + what + ", PF " + pf + "\n";
    }
}
