package seedc.codegen.verilog.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import seedc.backend.FpgaDivider;
import seedc.codegen.verilog.graph.DataflowNode;

/**
 * Pipelined linear-time nodes (MAFIA section IV-G). An element-wise engine writes its outputs one group of PF
 * lanes per cycle, in order, without stalls, and lane l of group q works on element q * PF + l. A consumer of the
 * same kind with the same PF and the same number of outputs reads exactly that element of its operand in its own
 * group q. So it need not wait for its producer to be done: started the cycle after the producer started, it
 * reads group q the cycle after the producer wrote it, and the two run as one pipeline whose stage register is
 * the producer's memory. A cluster of k such nodes over G groups takes about G + k cycles instead of k * G.
 * Only the dataflow schedule streams; a sequential schedule runs one engine after another by definition. Nor
 * does a producer whose output is block RAM: its consumers fetch their operands a group ahead.
 */
public final class Pipelining {
    private Pipelining() {}

    /** Whether {@code consumer} may start the cycle after {@code producer} starts, rather than after it is done. */
    public static boolean streams(DataflowNode producer, DataflowNode consumer, Map<DataflowNode, Integer> pf,
                                  boolean sequential, EngineChoices choices) {
        FpgaDivider divider = choices.divider();
        return !sequential && linearTime(producer, divider) && linearTime(consumer, divider)
                && !choices.writesBlockRam(producer)
                && producer.elements() == consumer.elements() && producer.scope() == consumer.scope()
                && pf.getOrDefault(producer, 1).equals(pf.getOrDefault(consumer, 1));
    }

    /**
     * The connected linear-time nodes of {@code n}'s scope with its number of outputs (n alone if it is not
     * linear-time): the nodes the planner gives one PF, so that they stream.
     */
    static List<DataflowNode> cluster(DataflowNode n, Collection<DataflowNode> nodes, FpgaDivider divider) {
        List<DataflowNode> members = new ArrayList<>(List.of(n));
        if (!linearTime(n, divider)) {
            return members;
        }
        Deque<DataflowNode> todo = new ArrayDeque<>(members);
        while (!todo.isEmpty()) {
            DataflowNode at = todo.pop();
            for (DataflowNode m : nodes) {
                boolean linked = m.deps().contains(at) || at.deps().contains(m);
                if (linked && !members.contains(m) && linearTime(m, divider) && m.elements() == n.elements()
                        && m.scope() == n.scope()) {
                    members.add(m);
                    todo.push(m);
                }
            }
        }
        return members;
    }

    /**
     * The nodes on emit.ElementwiseKernel: one group of outputs per cycle, lane l on element q * PF + l. Sigmoid
     * and tanh with iterative dividers take a group per quotient bit (emit.IterativeDivisionKernel).
     */
    static boolean linearTime(DataflowNode n, FpgaDivider divider) {
        return EngineForms.elementwise(n.op()) && !(divider == FpgaDivider.ITERATIVE && NodeCost.divides(n));
    }
}
