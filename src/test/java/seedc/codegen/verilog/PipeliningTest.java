package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaStrategy;
import seedc.backend.ScoredBuild;
import seedc.bench.ModelBench;
import seedc.codegen.DifferentialTest;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.Strategy;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * Pipelined linear-time nodes (MAFIA IV-G) on a chain of three element-wise ops of 16 outputs (add, relu,
 * hadamard) and an argmax. Cycles counted by hand from the engines' handshake: an element-wise engine at PF p
 * takes 1 + 16/p cycles from its start (a start cycle, then a group per cycle), the argmax 2 + 16; a design
 * takes its last engine's done plus one. Streamed, each link of the chain starts one cycle after its producer.
 */
class PipeliningTest {
    static final String PROGRAM = """
            let B = (16, 1) in [-1, 1] in
            let X = (16, 1) in [-2, 2] in
            let a = X + B in
            let b = relu(a) in
            let c = b <*> X in
            argmax(c)
            """;

    @TempDir
    static Path dir;
    static FloatModel model;
    static FixedProgram fixed;
    static DataSet test;

    @BeforeAll
    static void compile() throws Exception {
        model = writeChain(dir);
        DataSet train = DataInputs.load(model.program(), dir.resolve("train.npy"), 1);
        test = DataInputs.load(model.program(), dir.resolve("test.npy"), 1);
        fixed = Compilation.compile(model, train, test, new Compilation.Options(Strategy.byId("shiftry").orElseThrow(),
                16, Metric.ACCURACY, 2, false, CBackend.ARDUINO, 1.0, null)).fixed();
    }

    /**
     * Writes the chain into {@code dir} (input.sd, its B, and train.npy and test.npy of 32 rows each: labels from 0
     * to 15, inputs uniform in [-2, 2], drawn with seed 7) and loads it (PlannedLatencyTest reads the same chain).
     */
    static FloatModel writeChain(Path dir) throws Exception {
        Random rnd = new Random(7);
        Files.writeString(dir.resolve("input.sd"), PROGRAM);
        Npy.write(dir.resolve("B.npy"), new NpyArray(new int[] {16, 1}, uniform(rnd, 16, 1)));
        for (String set : List.of("train", "test")) {
            double[] rows = new double[32 * 17];
            for (int r = 0; r < 32; r++) {
                rows[r * 17] = rnd.nextInt(16);
                System.arraycopy(uniform(rnd, 16, 2), 0, rows, r * 17 + 1, 16);
            }
            Npy.write(dir.resolve(set + ".npy"), new NpyArray(new int[] {32, 17}, rows));
        }
        return SeeDotFrontEnd.load(dir.resolve("input.sd"), dir);
    }

    private static double[] uniform(Random rnd, int n, double bound) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) ((rnd.nextDouble() * 2 - 1) * bound);
        }
        return a;
    }

    /** Every node at PF 1 as a dataflow graph: 17, 17 + 1, 17 + 2, then the argmax's 18: 38, not 3 * 17 + 18 + 1. */
    @Test
    void aChainAtPf1StreamsOneCycleBehindItsProducer() throws Exception {
        assertEquals((1 + 16) + 1 + 1 + 18 + 1, simulate(EmitOptions.NONE.withFpgaPf(1), "pf1")
                .get("estimatedCycles").asLong());
    }

    /** A sequential schedule waits for each engine: 3 * 17 + 18 + 1. */
    @Test
    void aSequentialScheduleDoesNotStream() throws Exception {
        assertEquals(3 * 17 + 18 + 1, simulate(EmitOptions.NONE.withFpgaStrategy(FpgaStrategy.SEQUENTIAL), "seq")
                .get("estimatedCycles").asLong());
    }

    /**
     * MAFIA's greedy grows the chain as one cluster, to a lane per output or the largest PF the LUT model was
     * fitted on (report.json's lutModel.maxPf), p: 1 + 16/p, one more, one more, then the argmax's 18, plus one.
     */
    @Test
    void theGreedyGivesAClusterOnePf() throws Exception {
        JsonNode fpga = simulate(EmitOptions.NONE, "mafia");
        int p = Math.min(16, fpga.get("lutModel").get("maxPf").asInt());
        for (JsonNode n : fpga.get("nodes")) {
            assertEquals(n.get("op").asText().equals("Argmax") ? 1 : p, n.get("pf").asInt(), n.toString());
        }
        assertEquals((1 + 16 / p) + 1 + 1 + 18 + 1, fpga.get("estimatedCycles").asLong());
    }

    /**
     * The design's report section, after checking that it computes the interpreter's raw scores and labels (a
     * {@link ScoredBuild scored} testbench) and that the
     * simulation counts the estimated cycles on every example.
     */
    private static JsonNode simulate(EmitOptions options, String name) throws Exception {
        assertTrue(DifferentialTest.haveIverilog(), "iverilog is needed (./run-tests installs it)");
        Path out = dir.resolve(name);
        var emitted = ScoredBuild.of(() -> FpgaBackend.INSTANCE.emit(fixed, model.weights(), options, out));
        DifferentialTest.csv(test, out.resolve("examples.csv"));
        List<String> expected = ModelBench.scoredLines(fixed, new QuantizedModel(fixed, model.weights()), test,
                test.size());
        assertEquals(expected, FpgaFixturesTest.make(out, "sim", "examples.csv"));
        JsonNode fpga = new ObjectMapper().valueToTree(emitted.fpga());
        assertEquals(Collections.nCopies(test.size(), "cycles " + fpga.get("estimatedCycles").asLong()),
                FpgaFixturesTest.make(out, "sim-cycles", "examples.csv"));
        return fpga;
    }
}
