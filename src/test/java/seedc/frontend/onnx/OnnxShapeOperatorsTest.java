package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.frontend.onnx.ops.Converters;

/**
 * Pad, Slice, Split, ReduceSum/Mean/Max/Min, GlobalMaxPool-like reductions, Tile, Expand, ConvTranspose, standalone
 * BatchNormalization and InstanceNormalization and the constant folds ({@link ShapeOperatorGraphs}), in the form
 * each opset seedc imports defines them (from 7, the first ONNX Runtime runs): seedc's float outputs equal ONNX
 * Runtime's within 1e-5 on 10 random inputs of every graph.
 */
class OnnxShapeOperatorsTest {
    static IntStream opsets() {
        return IntStream.rangeClosed(Math.max(7, Converters.FIRST_OPSET), Converters.LAST_OPSET);
    }

    @ParameterizedTest
    @MethodSource("opsets")
    void agreeWithOnnxRuntime(int opset, @TempDir Path dir) throws Exception {
        Random rnd = new Random(43 + opset);
        List<ShapeOperatorGraphs.Case> cases = ShapeOperatorGraphs.all(opset, rnd);
        List<Path> files = new ArrayList<>();
        List<long[]> shapes = new ArrayList<>();
        for (int k = 0; k < cases.size(); k++) {
            ShapeOperatorGraphs.Case c = cases.get(k);
            Path file = dir.resolve(k + ".onnx");
            Files.write(file, Graphs.model(Graphs.graph("x", c.input(), "y", c.nodes(), c.init()), opset).toByteArray());
            files.add(file);
            shapes.add(c.input());
            try {
                OnnxRuntimeOracleTest.agree(List.of(file), List.of(c.input()), rnd, -1);
            } catch (AssertionError | RuntimeException | ai.onnxruntime.OrtException e) {
                throw new AssertionError("opset " + opset + ", " + c.name() + ": " + e.getMessage(), e);
            }
        }
        assertTrue(files.size() >= 30, files.size() + " graphs");
    }

    /** What seedc does not reproduce is refused at the node, naming it, its operator and opset, and the reason. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "pad-wrap | node 'p' (Pad, opset 13): mode 'wrap' is not one of ONNX's at opset 13",
        "reduce-scalar | node 'r' (ReduceSum, opset 13): reduces every axis to a scalar (keepdims = 0)",
        "convtranspose-output-shape | node 'ct' (ConvTranspose, opset 13): output_shape = [3, 3, 3]; seedc reads an image's height and width",
        "slice-empty | node 's' (Slice, opset 13): keeps no element of an axis of 4 (start 3, end 1, step 1)",
        "split-sum | node 'sp' (Split, opset 13): split [1, 2] adds up to 3, not the 4 elements of axis 1",
        "instancenorm-b | node 'in' (InstanceNormalization, opset 13): B has 3 values for 4 channels",
        "pad-short | node 'p' (Pad, opset 13): pads holds 4 values for 3 axes",
        "pad-huge | node 'p' (Pad, opset 13): pads 0 and 100000000 of an axis of 3: a tensor of shape (100000003) is larger",
        "tile-huge | node 't' (Tile, opset 13): repeats 2000000000 gives an axis of 6000000000 elements, more than",
        "convtranspose-stride | node 'ct' (ConvTranspose, opset 13): the output's height gives an axis of 4000000002 elements",
        "pad-crop-all | node 'p' (Pad, opset 13): pads -2 and -1 of an axis of 3 gives an axis of 0 elements; seedc's"})
    void refusalsNameTheNode(String name, String expected, @TempDir Path dir) throws Exception {
        long[] shape = {1, 4, 3};
        List<onnx.Onnx.NodeProto> nodes = switch (name) {
            case "pad-wrap" -> List.of(Graphs.node("Pad", "p", List.of("x", "pads"), "y", Graphs.string("mode", "wrap")));
            case "pad-short" -> List.of(Graphs.node("Pad", "p", List.of("x", "short"), "y"));
            case "pad-huge" -> List.of(Graphs.node("Pad", "p", List.of("x", "huge"), "y"));
            case "pad-crop-all" -> List.of(Graphs.node("Pad", "p", List.of("x", "crop"), "y"));
            case "tile-huge" -> List.of(Graphs.node("Tile", "t", List.of("x", "reps"), "y"));
            case "convtranspose-stride" -> List.of(Graphs.node("ConvTranspose", "ct", List.of("x", "W"), "y",
                    OnnxOpsetVersionsTest.list("strides", 2000000000, 1)));
            case "reduce-scalar" -> List.of(Graphs.node("ReduceSum", "r", List.of("x"), "y", Graphs.ints("keepdims", 0)));
            case "convtranspose-output-shape" -> List.of(Graphs.node("ConvTranspose", "ct", List.of("x", "W"), "y",
                    OnnxOpsetVersionsTest.list("output_shape", 3, 3, 3)));
            case "slice-empty" -> List.of(Graphs.node("Slice", "s", List.of("x", "three", "one", "axis1"), "y"));
            case "split-sum" -> List.of(Graphs.node("Split", "sp", List.of("x", "split"), List.of("a", "y"),
                    Graphs.ints("axis", 1)));
            default -> List.of(Graphs.node("InstanceNormalization", "in", List.of("x", "s", "b3"), "y"));
        };
        List<onnx.Onnx.TensorProto> init = List.of(Graphs.int64("pads", 0, 0, 1, 0, 0, 1), Graphs.int64("short", 0, 1, 1, 0),
                Graphs.random("W", new Random(1), 4, 1, 2, 2), Graphs.int64("three", 3), Graphs.int64("one", 1),
                Graphs.int64("axis1", 1), Graphs.int64("split", 1, 2), Graphs.random("s", new Random(2), 4),
                Graphs.random("b", new Random(3), 4),
                Graphs.int64("huge", 0, 0, 0, 0, 0, 100000000), Graphs.int64("reps", 1, 1, 2000000000),
                Graphs.int64("crop", 0, 0, -2, 0, 0, -1), Graphs.random("b3", new Random(4), 3));
        Path file = dir.resolve(name + ".onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", name.startsWith("convtranspose") ? new long[] {1, 4, 3, 3}
                : shape, "y", nodes, init)).toByteArray());
        seedc.diag.UserError e = org.junit.jupiter.api.Assertions.assertThrows(seedc.diag.UserError.class,
                () -> OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false)));
        assertTrue(e.getMessage().startsWith(file + ": error: " + expected), e.getMessage());
    }
}
