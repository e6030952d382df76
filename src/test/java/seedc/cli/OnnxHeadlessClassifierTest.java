package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * An ONNX classifier exported with its logits (mlp-digits-10 without its Softmax): run, compile and bench read its
 * 10 scores as classes when every label is in [0, 10), say so, and report the accuracy, counted here from the
 * predictions and the labels. Beside it, the other graph forms on the command line: --output chooses among a graph's
 * outputs, a fixed batch is read as one example (a note); the refusals are one located message, exit 1.
 */
class OnnxHeadlessClassifierTest {
    private static final Path MLP = Path.of("src/test/resources/fixtures/onnx/mlp-digits-10.onnx").toAbsolutePath();
    private static final Path DIGITS = Path.of("src/test/resources/fixtures/models/cnn-digits-10").toAbsolutePath();
    private static final String NOTE = ": note: the output's 10 scores read as classes: every label is an integer in"
            + " [0, 10); reporting the accuracy of their argmax (the program returns it, as with --argmax)\n";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void runCompileAndBenchReportTheArgmaxAccuracy(@TempDir Path dir) throws IOException {
        Path logits = logits(dir, false);
        String test = DIGITS.resolve("test.npy").toString(), train = trainSubset(dir).toString();
        CliRun run = CliRun.args("run", logits.toString(), "--data", test, "--predictions", dir + "/float.txt",
                "--no-progress");
        assertEquals(0, run.status(), run.err());
        assertEquals(logits + NOTE, run.err());
        int right = correct(dir.resolve("float.txt"), DIGITS.resolve("test.npy"));
        assertEquals("float accuracy: " + percent(right, 360) + "\n", run.out());
        // PyTorch's accuracy at export (the fixture's .txt): the Softmax it drops does not move an argmax
        double pytorch = Double.parseDouble(Files.readString(MLP.resolveSibling("mlp-digits-10.txt")).trim());
        assertEquals(pytorch, 100.0 * right / 360, 1e-3);

        CliRun compile = CliRun.args("compile", logits.toString(), "--train", train, "--test", test, "--input-range",
                "0,1", "--out", dir + "/o", "--jobs", "1", "--no-progress");
        assertEquals(0, compile.status(), compile.err());
        assertTrue(compile.err().contains(logits + NOTE), compile.err());
        JsonNode report = JSON.readTree(dir.resolve("o/report.json").toFile());
        CliRun fixed = CliRun.args("run", logits.toString(), "--data", test, "--config", dir + "/o/report.json",
                "--predictions", dir + "/fixed.txt", "--no-progress");
        assertEquals(0, fixed.status(), fixed.err());
        int fixedRight = correct(dir.resolve("fixed.txt"), DIGITS.resolve("test.npy"));
        assertEquals(100.0 * right / 360, report.get("floatTestAccuracy").asDouble(), 1e-9);
        assertEquals(100.0 * fixedRight / 360, report.get("fixedTestAccuracy").asDouble(), 1e-9);
        assertEquals(10, report.get("scoresAsClasses").get("classes").asInt());
        double scoresError = report.get("scoresAsClasses").get("scoresError").get("test").asDouble();
        assertTrue(scoresError > 0 && scoresError < 0.5, "" + scoresError);
        assertFalse(report.has("outputError"));
        String text = Files.readString(dir.resolve("o/report.txt"));
        assertTrue(text.contains("the output's 10 scores read as classes (every label is an integer in [0, 10)): the"
                + " accuracy is their argmax's\n  scores, fixed against float's (relative RMS error): train "), text);

        // the search chose as for a classifier: --argmax, which makes it one, chooses the same program
        CliRun forced = CliRun.args("compile", logits.toString(), "--argmax", "--train", train, "--test", test,
                "--input-range", "0,1", "--out", dir + "/a", "--jobs", "1", "--no-progress");
        assertEquals(0, forced.status(), forced.err());
        assertFalse(forced.err().contains("read as classes"), forced.err());
        JsonNode argmax = JSON.readTree(dir.resolve("a/report.json").toFile());
        assertEquals(argmax.get("fixedProgram"), report.get("fixedProgram"));
        assertFalse(argmax.has("scoresAsClasses"));

        CliRun bench = CliRun.args("bench", logits.toString(), "--train", train, "--test", test, "--input-range",
                "0,1", "--target", "x86", "--examples", "5", "--reps", "1", "--out", dir + "/b", "--jobs", "1",
                "--no-progress");
        assertEquals(0, bench.status(), bench.err());
        assertTrue(bench.err().contains(logits + NOTE), bench.err());
        assertTrue(bench.out().contains("test accuracy (whole test set, Java interpreters): float "
                + percentOnly(right, 360) + ", fixed " + percentOnly(fixedRight, 360) + "\n"
                + "the output's 10 scores read as classes: the accuracy is their argmax's; fixed test scores against"
                + " float's: relative RMS error " + String.format(Locale.ROOT, "%.4f", scoresError)), bench.out());
    }

    /** A label outside [0, 10) (or fractional) leaves the scores a tensor: no accuracy, no note. */
    @Test
    void labelsThatAreNotClassesLeaveTheScores(@TempDir Path dir) throws IOException {
        Path logits = logits(dir, false);
        NpyArray test = Npy.read(DIGITS.resolve("test.npy"));
        double[] data = test.data().clone();
        data[0] = 10; // the first example's label
        Npy.write(dir.resolve("ten.npy"), new NpyArray(test.shape(), data));
        CliRun run = CliRun.args("run", logits.toString(), "--data", dir + "/ten.npy", "--no-progress");
        assertEquals(new CliRun(0, "outputs: 360 examples of (1, 10)\n", ""), run);
    }

    /**
     * A graph with two outputs (the logits, then the hidden layer): --output on import, check and run, the default
     * said in a note; an unknown name and an output that reads two inputs are one message and exit 1.
     */
    @Test
    void outputChoosesAmongTheGraphsOutputs(@TempDir Path dir) throws IOException {
        Path two = logits(dir, true);
        CliRun imp = CliRun.args("import", two.toString(), "--out", dir + "/m");
        assertEquals(0, imp.status(), imp.err());
        assertEquals(two + ": note: the graph has 2 outputs, '/4/Gemm_output_0' (1, 10), '/3/Tanh_output_0' (1, 16);"
                + " seedc compiles the first, '/4/Gemm_output_0' (--output NAME chooses another)\n", imp.err());
        assertEquals(new CliRun(0, "tensor(1, 10)\n", ""), CliRun.args("check", two.toString()));
        assertEquals(new CliRun(0, "tensor(1, 16)\n", ""), CliRun.args("check", two.toString(), "--output",
                "/3/Tanh_output_0"));
        CliRun hidden = CliRun.args("import", two.toString(), "--output", "/3/Tanh_output_0", "--out", dir + "/h");
        assertEquals(0, hidden.status(), hidden.err());
        assertTrue(hidden.err().contains("seedc compiles output '/3/Tanh_output_0' of the graph's 2; 1 node that only"
                + " feeds other outputs left out"), hidden.err());
        assertFalse(Files.exists(dir.resolve("h/W_4_weight.npy"))); // the last layer is not read
        assertEquals(new CliRun(1, "", two + ": error: --output 'y' is not an output of the graph; its outputs are"
                + " '/4/Gemm_output_0' (1, 10), '/3/Tanh_output_0' (1, 16)\n"), CliRun.args("run", two.toString(),
                "--output", "y", "--data", DIGITS.resolve("test.npy").toString(), "--no-progress"));
    }

    /**
     * A batch of 3 fixed by the exporter, x (3, 4) -> Relu -> y (3, 4): run reads each row as one example (a note) and
     * writes its Relu; a Reshape that merges the batch is one message naming the node, exit 1.
     */
    @Test
    void aFixedBatchOnTheCommandLine(@TempDir Path dir) throws IOException {
        Path relu = dir.resolve("batch.onnx");
        Files.write(relu, batchModel(NodeProto.newBuilder().setOpType("Relu").setName("r").addInput("x").addOutput("y")
                .build(), null));
        // fractional labels: not classes, so the output stays a tensor
        Npy.write(dir.resolve("d.npy"), new NpyArray(new int[] {2, 5}, new double[] {0.5, -1, 2, -3, 4,
                0.5, 5, -6, 7, -8}));
        CliRun run = CliRun.args("run", relu.toString(), "--data", dir + "/d.npy", "--predictions", dir + "/p.txt",
                "--no-progress");
        assertEquals(new CliRun(0, "outputs: 2 examples of (1, 4)\n", relu + ": note: input 'x' has a fixed batch of 3"
                + " (its first dimension): seedc reads each data row as one example and computes one at a time (batch"
                + " 1)\n"), run);
        assertEquals(List.of("0.0 2.0 0.0 4.0", "5.0 0.0 7.0 0.0"), Files.readAllLines(dir.resolve("p.txt")));

        Path merge = dir.resolve("merge.onnx");
        Files.write(merge, batchModel(NodeProto.newBuilder().setOpType("Reshape").setName("flat").addInput("x")
                .addInput("s").addOutput("y").build(), onnx.Onnx.TensorProto.newBuilder().setName("s").setDataType(7)
                .addDims(2).addInt64Data(1).addInt64Data(12).build()));
        assertEquals(new CliRun(1, "", merge + ": error: node 'flat' (Reshape, opset 13): its new shape's first"
                + " dimension is 1, not the batch's 3 (it merges or splits the examples); seedc reads the batch of 3 as"
                + " one example (batch 1) and cannot where an operator mixes the examples: export the model with a"
                + " batch of 1\n"), CliRun.args("run", merge.toString(), "--data", dir + "/d.npy", "--no-progress"));
    }

    /** x (3, 4) through {@code node} to y (3, 4), with {@code init} (null: none), opset 13. */
    private static byte[] batchModel(NodeProto node, onnx.Onnx.TensorProto init) {
        onnx.Onnx.TensorShapeProto.Builder shape = onnx.Onnx.TensorShapeProto.newBuilder()
                .addDim(onnx.Onnx.TensorShapeProto.Dimension.newBuilder().setDimValue(3))
                .addDim(onnx.Onnx.TensorShapeProto.Dimension.newBuilder().setDimValue(4));
        onnx.Onnx.TypeProto type = onnx.Onnx.TypeProto.newBuilder().setTensorType(onnx.Onnx.TypeProto.Tensor
                .newBuilder().setElemType(1).setShape(shape)).build();
        GraphProto.Builder g = GraphProto.newBuilder().setName("g").addNode(node)
                .addInput(onnx.Onnx.ValueInfoProto.newBuilder().setName("x").setType(type))
                .addOutput(onnx.Onnx.ValueInfoProto.newBuilder().setName("y").setType(type));
        if (init != null) {
            g.addInitializer(init);
        }
        return ModelProto.newBuilder().setIrVersion(7).addOpsetImport(onnx.Onnx.OperatorSetIdProto.newBuilder()
                .setVersion(13)).setGraph(g).build().toByteArray();
    }

    /** How many lines of {@code predictions} equal the label (first column) of the same row of {@code data}. */
    private static int correct(Path predictions, Path data) throws IOException {
        List<String> lines = Files.readAllLines(predictions);
        NpyArray d = Npy.read(data);
        int columns = d.shape()[1], right = 0;
        assertEquals(d.shape()[0], lines.size());
        for (int i = 0; i < lines.size(); i++) {
            right += Long.parseLong(lines.get(i).trim()) == Math.round(d.data()[i * columns]) ? 1 : 0;
        }
        return right;
    }

    private static String percent(int right, int total) {
        return percentOnly(right, total) + " (" + right + "/" + total + ")";
    }

    private static String percentOnly(int right, int total) {
        return String.format(Locale.ROOT, "%.2f%%", 100.0 * right / total);
    }

    /** The first 300 training rows: the search runs in a second or two. */
    private static Path trainSubset(Path dir) {
        NpyArray train = Npy.read(DIGITS.resolve("train.npy"));
        int columns = train.shape()[1], rows = 300;
        Path p = dir.resolve("train.npy");
        Npy.write(p, new NpyArray(new int[] {rows, columns}, java.util.Arrays.copyOf(train.data(), rows * columns)));
        return p;
    }

    /**
     * mlp-digits-10 as exported with its logits: the Softmax node removed, the graph's output its input (and, with
     * {@code hidden}, the last hidden layer as a second output).
     */
    private static Path logits(Path dir, boolean hidden) throws IOException {
        ModelProto m = ModelProto.parseFrom(Files.readAllBytes(MLP));
        GraphProto.Builder g = m.getGraph().toBuilder();
        NodeProto softmax = g.getNode(g.getNodeCount() - 1);
        assertEquals("Softmax", softmax.getOpType());
        g.removeNode(g.getNodeCount() - 1);
        g.getOutputBuilder(0).setName(softmax.getInput(0));
        if (hidden) {
            g.addOutput(g.getOutput(0).toBuilder().setName("/3/Tanh_output_0").setType(g.getOutput(0).getType()
                    .toBuilder().setTensorType(g.getOutput(0).getType().getTensorType().toBuilder().setShape(
                            onnx.Onnx.TensorShapeProto.newBuilder()
                                    .addDim(onnx.Onnx.TensorShapeProto.Dimension.newBuilder().setDimValue(1))
                                    .addDim(onnx.Onnx.TensorShapeProto.Dimension.newBuilder().setDimValue(16))))));
        }
        Path p = dir.resolve(hidden ? "two-outputs.onnx" : "logits.onnx");
        Files.write(p, m.toBuilder().setGraph(g).build().toByteArray());
        return p;
    }
}
