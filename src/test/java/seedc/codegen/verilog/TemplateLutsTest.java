package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.codegen.DifferentialTest;

/**
 * The planner's LUTs against yosys's, per engine template (issue 45: the tolerance was read from the estimation
 * model itself). src/test/resources/template-luts/measured.tsv holds what yosys built for one small Artix-7 design a
 * template (scripts/measure-template-luts: --fpga-strategy sequential, every node at PF 1), with the planner's
 * estimate when measured. Each program is compiled again here (no synthesis: the table is the measurement) and must
 * build the same templates, and the planner's LUT estimate may miss yosys's count by at most what it missed when
 * measured plus {@link #SLACK} of the count: a change to the planner or a template that makes the estimate worse
 * fails until the table is measured again, one that makes it better passes.
 */
class TemplateLutsTest {
    private static final Path DIR = Path.of("src/test/resources/template-luts").toAbsolutePath();
    /** The share of yosys's count an estimate may lose against the committed one (rounding, a few LUTs moved). */
    static final double SLACK = 0.05;

    record Row(String program, String templates, long yosysLut, long estimatedLut) {}

    static Stream<Row> rows() throws Exception {
        List<String> lines = Files.readAllLines(DIR.resolve("measured.tsv"));
        return lines.stream().skip(1).filter(l -> !l.isBlank()).map(l -> l.split("\t"))
                .map(f -> new Row(f[0], f[1], Long.parseLong(f[2]), Long.parseLong(f[5])));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void theEstimateMissesYosysAtMostAsMuchAsWhenMeasured(Row row, @TempDir Path dir) throws Exception {
        Path out = dir.resolve(row.program());
        DifferentialTest.Cli c = DifferentialTest.cli("compile", DIR.resolve(row.program() + ".sd").toString(),
                "--model", DIR.toString(), "--train", DIR.resolve("data.npy").toString(), "--test",
                DIR.resolve("data.npy").toString(), "--target", "fpga", "--device", "arty-a7-35t", "--fpga-strategy",
                "sequential", "--strategy", "seedot", "--bitwidth", "16", "--jobs", "1", "--no-progress", "--out",
                out.toString());
        assertEquals(0, c.status(), c.err());
        JsonNode fpga = new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("fpga");
        TreeSet<String> templates = new TreeSet<>();
        fpga.get("nodes").forEach(n -> templates.add(n.get("template").asText()));
        assertEquals(row.templates(), String.join(",", templates),
                "the design's templates changed since measured: run scripts/measure-template-luts");
        long estimate = fpga.get("estimatedLut").asLong();
        long allowed = Math.abs(row.estimatedLut() - row.yosysLut()) + Math.round(SLACK * row.yosysLut());
        assertTrue(Math.abs(estimate - row.yosysLut()) <= allowed, row.program() + ": estimate " + estimate
                + " LUTs against yosys's " + row.yosysLut() + ", off by more than the measured " + row.estimatedLut()
                + " was (+ " + Math.round(100 * SLACK) + "% of yosys's)");
    }
}
