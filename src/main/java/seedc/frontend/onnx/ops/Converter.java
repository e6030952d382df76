package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;

/** Turns one ONNX node into SeeDot: reads its inputs from the context and binds its output there. */
@FunctionalInterface
public interface Converter {
    void convert(Node node, ImportContext cx);
}
