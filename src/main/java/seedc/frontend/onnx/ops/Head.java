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
            cx.note(node.where() + " before the ArgMax head is dropped: it does not change the largest class");
            cx.alias(node, cx.computed(node, 0));
            return;
        }
        Sym a = scores(node, cx, node.integer("axis", node.opset() < 13 ? 1 : -1));
        cx.note(node.where() + " is dropped: it does not change the largest class, and the program returns argmax");
        cx.alias(node, a);
        cx.classifier();
    }

    static void argmax(Node node, ImportContext cx) {
        if (node.integer("select_last_index", 0) != 0) {
            throw node.error("select_last_index = 1 is not supported (seedc's argmax takes the first maximum)");
        }
        cx.alias(node, scores(node, cx, node.integer("axis", 0)));
        cx.classifier();
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
