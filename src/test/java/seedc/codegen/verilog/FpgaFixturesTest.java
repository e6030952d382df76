package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * schedules, the same integers); and the cycles the simulation counts are the ones the planner estimated.
 */
class FpgaFixturesTest {
    static final int EXAMPLES = 20;

    /**
     * The four digits fixtures (ProtoNN, Bonsai, FastGRNN and CNN: every op kind the fixtures use, loops and the
     * data-dependent walk). Of the other data sets' fixtures, six are refused today by the planner's LUT estimate
     * (the read ports of their large ROMs), which is not yet fitted to synthesis; the per-op harness covers every
     * op kind at PF 1 and at a lane per output.
     */
    static List<String> models() {
        return Fixtures.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void predictsWhatTheInterpreterPredicts(String name, @TempDir Path dir) throws Exception {
        assertTrue(DifferentialTest.haveIverilog(), "iverilog is needed (./run-tests installs it)");
        Fixtures.Compiled c = Fixtures.get(name);
        FixedInterpreter fi = new FixedInterpreter(c.fixed(), new QuantizedModel(c.fixed(), c.model().weights()));
        int n = Math.min(EXAMPLES, c.test().size());
        double[][] features = java.util.Arrays.copyOf(c.test().features(), n);
        List<String> expected = new ArrayList<>();
        for (double[] x : features) {
            fi.run(x);
            expected.add(Long.toString(fi.label()));
        }
        for (FpgaStrategy s : FpgaStrategy.values()) {
            Path out = dir.resolve(s.id());
            var emitted = FpgaBackend.INSTANCE.emit(c.fixed(), c.model().weights(),
                    EmitOptions.NONE.withFpgaStrategy(s), out);
            DifferentialTest.csv(new DataSet(1, new double[n][1], features), out.resolve("examples.csv"));
            assertEquals(expected, make(out, "sim"), name + " " + s.id());
            List<String> cycles = make(out, "sim-cycles");
            JsonNode fpga = new ObjectMapper().valueToTree(emitted.fpga());
            assertEquals(s.id(), fpga.get("strategy").asText());
            for (String line : cycles) {
                assertTrue(line.matches("cycles \\d+"), line);
            }
            // No engine takes data-dependent time (Bonsai's walk reads a slice; it does not branch).
            assertEquals(List.of("cycles " + fpga.get("estimatedCycles").asLong()), cycles.stream().distinct().toList(),
                    name + " " + s.id());
        }
    }

    static List<String> make(Path dir, String target) throws Exception {
        Process p = new ProcessBuilder("make", "-s", target, "EXAMPLES=examples.csv").directory(dir.toFile())
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "make " + target + " timed out");
        assertEquals(0, p.exitValue(), "make " + target + ":\n" + text);
        return text.lines().toList();
    }
}
