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
}
