package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * A classification head at the graph's output: ArgMax over the classes, or a Softmax, which does not change
 * which class is largest and is dropped (with a note); either way the program returns argmax of the scores.
 * A Softmax whose one reader is the ArgMax head is dropped as well. The scores may have any shape whose dims
 * other than the class axis are 1 ((N), (1, N), (1, N, 1, 1) ...): their elements are then the classes in order.
 */
final class Head {
    private Head() {}

    static void softmax(Node node, ImportContext cx) {
        if (cx.onlyReader(node.output(), "ArgMax")) {
            Sym x = cx.computed(node, 0);
            normalizesTheClasses(node, x);
            cx.note(node.where() + " before the ArgMax head is dropped: it does not change the largest class");
            cx.alias(node, x);
            return;
        }
        Sym a = node.opset() < 13 ? coerced(node, cx) : scores(node, cx, node.integer("axis", -1));
        cx.note(node.where() + " is dropped: it does not change the largest class, and the program returns argmax");
        cx.alias(node, a);
        cx.classifier();
    }

    /**
     * A Softmax is dropped before the ArgMax head only if it normalizes the classes together: over its axis from
     * opset 13 on, over the dims from its axis on (the input read as a matrix) before. The head's scores have one
     * dim above 1, the classes; a Softmax over dims of 1 only would make every score 1, not keep their order.
     */
    private static void normalizesTheClasses(Node node, Sym x) {
        int[] s = x.shape();
        long axis = node.integer("axis", node.opset() < 13 ? 1 : -1);
        Opsets.nonNegativeBefore11(node, "axis", axis);
        long at = axis < 0 ? axis + s.length : axis;
        if (at < 0 || at >= s.length) {
            throw node.error("axis " + axis + " is outside rank " + s.length);
        }
        long group = 1;
        for (int d = (int) at; d < (node.opset() < 13 ? s.length : at + 1); d++) {
            group *= s[d];
        }
        if (group == 1 && x.size() > 1) {
            throw node.error("normalizes over axis " + axis + " of shape " + Sym.dims(s) + ", groups of one element"
                    + " (each becomes 1); the ArgMax after it would not see the scores' order");
        }
    }

    static void argmax(Node node, ImportContext cx) {
        if (node.integer("select_last_index", 0) != 0) {
            throw node.error("select_last_index = 1 is not supported (seedc's argmax takes the first maximum)");
        }
        Opsets.nonNegativeBefore11(node, "axis", node.integer("axis", 0));
        cx.alias(node, scores(node, cx, node.integer("axis", 0))); // keepdims shapes the output, not the class
        cx.classifier();
    }

    /**
     * Before opset 13 Softmax reads its input as a matrix: the dims before {@code axis} (default 1) are its rows,
     * the dims from there on, flattened, its columns, each row normalized. The class is then the largest of all
     * columns, in ONNX's order (the front end reads an image's output in NCHW order), when there is one row.
     */
    private static Sym coerced(Node node, ImportContext cx) {
        long axis = node.integer("axis", 1);
        Opsets.nonNegativeBefore11(node, "axis", axis);
        if (!cx.isGraphOutput(node.output())) {
            throw node.error("is not the graph's output; seedc imports Softmax only as a classifier's last node");
        }
        Sym a = cx.computed(node, 0);
        int[] s = a.shape();
        long at = axis < 0 ? axis + s.length : axis;
        long rows = 1;
        for (int d = 0; d < at && d < s.length; d++) {
            rows *= s[d];
        }
        if (at < 0 || at >= s.length || rows != 1) {
            throw node.error("over axis " + axis + " of shape " + Sym.dims(s) + " (in opset " + node.opset()
                    + " the dims from the axis on, flattened, are each row's classes); seedc takes the class of one"
                    + " row");
        }
        return a;
    }

    /**
     * The scores the head reads at {@code axis}, which must be their only dim above 1 (or the last, when every dim
     * is 1); the head ends the graph.
     */
    private static Sym scores(Node node, ImportContext cx, long axis) {
        if (!cx.isGraphOutput(node.output())) {
            throw node.error("is not the graph's output; seedc imports " + node.op() + " only as a classifier's"
                    + " last node");
        }
        Sym a = cx.computed(node, 0);
        int[] s = a.shape();
        long at = axis < 0 ? axis + s.length : axis;
        int k = at >= 0 && at < s.length ? (int) at : -1;
        boolean classes = k >= 0 && k < s.length;
        for (int d = 0; d < s.length && classes; d++) {
            classes = d == k || s[d] == 1;
        }
        if (!classes) {
            throw node.error("over axis " + axis + " of shape " + Sym.dims(s) + "; seedc takes the class of one"
                    + " example's scores, the only axis above 1");
        }
        return a;
    }
}
