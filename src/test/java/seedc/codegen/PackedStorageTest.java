package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.backend.WeightStorage;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.rewrite.WeightQuantization;
import seedc.rewrite.WeightQuantization.Mode;

/**
 * Parameters stored packed (--weight-storage packed: a table of each array's distinct values and a k-bit index per
 * element) compute the same integers as dense ones: on x86 under the sanitizers, on the Uno under simavr and in a
 * clean Cortex-M build run under Unicorn, for each index width (1, 2, 4 and 8 bits, from weights quantized to that many values), and
 * the constants take fewer bytes than dense.
 */
class PackedStorageTest {
    @TempDir
    Path dir;

    /** Fixture, strategy, quantization, and the index width its weight matrices get. */
    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("fastgrnn-digits-10", "seedot", new WeightQuantization.Spec(Mode.GRID, 1), 1),
                Arguments.of("cnn-digits-10", "shiftry", new WeightQuantization.Spec(Mode.GRID, 1), 1),
                Arguments.of("protonn-digits-10", "seedot", new WeightQuantization.Spec(Mode.GRID, 2), 2),
                Arguments.of("cnn-digits-10", "shiftry", new WeightQuantization.Spec(Mode.CODEBOOK, 16), 4),
                Arguments.of("bonsai-digits-10", "seedot", new WeightQuantization.Spec(Mode.CODEBOOK, 200), 8));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void packedComputesWhatDenseDoes(String name, String strategy, WeightQuantization.Spec q, int indexBits)
            throws Exception {
        Fixtures.Compiled c = Fixtures.get(name, strategy, q);
        EmitOptions packed = EmitOptions.NONE.withStorage(WeightStorage.PACKED);
        Path host = dir.resolve("x86");
        X86DifferentialTest.assertHostMatches(host, c.fixed(), c.model(), c.test(), 60, packed);
        String code = Files.readString(host.resolve("predict.c"));
        // an indexed read extracts element i's index (sd_ixK); a dot product's stream shifts a cached byte by K, or
        // reads a byte an element at K = 8; binary weights shared by enough outputs are instead one bit plane whose
        // nibbles look up subset sums of the activations
        boolean streamed = indexBits < 8 ? code.contains("_b >> " + indexBits + ")")
                : code.matches("(?s).*SD_RU8\\(\\w+_pk, p[ab]\\+\\+\\).*");
        boolean planeLookups = indexBits == 1 && code.contains("looked up by the nibbles of the weights' 1 bit plane");
        assertTrue(code.contains("sd_ix" + indexBits + "(") || streamed || planeLookups,
                name + ": no " + indexBits + "-bit index read");
        // at most four values are literals selected in the code; more are a table in flash
        // (binary weights, +/-A, in a plain sum add or subtract the other operand, one product at the end, or, shared
        // by enough outputs, look up subset sums of it)
        boolean signedSums = code.contains("for (; n; n--)") || code.contains("/* subset sums: ");
        assertEquals(indexBits <= 2, code.contains("sd_sel") || signedSums, name + ": literals for 1-2-bit indices");
        assertTrue(indexBits == 1 ? signedSums : indexBits == 2 || !signedSums,
                name + ": signed sums for binary (both 1-bit cases have one) and ternary weights only");
        if (strategy.equals("seedot") && indexBits == 1) {
            // SeeDot's TreeSums halve each term: a binary weight's term is a product by the literal A or its negation
            assertTrue(code.matches("(?s).*int\\d+_t t\\d+p = .*"), name + ": no signed product in a TreeSum");
        }
        assertTrue(Files.readString(host.resolve("model.h")).contains(planeLookups ? "uint8_t l_" : "_pk["),
                "packed arrays or bit planes in model.h");
        Emitted dense = CBackend.X86.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, dir.resolve("dense"));
        Emitted small = CBackend.X86.emit(c.fixed(), c.model().weights(), packed, dir.resolve("packed"));
        // binary weights on bit planes are already one bit a weight in both storages: when every one of them is (the
        // program's widths decide it), packing has nothing left to shrink
        boolean allOnPlanes = planeLookups && !code.contains("sd_ix" + indexBits + "(") && !streamed;
        assertTrue(small.flashBytes() < dense.flashBytes() || allOnPlanes && small.flashBytes() == dense.flashBytes(),
                small.flashBytes() + " B packed, " + dense.flashBytes() + " B dense");

        ModelBench.Outcome avr = ModelBench.fixed(c.fixed(), c.model(), c.test(), 6, Device.UNO, AvrToolchain.MCU,
                dir.resolve("avr"), WeightStorage.PACKED);
        assertEquals(avr.expected(), avr.fixed().outputs(), name + ": the Uno's predictions differ from the interpreter");

        CortexMBuildTest.assertRunsExact(c.fixed(), c.model().weights(), packed, c.test(), dir.resolve("cortex-m"));
    }

    /**
     * Weights on few levels, as a model trained that way has them (a random one here, its labels the float model's
     * own): ternary (-A, 0, A), whose plain sums add, subtract or skip by the 2-bit index, and a 3-bit grid q / 8
     * (q from -3 to 3: its fixed-point integers stay an arithmetic progression), whose plain sums multiply by the
     * index itself and never read the table (the merge rule). The integers are the interpreter's on x86
     * (sanitizers) and on the Uno (simavr). With --no-bitserial: W * X with ten weight rows runs by subset sums
     * otherwise (SubsetSumTest), and these are the ordinary sums' packed weights.
     */
    @ParameterizedTest(name = "{0} levels")
    @org.junit.jupiter.params.provider.ValueSource(ints = {3, 7})
    void fewLevelWeightsSkipTheTable(int levels) throws Exception {
        java.util.Random rnd = new java.util.Random(11);
        int classes = 10, features = 24;
        double[] w = new double[classes * features];
        for (int i = 0; i < w.length; i++) {
            w[i] = levels == 3 ? (rnd.nextInt(3) - 1) * 0.375 : (rnd.nextInt(7) - 3) * 0.125;
        }
        HandModel m = new HandModel(dir.resolve("levels" + levels))
                .program("let X = (" + features + ", 1) in [-1, 1] in\nlet W = (" + classes + ", " + features
                        + ") in [-0.375, 0.375] in\nargmax(W * X)\n")
                .param("W", w, classes, features)
                .rows("train", HandModel.labelledByArgmax(HandModel.uniformRows(rnd, 120, features), w, classes))
                .rows("test", HandModel.labelledByArgmax(HandModel.uniformRows(rnd, 120, features), w, classes));
        seedc.ir.FloatModel model = m.load();
        seedc.io.DataSet train = m.data(model, "train"), test = m.data(model, "test");
        seedc.fixed.FixedProgram fp = HandModel.compile(model, train, test, seedc.fixed.Strategy.SHIFTRY,
                seedc.search.Metric.ACCURACY, CBackend.ARDUINO);
        EmitOptions packed = EmitOptions.NONE.withStorage(WeightStorage.PACKED).withBitSerial(false);
        Path host = dir.resolve("x86-" + levels);
        X86DifferentialTest.assertHostMatches(host, fp, model, test, 120, packed);
        String code = Files.readString(host.resolve("predict.c"));
        if (levels == 3) {
            assertTrue(code.contains("for (; n; n--)") && code.contains("i == 2 ? "), "a ternary signed sum:\n" + code);
        } else {
            assertTrue(code.contains("accx = ") && !code.contains("_tab"), "an affine sum, no table:\n" + code);
        }
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, test, 6, Device.UNO, AvrToolchain.MCU,
                dir.resolve("avr-" + levels), WeightStorage.PACKED, false);
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * compile --weight-bits records the quantization in report.json, 'seedc run --config' applies it again (its
     * accuracy is the report's fixed test accuracy), the report shows float's accuracy before it, and the options'
     * mistakes are errors naming them.
     */
    @org.junit.jupiter.api.Test
    void compileRecordsAndRunReappliesTheQuantization() throws Exception {
        Path m = Fixtures.dir("protonn-digits-10").toAbsolutePath(), out = dir.resolve("q");
        String[] common = {"compile", m.resolve("input.sd").toString(), "--model", m.toString(), "--train",
                m.resolve("train.npy").toString(), "--test", m.resolve("test.npy").toString(), "--jobs", "2",
                "--no-progress"};
        DifferentialTest.Cli c = DifferentialTest.cli(concat(common, "--out", out.toString(), "--weight-bits", "4"));
        assertEquals(0, c.status(), c.err());
        seedc.report.Report r = seedc.report.Report.read(out.resolve("report.json"));
        assertEquals("grid", r.program().quantizedWeights().mode());
        assertEquals(java.util.List.of("W", "B", "Z"), r.program().quantizedWeights().parameters());
        assertTrue(c.out().contains(String.format(java.util.Locale.ROOT, "weights quantized after training to 4-bit"
                + " grids (W, B, Z): float test accuracy %.2f%% before", r.program().quantizedWeights().floatTestAccuracyBefore())),
                c.out());
        assertTrue(Files.readString(out.resolve("predict.c")).contains("sd_ix4("), "auto stores them packed");
        DifferentialTest.Cli run = DifferentialTest.cli("run", m.resolve("input.sd").toString(), "--model",
                m.toString(), "--data", m.resolve("test.npy").toString(), "--config",
                out.resolve("report.json").toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains(String.format(java.util.Locale.ROOT, "fixed-point accuracy: %.2f%%",
                r.accuracy().fixedTestAccuracy())), run.out() + " vs " + r.accuracy().fixedTestAccuracy());

        String[][] mistakes = {{"--weight-bits", "9"}, {"--codebook", "1"}, {"--weight-bits", "2", "--codebook", "4"},
                {"--weight-storage", "tight"}, {"--weight-storage", "packed", "--target", "fpga"},
                {"--weight-bits", "2", "--encoding", "float"}};
        String[] messages = {"--weight-bits must be from 1 to 8 bits, not 9", "--codebook must be from 2 to 256 values, not 1",
                "give one of --weight-bits (a grid), --codebook (shared values) and --power-of-two-weights, not several",
                "--weight-storage must be auto, dense or packed, not 'tight'",
                "--weight-storage packed applies to the C targets",
                "--weight-bits, --codebook and --power-of-two-weights quantize the fixed-point program's weights"};
        for (int i = 0; i < mistakes.length; i++) {
            String[] args = concat(concat(common, "--out", dir.resolve("bad" + i).toString()), mistakes[i]);
            DifferentialTest.Cli bad = DifferentialTest.cli(args);
            assertEquals(1, bad.status(), bad.err());
            assertTrue(bad.err().contains(messages[i]), bad.err());
            assertTrue(!Files.exists(dir.resolve("bad" + i)), "nothing written");
        }
    }

    /**
     * --fit counts the parameters as they will be stored: ProtoNN digits on a 16-value codebook does not fit 7,000
     * B of flash dense even at 8 bits (its code alone is estimated near 5 KB), and fits packed.
     */
    @org.junit.jupiter.api.Test
    void fitCountsPackedParameters() {
        Path m = Fixtures.dir("protonn-digits-10").toAbsolutePath();
        String[] common = {"compile", m.resolve("input.sd").toString(), "--model", m.toString(), "--train",
                m.resolve("train.npy").toString(), "--test", m.resolve("test.npy").toString(), "--jobs", "2",
                "--no-progress", "--target", "arduino", "--codebook", "16", "--fit", "--device", "2048:7000"};
        DifferentialTest.Cli dense = DifferentialTest.cli(concat(common, "--out", dir.resolve("dense").toString(),
                "--weight-storage", "dense"));
        assertEquals(1, dense.status(), dense.err());
        assertTrue(dense.err().contains("does not fit the flash of 2048:7000"), dense.err());
        DifferentialTest.Cli packed = DifferentialTest.cli(concat(common, "--out", dir.resolve("packed").toString()));
        assertEquals(0, packed.status(), packed.err());
        assertTrue(packed.out().contains("B are packed parameters"), packed.out());
    }

    private static String[] concat(String[] a, String... b) {
        return Stream.concat(java.util.Arrays.stream(a), java.util.Arrays.stream(b)).toArray(String[]::new);
    }
}
