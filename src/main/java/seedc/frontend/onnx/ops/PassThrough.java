package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Identity, and Dropout at inference, whose output is its input. Dropout's versions say when that is: before
 * opset 7 only with is_test = 1 (0, the default, drops at random); 7 to 11 always at inference (ratio scales in
 * training only); from 12 on unless the training_mode input is true. The mask output must be unread.
 */
final class PassThrough {
    private PassThrough() {}

    static void convert(Node node, ImportContext cx) {
        cx.alias(node, cx.in(node, 0));
    }

    static void dropout(Node node, ImportContext cx) {
        if (node.opset() < 7 && node.integer("is_test", 0) == 0) {
            throw node.error("is_test = 0 (training: it drops elements at random) in opset " + node.opset()
                    + "; seedc imports inference graphs (is_test = 1)");
        }
        if (node.opset() < 12) {
            Reshape.onlyInputs(node, 1, "ratio");
        } else if (node.inputs().size() > 2 && !node.inputs().get(2).isEmpty()) {
            Sym training = cx.constant(node, 2, "training_mode");
            if (training.size() != 1 || training.constant()[0] != 0) {
                throw node.error("training_mode is true (it drops elements at random); seedc imports inference"
                        + " graphs");
            }
        }
        if (node.proto().getOutputCount() > 1 && !node.proto().getOutput(1).isEmpty()
                && cx.isRead(node.proto().getOutput(1))) {
            throw node.error("its mask output is read; seedc imports Dropout as the identity, without a mask");
        }
        convert(node, cx);
    }
}
