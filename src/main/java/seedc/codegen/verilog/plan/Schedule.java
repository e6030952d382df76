package seedc.codegen.verilog.plan;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;

/**
 * The cycles of a design under its schedule: with the dataflow controller a node starts the cycle after the last
 * node it waits for is done, or, when it streams from that node ({@link Pipelining}), the cycle after that node
 * started; so a scope takes its critical path. In a sequential schedule every engine also waits for the one before
 * it, so a scope takes the sum. A loop takes its controller's cycles plus its body's, once per iteration.
 */
public final class Schedule {
    private final Map<DataflowNode, NodeCost.Estimate> est;
    private final Map<DataflowNode, Integer> pf;
    private final boolean sequential;
    private final EngineChoices choices;
    /** When each node starts and is done, counted from its scope's start. */
    private final Map<DataflowNode, Long> start = new HashMap<>(), done = new HashMap<>();

    private Schedule(Map<DataflowNode, NodeCost.Estimate> est, Map<DataflowNode, Integer> pf, boolean sequential,
                     EngineChoices choices) {
        this.est = est;
        this.pf = pf;
        this.sequential = sequential;
        this.choices = choices;
    }

    static long cycles(DataflowGraph dfg, Map<DataflowNode, NodeCost.Estimate> est, Map<DataflowNode, Integer> pf,
                       boolean sequential, EngineChoices choices) {
        return new Schedule(est, pf, sequential, choices).finish(dfg.top()) + 1;
    }

    /** Times every node of a scope; returns when the scope's last is done. */
    private long finish(List<DataflowNode> scope) {
        long last = 0;
        DataflowNode previous = null;
        for (DataflowNode n : scope) {
            if (n.isSource()) {
                start.put(n, 0L);
                done.put(n, 0L);
                continue;
            }
            long begin = sequential && previous != null ? done.get(previous) : 0;
            for (DataflowNode d : n.deps()) {
                begin = Math.max(begin, ready(d, n));
            }
            long own = est.get(n).cycles();
            if (!n.body().isEmpty()) {
                own += iterations(n) * finish(n.body());
            }
            start.put(n, begin);
            done.put(n, begin + own);
            previous = n;
            last = Math.max(last, begin + own);
        }
        return last;
    }

    /** When {@code consumer} may start as far as {@code producer} is concerned. */
    private long ready(DataflowNode producer, DataflowNode consumer) {
        return Pipelining.streams(producer, consumer, pf, sequential, choices) ? start.get(producer) + 1
                : done.get(producer);
    }

    /**
     * The engines on the critical path: back from the scope's last node through what it waited for last (a
     * dependency, or in a sequential schedule the engine before it); a loop on it adds its body's critical path.
     */
    static Set<DataflowNode> critical(DataflowGraph dfg, Map<DataflowNode, NodeCost.Estimate> est,
                                      Map<DataflowNode, Integer> pf, boolean sequential, EngineChoices choices) {
        Set<DataflowNode> path = new HashSet<>();
        new Schedule(est, pf, sequential, choices).criticalIn(dfg.top(), path);
        return path;
    }

    private void criticalIn(List<DataflowNode> scope, Set<DataflowNode> path) {
        finish(scope);
        DataflowNode at = null;
        for (DataflowNode n : scope) {
            if (!n.isSource() && (at == null || done.get(n) >= done.get(at))) {
                at = n;
            }
        }
        while (at != null) {
            path.add(at);
            if (!at.body().isEmpty()) {
                criticalIn(at.body(), path);
            }
            DataflowNode before = null;
            long latest = -1;
            for (DataflowNode d : at.deps()) {
                if (!d.isSource() && ready(d, at) > latest) {
                    latest = ready(d, at);
                    before = d;
                }
            }
            DataflowNode previous = sequential ? previousEngine(scope, at) : null;
            if (previous != null && done.get(previous) > latest) {
                before = previous;
            }
            at = before;
        }
    }

    private static DataflowNode previousEngine(List<DataflowNode> scope, DataflowNode n) {
        for (int j = scope.indexOf(n) - 1; j >= 0; j--) {
            if (!scope.get(j).isSource()) {
                return scope.get(j);
            }
        }
        return null;
    }

    /** How many times a node runs in one inference: the product of its enclosing loops' iterations. */
    static long runs(DataflowNode n) {
        long r = 1;
        for (DataflowNode s = n.scope(); s != null; s = s.scope()) {
            r *= iterations(s);
        }
        return r;
    }

    static long iterations(DataflowNode loop) {
        if (loop.op() instanceof seedc.ir.Op.Loop l) {
            return l.to() - l.from();
        }
        return loop.op() instanceof seedc.ir.Op.SumLoop s ? s.to() - s.from() : 0;
    }
}
