package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaStrategy;
import seedc.backend.ScoredBuild;
import seedc.bench.ModelBench;
import seedc.codegen.DifferentialTest;
import seedc.codegen.ScoredHost;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Op;

/**
 * The sequential design runs alike nodes on one engine (EngineSharing, SharedEngines): Bonsai cancer, refused by
 * the UP5K with an engine per node, fits it; the design computes the interpreter's raw scores and labels (its
 * testbench {@link ScoredBuild scored}), in the cycles the planner estimated; and no node writes a memory another
 * node's output still needs.
 */
class EngineSharingTest {

    private static final Path MODEL = Path.of("src/test/resources/fixtures/models/bonsai-cancer-2").toAbsolutePath();

    @Test
    void bonsaiCancerSharesEnginesOnTheUp5k(@TempDir Path dir) throws Exception {
        assertTrue(DifferentialTest.haveIverilog(), "iverilog is needed (./run-tests installs it)");
        Path out = dir.resolve("o");
        DifferentialTest.Cli compiled = DifferentialTest.cli("compile", MODEL.resolve("input.sd").toString(),
                "--model", MODEL.toString(), "--train", MODEL.resolve("train.npy").toString(), "--test",
                MODEL.resolve("test.npy").toString(), "--target", "fpga", "--device", "ice40-up5k",
                "--fpga-strategy", "sequential", "--out", out.toString(), "--jobs", "2", "--no-progress",
                // the program of 3 points (its held-out rows lose 2.6 where the default's 1.0 refuses it): the one
                // narrow enough for the UP5K's cells, which the sharing is about
                "--max-accuracy-drop", "3");
        assertEquals(0, compiled.status(), compiled.err());
        JsonNode fpga = new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("fpga");

        Map<String, List<String>> groups = new LinkedHashMap<>();
        Map<String, String> valueOf = new LinkedHashMap<>(), opOf = new LinkedHashMap<>();
        for (JsonNode n : fpga.get("nodes")) {
            valueOf.put(n.get("node").asText(), n.get("value").asText());
            opOf.put(n.get("node").asText(), n.get("op").asText());
            if (n.has("engine")) {
                groups.computeIfAbsent(n.get("engine").asText(), k -> new ArrayList<>()).add(n.get("node").asText());
            }
        }
        assertFalse(groups.isEmpty(), fpga.toString());
        String top = Files.readString(out.resolve("top.v"));
        List<Op> ops = seedc.frontend.seedot.SeeDotFrontEnd.load(MODEL.resolve("input.sd"), MODEL).program().body()
                .ops();
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            List<String> nodes = g.getValue();
            assertEquals(g.getKey(), nodes.get(0), "the engine is its first node's");
            assertTrue(nodes.size() >= 2, g.toString());
            for (int i = 1; i < nodes.size(); i++) {
                assertEquals(opOf.get(nodes.get(0)), opOf.get(nodes.get(i)), g.toString());
                // the later node writes the first's memory: its own is not declared
                assertFalse(top.contains(" v" + nodes.get(i).substring(1) + " [0:"), nodes.get(i) + " in " + top);
                // ... and every reader of the node before it runs before it (the program runs in order)
                String previous = valueOf.get(nodes.get(i - 1)), value = valueOf.get(nodes.get(i));
                int before = position(ops, previous);
                int at = position(ops, value);
                for (int k = before + 1; k < ops.size(); k++) {
                    Op reader = ops.get(k);
                    if (reader.inputs().stream().anyMatch(v -> v.name().equals(previous))) {
                        assertTrue(k < at, reader.out().name() + " reads " + previous + " after " + value
                                + " overwrote it");
                    }
                }
            }
        }

        // the interpreter's predictions of the compiled program (seedc run --config) on the first test examples
        FloatModel model = seedc.frontend.seedot.SeeDotFrontEnd.load(MODEL.resolve("input.sd"), MODEL);
        DataSet test = seedc.driver.DataInputs.load(model.program(), MODEL.resolve("test.npy"), 1);
        int n = Math.min(FpgaFixturesTest.EXAMPLES, test.size());
        DataSet first = new DataSet(1, Arrays.copyOf(test.labels(), n), Arrays.copyOf(test.features(), n));
        DifferentialTest.csv(first, out.resolve("examples.csv"));
        DifferentialTest.Cli run = DifferentialTest.cli("run", MODEL.resolve("input.sd").toString(), "--model",
                MODEL.toString(), "--config", out.resolve("report.json").toString(), "--data",
                out.resolve("examples.csv").toString(), "--predictions", dir.resolve("predictions.txt").toString(),
                "--no-progress");
        assertEquals(0, run.status(), run.err());
        List<String> labels = Files.readAllLines(dir.resolve("predictions.txt")).stream()
                .map(l -> l.split(",")[0].strip()).toList();
        assertEquals(n, labels.size());
        // the same design with a scored testbench (every other file as compile wrote it) prints the interpreter's raw
        // scores and labels
        ScoredHost.Chosen chosen = ScoredHost.chosen(model, out.resolve("report.json"));
        Path scored = dir.resolve("scored");
        ScoredBuild.of(() -> FpgaBackend.INSTANCE.emit(chosen.fp(), chosen.compiled().weights(),
                EmitOptions.on(Device.ICE40_UP5K).withFpgaStrategy(FpgaStrategy.SEQUENTIAL), scored));
        for (String f : List.of("top.v", "Makefile", "nodes.ys")) {
            assertEquals(Files.readString(out.resolve(f)), Files.readString(scored.resolve(f)), f);
        }
        Files.copy(out.resolve("examples.csv"), scored.resolve("examples.csv"));
        List<String> expected = ModelBench.scoredLines(chosen.fp(), chosen.quantized(), first, n);
        ScoredHost.assertLabelsAre(labels, expected, "bonsai-cancer-2");
        assertEquals(expected, FpgaFixturesTest.make(scored, "sim", "examples.csv"));
        // the cycles of the first examples (no engine's time depends on the data: two would differ if one's did)
        int timed = FpgaFixturesTest.TIMED_EXAMPLES;
        DifferentialTest.csv(new DataSet(1, Arrays.copyOf(first.labels(), timed), Arrays.copyOf(first.features(),
                timed)), scored.resolve("timed.csv"));
        assertEquals(Collections.nCopies(timed, "cycles " + fpga.get("estimatedCycles").asLong()),
                FpgaFixturesTest.make(scored, "sim-cycles", "timed.csv"));
    }

    private static int position(List<Op> ops, String value) {
        for (int k = 0; k < ops.size(); k++) {
            if (ops.get(k).out().name().equals(value)) {
                return k;
            }
        }
        throw new AssertionError("no op defines " + value);
    }
}
