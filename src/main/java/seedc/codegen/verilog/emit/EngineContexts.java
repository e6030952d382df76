package seedc.codegen.verilog.emit;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.plan.EngineChoices;
import seedc.codegen.verilog.plan.Pipelining;
import seedc.fixed.FixedProgram;
import seedc.fixed.RealThresholds;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The {@link NodeContext} of every engine of a design: its PF, what it streams from, the engine before it in a
 * sequential schedule, and where values live (a loop's output in its accumulator's memory, a node sharing another's
 * engine in that node's memory).
 */
final class EngineContexts {
    private final FixedProgram fp;
    private final Map<DataflowNode, Integer> pf;
    private final boolean sequential;
    private final EngineChoices choices;
    private final Set<Integer> readOnly;
    private final Map<Integer, Value> aliases = new LinkedHashMap<>();
    private final Map<DataflowNode, DataflowNode> after = new HashMap<>();
    /** The quantizes compared on an exact product two ops before them (RealThresholds), by quantize. */
    private final Map<Op, RealThresholds.Chain> realThresholds;

    EngineContexts(FixedProgram fp, DataflowGraph dfg, Map<DataflowNode, Integer> pf, boolean sequential,
                   EngineChoices choices, Map<Op, RealThresholds.Chain> realThresholds) {
        this.fp = fp;
        this.realThresholds = realThresholds;
        this.pf = pf;
        this.sequential = sequential;
        this.choices = choices;
        this.readOnly = dfg.readOnlyValues();
        for (DataflowNode n : dfg.all()) {
            if (n.op() instanceof Op.Loop l) {
                aliases.put(l.out().id(), l.acc());
            }
        }
        aliases.putAll(choices.sharing().merged());
        if (sequential) {
            chain(dfg.top());
        }
    }

    /** A sequential schedule: each engine of a scope waits for the one before it. */
    private void chain(List<DataflowNode> scope) {
        DataflowNode previous = null;
        for (DataflowNode n : scope) {
            if (!n.isSource()) {
                if (previous != null) {
                    after.put(n, previous);
                }
                previous = n;
                chain(n.body());
            }
        }
    }

    /** Value ids held in another value's memory (or register), with that value. */
    Map<Integer, Value> aliases() {
        return aliases;
    }

    NodeContext context(DataflowNode n) {
        Set<DataflowNode> streamed = new HashSet<>();
        for (DataflowNode d : n.deps()) {
            if (Pipelining.streams(d, n, pf, sequential, choices)) {
                streamed.add(d);
            }
        }
        return new NodeContext(fp, n, pf.getOrDefault(n, 1), aliases, after.get(n), streamed, readOnly, choices,
                realThresholds.get(n.op()));
    }
}
