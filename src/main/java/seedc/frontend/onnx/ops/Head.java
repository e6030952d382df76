package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * A classification head at the graph's output: ArgMax over the classes, or a Softmax or LogSoftmax, which do not
 * change which class is largest and are dropped (with a note); either way the program returns argmax of the
 * scores. A Softmax or LogSoftmax whose one reader is the ArgMax head is dropped as well. The scores may have any
 * shape whose dims other than the class axis are 1 ((N), (1, N), (1, N, 1, 1) ...): their elements are then the
 * classes in order. Before opset 13 a Softmax or LogSoftmax coerces its input to 2-D, (dims before the axis,
 * dims from it on), and normalises each row: with the dims before the axis all 1 that is one row of every
 * element, whose argmax is the graph's class even when several dims are above 1, if the scores are in ONNX's
 * order (not an image kept NHWC).
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
        long axis = node.integer("axis", node.opset() < 13 ? 1 : -1);
        Opsets.nonNegativeBefore11(node, "axis", axis);
        Sym a = scores(node, cx, axis, node.opset() < 13);
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
        // keepdims shapes the output, not the class
        cx.alias(node, scores(node, cx, node.integer("axis", 0), false));
        cx.classifier();
    }

    /**
     * The scores the head reads at {@code axis}, which must be their only dim above 1 (or the last, when every dim
     * is 1); the head ends the graph. {@code coerced}: a Softmax or LogSoftmax before opset 13, whose one row may
     * also be every element in ONNX's order (the dims before the axis all 1, and the scores not an NHWC image).
     */
    private static Sym scores(Node node, ImportContext cx, long axis, boolean coerced) {
        if (!cx.isGraphOutput(node.output())) {
            throw node.error("is not the graph's output; seedc imports " + node.op() + " only as a classifier's"
                    + " last node");
        }
        Sym a = cx.computed(node, 0);
        int[] s = a.shape();
        long at = axis < 0 ? axis + s.length : axis;
        int k = at >= 0 && at < s.length ? (int) at : -1;
        boolean classes = k >= 0, oneRow = k >= 0 && coerced && !a.nhwc();
        for (int d = 0; d < s.length; d++) {
            classes &= d == k || s[d] == 1;
            oneRow &= d >= k || s[d] == 1;
        }
        if (!classes && !oneRow) {
            throw node.error("over axis " + axis + " of shape " + Sym.dims(s) + "; seedc takes the class of one"
                    + " example's scores, the only axis above 1" + (coerced ? " (or, before opset 13, every"
                    + " element of a tensor whose dims before the axis are 1)" : ""));
        }
        return a;
    }
}
