package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;

/** Identity, and Dropout at inference (its output is its input; the mask output must be unused). */
final class PassThrough {
    private PassThrough() {}

    static void convert(Node node, ImportContext cx) {
        cx.alias(node, cx.in(node, 0));
    }
}
