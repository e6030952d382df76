package seedc.codegen.verilog.graph;

import java.util.List;
import seedc.ir.Op;

/**
 * One node of the matrix dataflow graph (MAFIA section III): one op of the fixed IR with the nodes of its own
 * scope it waits for. {@code scope} is the loop whose body the node is in (null: the top level); a loop node's
 * {@code body} holds the nodes its controller runs each iteration. {@code shape} gives the planner its
 * dimensions: {@code elements} outputs, each a reduction of {@code terms} products (1 for element-wise ops).
 */
public record DataflowNode(int index, Op op, DataflowNode scope, List<DataflowNode> deps, List<DataflowNode> body,
                           int elements, int terms) {

    /** The name the design uses for the node (its value's id). */
    public String id() {
        return "n" + op.out().id();
    }

    /** The name of a scope in the design: a loop node's id, or "top" for the top level (null). */
    public static String scopeId(DataflowNode scope) {
        return scope == null ? "top" : scope.id();
    }

    /** Constants, parameters and the input: memories, not engines; always done. */
    public boolean isSource() {
        return op instanceof Op.Input || op instanceof Op.Param || op instanceof Op.Const || op instanceof Op.IntConst;
    }

    public String kind() {
        return op.getClass().getSimpleName();
    }

    /** Nodes are one per op: identity by index (the scope and body refer to each other). */
    @Override
    public boolean equals(Object o) {
        return o instanceof DataflowNode n && n.index == index;
    }

    @Override
    public int hashCode() {
        return index;
    }

    @Override
    public String toString() {
        return id() + " " + kind();
    }
}
