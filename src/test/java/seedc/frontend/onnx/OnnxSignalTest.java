package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static seedc.frontend.onnx.Graphs.concat;
import static seedc.frontend.onnx.Graphs.intList;
import static seedc.frontend.onnx.Graphs.ints;
import static seedc.frontend.onnx.Graphs.node;
import static seedc.frontend.onnx.Graphs.random;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 1-D signals (N, C, L), as keyword-spotting and sensor models convolve and pool them, and dilated max pooling:
 * seedc's float outputs against ONNX Runtime's on random inputs of graphs built here with random weights.
 */
class OnnxSignalTest {
    private static final long[] SIGNAL = {1, 3, 20};

    /** A graph of input x (of shape input) and output y of the nodes, written to dir/name.onnx. */
    static Path write(Path dir, String name, long[] input, List<onnx.Onnx.NodeProto> nodes,
                              List<onnx.Onnx.TensorProto> init) throws java.io.IOException {
        Path file = dir.resolve(name + ".onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", input, "y", nodes, init)).toByteArray());
        return file;
    }

    /**
     * Conv over a signal with strides, explicit pads and dilation, with and without bias, each into a Gemm; and a
     * signal convolved with auto_pad SAME_UPPER, SAME_LOWER and VALID, the signal itself the graph's output.
     */
    @Test
    void convolutions(@TempDir Path dir) throws Exception {
        Random rnd = new Random(21);
        Path strided = write(dir, "strided", SIGNAL, List.of(
                node("Conv", "c", List.of("x", "W", "b"), "h", concat(intList("strides", 2), ints("pads", 1, 2),
                        intList("dilations", 2), intList("kernel_shape", 3))),
                node("Flatten", "f", List.of("h"), "r"),
                node("Gemm", "d", List.of("r", "W2"), "y", ints("transB", 1))),
                List.of(random("W", rnd, 4, 3, 3), random("b", rnd, 4), random("W2", rnd, 5, 40)));
        Path noBias = write(dir, "no-bias", SIGNAL, List.of(
                node("Conv", "c", List.of("x", "W"), "h", intList("strides", 3)),
                node("Flatten", "f", List.of("h"), "r"),
                node("Gemm", "d", List.of("r", "W2"), "y", ints("transB", 1))),
                List.of(random("W", rnd, 2, 3, 5), random("W2", rnd, 3, 12)));
        List<Path> files = new java.util.ArrayList<>(List.of(strided, noBias));
        for (String pad : List.of("SAME_UPPER", "SAME_LOWER", "VALID")) {
            files.add(write(dir, pad, SIGNAL, List.of(node("Conv", "c", List.of("x", "W", "b"), "y",
                    concat(intList("strides", 3), Graphs.string("auto_pad", pad)))),
                    List.of(random("W", rnd, 2, 3, 4), random("b", rnd, 2))));
        }
        OnnxRuntimeOracleTest.agree(files, java.util.Collections.nCopies(files.size(), SIGNAL), rnd, -1);
    }

    /**
     * A depthwise-separable block as keyword-spotting models write it: a depthwise Conv (groups = C, two filters
     * per channel) and BatchNormalization (folded into it), Relu, a pointwise Conv, a standalone
     * BatchNormalization (after the Relu: not folded), MaxPool, AveragePool (padding counted),
     * GlobalAveragePool, Flatten, Gemm.
     */
    @Test
    void depthwiseSeparableBlock(@TempDir Path dir) throws Exception {
        Random rnd = new Random(22);
        Path file = write(dir, "ds", SIGNAL, List.of(
                node("Conv", "dw", List.of("x", "Wd", "bd"), "a", concat(intList("pads", 2, 2), ints("group", 3),
                        intList("kernel_shape", 5))),
                node("BatchNormalization", "bn1", List.of("a", "s1", "t1", "m1", "v1"), "b"),
                node("Relu", "r1", List.of("b"), "c"),
                node("Conv", "pw", List.of("c", "Wp"), "d"),
                node("Relu", "r2", List.of("d"), "e"),
                node("BatchNormalization", "bn2", List.of("e", "s2", "t2", "m2", "v2"), "f"),
                node("MaxPool", "mp", List.of("f"), "g", concat(intList("kernel_shape", 3), intList("strides", 2),
                        ints("pads", 1, 1))),
                node("AveragePool", "ap", List.of("g"), "h", concat(intList("kernel_shape", 2), ints("pads", 1, 0),
                        ints("count_include_pad", 1))),
                node("GlobalAveragePool", "gap", List.of("h"), "i"),
                node("Flatten", "fl", List.of("i"), "j"),
                node("Gemm", "fc", List.of("j", "Wf", "bf"), "y", ints("transB", 1))),
                List.of(random("Wd", rnd, 6, 1, 5), random("bd", rnd, 6), random("s1", rnd, 6), random("t1", rnd, 6),
                        random("m1", rnd, 6), Graphs.positive("v1", rnd, 6), random("Wp", rnd, 4, 6, 1),
                        random("s2", rnd, 4), random("t2", rnd, 4), random("m2", rnd, 4), Graphs.positive("v2", rnd, 4),
                        random("Wf", rnd, 3, 4), random("bf", rnd, 3)));
        OnnxRuntimeOracleTest.agree(List.of(file), List.of(SIGNAL), rnd, -1);
    }

    /**
     * What else reads a signal: a Transpose to (N, L, C), a constant of shape (C, 1) added (broadcast along the
     * length), two convolutions concatenated along the channels and along the length, a standalone
     * BatchNormalization of the graph's input, and MaxPool with ceil_mode.
     */
    @Test
    void signalsThroughOtherOperators(@TempDir Path dir) throws Exception {
        Random rnd = new Random(23);
        Path transposed = write(dir, "transposed", SIGNAL, List.of(
                node("Conv", "c", List.of("x", "W"), "h", intList("strides", 2)),
                node("Add", "a", List.of("h", "k"), "g"),
                node("Transpose", "t", List.of("g"), "y", ints("perm", 0, 2, 1))),
                List.of(random("W", rnd, 4, 3, 3), random("k", rnd, 4, 1)));
        List<Path> files = new java.util.ArrayList<>(List.of(transposed));
        for (int axis : new int[] {1, 2}) {
            files.add(write(dir, "concat" + axis, SIGNAL, List.of(
                    node("Conv", "a", List.of("x", "Wa"), "ha", ints("pads", 1, 1)),
                    node("Conv", "b", List.of("x", "Wb"), "hb", ints("pads", 1, 1)),
                    node("Concat", "c", List.of("ha", "hb"), "y", ints("axis", axis))),
                    List.of(random("Wa", rnd, 2, 3, 3), random("Wb", rnd, 2, 3, 3))));
        }
        files.add(write(dir, "bn-input", SIGNAL, List.of(
                node("BatchNormalization", "bn", List.of("x", "s", "t", "m", "v"), "h"),
                node("MaxPool", "p", List.of("h"), "y", concat(intList("kernel_shape", 3), intList("strides", 2),
                        ints("ceil_mode", 1)))),
                List.of(random("s", rnd, 3), random("t", rnd, 3), random("m", rnd, 3), Graphs.positive("v", rnd, 3))));
        OnnxRuntimeOracleTest.agree(files, java.util.Collections.nCopies(files.size(), SIGNAL), rnd, -1);
    }

    /**
     * MaxPool with dilations: over a signal (dilation 2, padded; dilation 3 with ceil_mode) and over an image
     * (dilations 2 x 3 with stride and padding; 2 x 2 with ceil_mode). (ONNX Runtime 1.19 sizes a dilated pool with
     * auto_pad SAME_UPPER as if it were not dilated, against ONNX's ceil(in / stride); not compared here.)
     */
    @Test
    void dilatedMaxPooling(@TempDir Path dir) throws Exception {
        Random rnd = new Random(24);
        long[] image = {1, 2, 9, 8};
        List<Path> files = List.of(
                write(dir, "signal", SIGNAL, List.of(node("MaxPool", "p", List.of("x"), "y", concat(
                        intList("kernel_shape", 3), intList("dilations", 2), ints("pads", 1, 2)))), List.of()),
                write(dir, "signal-ceil", SIGNAL, List.of(node("MaxPool", "p", List.of("x"), "y", concat(
                        intList("kernel_shape", 2), intList("dilations", 3), intList("strides", 4),
                        ints("ceil_mode", 1)))), List.of()),
                write(dir, "image", image, List.of(node("MaxPool", "p", List.of("x"), "y", concat(
                        ints("kernel_shape", 3, 2), ints("dilations", 2, 3), ints("strides", 2, 1),
                        ints("pads", 1, 0, 1, 1)))), List.of()),
                write(dir, "image-ceil", image, List.of(node("MaxPool", "p", List.of("x"), "y", concat(
                        ints("kernel_shape", 2, 2), ints("dilations", 2, 2), ints("strides", 2, 2),
                        ints("ceil_mode", 1)))), List.of()));
        OnnxRuntimeOracleTest.agree(files, List.of(SIGNAL, SIGNAL, image, image), rnd, -1);
    }

    /**
     * AveragePool with opset 19's dilations over a signal (dilation 2, stride 2) and an image (dilations 2 x 3,
     * padded and counting the padding, count_include_pad = 1): the depthwise 1/(kh kw) filter with its taps spread.
     */
    @Test
    void dilatedAveragePooling(@TempDir Path dir) throws Exception {
        Random rnd = new Random(19);
        long[] image = {1, 2, 9, 8};
        List<onnx.Onnx.NodeProto> signal = List.of(node("AveragePool", "p", List.of("x"), "y", concat(
                intList("kernel_shape", 3), intList("dilations", 2), intList("strides", 2))));
        List<onnx.Onnx.NodeProto> padded = List.of(node("AveragePool", "p", List.of("x"), "y", concat(
                ints("kernel_shape", 3, 2), ints("dilations", 2, 3), ints("pads", 1, 0, 1, 1),
                ints("count_include_pad", 1))));
        List<Path> files = List.of(write19(dir, "signal", SIGNAL, signal), write19(dir, "image", image, padded));
        OnnxRuntimeOracleTest.agree(files, List.of(SIGNAL, image), rnd, -1);
    }

    private static Path write19(Path dir, String name, long[] input, List<onnx.Onnx.NodeProto> nodes)
            throws java.io.IOException {
        Path file = dir.resolve(name + ".onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", input, "y", nodes, List.of()), 19).toByteArray());
        return file;
    }

    /**
     * The shape and reduction operators on a computed signal (stored as an image of height 1): a reflect Pad and a
     * Slice along the time axis, a ReduceMean and a ReduceMax over time, a Tile in time, an InstanceNormalization and a channel Split, each
     * after a Conv.
     */
    @Test
    void shapeOperatorsOnSignals(@TempDir Path dir) throws Exception {
        Random rnd = new Random(43);
        var conv = node("Conv", "c", List.of("x", "W"), "h", intList("kernel_shape", 3));
        List<onnx.Onnx.TensorProto> w = List.of(random("W", rnd, 4, 3, 3));
        List<Path> files = List.of(
                write(dir, "pad", SIGNAL, List.of(conv, node("Pad", "p", List.of("h", "pads"), "y",
                        Graphs.string("mode", "reflect"))), plus(w, List.of(Graphs.int64("pads", 0, 0, 2, 0, 0, 1)))),
                write(dir, "slice", SIGNAL, List.of(conv, node("Slice", "s", List.of("h", "st", "en", "ax"), "y")),
                        plus(w, List.of(Graphs.int64("st", 3), Graphs.int64("en", 11), Graphs.int64("ax", 2)))),
                write(dir, "mean", SIGNAL, List.of(conv, node("ReduceMean", "m", List.of("h"), "y",
                        intList("axes", 2))), w),
                write(dir, "max", SIGNAL, List.of(conv, node("ReduceMax", "m", List.of("h"), "y",
                        concat(intList("axes", 2), ints("keepdims", 0)))), w),
                write(dir, "tile", SIGNAL, List.of(conv, node("Tile", "t", List.of("h", "rep"), "y")),
                        plus(w, List.of(Graphs.int64("rep", 1, 1, 2)))),
                write(dir, "instance-norm", SIGNAL, List.of(conv, node("InstanceNormalization", "n",
                        List.of("h", "sc", "bi"), "y")), plus(w, List.of(random("sc", rnd, 4), random("bi", rnd, 4)))),
                write(dir, "split", SIGNAL, List.of(conv, node("Split", "s", List.of("h", "sp"), List.of("y", "z"),
                        ints("axis", 1))), plus(w, List.of(Graphs.int64("sp", 1, 3)))));
        OnnxRuntimeOracleTest.agree(files, java.util.Collections.nCopies(files.size(), SIGNAL), rnd, -1);
    }

    /**
     * ConvTranspose over a signal: stride 2 with pads and output_padding and a bias, dilation 2 in two groups,
     * output_shape with SAME_UPPER, each against ONNX Runtime.
     */
    @Test
    void transposedConvolutionsOfSignals(@TempDir Path dir) throws Exception {
        Random rnd = new Random(17);
        List<Path> files = List.of(
                write(dir, "strided", SIGNAL, List.of(node("ConvTranspose", "t", List.of("x", "W", "b"), "y", concat(
                        intList("strides", 2), ints("pads", 1, 2), intList("output_padding", 1)))),
                        List.of(random("W", rnd, 3, 4, 3), random("b", rnd, 4))),
                write(dir, "dilated", SIGNAL, List.of(node("ConvTranspose", "t", List.of("x", "W"), "h", concat(
                        intList("dilations", 2), ints("group", 3))), node("Relu", "r", List.of("h"), "y")),
                        List.of(random("W", rnd, 3, 2, 3))),
                write(dir, "same", SIGNAL, List.of(node("ConvTranspose", "t", List.of("x", "W"), "y", concat(
                        intList("strides", 2), Graphs.string("auto_pad", "SAME_UPPER")))),
                        List.of(random("W", rnd, 3, 2, 4))));
        OnnxRuntimeOracleTest.agree(files, java.util.Collections.nCopies(files.size(), SIGNAL), rnd, -1);
    }

    private static List<onnx.Onnx.TensorProto> plus(List<onnx.Onnx.TensorProto> a, List<onnx.Onnx.TensorProto> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    /** A signal's window that does not fit, and a window of the wrong rank: refused naming the node. */
    @Test
    void mistakesAreNamed(@TempDir Path dir) throws Exception {
        Random rnd = new Random(25);
        Path tooLong = write(dir, "long", SIGNAL, List.of(node("Conv", "c", List.of("x", "W"), "y",
                intList("dilations", 10))), List.of(random("W", rnd, 2, 3, 3)));
        Path rank = write(dir, "rank", SIGNAL, List.of(node("MaxPool", "p", List.of("x"), "y",
                ints("kernel_shape", 2, 2))), List.of());
        Path pads = write(dir, "pads", SIGNAL, List.of(node("Conv", "c", List.of("x", "W"), "y",
                ints("pads", 1, 1, 1, 1))), List.of(random("W", rnd, 2, 3, 3)));
        java.util.Map<Path, String> expected = java.util.Map.of(
                tooLong, "node 'c' (Conv, opset 13): a kernel of 3 (dilated: 21) is larger than the padded signal of 20",
                rank, "node 'p' (MaxPool, opset 13): kernel_shape [2, 2] for an input of shape (1, 3, 20); seedc pools"
                        + " over 2-D windows of images and 1-D windows of signals",
                pads, "node 'c' (Conv, opset 13): has a window of 1 strides, 1 dilations and 4 pads over a signal"
                        + " (N, C, L); seedc reads one stride, one dilation and two pads");
        for (var want : expected.entrySet()) {
            seedc.diag.UserError e = org.junit.jupiter.api.Assertions.assertThrows(seedc.diag.UserError.class,
                    () -> OnnxFrontEnd.load(want.getKey(), new OnnxFrontEnd.Options(-1, 1, false)));
            assertEquals(want.getKey() + ": error: " + want.getValue(), e.getMessage());
        }
    }
}
