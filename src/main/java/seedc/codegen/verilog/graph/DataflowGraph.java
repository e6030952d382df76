package seedc.codegen.verilog.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The matrix dataflow graph of a program (MAFIA section III): a node per op, each waiting for the nodes of its
 * scope that define what it reads. A loop (FastGRNN's time steps, ProtoNN's $-sum) is one node of its scope whose
 * controller runs its body's sub-graph once per iteration; the loop waits for every outer value its body reads.
 * A value read through a data-dependent index (Bonsai's W[node]) is a dependency like any other: the index
 * selects the slice of the ROM at run time.
 */
public record DataflowGraph(List<DataflowNode> top, List<DataflowNode> all, Value result) {

    public static DataflowGraph of(Program program) {
        Builder b = new Builder();
        List<DataflowNode> top = b.block(program.body(), null);
        return new DataflowGraph(top, List.copyOf(b.all), program.result());
    }

    /** The node defining {@code v}. */
    public DataflowNode producer(Value v) {
        for (DataflowNode n : all) {
            if (n.op().out().equals(v)) {
                return n;
            }
        }
        throw new IllegalArgumentException("no node defines " + v.name());
    }

    /** The real values in memories no engine writes: the ROMs (parameters, constants) and the input. */
    public Set<Integer> readOnlyValues() {
        Set<Integer> ids = new HashSet<>();
        for (DataflowNode n : all) {
            if (n.isSource() && !n.op().out().isInt()) {
                ids.add(n.op().out().id());
            }
        }
        return ids;
    }

    private static final class Builder {
        final List<DataflowNode> all = new ArrayList<>();
        final Map<Integer, DataflowNode> byValue = new HashMap<>();

        List<DataflowNode> block(Block block, DataflowNode scope) {
            List<DataflowNode> nodes = new ArrayList<>();
            for (Op op : block.ops()) {
                List<DataflowNode> deps = new ArrayList<>();
                for (Value v : reads(op)) {
                    DataflowNode d = byValue.get(v.id());
                    if (d != null && d.scope() == scope && !deps.contains(d)) {
                        deps.add(d);
                    }
                }
                DataflowNode n = new DataflowNode(all.size(), op, scope, List.copyOf(deps), new ArrayList<>(),
                        elements(op), terms(op));
                all.add(n);
                byValue.put(op.out().id(), n);
                nodes.add(n);
                Block body = body(op);
                if (body != null) {
                    n.body().addAll(block(body, n));
                }
            }
            return nodes;
        }

        /** What an op reads from its scope: its inputs and, for a loop, the outer values its body reads. */
        static List<Value> reads(Op op) {
            List<Value> r = new ArrayList<>(op.inputs());
            Block body = body(op);
            if (body != null) {
                Set<Integer> inside = new HashSet<>();
                Program.forEachOp(op, o -> inside.add(o.out().id()));
                if (op instanceof Op.Loop l) {
                    inside.add(l.index().id());
                    inside.add(l.acc().id());
                } else if (op instanceof Op.SumLoop s) {
                    inside.add(s.index().id());
                }
                Program.forEachOp(op, o -> o.inputs().stream().filter(v -> !inside.contains(v.id())).forEach(r::add));
            }
            return r;
        }

        static Block body(Op op) {
            if (op instanceof Op.Loop l) {
                return l.body();
            }
            return op instanceof Op.SumLoop s ? s.body() : null;
        }

        /** Outputs a node computes. */
        static int elements(Op op) {
            return op.out().isInt() ? 1 : op.out().size();
        }

        /** Products each output sums (1 for element-wise ops). */
        static int terms(Op op) {
            if (op instanceof Op.MatMul m) {
                return m.a().shape().dim(1);
            }
            if (op instanceof Op.SparseMatMul m) {
                return m.a().shape().dim(1);
            }
            if (op instanceof Op.Conv2d c) {
                var f = c.filter().shape();
                return f.dim(1) * f.dim(2) * f.dim(3);
            }
            return 1;
        }
    }
}
