package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.BitSerialTest.LowBitFixture;
import seedc.codegen.c.CBackend;
import seedc.diag.UserError;

/**
 * A convolution whose output only goes through a scale, a bias and a quantize is compared where it stores each
 * element: the quantize's output is written there and the convolution's wider sums are never stored. The integers
 * are the interpreter's (x86 under the sanitizers, the Uno under simavr), and the low-bit CNNs fit the Uno's RAM
 * with the defaults (their first convolution's 16-bit sums, 2 KB, did not).
 */
class ConvStoreThresholdsTest {
    @TempDir
    Path dir;

    /** A fused chain's comment in the quantize's place. */
    private static final String FUSED = "compared where the product above stores each element";

    /** The binary (sign, one step a channel) and ternary (2-bit quantize, three steps a channel) CNNs. */
    @ParameterizedTest
    @ValueSource(strings = {"cnn-digits-w1a1", "cnn-digits-w2a2"})
    void theLowBitCnnsFitTheUnoWithTheDefaults(String name) throws Exception {
        LowBitFixture f = LowBitFixture.compiled(name, CBackend.ARDUINO);
        Emitted uno = CBackend.ARDUINO.emit(f.fp(), f.model().weights(), EmitOptions.NONE, dir.resolve("uno"));
        String code = Files.readString(dir.resolve("uno/predict.cpp"));
        assertTrue(code.contains(FUSED), "the first convolution compares where it stores");
        // 8x8 pixels of 16 channels: the signs or levels take 1,024 bytes, the 16-bit sums would take 2,048
        assertTrue(uno.ramBytes() < 2048, uno.ramBytes() + " B of RAM");
        X86DifferentialTest.assertHostMatches(dir.resolve("x86"), f.fp(), f.model(), f.test(), 60);
        ModelBench.Outcome avr = ModelBench.fixed(f.fp(), f.model(), f.test(), 8, Device.UNO, AvrToolchain.MCU,
                dir.resolve("avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), name + ": the Uno's predictions differ from the interpreter");
    }

    /**
     * With sound ranges nothing wraps, so the second convolution's output is a non-decreasing function of its exact
     * sum: its thresholds are moved onto that sum, compared as the sum is made (no product by the common factor, no
     * shift), or, where its signs are written packed, onto its counts in the comparing kernel. The integers stay the interpreter's on x86 (sanitizers, every test row) and the Uno.
     */
    @Test
    void withSoundRangesTheExactSumIsCompared() throws Exception {
        Path m = Path.of("src/test/resources/fixtures/lowbit/cnn-digits-w1a1");
        Path data = Fixtures.dir("cnn-digits-10");
        seedc.ir.FloatModel model = seedc.frontend.seedot.SeeDotFrontEnd.load(m.resolve("input.sd"), m);
        seedc.io.DataSet train = seedc.driver.DataInputs.load(model.program(), data.resolve("train.npy"), 1);
        seedc.io.DataSet test = seedc.driver.DataInputs.load(model.program(), data.resolve("test.npy"), 1);
        seedc.driver.Compilation.Options o = new seedc.driver.Compilation.Options(seedc.fixed.Strategy.SHIFTRY, 16,
                seedc.search.Metric.ACCURACY, 2, false, CBackend.ARDUINO, 1.0, null);
        seedc.fixed.FixedProgram fp = seedc.driver.Compilation.compile(model, train, test,
                new seedc.driver.Compilation.Options(o.strategy(), o.bitwidth(), o.metric(), o.jobs(), false,
                        o.target(), o.maxAccuracyDrop(), null, o.products(), o.maxScoreError(), null,
                        seedc.driver.RangeMode.SOUND)).fixed();
        CBackend.ARDUINO.emit(fp, model.weights(), EmitOptions.NONE, dir.resolve("uno"));
        String code = Files.readString(dir.resolve("uno/predict.cpp"));
        assertTrue(code.matches("(?s).*if \\(acc >= SD_R(8|16)\\(l_\\d+, .*")
                || code.contains("sd_popand_rows_cmpw18_"), "thresholds on the sum, or its counts in the kernel:\n" + code);
        X86DifferentialTest.assertHostMatches(dir.resolve("x86"), fp, model, test, test.size());
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, test, 8, Device.UNO, AvrToolchain.MCU, dir.resolve("avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * A batch-norm after a convolution (a scale, then a per-channel bias) before sign, on random data: the chain is
     * compared at the store with its scale, and every row's prediction is the interpreter's on x86 (sanitizers) and on
     * the Uno.
     */
    @Test
    void aScaleAndABiasAfterAConvolutionAreComparedAtItsStore() throws Exception {
        Random rnd = new Random(11);
        int h = 6, c = 2, co = 4, classes = 5;
        double[] filter = new double[3 * 3 * c * co], bias = new double[co], w = new double[h * h * co * classes];
        for (int i = 0; i < filter.length; i++) {
            filter[i] = rnd.nextGaussian() * 0.3;
        }
        for (int i = 0; i < co; i++) {
            bias[i] = rnd.nextGaussian() * 0.2;
        }
        for (int i = 0; i < w.length; i++) {
            w[i] = rnd.nextGaussian() * 0.2;
        }
        String program = "let X = (" + h * h * c + ", 1) in [-1, 1] in\n"
                + "let F = (1, 3, 3, " + c + ", " + co + ") in [-1, 1] in\n"
                + "let B = (" + co + ") in [-1, 1] in\n"
                + "let W = (" + h * h * co + ", " + classes + ") in [-1, 1] in\n"
                + "let Xt = reshape(X, (1, " + h + ", " + h + ", " + c + "), (1, 2)) in\n"
                + "let C = conv2d(Xt, F, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1}) in\n"
                + "let Y = sign((0.75 * C) <+> B) in\n"
                + "argmax(reshape(Y, (1, " + h * h * co + "), (1, 2, 3, 4)) * W)\n";
        HandModel m = new HandModel(dir.resolve("bn")).program(program)
                .param("F", filter, 1, 3, 3, c, co).param("B", bias, co).param("W", w, h * h * co, classes)
                .rows("data", HandModel.uniformRows(rnd, 60, h * h * c));
        BitSerialTest.assertConvolutionExact(dir, m, FUSED);
    }

    /**
     * A device with less RAM than the ternary CNN needs even so: the error names the peak and says what lets the
     * search demote more.
     */
    @Test
    void aCnnBeyondADevicesRamSaysWhatDemotesMore() {
        LowBitFixture f = LowBitFixture.compiled("cnn-digits-w2a2", CBackend.ARDUINO);
        Device small = Device.byName("1100:32768").orElseThrow();
        UserError e = assertThrows(UserError.class, () -> CBackend.ARDUINO.emit(f.fp(), f.model().weights(),
                EmitOptions.on(small), dir.resolve("small")));
        // the peak 1280 B less the 712 B left; values at 16 bits, so the command line can say what demotes more
        assertTrue(e.getMessage().contains("does not fit the RAM of 1100:32768") && e.getMessage().contains("(live: ")
                && e.getMessage().endsWith("but the device has 712, 568 B over"), e.getMessage());
        seedc.diag.TooLarge.Shortfall s = ((seedc.diag.TooLarge) e).shortfall();
        assertEquals(new seedc.diag.TooLarge.Shortfall(seedc.diag.TooLarge.Kind.RAM, 568, 1100, s.parameterBytes(),
                s.parameterElements(), true), s);
        assertFalse(e.getMessage().contains("v_t11 2048 B"), "the convolution's sums are not stored");
    }
}
