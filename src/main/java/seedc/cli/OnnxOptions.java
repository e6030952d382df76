package seedc.cli;

import picocli.CommandLine.Option;

/** What an .onnx file does not say and a SeeDot program does: the input's range and layout, the output read. */
final class OnnxOptions {
    @Option(names = "--input-range", paramLabel = "LO,HI", defaultValue = "-1,1",
            description = "ONNX: the range the imported program declares for its input (default ${DEFAULT-VALUE};"
                    + " SeeDot's scale for the input covers it and the training data).")
    String inputRange;

    @Option(names = "--input-layout", paramLabel = "nchw|nhwc", defaultValue = "nchw",
            description = "ONNX: the order of an image input's pixels in a data row: nchw (default, the graph's own"
                    + " C order) or nhwc (channels innermost, as TensorFlow and most cameras give them).")
    String inputLayout;

    @Option(names = "--argmax",
            description = "ONNX: return the class (argmax) of the graph's output, for a classifier exported without"
                    + " an ArgMax or Softmax head (not set: the output as the graph gives it).")
    boolean argmax;

    @Option(names = "--output", paramLabel = "NAME",
            description = "ONNX: the graph output to compile, for a graph with several (default: the first).")
    String output;
}
