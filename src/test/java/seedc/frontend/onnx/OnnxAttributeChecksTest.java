package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static seedc.frontend.onnx.Graphs.concat;
import static seedc.frontend.onnx.Graphs.floats;
import static seedc.frontend.onnx.Graphs.graph;
import static seedc.frontend.onnx.Graphs.int64;
import static seedc.frontend.onnx.Graphs.ints;
import static seedc.frontend.onnx.Graphs.model;
import static seedc.frontend.onnx.Graphs.node;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import seedc.cli.Main;

/**
 * Attribute values outside what an operator allows, and tensor names given twice, are refused at the node by
 * {@code seedc check model.onnx}: one message naming the file, the node, its operator and opset and the attribute,
 * exit 1, nothing on stdout and no stack trace, within seconds. Each hostile graph is built here.
 */
@Timeout(60)
class OnnxAttributeChecksTest {
    @TempDir
    Path dir;

    /** x (1, 1, 4, 4) through a Conv by a (1, 1, kh, kw) filter of ones. */
    private GraphProto conv(int kh, int kw, AttributeProto... attrs) {
        float[] w = new float[kh * kw];
        java.util.Arrays.fill(w, 1);
        return graph("x", new long[] {1, 1, 4, 4}, "y", List.of(node("Conv", "c", List.of("x", "w"), "y", attrs)),
                List.of(floats("w", w, 1, 1, kh, kw)));
    }

    private GraphProto pool(String op, AttributeProto... attrs) {
        return graph("x", new long[] {1, 1, 4, 4}, "y", List.of(node(op, "p", List.of("x"), "y", attrs)), List.of());
    }

    @Test
    void convWindows() throws IOException {
        refused(conv(2, 2, ints("strides", 0, 0)),
                "node 'c' (Conv, opset 13): strides = [0, 0]: each must be at least 1");
        refused(conv(2, 2, ints("pads", -1, 0, 0, 0)),
                "node 'c' (Conv, opset 13): pads = [-1, 0, 0, 0]: each must be at least 0");
        refused(conv(2, 2, ints("dilations", 0, 1)),
                "node 'c' (Conv, opset 13): dilations = [0, 1]: each must be at least 1");
        refused(conv(5, 5), "node 'c' (Conv, opset 13): a kernel of 5x5 is larger than the padded input of 4x4");
        // 3x3 dilated by 2 spans 5x5 pixels: one pad on each side makes the input 6x6, and it fits
        refused(conv(3, 3, ints("dilations", 2, 2)),
                "node 'c' (Conv, opset 13): a kernel of 3x3 (dilated: 5x5) is larger than the padded input of 4x4");
        accepted(conv(3, 3, concat(ints("dilations", 2, 2), ints("pads", 1, 1, 1, 1))));
        refused(conv(2, 2, ints("kernel_shape", 3, 3)),
                "node 'c' (Conv, opset 13): kernel_shape = [3, 3] but the filter's kernel is 2x2");
        refused(conv(2, 2, ints("strides", 1L << 32, 1)),
                "node 'c' (Conv, opset 13): strides = [4294967296, 1] holds 4294967296, outside the 32-bit range of"
                        + " seedc's axes and sizes");
    }

    @Test
    void poolWindows() throws IOException {
        refused(pool("MaxPool", ints("kernel_shape", 0, 2)),
                "node 'p' (MaxPool, opset 13): kernel of 0x2: each side must be at least 1");
        refused(pool("MaxPool", concat(ints("kernel_shape", 2, 2), ints("strides", -1, 1))),
                "node 'p' (MaxPool, opset 13): strides = [-1, 1]: each must be at least 1");
        refused(pool("AveragePool", concat(ints("kernel_shape", 2, 2), ints("strides", 0, 1))),
                "node 'p' (AveragePool, opset 13): strides = [0, 1]: each must be at least 1");
        refused(pool("MaxPool", concat(ints("kernel_shape", 2, 2), ints("pads", 2, 0, 0, 0))),
                "node 'p' (MaxPool, opset 13): pads = [2, 0, 0, 0] for a kernel of 2x2: a pool's pads must each be"
                        + " smaller than the kernel");
        refused(pool("MaxPool", ints("kernel_shape", 5, 1)),
                "node 'p' (MaxPool, opset 13): a kernel of 5x1 is larger than the padded input of 4x4");
        refused(pool("MaxPool", concat(ints("kernel_shape", 2, 2), ints("dilations", 0, 0))),
                "node 'p' (MaxPool, opset 13): dilations = [0, 0]: each must be at least 1");
    }

    /** x (1, 4) combined with one constant. */
    private GraphProto withConstant(String op, TensorProto c, AttributeProto... attrs) {
        return graph("x", new long[] {1, 4}, "y", List.of(node(op, "n", List.of("x", c.getName()), "y", attrs)),
                List.of(c));
    }

    @Test
    void divisionByZero() throws IOException {
        refused(withConstant("Div", floats("z", new float[] {1, 0, 2, 4}, 4)),
                "node 'n' (Div, opset 13): divides by a constant holding 0 (at element 1 of the divisor as broadcast);"
                        + " the quotient would be infinite");
        refused(withConstant("Div", floats("z", new float[] {0}, 1)),
                "node 'n' (Div, opset 13): divides by a constant holding 0 (at element 0 of the divisor as broadcast);"
                        + " the quotient would be infinite");
        // two constants folded at import: 1 / 0 is refused just the same
        GraphProto folded = graph("x", new long[] {1, 4}, "y", List.of(
                node("Div", "d", List.of("one", "zero"), "q"), node("Add", "a", List.of("x", "q"), "y")),
                List.of(floats("one", new float[] {1}, 1), floats("zero", new float[] {0}, 1)));
        refused(folded, "node 'd' (Div, opset 13): divides by a constant holding 0 (at element 0 of the divisor as"
                + " broadcast); the quotient would be infinite");
        // a double divisor whose reciprocal is beyond double's range
        TensorProto tiny = TensorProto.newBuilder().setName("t").setDataType(TensorProto.DataType.DOUBLE_VALUE)
                .addDims(1).addDoubleData(1e-320).build();
        refused(withConstant("Div", tiny), "node 'n' (Div, opset 13): divides by a constant holding 1.0E-320 (at"
                + " element 0 of the divisor as broadcast); the quotient would be infinite");
        // two double constants whose product is beyond double's range, folded at import
        TensorProto big = tiny.toBuilder().setName("big").setDoubleData(0, 1e300).build();
        GraphProto product = graph("x", new long[] {1, 4}, "y", List.of(
                node("Mul", "m", List.of("big", "big"), "q"), node("Add", "a", List.of("x", "q"), "y")),
                List.of(big));
        refused(product, "node 'm' (Mul, opset 13): computes the constant Infinity at element 0; seedc needs finite"
                + " weights");
    }

    @Test
    void namesGivenTwice() throws IOException {
        GraphProto twice = withConstant("Add", floats("b", new float[] {1, 2, 3, 4}, 4)).toBuilder()
                .addInitializer(floats("b", new float[] {5, 6, 7, 8}, 4)).build();
        refused(twice, "initializer 'b' is given twice; ONNX names each tensor once, and seedc does not guess which"
                + " one the nodes read");
        GraphProto overwrites = graph("x", new long[] {1, 4}, "y", List.of(node("Relu", "r", List.of("x"), "b"),
                node("Add", "a", List.of("x", "b"), "y")), List.of(floats("b", new float[] {1, 2, 3, 4}, 4)));
        refused(overwrites, "node 'r' (Relu, opset 13): its output 'b' is also the name of an initializer; ONNX names"
                + " each tensor once");
        GraphProto input = graph("x", new long[] {1, 4}, "y", List.of(node("Relu", "r", List.of("x"), "x"),
                node("Relu", "s", List.of("x"), "y")), List.of());
        refused(input, "node 'r' (Relu, opset 13): its output 'x' is also the name of the graph's input; ONNX names"
                + " each tensor once");
        GraphProto nodes = graph("x", new long[] {1, 4}, "y", List.of(node("Relu", "r", List.of("x"), "h"),
                node("Neg", "s", List.of("x"), "h"), node("Relu", "t", List.of("h"), "y")), List.of());
        refused(nodes, "node 's' (Neg, opset 13): its output 'h' is also the name of node 'r' (Relu, opset 13);"
                + " ONNX names each tensor once");
    }

    @Test
    void axesAndRanges() throws IOException {
        GraphProto gather = graph("x", new long[] {1, 4}, "y", List.of(node("Gather", "g", List.of("x", "i"), "y",
                ints("axis", 1))), List.of(int64("i", 4)));
        refused(gather, "node 'g' (Gather, opset 13): index 4 is outside an axis of 4");
        GraphProto wraps = graph("x", new long[] {1, 4}, "y", List.of(node("Concat", "k", List.of("x", "x"), "y",
                ints("axis", (1L << 32) + 1))), List.of());
        refused(wraps, "node 'k' (Concat, opset 13): axis = 4294967297 is outside the 32-bit range of seedc's axes"
                + " and sizes");
        GraphProto clip = graph("x", new long[] {1, 4}, "y", List.of(node("Clip", "c", List.of("x", "lo", "hi"), "y")),
                List.of(floats("lo", new float[] {1}), floats("hi", new float[] {0})));
        refused(clip, "node 'c' (Clip, opset 13): clips to [1.0, 0.0], an empty range");
        GraphProto softmax = graph("x", new long[] {1, 4}, "y", List.of(node("Softmax", "s", List.of("x"), "y",
                ints("axis", 2))), List.of());
        refused(softmax, "node 's' (Softmax, opset 13): over axis 2 of shape (1, 4); seedc takes the class of one"
                + " example's scores, the only axis above 1");
        GraphProto perm = graph("x", new long[] {1, 4}, "y", List.of(node("Transpose", "t", List.of("x"), "y",
                ints("perm", 1, 1))), List.of());
        refused(perm, "node 't' (Transpose, opset 13): perm [1, 1] is not a permutation");
    }

    /** A node's name holding a line break is shown escaped: the message stays one line. */
    @Test
    void namesInMessagesStayOneLine() throws IOException {
        NodeProto n = node("Conv", "c\nlet evil = 1 in", List.of("x", "w"), "y", ints("strides", 0, 0));
        GraphProto g = conv(2, 2).toBuilder().setNode(0, n).build();
        refused(g, "node 'c\\nlet evil = 1 in' (Conv, opset 13): strides = [0, 0]: each must be at least 1");
        NodeProto longName = n.toBuilder().setName("n".repeat(200_000)).build();
        refused(conv(2, 2).toBuilder().setNode(0, longName).build(), "node '" + "n".repeat(80)
                + "... (200000 characters)' (Conv, opset 13): strides = [0, 0]: each must be at least 1");
    }

    private void refused(GraphProto g, String message) throws IOException {
        Path file = write(g);
        assertEquals(new Run(1, "", file + ": error: " + message + "\n"), check(file));
    }

    private void accepted(GraphProto g) throws IOException {
        Run r = check(write(g));
        assertEquals(0, r.status(), r.err());
    }

    private Path write(GraphProto g) throws IOException {
        Path file = Files.createTempFile(dir, "m", ".onnx");
        Files.write(file, model(g).toByteArray());
        return file;
    }

    private record Run(int status, String out, String err) {}

    private static Run check(Path file) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int status = Main.execute(new String[] {"check", file.toString()}, new PrintStream(o, true,
                StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }
}
