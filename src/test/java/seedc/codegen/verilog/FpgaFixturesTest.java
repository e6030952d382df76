package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaStrategy;
import seedc.codegen.DifferentialTest;
import seedc.codegen.Fixtures;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;

/**
 * Every fixture model's FPGA design, simulated by Icarus Verilog through its Makefile on 20 test examples,
 * predicts what the fixed-point interpreter predicts, under each of the three strategies (different PFs and
 * schedules, the same integers); and the cycles the simulation counts are the ones the planner estimated. The
 * three designs of a fixture are simulated side by side (one process each).
 */
class FpgaFixturesTest {
    static final int EXAMPLES = 20;
    /** Examples whose cycles are counted: enough to see that no engine takes data-dependent time. */
    static final int TIMED_EXAMPLES = 3;

    /**
     * Every fixture in src/test/resources/fixtures/models, compiled as 'seedc compile' does by default (Shiftry's
     * 8/16 bits): all fit the Arty under each strategy.
     */
    static List<String> models() throws IOException {
        try (Stream<Path> dirs = Files.list(Fixtures.dir("."))) {
            return dirs.map(d -> d.getFileName().toString()).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("models")
    void predictsWhatTheInterpreterPredicts(String name, @TempDir Path dir) throws Exception {
        assertTrue(DifferentialTest.haveIverilog(), "iverilog is needed (./run-tests installs it)");
        Fixtures.Compiled c = Fixtures.get(name, "shiftry");
        FixedInterpreter fi = new FixedInterpreter(c.fixed(), new QuantizedModel(c.fixed(), c.model().weights()));
        int n = Math.min(EXAMPLES, c.test().size());
        double[][] features = Arrays.copyOf(c.test().features(), n);
        List<String> expected = new ArrayList<>();
        for (double[] x : features) {
            fi.run(x);
            expected.add(Long.toString(fi.label()));
        }
        Map<FpgaStrategy, Long> estimated = new EnumMap<>(FpgaStrategy.class);
        for (FpgaStrategy s : FpgaStrategy.values()) {
            Path out = dir.resolve(s.id());
            var emitted = FpgaBackend.INSTANCE.emit(c.fixed(), c.model().weights(),
                    EmitOptions.NONE.withFpgaStrategy(s), out);
            JsonNode fpga = new ObjectMapper().valueToTree(emitted.fpga());
            assertEquals(s.id(), fpga.get("strategy").asText());
            estimated.put(s, fpga.get("estimatedCycles").asLong());
            DifferentialTest.csv(new DataSet(1, new double[n][1], features), out.resolve("examples.csv"));
            DifferentialTest.csv(new DataSet(1, new double[TIMED_EXAMPLES][1], Arrays.copyOf(features, TIMED_EXAMPLES)),
                    out.resolve("timed.csv"));
        }
        Map<FpgaStrategy, Future<List<List<String>>>> runs = new EnumMap<>(FpgaStrategy.class);
        for (FpgaStrategy s : FpgaStrategy.values()) {
            Path out = dir.resolve(s.id());
            runs.put(s, SIMULATORS.submit(() -> List.of(make(out, "sim", "examples.csv"),
                    make(out, "sim-cycles", "timed.csv"))));
        }
        for (FpgaStrategy s : FpgaStrategy.values()) {
            List<List<String>> result = runs.get(s).get();
            assertEquals(expected, result.get(0), name + " " + s.id());
            // No engine takes data-dependent time (Bonsai's walk reads a slice; it does not branch).
            assertEquals(Collections.nCopies(TIMED_EXAMPLES, "cycles " + estimated.get(s)), result.get(1),
                    name + " " + s.id());
        }
    }

    /** The simulations of one fixture's three designs, one process each. */
    static final ExecutorService SIMULATORS = Executors.newFixedThreadPool(3, r -> {
        Thread t = new Thread(r, "fpga-sim");
        t.setDaemon(true);
        return t;
    });

    static List<String> make(Path dir, String target, String examples) throws Exception {
        Process p = new ProcessBuilder("make", "-s", target, "EXAMPLES=" + examples).directory(dir.toFile())
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "make " + target + " timed out");
        assertEquals(0, p.exitValue(), "make " + target + ":\n" + text);
        return text.lines().toList();
    }
}
