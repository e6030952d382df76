package seedc.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The instructions of a program as a static RAM plan counts them: its ops in program order, a loop
 * op before its body, then one instruction returning the result. A loop spans from its own
 * instruction to the last of its body; the generated code runs the body once per iteration.
 */
public final class Instructions {
    private final List<Op> ops = new ArrayList<>();
    private final Map<Op, Integer> index = new IdentityHashMap<>();
    private final Map<Op, Interval> loops = new IdentityHashMap<>();
    private final List<Interval> spans = new ArrayList<>(); // the loops', outer before inner
    private final List<String> labels = new ArrayList<>();

    private Instructions(Dataflow graph) {
        number(graph, graph.top());
        labels.add("return " + graph.program().result().name());
        for (Op op : ops) {
            if (loops.containsKey(op)) {
                spans.add(loops.get(op));
            }
        }
    }

    public static Instructions of(Dataflow graph) {
        return new Instructions(graph);
    }

    private void number(Dataflow graph, Dataflow.Region region) {
        for (Op op : region.ops()) {
            int i = ops.size();
            index.put(op, i);
            ops.add(op);
            labels.add(op.out().name() + " = " + op.getClass().getSimpleName()
                    + op.inputs().stream().map(Value::name).collect(Collectors.joining(", ", "(", ")")));
            Dataflow.Region body = graph.bodyRegion(op);
            if (body != null) {
                number(graph, body);
                loops.put(op, new Interval(i, ops.size() - 1));
            }
        }
    }

    /** Every op in instruction order. */
    public List<Op> ops() {
        return Collections.unmodifiableList(ops);
    }

    /** The instruction of op. */
    public int at(Op op) {
        Integer i = index.get(op);
        if (i == null) {
            throw new IllegalArgumentException("not an op of this program: " + op.out());
        }
        return i;
    }

    /** The op instruction {@code at} runs; the last ({@link #returnAt}) returns the result and runs none. */
    public Op opAt(int at) {
        if (at == returnAt()) {
            throw new IllegalArgumentException("instruction " + at + " returns the result: it runs no op");
        }
        return ops.get(at);
    }

    /** The last instruction, which returns the program's result. */
    public int returnAt() {
        return ops.size();
    }

    /** How many instructions there are, the return included. */
    public int count() {
        return ops.size() + 1;
    }

    /** The last instruction of a loop's body (the loop's own for an empty body); op's own for any other op. */
    public int end(Op op) {
        Interval l = loops.get(op);
        return l != null ? l.last() : at(op);
    }

    /** The instruction at which {@code use} reads its value. */
    public int at(Dataflow.Use use) {
        return switch (use.site()) {
            case OPERAND -> at(use.op());
            case LOOP_END -> end(use.op());
            case RETURN -> returnAt();
        };
    }

    /**
     * The loops that run instruction {@code at} again after a value defined at {@code def} (at or
     * before the loop's own instruction): the next iteration reads that value again, so it must
     * live until the loop's last instruction. Outer loops first; empty when {@code at} is in no such loop.
     */
    public List<Interval> loopsRepeating(int def, int at) {
        List<Interval> out = new ArrayList<>();
        for (Interval l : spans) {
            if (l.first() < at && at <= l.last() && def <= l.first()) {
                out.add(l);
            }
        }
        return out;
    }

    /** One line of IR text per instruction ({@code out = Op(inputs)}, {@code return result}). */
    public List<String> labels() {
        return Collections.unmodifiableList(labels);
    }
}
