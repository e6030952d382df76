package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import onnx.Onnx.ModelProto;
import seedc.eval.FloatInterpreter;
import seedc.eval.Result;
import seedc.ir.FloatModel;

/**
 * Runs one small graph (input "x") by seedc's float interpreter and by ONNX Runtime on random inputs, and asserts
 * they agree: outputs within 1e-5 relative, or, for a classifier's head, seedc's class equal to the largest of
 * ONNX Runtime's outputs (its ArgMax's index when the output is int64).
 */
final class OpsetOracle {
    private OpsetOracle() {}

    /** seedc's result on {@code model} for input {@code x}. */
    static Result seedc(Path dir, ModelProto model, double[] x) throws IOException {
        Path file = Files.createTempFile(dir, "opset", ".onnx");
        Files.write(file, model.toByteArray());
        FloatModel m = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false));
        return new FloatInterpreter(m.program(), m.weights()).run(x, null);
    }

    /** seedc and ONNX Runtime agree on {@code model} (input of shape {@code shape}) on 5 random inputs. */
    static void agree(Path dir, ModelProto model, long[] shape, Random rnd) throws IOException, OrtException {
        Path file = Files.createTempFile(dir, "opset", ".onnx");
        Files.write(file, model.toByteArray());
        FloatModel m = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false));
        FloatInterpreter seedc = new FloatInterpreter(m.program(), m.weights());
        String what = "opset " + model.getOpsetImport(0).getVersion() + " " + model.getGraph().getNodeList().stream()
                .map(n -> n.getOpType()).toList();
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
            int n = (int) java.util.Arrays.stream(shape).reduce(1, Math::multiplyExact);
            for (int trial = 0; trial < 5; trial++) {
                float[] x = new float[n];
                double[] xd = new double[n];
                for (int i = 0; i < n; i++) {
                    x[i] = (float) (rnd.nextDouble() * 4 - 2);
                    xd[i] = x[i];
                }
                Result got = seedc.run(xd, null);
                try (OnnxTensor in = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), shape);
                     OrtSession.Result out = session.run(Map.of("x", in))) {
                    OnnxTensor y = (OnnxTensor) out.get(0);
                    if (y.getInfo().type == OnnxJavaType.INT64) {
                        assertEquals(y.getLongBuffer().get(0), got.label(), what);
                        continue;
                    }
                    FloatBuffer want = y.getFloatBuffer();
                    if (got.isLabel()) {
                        assertEquals(largest(want), got.label(), what);
                        continue;
                    }
                    assertEquals(want.remaining(), got.output().length, what);
                    for (int k = 0; k < got.output().length; k++) {
                        float w = want.get(k);
                        assertEquals(w, got.output()[k], 1e-5 * Math.max(1, Math.abs(w)), what + " at " + k);
                    }
                }
            }
        }
    }

    private static int largest(FloatBuffer v) {
        int best = 0;
        for (int k = 1; k < v.remaining(); k++) {
            best = v.get(k) > v.get(best) ? k : best;
        }
        return best;
    }
}
