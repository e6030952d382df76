package seedc.frontend.onnx;

import java.util.List;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import seedc.diag.Names;

/**
 * A fixed batch above one: the exporter wrote the input's first dimension as N > 1 (a model traced with a batch of
 * N examples) and the output's as the same N. seedc reads one example at a time, so the graph is imported with a
 * batch of 1. That is the same computation per example only where no operator mixes the examples: each node is
 * checked before it is converted ({@link #prepared}: axis 0 is never an operator's axis, a Reshape keeps the batch
 * first) and after ({@link #checkOutputs}: every computed tensor keeps a first dimension of 1, as it had N).
 */
final class FixedBatch {
    private final int size;
    /** The constants the file writes (initializers, Constant nodes), in the exporter's batch of N. */
    private final Set<String> literals;

    private FixedBatch(int size, Set<String> literals) {
        this.size = size;
        this.literals = literals;
    }

    /** Recurrent operators read axis 0 as time (layout 0): a first dimension above one is then the sequence. */
    private static final Set<String> RECURRENT = Set.of("RNN", "GRU", "LSTM");

    /** Operators that reduce over their "axes" (an attribute, or input 2 in later opsets); none given: all axes. */
    private static final Set<String> REDUCTIONS = Set.of("ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin",
            "ReduceProd", "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare");

    /**
     * The batch read as one example, or null: the input's first dimension {@code first} is above one, the input has
     * a rank of 2 or more, the graph declares the same first dimension for the chosen output, and no recurrent node
     * of the output reads axis 0 as its time steps (there the first dimension is the sequence, not a batch).
     */
    static FixedBatch of(GraphProto g, GraphOutput out, long first, int rank) {
        if (first <= 1 || rank < 2 || GraphOutput.declaredFirstDimension(g, out.name()) != first) {
            return null;
        }
        for (NodeProto n : out.live()) {
            if (RECURRENT.contains(n.getOpType()) && new Node(n, 0).integer("layout", 0) == 0) {
                return null;
            }
        }
        Set<String> literals = new java.util.HashSet<>();
        g.getInitializerList().forEach(t -> literals.add(t.getName()));
        out.live().stream().filter(n -> n.getOpType().equals("Constant")).forEach(n -> literals.addAll(n.getOutputList()));
        return new FixedBatch((int) first, literals);
    }

    String note(String input) {
        return "input '" + Names.display(input) + "' has a fixed batch of " + size + " (its first dimension): seedc"
                + " reads each data row as one example and computes one at a time (batch 1)";
    }

    /** The node as converted with a batch of 1; an error where it would mix the examples of the batch. */
    Node prepared(Node node, ImportContext cx) {
        if (node.inputs().isEmpty() || cx.sym(node, node.inputs().getFirst()).isConstant()) {
            return node; // constants have no batch
        }
        int rank = cx.sym(node, node.inputs().getFirst()).shape().length;
        switch (node.op()) {
            case "Softmax", "LogSoftmax", "Hardmax" -> axis(node, rank, node.integer("axis", node.opset() < 13 ? 1 : -1));
            case "Concat", "Gather", "ArgMax", "ArgMin", "Split" -> axis(node, rank, node.integer("axis", 0));
            case "Flatten" -> axis(node, rank, node.integer("axis", 1));
            case "Transpose" -> {
                int[] perm = node.ints("perm", null);
                if (rank > 1 && (perm == null || perm[0] != 0)) {
                    throw mixes(node, "moves the batch away from axis 0");
                }
            }
            case "Unsqueeze", "Squeeze" -> squeeze(node, cx, rank);
            case "Slice" -> slice(node, cx, rank);
            case "Reshape" -> {
                return reshape(node, cx);
            }
            default -> {
                if (REDUCTIONS.contains(node.op())) {
                    reduction(node, cx, rank);
                }
            }
        }
        return node;
    }

    /** Every computed output of the node keeps the batch's first dimension (of 1 here, of N in the exporter's). */
    void checkOutputs(Node node, ImportContext cx) {
        for (String name : node.proto().getOutputList()) {
            Sym s = name.isEmpty() ? null : cx.syms(name);
            if (s != null && !s.isConstant() && (s.shape().length == 0 || s.shape()[0] != 1)) {
                throw mixes(node, "its output '" + Names.display(name) + "' would have shape " + Sym.dims(s.shape())
                        + ", which does not keep the batch as its first dimension");
            }
        }
    }

    private ImportError mixes(Node node, String what) {
        return node.error(what + "; seedc reads the batch of " + size + " as one example (batch 1) and cannot where"
                + " an operator mixes the examples: export the model with a batch of 1");
    }

    private void axis(Node node, int rank, long axis) {
        if (axis == 0 || axis == -rank) {
            throw mixes(node, "its axis is 0, the batch's");
        }
    }

    /** Squeeze and Unsqueeze: axis 0 is the batch's (and a Squeeze of every size-1 axis would drop it). */
    private void squeeze(Node node, ImportContext cx, int rank) {
        double[] axes = listed(node, cx, "axes", 1);
        if (axes == null && node.op().equals("Squeeze")) {
            throw mixes(node, "squeezes every axis of size 1, which would drop the batch's");
        }
        int outRank = node.op().equals("Unsqueeze") ? rank + (axes == null ? 0 : axes.length) : rank;
        for (double a : axes == null ? new double[0] : axes) {
            axis(node, outRank, (long) a);
        }
    }

    /** Slice: axis 0 only as a whole (start 0, end at least N, step 1). */
    private void slice(Node node, ImportContext cx, int rank) {
        double[] starts = listed(node, cx, "starts", 1), ends = listed(node, cx, "ends", 2);
        double[] axes = listed(node, cx, "axes", 3), steps = node.opset() < 10 ? null : listed(node, cx, "", 4);
        if (starts == null || ends == null) {
            return; // the converter says what it needs
        }
        for (int i = 0; i < starts.length; i++) {
            long a = axes == null ? i : (long) axes[i];
            boolean whole = starts[i] == 0 && ends[i] >= size && (steps == null || steps[i] == 1);
            if ((a == 0 || a == -rank) && !whole) {
                throw mixes(node, "slices axis 0, the batch's");
            }
        }
    }

    private void reduction(Node node, ImportContext cx, int rank) {
        double[] axes = listed(node, cx, "axes", 1);
        if (axes == null && node.integer("noop_with_empty_axes", 0) == 0) {
            throw mixes(node, "reduces over every axis, the batch's too");
        }
        for (double a : axes == null ? new double[0] : axes) {
            axis(node, rank, (long) a);
        }
    }

    /**
     * Reshape: a new shape the file writes must keep the batch first: N (read as 1), 0 (copies it) or -1 where the
     * rest holds one example (checked by {@link #checkOutputs}); any other first dimension merges or splits the
     * examples. A shape computed from Shape nodes (x.view(x.size(0), -1) as PyTorch exports it) was folded from this
     * import's shapes, with the batch of 1 already.
     */
    private Node reshape(Node node, ImportContext cx) {
        if (node.inputs().size() < 2 || !literals.contains(node.inputs().get(1))
                || !cx.sym(node, node.inputs().get(1)).isConstant()) {
            return node; // the opset-1 attribute form, a computed or folded shape
        }
        double[] shape = cx.sym(node, node.inputs().get(1)).constant().clone();
        if (shape.length == 0 || shape[0] == 0 || shape[0] == -1) {
            return node;
        }
        if (shape[0] != size) {
            throw mixes(node, "its new shape's first dimension is " + (long) shape[0] + ", not the batch's "
                    + size + " (it merges or splits the examples)");
        }
        shape[0] = 1;
        String name = node.inputs().get(1) + "#batch-1"; // '#' is no ONNX tensor name seedc would meet elsewhere
        cx.define(name, Sym.constant(new int[] {shape.length}, shape));
        NodeProto proto = node.proto().toBuilder().setInput(1, name).build();
        return new Node(proto, node.opset());
    }

    /** A list attribute (opsets before its move) or constant input {@code input}; null when neither is given. */
    private static double[] listed(Node node, ImportContext cx, String attribute, int input) {
        for (var a : node.proto().getAttributeList()) { // as longs: an end of 2^63 - 1 means "to the end"
            if (!attribute.isEmpty() && a.getName().equals(attribute)) {
                return a.getType() == onnx.Onnx.AttributeProto.AttributeType.INT ? new double[] {a.getI()}
                        : a.getIntsList().stream().mapToDouble(Long::doubleValue).toArray();
            }
        }
        List<String> in = node.inputs();
        if (input < in.size() && !in.get(input).isEmpty() && cx.sym(node, in.get(input)).isConstant()) {
            return cx.sym(node, in.get(input)).constant();
        }
        return null;
    }
}
