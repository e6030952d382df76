package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * A classification head at the graph's output: ArgMax over the classes, or a Softmax, which does not change
 * which class is largest and is dropped (with a note); either way the program returns argmax of the scores.
 */
final class Head {
    private Head() {}

    static void softmax(Node node, ImportContext cx) {
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

    /** The (1, N) scores the head reads at {@code axis}, which must be the class axis; the head ends the graph. */
    private static Sym scores(Node node, ImportContext cx, long axis) {
        if (!cx.isGraphOutput(node.output())) {
            throw node.error("is not the graph's output; seedc imports " + node.op() + " only as a classifier's"
                    + " last node");
        }
        Sym a = cx.computed(node, 0);
        int[] s = a.shape();
        if (s.length != 2 || s[0] != 1 || (axis != 1 && axis != -1)) {
            throw node.error("over axis " + axis + " of shape " + Sym.dims(s) + "; seedc takes the class of (1, N)"
                    + " scores over axis 1");
        }
        return a;
    }
}
