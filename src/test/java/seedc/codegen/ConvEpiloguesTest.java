package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.fixed.StoreEpilogues;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * A convolution's bias and ReLU computed where it stores each element ({@link StoreEpilogues}): the ops the fact
 * names are those the C writes no loop for, counted by hand on cnn-digits-10, and on a hand-made CNN whose
 * convolutions take a subtracted bias and a ReLU, a bias alone, and a bias whose output two ops read, the C computes
 * the interpreter's integers on x86 (under the sanitizers) and on the Uno (simavr).
 */
class ConvEpiloguesTest {
    @TempDir
    Path dir;

    /** The comment CEmitter writes in the place of an op an epilogue computes. */
    private static final String AT_STORE = "computed where the convolution above stores each element";

    /**
     * cnn-digits-10 (conv, bias, relu, maxpool twice): by hand, both convolutions' biases and ReLUs (t11, t12, t15,
     * t16) are computed at the store, where the C writes the comment and no loop.
     */
    @Test
    void cnnDigitsBiasesAndRelusAreComputedAtTheStore() throws Exception {
        Fixtures.Compiled c = Fixtures.get("cnn-digits-10", "shiftry");
        assertEquals(Set.of("t11", "t12", "t15", "t16"), names(c.fixed()), "the fact");
        CBackend.ARDUINO.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, dir);
        assertEquals(Set.of("t11", "t12", "t15", "t16"), commented(Files.readString(dir.resolve("predict.cpp"))),
                "the C");
    }

    /**
     * Three convolutions: the first's bias subtracted then a ReLU (both at its store), the second's bias alone (its
     * output goes to a maxpool), and the third's bias read by a ReLU and by the sum after it (not fused: the bias's
     * output is read twice, so the ReLU is not its only reader; the bias is, and is computed at the store alone).
     */
    @Test
    void aHandCnnComputesTheInterpretersIntegers() throws Exception {
        Random rnd = new Random(25);
        HandModel m = new HandModel(dir.resolve("model")).program("""
                let X = (36, 1) in [0, 1] in
                let F1 = (1, 3, 3, 1, 4) in [-1, 1] in
                let B1 = (4) in [-0.5, 0.5] in
                let F2 = (1, 1, 3, 4, 3) in [-1, 1] in
                let B2 = (3) in [-0.5, 0.5] in
                let F3 = (1, 3, 1, 3, 3) in [-1, 1] in
                let B3 = (3) in [-0.5, 0.5] in
                let FC = (27, 5) in [-1, 1] in
                let Xt = reshape(X, (1, 6, 6, 1), (1, 2)) in
                let C1 = relu(conv2d(Xt, F1, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1}) <-> B1) in
                let C2 = maxpool(conv2d(C1, F2, {s 1 1}, {p 0 0 1 1}, {d 1 1}, {g 1}) <+> B2, {k 2 2}, {p 0 0 0 0}, {s 2 2}) in
                let A3 = conv2d(C2, F3, {s 1 1}, {p 1 1 0 0}, {d 1 1}, {g 1}) <+> B3 in
                let C3 = relu(A3) + A3 in
                let flat = reshape(C3, (1, 27), (1, 2, 3, 4)) in
                argmax(flat * FC)
                """)
                .param("F1", values(rnd, 36, 1), 1, 3, 3, 1, 4).param("B1", values(rnd, 4, 0.5), 4)
                .param("F2", values(rnd, 36, 1), 1, 1, 3, 4, 3).param("B2", values(rnd, 3, 0.5), 3)
                .param("F3", values(rnd, 27, 1), 1, 3, 1, 3, 3).param("B3", values(rnd, 3, 0.5), 3)
                .param("FC", values(rnd, 135, 1), 27, 5).rows("data", rows(rnd, 40));
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        // 16 bits throughout: every chain keeps the convolution's element width (the fact's condition)
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SEEDOT, Metric.DISAGREEMENT, CBackend.ARDUINO);
        Set<String> fused = names(fp);
        assertEquals(4, fused.size(), "B1's difference and C1's relu, B2's sum, B3's sum: " + fused);
        X86DifferentialTest.assertHostMatches(dir.resolve("x86"), fp, model, set, 40);
        ModelBench.Outcome uno = ModelBench.fixed(fp, model, set, 40, Device.UNO, AvrToolchain.MCU, dir.resolve("avr"));
        assertEquals(uno.expected(), uno.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /** The outputs of the ops the fact computes at a store. */
    private static Set<String> names(FixedProgram fp) {
        Set<String> s = new TreeSet<>();
        StoreEpilogues.of(fp, op -> false).all().forEach(e -> e.links().forEach(op -> s.add(op.out().name())));
        return s;
    }

    /** The values whose op's place in the C holds the epilogue's comment. */
    private static Set<String> commented(String c) {
        Set<String> s = new TreeSet<>();
        Matcher m = Pattern.compile("/\\* (\\w+) = \\w+\\([^\\n]*\\) \\*/\\n\\s*/\\* ([^\\n]*?) \\*/").matcher(c);
        while (m.find()) {
            if (m.group(2).equals(AT_STORE)) {
                s.add(m.group(1));
            }
        }
        return s;
    }

    private static double[] values(Random rnd, int n, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (rnd.nextDouble() * 2 - 1) * scale;
        }
        return v;
    }

    /** Rows of 36 pixels in [0, 1], labels 0 (the tests compare integers, not accuracy). */
    private static double[][] rows(Random rnd, int n) {
        double[][] r = new double[n][37];
        for (double[] row : r) {
            for (int i = 1; i < row.length; i++) {
                row[i] = rnd.nextDouble();
            }
        }
        return r;
    }
}
