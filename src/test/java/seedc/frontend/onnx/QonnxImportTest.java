package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.NodeProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.eval.FloatInterpreter;
import seedc.ir.FloatModel;

/**
 * QONNX's Quant and BipolarQuant (ONNX Runtime does not run them): seedc's float outputs against QONNX's
 * formulas written out here, q = clamp(rint(x / scale + zeropt), qmin, qmax), (q - zeropt) * scale, and
 * scale * (x >= 0 ? 1 : -1).
 */
class QonnxImportTest {
    private static final String DOMAIN = "qonnx.custom_op.general";

    private static NodeProto qonnx(NodeProto n) {
        return n.toBuilder().setDomain(DOMAIN).build();
    }

    /**
     * x (1, 6) through a signed 3-bit Quant of scale 1/4 (levels -1 .. 3/4), a Gemm with weights quantized by a
     * signed 2-bit Quant of scale 1/2 (computed at import), and a BipolarQuant of scale 1.5.
     */
    @Test
    void lowBitWeightsAndActivations(@TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(21);
        onnx.Onnx.TensorProto w = Graphs.random("W", rnd, 2, 6);
        Path file = dir.resolve("qonnx.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                qonnx(Graphs.node("Quant", "qx", List.of("x", "s", "z", "b3"), "xq", Graphs.ints("signed", 1))),
                qonnx(Graphs.node("Quant", "qw", List.of("W", "sw", "z", "b2"), "Wq")),
                Graphs.node("Gemm", "g", List.of("xq", "Wq"), "h", Graphs.ints("transB", 1)),
                qonnx(Graphs.node("BipolarQuant", "bq", List.of("h", "sb"), "y"))),
                List.of(w, Graphs.floats("s", new float[] {0.25f}), Graphs.floats("z", new float[] {0f}),
                        Graphs.floats("b3", new float[] {3f}), Graphs.floats("sw", new float[] {0.5f}),
                        Graphs.floats("b2", new float[] {2f}), Graphs.floats("sb", new float[] {1.5f})))).toByteArray());
        FloatModel model = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-2, 2, false));
        FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
        double[] wq = new double[12];
        for (int i = 0; i < wq.length; i++) {
            wq[i] = Math.clamp(Math.rint(w.getFloatData(i) / 0.5), -2, 1) * 0.5;
        }
        int positive = 0;
        for (int trial = 0; trial < 50; trial++) {
            double[] x = new double[6];
            for (int j = 0; j < 6; j++) {
                x[j] = (float) (rnd.nextDouble() * 4 - 2);
            }
            double[] got = seedc.run(x, null).output();
            for (int r = 0; r < 2; r++) {
                double h = 0;
                for (int j = 0; j < 6; j++) {
                    h += Math.clamp(Math.rint(x[j] / 0.25), -4, 3) * 0.25 * wq[r * 6 + j];
                }
                assertEquals(h >= 0 ? 1.5 : -1.5, got[r], "trial " + trial + " output " + r + " (h = " + h + ")");
                positive += h >= 0 ? 1 : 0;
            }
        }
        assertTrue(positive > 10 && positive < 90, "both signs are tried: " + positive + " of 100 positive");
    }

    /** A bit width that is no single number (here an empty tensor) is a located error, not a crash. */
    @Test
    void aBitWidthOfNoValueIsRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("empty-width.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 2}, "y", List.of(
                qonnx(Graphs.node("Quant", "qx", List.of("x", "s", "z", "b"), "y"))),
                List.of(Graphs.floats("s", new float[] {0.25f}), Graphs.floats("z", new float[] {0f}),
                        Graphs.floats("b", new float[0], 0)))).toByteArray());
        var e = org.junit.jupiter.api.Assertions.assertThrows(seedc.diag.UserError.class,
                () -> OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false)));
        assertTrue(e.getMessage().contains("node 'qx' (Quant, opset 13): has bit width []; seedc reads one whole number"
                + " from 1 to 32"), e.getMessage());
    }

    /** What seedc does not import on activations is a located error, not a wrong answer. */
    @Test
    void narrowRangeOnAnActivationIsRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("narrow.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 2}, "y", List.of(
                qonnx(Graphs.node("Quant", "qx", List.of("x", "s", "z", "b"), "y", Graphs.ints("narrow", 1)))),
                List.of(Graphs.floats("s", new float[] {0.25f}), Graphs.floats("z", new float[] {0f}),
                        Graphs.floats("b", new float[] {4f})))).toByteArray());
        var e = org.junit.jupiter.api.Assertions.assertThrows(seedc.diag.UserError.class,
                () -> OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false)));
        assertTrue(e.getMessage().contains("node 'qx' (Quant, opset 13): quantizes a computed tensor with narrow = 1"),
                e.getMessage());
    }
}
