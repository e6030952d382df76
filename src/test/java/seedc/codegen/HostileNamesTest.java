package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * An ONNX model whose node and tensor names are hostile (a line break followed by SeeDot, a C comment's end,
 * quotes, a backslash, backticks and $( of a shell, 200,000 characters, non-ASCII) imports, compiles for x86
 * (gcc builds it; its predictions are the interpreter's and the classes computed here) and for the FPGA (Icarus
 * simulates the design through its Makefile to the same classes): names are data, never code.
 */
class HostileNamesTest {
    private static final String NEWLINE = "x\nlet X = 0.0 in X";
    private static final String LONG = "w".repeat(200_000);
    private static final List<String> NAMES = List.of(NEWLINE, "w*/ int main; /*", "b\"q\\\\\"", "h`id`$(rm -rf ~)\\",
            LONG, "s\u00f1\u2192\u00fc\u0000\r", "y'; DROP");

    /** 40 rows (label, x1..x4): label = argmax(x1, x2, x3), each maximum at least 0.3 above the others. */
    private static double[] rows() {
        Random rnd = new Random(42);
        double[] d = new double[40 * 5];
        for (int r = 0; r < 40; r++) {
            int k = r % 3;
            d[r * 5] = k;
            for (int j = 0; j < 4; j++) {
                d[r * 5 + 1 + j] = j == k ? 0.7 + 0.3 * rnd.nextDouble() : 0.4 * rnd.nextDouble();
            }
        }
        return d;
    }

    /**
     * y = argmax(relu(x W + b)) with W (4, 3) picking x1, x2, x3 and b = 0: the class is the index of the largest of
     * x1..x3. Every tensor and node has one of the hostile names.
     */
    private static ModelProto model() {
        String x = NAMES.get(0), w = NAMES.get(1), b = LONG + NAMES.get(2), h = NAMES.get(3), r = NAMES.get(5) + LONG;
        TensorProto.Builder wt = TensorProto.newBuilder().setName(w).setDataType(1).addDims(4).addDims(3);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 3; j++) {
                wt.addFloatData(i == j ? 1 : 0);
            }
        }
        TensorProto bt = TensorProto.newBuilder().setName(b).setDataType(1).addDims(3).addFloatData(0)
                .addFloatData(0).addFloatData(0).build();
        NodeProto gemm = NodeProto.newBuilder().setOpType("Gemm").setName(LONG).addInput(x).addInput(w).addInput(b)
                .addOutput(h).build();
        NodeProto relu = NodeProto.newBuilder().setOpType("Relu").setName(NAMES.get(4) + "\n}").addInput(h)
                .addOutput(r).build();
        NodeProto argmax = NodeProto.newBuilder().setOpType("ArgMax").setName("*/\n#include </dev/zero>")
                .addInput(r).addOutput(NAMES.get(6)).addAttribute(onnx.Onnx.AttributeProto.newBuilder()
                        .setName("axis").setType(onnx.Onnx.AttributeProto.AttributeType.INT).setI(1)).build();
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder()
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(1))
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(4));
        GraphProto g = GraphProto.newBuilder().setName("g\n").addNode(gemm).addNode(relu).addNode(argmax)
                .addInitializer(wt).addInitializer(bt)
                .addInput(ValueInfoProto.newBuilder().setName(x).setType(TypeProto.newBuilder().setTensorType(
                        TypeProto.Tensor.newBuilder().setElemType(1).setShape(s))))
                .addOutput(ValueInfoProto.newBuilder().setName(NAMES.get(6)).setType(TypeProto.newBuilder()
                        .setTensorType(TypeProto.Tensor.newBuilder().setElemType(7))))
                .build();
        return ModelProto.newBuilder().setIrVersion(7).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build();
    }

    /** The classes computed here from the rows (the labels), as the predictors print them. */
    private static List<String> expected() {
        double[] d = rows();
        List<String> classes = new ArrayList<>();
        for (int r = 0; r < d.length / 5; r++) {
            classes.add(Integer.toString((int) d[r * 5]));
        }
        return classes;
    }

    private static Path files(Path dir) throws IOException {
        Path onnx = dir.resolve("m\n`id`.onnx");
        Files.write(onnx, model().toByteArray());
        Npy.write(dir.resolve("d.npy"), new NpyArray(new int[] {40, 5}, rows()));
        return onnx;
    }

    @Test
    void importedProgramHoldsNoNameAsCode(@TempDir Path dir) throws IOException {
        Path onnx = files(dir);
        DifferentialTest.Cli imp = DifferentialTest.cli("import", onnx.toString(), "--out", dir + "/i");
        assertEquals(0, imp.status(), imp.err());
        String sd = Files.readString(dir.resolve("i/input.sd"));
        for (String line : sd.lines().toList()) {
            String code = line.contains("//") ? line.substring(0, line.indexOf("//")) : line;
            assertFalse(code.contains("X = 0.0") || code.contains("DROP") || code.contains("rm -rf"), line);
            assertTrue(line.length() < 400, "a line of " + line.length() + " characters");
        }
        assertTrue(sd.contains("m<U+000A>`id`.onnx"), sd); // the file's name, in the header comment, escaped
        // the 200,003-character bias name: 64 characters, its first 53 and a hash of the whole name
        assertTrue(java.util.regex.Pattern.compile("(?m)^let W_w{53}_[0-9a-f]{8} = \\(3\\) in").matcher(sd).find(), sd);
        // the comment "Relu " + the output's name, cut at 80 characters with the whole length (5 + 6 + 200,000)
        assertTrue(sd.contains("// Relu s<U+00F1><U+2192><U+00FC><U+0000><U+000D>" + "w".repeat(69)
                + "... (200011 characters)\n"), sd);
        try (Stream<Path> files = Files.list(dir.resolve("i"))) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                assertTrue(name.matches("[A-Za-z0-9_]{1,70}\\.(npy|sd)|\\.seedc-output"), name);
            }
        }
        DifferentialTest.Cli run = DifferentialTest.cli("run", dir + "/i/input.sd", "--model", dir + "/i", "--data",
                dir + "/d.npy", "--no-progress");
        assertEquals(new DifferentialTest.Cli(0, "float accuracy: 100.00% (40/40)\n", ""), run);
    }

    @Test
    void x86PredictorComputesTheClasses(@TempDir Path dir) throws IOException {
        Path onnx = files(dir), out = dir.resolve("x86");
        DifferentialTest.Cli c = DifferentialTest.cli("compile", onnx.toString(), "--input-range", "0,1", "--train",
                dir + "/d.npy", "--test", dir + "/d.npy", "--out", out.toString(), "--jobs", "1", "--no-progress");
        assertEquals(0, c.status(), c.err());
        Path csv = csv(dir);
        Path java = dir.resolve("java.txt");
        DifferentialTest.Cli r = DifferentialTest.cli("run", onnx.toString(), "--input-range", "0,1", "--data",
                csv.toString(), "--config", out.resolve("report.json").toString(), "--predictions", java.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(expected(), Files.readAllLines(java).stream().map(String::strip).toList());
        DifferentialTest.assertSameLines(expected(), DifferentialTest.predict(DifferentialTest.build(out,
                DifferentialTest.SANITIZE), csv, "hostile names"), "hostile names x86");
    }

    @Test
    void fpgaDesignComputesTheClasses(@TempDir Path dir) throws Exception {
        assertTrue(DifferentialTest.haveIverilog(), "iverilog is needed (./run-tests installs it)");
        Path onnx = files(dir), out = dir.resolve("fpga");
        DifferentialTest.Cli c = DifferentialTest.cli("compile", onnx.toString(), "--input-range", "0,1", "--train",
                dir + "/d.npy", "--test", dir + "/d.npy", "--target", "fpga", "--out", out.toString(),
                "--jobs", "1", "--no-progress");
        assertEquals(0, c.status(), c.err());
        Files.copy(csv(dir), out.resolve("examples.csv"));
        Process p = new ProcessBuilder("make", "-s", "sim", "EXAMPLES=examples.csv").directory(out.toFile())
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "make sim timed out");
        assertEquals(0, p.exitValue(), "make sim:\n" + text);
        assertEquals(expected(), text.lines().map(String::strip).toList());
    }

    /** The rows as the predictors read them: CSV, label first. */
    private static Path csv(Path dir) throws IOException {
        double[] d = rows();
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < d.length / 5; r++) {
            for (int j = 0; j < 5; j++) {
                sb.append(j == 0 ? "" : ",").append(d[r * 5 + j]);
            }
            sb.append('\n');
        }
        return Files.writeString(dir.resolve("rows.csv"), sb);
    }
}
