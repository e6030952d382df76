package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ONNX files on the command line: import writes a SeeDot program that check, run and compile accept and that
 * computes what the .onnx does; bad files are one located message and exit 1. The bad graphs are built here with
 * the classes generated from onnx.proto.
 */
class OnnxCommandsTest {
    private static final Path MLP = Path.of("src/test/resources/fixtures/onnx/mlp-digits-10.onnx").toAbsolutePath();
    private static final Path DIGITS = Path.of("src/test/resources/fixtures/models/cnn-digits-10").toAbsolutePath();

    /** PyTorch's accuracy at export, 97.778% of 360: 352 right. */
    private static final String MLP_RUN = "float accuracy: 97.78% (352/360)\n";

    @Test
    void importWritesTheProgramEveryCommandCompiles(@TempDir Path dir) {
        CliRun imp = CliRun.args("import", MLP.toString(), "--out", dir + "/m", "--input-range", "0,1");
        assertEquals(0, imp.status(), imp.err());
        assertTrue(imp.err().contains("note: node '/5/Softmax' (Softmax, opset 13) is dropped"), imp.err());
        assertEquals(new CliRun(0, "int\n", ""), CliRun.args("check", dir + "/m/input.sd"));
        assertEquals(new CliRun(0, "int\n", ""), CliRun.args("check", MLP.toString()));
        String data = DIGITS.resolve("test.npy").toString();
        assertEquals(MLP_RUN, CliRun.args("run", MLP.toString(), "--data", data, "--no-progress").out());
        assertEquals(MLP_RUN, CliRun.args("run", dir + "/m/input.sd", "--model", dir + "/m", "--data", data,
                "--no-progress").out());
        CliRun c = CliRun.args("compile", MLP.toString(), "--train", DIGITS.resolve("train.npy").toString(), "--test",
                data, "--input-range", "0,1", "--out", dir + "/o", "--jobs", "1", "--no-progress");
        assertEquals(0, c.status(), c.err());
        CliRun fixed = CliRun.args("run", MLP.toString(), "--data", data, "--config", dir + "/o/report.json");
        assertTrue(fixed.out().startsWith("fixed-point accuracy: "), fixed.out() + fixed.err());
    }

    /** Every ONNX fixture's imported program is accepted by check unchanged (a classifier: int). */
    @Test
    void everyFixtureRoundTrips(@TempDir Path dir) {
        for (String name : List.of("mlp-digits-10", "cnn-digits-10", "gru-digits-10", "lstm-digits-10", "bigru-digits-10",
                "fastgrnn-digits-10", "lstm2-digits-10")) {
            Path onnx = MLP.resolveSibling(name + ".onnx");
            CliRun imp = CliRun.args("import", onnx.toString(), "--argmax", "--out", dir + "/" + name);
            assertEquals(0, imp.status(), name + ": " + imp.err());
            assertEquals(new CliRun(0, "int\n", ""), CliRun.args("check", dir + "/" + name + "/input.sd"), name);
        }
    }

    @Test
    void badFilesAndOptions(@TempDir Path dir) throws IOException {
        byte[] mlp = Files.readAllBytes(MLP);
        Path cut = dir.resolve("cut.onnx");
        Files.write(cut, Arrays.copyOf(mlp, mlp.length - 100)); // inside the last initializer's data
        refused(cut, cut + ": error: is not an ONNX model (not a protobuf ModelProto, or truncated)");
        Path text = dir.resolve("text.onnx");
        Files.writeString(text, "not a model\n");
        refused(text, text + ": error: is not an ONNX model (not a protobuf ModelProto, or truncated)");
        refused(dir.resolve("none.onnx"), dir.resolve("none.onnx") + ": error: no such file");

        Path lrn = write(dir, "lrn.onnx", graph(node("LRN", "n1", "x", "y")));
        refused(lrn, lrn + ": error: node 'n1' (LRN, opset 13): operator LRN is not supported; seedc imports "
                + String.join(", ", seedc.frontend.onnx.ops.Converters.supported()));
        Path two = write(dir, "two.onnx", graph(node("Add", "a", "x", "x2", "y")).toBuilder().addInput(input("x2", 1, 4))
                .build());
        refused(two, two + ": error: output 'y' reads 2 graph inputs, 'x' (1, 4), 'x2' (1, 4); seedc compiles a graph"
                + " with one input (a program reads one data row as its input X)");
        Path nan = write(dir, "nan.onnx", graph(node("MatMul", "mm", "x", "W", "y"))
                .toBuilder().addInitializer(floats("W", new float[] {1, Float.NaN, 0, 0, 0, 0, 0, 0}, 4, 2)).build());
        refused(nan, nan + ": error: tensor 'W' holds NaN; seedc needs finite weights");
        Path external = write(dir, "ext.onnx", graph(node("MatMul", "mm", "x", "W", "y")).toBuilder()
                .addInitializer(floats("W", new float[0], 4, 2).toBuilder()
                        .setDataLocation(TensorProto.DataLocation.EXTERNAL)).build());
        refused(external, external + ": error: tensor 'W' keeps its values in an external file; save the model with"
                + " its weights inside (onnx.save_model(..., save_as_external_data=False))");
        Path dynamic = write(dir, "dyn.onnx", graph(node("Relu", "r", "x", "y")).toBuilder().setInput(0,
                ValueInfoProto.newBuilder().setName("x").setType(TypeProto.newBuilder().setTensorType(
                        TypeProto.Tensor.newBuilder().setElemType(1).setShape(TensorShapeProto.newBuilder()
                                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(1))
                                .addDim(TensorShapeProto.Dimension.newBuilder().setDimParam("n")))))).build());
        refused(dynamic, dynamic + ": error: input 'x' has dimension 2 unknown ('n'); seedc needs every dimension"
                + " but the batch fixed");
        Path opset = dir.resolve("old.onnx");
        Files.write(opset, model(graph(node("Relu", "r", "x", "y")), 22).toByteArray());
        refused(opset, opset + ": error: the model uses ONNX opset 22; seedc imports opsets 1 to 21");
        Path relu = write(dir, "relu.onnx", graph(node("Relu", "r", "x", "y")));
        assertEquals(new CliRun(1, "", "seedc: error: --input-range must be LO,HI with finite numbers LO < HI, not"
                + " '1,0'\n"), CliRun.args("check", relu.toString(), "--input-range", "1,0"));
        assertEquals(new CliRun(1, "", "seedc: error: --input-layout must be nchw or nhwc, not 'chw'\n"),
                CliRun.args("check", relu.toString(), "--input-layout", "chw"));
        assertEquals(new CliRun(1, "", relu + ": error: input 'x' has shape (1, 4); NHWC rows are for (N, C, H, W)"
                + " image inputs\n"), CliRun.args("check", relu.toString(), "--input-layout", "nhwc"));
        assertEquals(new CliRun(1, "", "seedc: error: --model is for a SeeDot program: " + MLP + " holds its weights\n"),
                CliRun.args("run", MLP.toString(), "--model", dir.toString(), "--data", DIGITS.resolve("test.npy")
                        .toString()));
    }

    @Test
    void aDataSetOfAnotherWidth(@TempDir Path dir) throws IOException {
        Path wine = Path.of("src/test/resources/fixtures/models/protonn-wine-3/test.npy").toAbsolutePath();
        CliRun r = CliRun.args("run", MLP.toString(), "--data", wine.toString());
        assertEquals(1, r.status(), r.err());
        String last = r.err().strip().lines().reduce((a, b) -> b).orElse(""); // after the dropped Softmax's note
        assertTrue(last.startsWith(wine + ": error: "), r.err());
        assertTrue(r.err().contains("64"), r.err());
    }

    private static void refused(Path file, String message) {
        assertEquals(new CliRun(1, "", message + "\n"), CliRun.args("check", file.toString()));
    }

    private static Path write(Path dir, String name, GraphProto g) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, model(g, 13).toByteArray());
        return p;
    }

    private static ModelProto model(GraphProto g, int opset) {
        return ModelProto.newBuilder().setIrVersion(7).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(opset))
                .setGraph(g).build();
    }

    /** A graph from input x (1, 4) to output y through {@code n}. */
    private static GraphProto graph(NodeProto n) {
        return GraphProto.newBuilder().setName("g").addNode(n).addInput(input("x", 1, 4))
                .addOutput(ValueInfoProto.newBuilder().setName("y")).build();
    }

    private static ValueInfoProto input(String name, long... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (long d : dims) {
            s.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(1).setShape(s))).build();
    }

    /** A node: op, name, inputs..., output (the last). */
    private static NodeProto node(String op, String name, String... io) {
        List<String> ins = Arrays.asList(io).subList(0, io.length - 1);
        return NodeProto.newBuilder().setOpType(op).setName(name).addAllInput(ins).addOutput(io[io.length - 1])
                .build();
    }

    private static TensorProto floats(String name, float[] v, long... dims) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(1);
        for (long d : dims) {
            t.addDims(d);
        }
        for (float f : v) {
            t.addFloatData(f);
        }
        return t.build();
    }
}
