package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.BitLayout;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.bench.AvrToolchain;
import seedc.bench.CortexMRuns;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.driver.DataInputs;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * Products of quantized activations and low-bit weights on packed bit planes (BitSerial): the MLPs trained with
 * 1-, 2- and 3-bit weights and sign or 2-bit activations (fixtures/lowbit), compiled for the Uno, give the
 * interpreter's integers on x86 under the sanitizers (every test row), on the Uno under simavr and under Unicorn in
 * Cortex-M0+ and M4 builds; and their hidden-to-output product is on planes.
 */
class BitSerialTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @org.junit.jupiter.params.provider.CsvSource({"mlp-digits-w1a1, PLANES", "mlp-digits-w2a2, PLANES",
            "mlp-digits-w2a2, ELEMENTS", "mlp-digits-w3a2, PLANES", "mlp-digits-w3a2, ELEMENTS"})
    void lowBitMlpsAreBitExactOnPlanes(String name, BitLayout layout) throws Exception {
        LowBitFixture f = LowBitFixture.compiled(name, CBackend.ARDUINO);
        FloatModel model = f.model();
        DataSet test = f.test();
        FixedProgram fp = f.fp();
        EmitOptions options = EmitOptions.NONE.withBitLayout(layout);

        Path host = dir.resolve(name + "-x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, test, test.size(), options);
        String code = Files.readString(host.resolve("predict.c"));
        // x86 reads the planes in the words its measurements chose (64 bits), the Uno in bytes; the bits of one
        // element together are counted in masked 64-bit words on x86, looked up in the Uno's nibble table
        String kernel = layout == BitLayout.PLANES ? "sd_popand64(" : "sd_elemand64_2" + name.charAt(12) + "(";
        assertTrue(code.contains(kernel), name + ": the hidden-to-output product in " + layout + ":\n" + code);

        ModelBench.Outcome avr = ModelBench.fixed(fp, model, test, 30, Device.UNO, AvrToolchain.MCU,
                dir.resolve(name + "-avr"), seedc.backend.WeightStorage.DENSE, true, layout);
        assertEquals(avr.expected(), avr.fixed().outputs(),
                name + ": the Uno's predictions differ from the interpreter");

        CortexMBuildTest.assertRunsExact(fp, model.weights(), options, test, dir.resolve(name + "-cortex-m"),
                CortexMRuns.Cpu.M0PLUS, CortexMRuns.Cpu.M4);
    }

    /**
     * The MLPs whose pixels the program quantizes too (fixtures ...i1, ...i2: quantize(X, 1, 0.0, 1.0) and
     * quantize(X, 2, 0.0, 0.75)): both products on planes, the first one's activation the quantized pixels; every test
     * row equal on x86 under the sanitizers, 30 on the Uno with the measured layout, where the first layer's kernel
     * compares its sums itself, 40 in Cortex-M0+ and M4 builds under Unicorn.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mlp-digits-w1a1i1", "mlp-digits-w2a2i2"})
    void quantizedPixelsPutEveryProductOnPlanes(String name) throws Exception {
        LowBitFixture f = LowBitFixture.compiled(name, CBackend.ARDUINO);
        Path host = dir.resolve(name + "-x86");
        X86DifferentialTest.assertHostMatches(host, f.fp(), f.model(), f.test(), f.test().size());
        String code = Files.readString(host.resolve("predict.c"));
        assertEquals(2, code.split("/\\* bit-serial: ", -1).length - 1, name + ": both products on planes:\n" + code);
        ModelBench.Outcome avr = ModelBench.fixed(f.fp(), f.model(), f.test(), 30, Device.UNO, AvrToolchain.MCU,
                dir.resolve(name + "-avr"), seedc.backend.WeightStorage.DENSE, true, BitLayout.MEASURED);
        assertEquals(avr.expected(), avr.fixed().outputs(), name + ": the Uno's predictions differ from the interpreter");
        String uno = Files.readString(dir.resolve(name + "-avr").resolve("sketch").resolve("predict.cpp"));
        // the binary MLP's hidden signs compared in its first kernel and written as the second's plane; the 2-bit
        // one's hidden levels counted in its first level-tables kernel
        String compared = name.contains("w1a1") ? "sd_popand_rows_cmp8_" : "sd_ltrows_cmp16_2_";
        assertTrue(uno.contains(compared), name + ": the first layer's kernel compares:\n" + uno);
        CortexMBuildTest.assertRunsExact(f.fp(), f.model().weights(), EmitOptions.NONE, f.test(),
                dir.resolve(name + "-cortex-m"), CortexMRuns.Cpu.M0PLUS, CortexMRuns.Cpu.M4);
    }

    /**
     * A 3 x 3 convolution of one channel of 2-bit levels: into 8 channels its 9-tap windows look their planes'
     * patterns up in window tables on the Uno (PlaneKernel.WindowTables: 512 x 8 bytes, the windows from row masks);
     * into 24 channels the tables would pass 8 KB, so they go to subset sums (BitSerial.SMALL_WINDOW; every output
     * channel looked up in one call); to planes on x86; every row equal to the interpreter's on both.
     */
    @ParameterizedTest(name = "{0} channels")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
            "8; sd_idx sd_p1 = (sd_idx)((sd_q[2] | (sd_idx)sd_q[3] << 8) * 8);", "24; sd_ssrows_3_2("})
    void smallWindowsOfTwoBitLevels(int co, String kernel) throws Exception {
        java.util.Random rnd = new java.util.Random(33);
        int c = 1, h = 6;
        double[] f = new double[3 * 3 * c * co];
        for (int i = 0; i < f.length; i++) {
            f[i] = (rnd.nextInt(3) - 1) * 0.25;
        }
        HandModel m = new HandModel(dir.resolve("small"))
                .program(HandModel.convProgram(h, c, co, 1, "[-0.25, 0.25]", "quantize(Xt, 2, 0.0, 1.5)", 1))
                .param("F", f, 1, 3, 3, c, co)
                .rows("data", HandModel.uniformRows(rnd, 60, h * h * c));
        assertConvolutionExact(dir, m, "/* bit-serial: AND + popcount over 2 x 2", BitLayout.PLANES);
        String uno = Files.readString(dir.resolve("conv-avr").resolve("sketch").resolve("predict.cpp"));
        assertTrue(uno.contains(kernel), "the windows' kernel on the Uno:\n" + uno);
    }

    /**
     * A binary layer of 300 outputs (more than the rows kernel's byte counts: it takes at most 255 rows a call) from 16
     * signs: every row equal to the interpreter's on the Uno.
     */
    @org.junit.jupiter.api.Test
    void moreRowsThanTheRowsKernelCounts() throws Exception {
        java.util.Random rnd = new java.util.Random(31);
        int features = 16, classes = 300;
        double[] w = new double[features * classes];
        for (int i = 0; i < w.length; i++) {
            w[i] = rnd.nextBoolean() ? 0.5 : -0.5;
        }
        HandModel h = new HandModel(dir.resolve("wide"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\nlet W = (" + features + ", " + classes
                        + ") in [-0.5, 0.5] in\nargmax(sign(X)^T * W)\n")
                .param("W", w, features, classes)
                .rows("data", HandModel.uniformRows(rnd, 40, features));
        FloatModel model = h.load();
        DataSet set = h.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, set.size(), Device.UNO, AvrToolchain.MCU,
                dir.resolve("wide-avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * The weights on the left and the activation a column on the right (W2 * H), 13 terms (a plane's last byte
     * half used), binary weights of 0.5 and -0.5 and a sign activation: a random model, every row of it equal on x86
     * under the sanitizers and on the Uno.
     */
    @org.junit.jupiter.api.Test
    void activationOnTheRightAndAPartialByte() throws Exception {
        java.util.Random rnd = new java.util.Random(5);
        int features = 20, hidden = 13, classes = 5;
        double[] w1 = new double[hidden * features], w2 = new double[classes * hidden];
        for (int i = 0; i < w1.length; i++) {
            w1[i] = 2 * rnd.nextDouble() - 1;
        }
        for (int i = 0; i < w2.length; i++) {
            w2[i] = rnd.nextBoolean() ? 0.5 : -0.5;
        }
        HandModel m = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\nlet W1 = (" + hidden + ", " + features
                        + ") in [-1, 1] in\nlet W2 = (" + classes + ", " + hidden + ") in [-0.5, 0.5] in\n"
                        + "let H = sign(W1 * X) in\nargmax(W2 * H)\n")
                .param("W1", w1, hidden, features).param("W2", w2, classes, hidden)
                .rows("data", HandModel.uniformRows(rnd, 200, features));
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        Path host = dir.resolve("x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, set, set.size());
        String code = Files.readString(host.resolve("predict.c"));
        // two packed bytes a plane, read in the word measured fastest for 2 B on x86 (16 bits, or a wider word after
        // zero bytes); the Uno reads the two bytes
        boolean wider = code.contains("sd_popand32(") || code.contains("sd_popand64(");
        assertTrue(code.contains("/* bit-serial: AND + popcount over 1 x 1")
                && (code.contains("sd_popand16(") || wider && code.contains("sd_q[2 + b] = 0;")),
                "the product on planes, two bytes a plane:\n" + code);
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, 40, Device.UNO, AvrToolchain.MCU, dir.resolve("avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * One random low-bit layer, argmax(A^T * W) with 256 terms (32 bytes a plane) and 32 outputs, A = sign(X) with
     * binary weights or quantize(X, 2, 0, 1.5) with ternary ones (scripts/bench-bitplanes' layers, smaller data):
     * every row equal on x86 under the sanitizers and on the Uno. SeeDot at 8 bits sums in 8 bits, where the sum
     * may wrap: the counts then combine modulo 2^W.
     */
    @ParameterizedTest(name = "{0} {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';',
            value = {"sign(X);SHIFTRY", "quantize(X, 2, 0.0, 1.5);SHIFTRY", "sign(X);SEEDOT"})
    void oneLowBitLayer(String activation, Strategy strategy) throws Exception {
        java.util.Random rnd = new java.util.Random(7);
        int n = 256, m = 32;
        boolean binary = activation.startsWith("sign");
        double[] w = new double[n * m];
        for (int i = 0; i < w.length; i++) {
            w[i] = binary ? (rnd.nextBoolean() ? 0.5 : -0.5) : (rnd.nextInt(3) - 1) * 0.5;
        }
        HandModel h = new HandModel(dir.resolve("layer"))
                .program("let X = (" + n + ", 1) in [-1, 1] in\nlet W = (" + n + ", " + m + ") in [-0.5, 0.5] in\n"
                        + "let A = " + activation + " in\nargmax(A^T * W)\n")
                .param("W", w, n, m)
                .rows("data", HandModel.uniformRows(rnd, 60, n));
        FloatModel model = h.load();
        DataSet set = h.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, strategy, Metric.DISAGREEMENT, CBackend.ARDUINO,
                strategy == Strategy.SEEDOT ? 8 : 16);
        Path host = dir.resolve("layer-x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, set, set.size());
        assertTrue(Files.readString(host.resolve("predict.c")).contains("/* bit-serial: AND + popcount over "
                + (binary ? "1 x 1" : "2 x 2")), "the layer on planes");
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, 20, Device.UNO, AvrToolchain.MCU,
                dir.resolve("layer-avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * The CNNs on quantized pixels, every product on planes, every test row equal on x86 under the sanitizers, 30
     * on the Uno and 40 in Cortex-M0+ and M4 builds under Unicorn. The binary one: its first convolution's windows from row masks and its signs looked up by window
     * pattern, both poolings OR packed bytes, the second convolution compares its counts in the 16-bit kernel with
     * thresholds a pixel class, and the output layer reads the pooled signs through the reshape. The 2-bit one: its
     * first convolution's window tables folded with its quantize's, the second's pairs of planes of every row in one
     * call, which counts the quantize's thresholds itself.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
            "cnn-digits-w1a1i1; uint16_t sd_win0 = |sd_idx pat = |/* the OR of each window's packed signs */"
                    + "|sd_popand_rows_cmpw18_| + sd_pc * |SD_POP8(sd_a[b])",
            "cnn-digits-w2a2i2; uint16_t sd_win1 = |sd_lt += |sd_pairrows_cmp22_18_"})
    void cnnsOnQuantizedPixels(String name, String kernels) throws Exception {
        LowBitFixture f = LowBitFixture.compiled(name, CBackend.ARDUINO);
        X86DifferentialTest.assertHostMatches(dir.resolve(name + "-x86"), f.fp(), f.model(), f.test(),
                f.test().size());
        ModelBench.Outcome avr = ModelBench.fixed(f.fp(), f.model(), f.test(), 30, Device.UNO, AvrToolchain.MCU,
                dir.resolve(name + "-avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), name + ": the Uno's predictions differ from the interpreter");
        String uno = Files.readString(dir.resolve(name + "-avr").resolve("sketch").resolve("predict.cpp"));
        for (String kernel : kernels.split("\\|")) {
            assertTrue(uno.contains(kernel), name + ": " + kernel + "\n" + uno);
        }
        CortexMBuildTest.assertRunsExact(f.fp(), f.model().weights(), EmitOptions.NONE, f.test(),
                dir.resolve(name + "-cortex-m"), CortexMRuns.Cpu.M0PLUS, CortexMRuns.Cpu.M4);
    }

    /**
     * The low-bit CNNs (their output layer reads the second block's activations through a max pool and a reshape,
     * which keep the quantize's levels) and their padded second convolution (the binary one's padding in a plane of
     * its own) on planes, every test row equal on x86 under the sanitizers, 40 in Cortex-M0+ and M4 builds under Unicorn. (The Uno:
     * ConvStoreThresholdsTest.)
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cnn-digits-w1a1", "cnn-digits-w2a2", "cnn-digits-w3a2"})
    void lowBitCnnsAreBitExactOnPlanes(String name) throws Exception {
        LowBitFixture f = LowBitFixture.compiled(name, CBackend.X86);
        FloatModel model = f.model();
        DataSet test = f.test();
        FixedProgram fp = f.fp();
        Path host = dir.resolve(name + "-x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, test, test.size());
        String code = Files.readString(host.resolve("predict.c"));
        assertEquals(2, code.split("/\\* bit-serial: ", -1).length - 1,
                name + ": the products on planes");
        CortexMBuildTest.assertRunsExact(fp, model.weights(), EmitOptions.NONE, test, dir.resolve(name + "-cortex-m"),
                CortexMRuns.Cpu.M0PLUS, CortexMRuns.Cpu.M4);
    }

    /**
     * Padded convolutions of 2-bit activations with ternary filters on planes, random models, every row equal on x86
     * under the sanitizers and on the Uno: two input channels (levels 0, 0.5, 1, 1.5: the padding's 0 is level 0; a
     * window of 18 taps, three bytes a plane, the last partial; packed tap by tap), and eight (levels -0.5, 0, 0.5, 1:
     * the padding's 0 is level 1, so it fills plane 0 with ones; each pixel's channels fill a byte: the input is
     * packed once, pixel by pixel, and each window copies its pixels' bytes); and of sign's -1 and +1, which have no
     * level for the padding's 0: its taps counted, their weights' value numbers from a table a pixel class (packed tap by
     * tap, and copied).
     */
    @ParameterizedTest(name = "{1} input channels, {3}, {4}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
            "3; 2; 6; quantize(Xt, 2, 0.0, 1.5); PLANES; /* bit-serial: AND + popcount over 2 x 2",
            "3; 2; 6; quantize(Xt, 2, 0.0, 1.5); ELEMENTS; /* bit-serial: 2 x 2 bits, the bits of one element together",
            "8; 8; 5; quantize(Xt, 2, -0.5, 1.0); MEASURED; words, the input packed once */",
            "4; 2; 6; sign(Xt); MEASURED; bit words, the padding's weights from a table a pixel class */",
            "9; 8; 5; sign(Xt); MEASURED; words, the input packed once, the padding's weights from a table a pixel class */"})
    void paddedConvolutionOnPlanes(long seed, int c, int h, String activation, BitLayout layout, String kernel)
            throws Exception {
        java.util.Random rnd = new java.util.Random(seed);
        int co = 4;
        double[] f = new double[3 * 3 * c * co];
        for (int i = 0; i < f.length; i++) {
            f[i] = (rnd.nextInt(3) - 1) * 0.25;
        }
        HandModel m = new HandModel(dir.resolve("conv"))
                .program(HandModel.convProgram(h, c, co, 1, "[-0.25, 0.25]", activation, 1))
                .param("F", f, 1, 3, 3, c, co)
                .rows("data", HandModel.uniformRows(rnd, 60, h * h * c));
        assertConvolutionExact(dir, m, kernel, layout);
    }

    /**
     * The model's data rows ("data") through shiftry for the Uno: every row equal to the interpreter on x86 under the
     * sanitizers, its C with {@code kernel} in it, and on the Uno.
     */
    static void assertConvolutionExact(Path dir, HandModel m, String kernel) throws Exception {
        assertConvolutionExact(dir, m, kernel, BitLayout.MEASURED);
    }

    /** The same with the bit axis of products on packed bits where {@code layout} says. */
    static void assertConvolutionExact(Path dir, HandModel m, String kernel, BitLayout layout) throws Exception {
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        Path host = dir.resolve("conv-x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, set, set.size(), EmitOptions.NONE.withBitLayout(layout));
        assertTrue(Files.readString(host.resolve("predict.c")).contains(kernel), "the convolution's kernel");
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, 20, Device.UNO, AvrToolchain.MCU,
                dir.resolve("conv-avr"), seedc.backend.WeightStorage.DENSE, true, layout);
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * A fixture of fixtures/lowbit (its data cnn-digits-10's rows), its test set and its program for a target:
     * compiled once per JVM for each fixture and target (several tests here and ConvStoreThresholdsTest share them).
     */
    record LowBitFixture(FloatModel model, DataSet test, FixedProgram fp) {
        private static final java.util.Map<java.util.List<Object>, LowBitFixture> COMPILED =
                new java.util.concurrent.ConcurrentHashMap<>();

        static LowBitFixture compiled(String name, seedc.backend.Backend target) {
            return COMPILED.computeIfAbsent(java.util.List.of(name, target), key -> { // the backend by identity
                Path m = Path.of("src/test/resources/fixtures/lowbit", name);
                Path data = Fixtures.dir("cnn-digits-10");
                FloatModel model = SeeDotFrontEnd.load(m.resolve("input.sd"), m);
                DataSet train = DataInputs.load(model.program(), data.resolve("train.npy"), 1);
                DataSet test = DataInputs.load(model.program(), data.resolve("test.npy"), 1);
                // the search fits the program's RAM to the target's device, as a compile for it does (the Uno's
                // 2 KB: a CNN's first convolution at 16 bits does not fit, and a model that prices it lower picks it)
                return new LowBitFixture(model, test, seedc.driver.Compilation.compile(model, train, test,
                        new seedc.driver.Compilation.Options(Strategy.SHIFTRY, 16, Metric.ACCURACY, 2, false, target,
                                1.0, null).withDeviceRam(target.defaultDevice())).fixed());
            });
        }
    }
}
