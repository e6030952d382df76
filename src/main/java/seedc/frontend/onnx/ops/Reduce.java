package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * ReduceSum, ReduceMean, ReduceMax and ReduceMin over any axes, keepdims or not, and GlobalMaxPool (ReduceMax over
 * an image's spatial axes, kept). The axes are an attribute until opset 12 for ReduceSum and 17 for the others,
 * then an optional constant input, with noop_with_empty_axes (no axes: every axis, or the input unchanged).
 * The input is read as an (R, K) matrix, the R reduced elements outermost ({@code reshape} with that loop order):
 * a sum or mean is the (1, R) row of ones or of 1/R times it, as GlobalAveragePool is (so ReduceMean over an
 * image's H and W is that pool); a maximum is SeeDot's maxpool over the same elements laid out as a (1, R, 1, K)
 * image with an R x 1 window, and a minimum the negated maximum of the negated input: exact in fixed point too.
 */
final class Reduce {
    private Reduce() {}

    private enum Kind { SUM, MEAN, MAX, MIN }

    static void sum(Node node, ImportContext cx) {
        convert(node, cx, Kind.SUM, 13);
    }

    static void mean(Node node, ImportContext cx) {
        convert(node, cx, Kind.MEAN, 18);
    }

    static void max(Node node, ImportContext cx) {
        convert(node, cx, Kind.MAX, 18);
    }

    static void min(Node node, ImportContext cx) {
        convert(node, cx, Kind.MIN, 18);
    }

    /** GlobalMaxPool: the maximum over every axis after the channels, kept as dims of 1. */
    static void globalMax(Node node, ImportContext cx) {
        Sym x = cx.computed(node, 0);
        int rank = x.shape().length;
        if (rank < 3) {
            throw node.error("pools a tensor of shape " + Sym.dims(x.shape()) + "; ONNX's has a batch, channels and"
                    + " at least one spatial axis");
        }
        boolean[] reduced = new boolean[rank];
        java.util.Arrays.fill(reduced, 2, rank, true);
        reduce(node, cx, x, reduced, true, Kind.MAX);
    }

    private static void convert(Node node, ImportContext cx, Kind kind, int inputSince) {
        Sym x = cx.computed(node, 0);
        int rank = x.shape().length;
        long[] axes = Operands.list(node, cx, "axes", 1, inputSince);
        boolean noop = node.opset() >= inputSince && node.integer("noop_with_empty_axes", 0) != 0;
        if (axes == null || axes.length == 0) {
            if (noop) {
                cx.alias(node, x);
                return;
            }
            axes = Operands.all(rank);
        }
        boolean[] reduced = new boolean[rank];
        for (int a : Operands.axes(node, axes, rank)) {
            reduced[a] = true;
        }
        reduce(node, cx, x, reduced, node.integer("keepdims", 1) != 0, kind);
    }

    private static void reduce(Node node, ImportContext cx, Sym x, boolean[] reduced, boolean keep, Kind kind) {
        int rank = x.shape().length, r = 1, k = 1;
        java.util.List<Integer> outDims = new java.util.ArrayList<>();
        StringBuilder order = new StringBuilder("(");
        StringBuilder keptOrder = new StringBuilder();
        for (int a = 0; a < rank; a++) {
            // the stored axes ONNX axis a spans: a signal's L is the height of 1 and the length
            String stored = java.util.Arrays.stream(x.spans(a)).mapToObj(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(", "));
            if (reduced[a]) {
                r *= x.shape()[a];
                order.append(order.length() > 1 ? ", " : "").append(stored);
                if (keep) {
                    outDims.add(1);
                }
            } else {
                k *= x.shape()[a];
                keptOrder.append(", ").append(stored);
                outDims.add(x.shape()[a]);
            }
        }
        if (outDims.isEmpty()) {
            throw node.error("reduces every axis to a scalar (keepdims = 0); seedc's tensors have at least one"
                    + " dimension: keep the dims (keepdims = 1)");
        }
        order.append(keptOrder).append(')');
        int[] out = outDims.stream().mapToInt(Integer::intValue).toArray();
        String reduce = switch (kind) {
            case SUM, MEAN -> {
                double[] row = new double[r];
                java.util.Arrays.fill(row, kind == Kind.SUM ? 1 : 1.0 / r);
                String name = cx.param(node.output() + (kind == Kind.SUM ? "_ones" : "_mean"), new int[] {1, r}, row);
                yield name + " * reshape(" + x.expr() + ", (" + r + ", " + k + "), " + order + ")";
            }
            case MAX, MIN -> {
                String sign = kind == Kind.MIN ? "-" : "";
                yield sign + "maxpool(" + sign + "reshape(" + x.expr() + ", (1, " + r + ", 1, " + k + "), " + order
                        + "), {k " + r + " 1}, {p 0 0 0 0}, {s 1 1})";
            }
        };
        cx.let(node, "reshape(" + reduce + ", " + Sym.dims(out) + ", " + Flatten.axes(kind == Kind.SUM
                || kind == Kind.MEAN ? 2 : 4) + ")", out, false);
    }
}
