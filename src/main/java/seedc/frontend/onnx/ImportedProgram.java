package seedc.frontend.onnx;

import java.util.List;
import java.util.Map;
import seedc.io.NpyArray;

/**
 * An ONNX graph as SeeDot: the program's text, one array per declared parameter (in its declared shape), and
 * notes for the user on what the import changed (a dropped Softmax, say).
 */
public record ImportedProgram(String source, Map<String, NpyArray> params, List<String> notes) {}
