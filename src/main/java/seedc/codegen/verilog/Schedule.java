package seedc.codegen.verilog;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cycles of a design under its schedule: with the dataflow controller a node starts the cycle after the last
 * node it waits for is done, so a scope takes its critical path; in a sequential schedule every engine also waits
 * for the one before it, so a scope takes the sum. A loop takes its controller's cycles plus its body's, once per
 * iteration.
 */
final class Schedule {
    private Schedule() {}

    static long cycles(Dfg dfg, Map<DfgNode, NodeCost.Estimate> est, boolean sequential) {
        return finish(dfg.top(), est, sequential, new HashMap<>()) + 1;
    }

    /** When each node of a scope is done, counted from the scope's start; returns the scope's last. */
    static long finish(List<DfgNode> scope, Map<DfgNode, NodeCost.Estimate> est, boolean sequential,
                       Map<DfgNode, Long> done) {
        long last = 0, previous = 0;
        for (DfgNode n : scope) {
            if (n.isSource()) {
                done.put(n, 0L);
                continue;
            }
            long start = sequential ? previous : 0;
            for (DfgNode d : n.deps()) {
                start = Math.max(start, done.getOrDefault(d, 0L));
            }
            long own = est.get(n).cycles();
            if (!n.body().isEmpty()) {
                long iterations = iterations(n);
                own += iterations * finish(n.body(), est, sequential, done);
            }
            done.put(n, start + own);
            previous = start + own;
            last = Math.max(last, start + own);
        }
        return last;
    }

    /**
     * The engines on the critical path: back from the scope's last node through the dependency (or, in a
     * sequential schedule, the engine before it) that finished last; a loop on it adds its body's critical path.
     */
    static java.util.Set<DfgNode> critical(Dfg dfg, Map<DfgNode, NodeCost.Estimate> est, boolean sequential) {
        java.util.Set<DfgNode> path = new java.util.HashSet<>();
        criticalIn(dfg.top(), est, sequential, path);
        return path;
    }

    private static void criticalIn(List<DfgNode> scope, Map<DfgNode, NodeCost.Estimate> est, boolean sequential,
                                   java.util.Set<DfgNode> path) {
        Map<DfgNode, Long> done = new HashMap<>();
        finish(scope, est, sequential, done);
        DfgNode at = null;
        for (DfgNode n : scope) {
            if (!n.isSource() && (at == null || done.get(n) >= done.get(at))) {
                at = n;
            }
        }
        while (at != null) {
            path.add(at);
            if (!at.body().isEmpty()) {
                criticalIn(at.body(), est, sequential, path);
            }
            DfgNode before = null;
            List<DfgNode> candidates = new java.util.ArrayList<>(at.deps());
            if (sequential) {
                int i = scope.indexOf(at);
                for (int j = i - 1; j >= 0; j--) {
                    if (!scope.get(j).isSource()) {
                        candidates.add(scope.get(j));
                        break;
                    }
                }
            }
            for (DfgNode d : candidates) {
                if (!d.isSource() && (before == null || done.get(d) > done.get(before))) {
                    before = d;
                }
            }
            at = before;
        }
    }

    /** How many times a node runs in one inference: the product of its enclosing loops' iterations. */
    static long runs(DfgNode n) {
        long r = 1;
        for (DfgNode s = n.scope(); s != null; s = s.scope()) {
            r *= iterations(s);
        }
        return r;
    }

    static long iterations(DfgNode loop) {
        if (loop.op() instanceof seedc.ir.Op.Loop l) {
            return l.to() - l.from();
        }
        return loop.op() instanceof seedc.ir.Op.SumLoop s ? s.to() - s.from() : 0;
    }
}
