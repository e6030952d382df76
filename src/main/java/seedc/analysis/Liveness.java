package seedc.analysis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * When each stored value of a program holds data, over its {@link Instructions}. A value lives from
 * the instruction defining it to its last read. One read inside a loop body but defined before
 * the loop lives until the loop's last instruction (the next iteration reads it again); a loop's
 * output and accumulator, read when each iteration ends, thus live across the whole loop, and so
 * does its result. Which values are stored is the caller's to say (a backend keeps constants in
 * flash and ints in registers or statics): only those get an interval.
 */
public final class Liveness {
    private final Dataflow graph;
    private final Instructions instructions;
    private final Map<Value, Interval> live = new LinkedHashMap<>();

    private Liveness(Dataflow graph, Predicate<Value> stored, Map<Value, Op> writtenEarlier) {
        this.graph = graph;
        this.instructions = Instructions.of(graph);
        for (Op op : instructions.ops()) {
            for (Value v : Dataflow.defined(op)) {
                if (stored.test(v)) {
                    int at = instructions.at(writtenEarlier.getOrDefault(v, op));
                    live.put(v, new Interval(at, at));
                }
            }
        }
        live.replaceAll((v, r) -> lastRead(v, r));
    }

    /** @param stored the values that need bytes of their own while they live */
    public static Liveness of(Dataflow graph, Predicate<Value> stored) {
        return new Liveness(graph, stored, Map.of());
    }

    /**
     * The same with values an earlier op writes (a backend's product writing, element by element, what a chain of
     * element-wise ops after it would): each lives from that op.
     */
    public static Liveness of(Dataflow graph, Predicate<Value> stored, Map<Value, Op> writtenEarlier) {
        return new Liveness(graph, stored, writtenEarlier);
    }

    private Interval lastRead(Value v, Interval defined) {
        Interval r = defined;
        for (Dataflow.Use u : graph.uses(v)) {
            int at = instructions.at(u);
            r = r.until(at);
            for (Interval loop : instructions.loopsRepeating(r.first(), at)) {
                r = r.until(loop.last());
            }
        }
        return r;
    }

    public Dataflow graph() {
        return graph;
    }

    public Instructions instructions() {
        return instructions;
    }

    /** The stored values, in the order they are defined, with the instructions they live at. */
    public Map<Value, Interval> intervals() {
        return Collections.unmodifiableMap(live);
    }

    /** True when v is stored (it has an interval). */
    public boolean stored(Value v) {
        return live.containsKey(v);
    }

    /** The instructions v lives at; v must be stored. */
    public Interval of(Value v) {
        Interval r = live.get(v);
        if (r == null) {
            throw new IllegalArgumentException("not a stored value: " + v);
        }
        return r;
    }
}
