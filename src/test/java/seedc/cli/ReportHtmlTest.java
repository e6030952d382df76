package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.LinearClassifierFixture;
import seedc.RequiredTool;
import seedc.report.html.HeadlessChromium;

/**
 * report.html as a reader opens it: a compile for the Uno, one for an iCE40 and a 'bench --profile' on the Uno of a
 * small linear classifier, each page loaded from its file in headless chromium with no network. Each must load
 * with no console error or warning, request nothing but its own file, and draw every chart its data call for, each
 * with one mark per data item: the counts are derived here from report.json and bench.json (the demotion curve's
 * rows, the frontier's size, the values, the RAM plan's placements, the design's nodes, the profile's rows), and
 * the marks are those the chart library says it drew (data-drawn) and the SVG holds.
 */
class ReportHtmlTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Each chart's id, what the library drew and the shapes its SVG holds; the page's error count and readiness. */
    private static final String READ_BACK = "({errors: document.documentElement.getAttribute('data-errors'),"
            + " ready: document.body.getAttribute('data-ready'),"
            + " charts: Array.from(document.querySelectorAll('.chart')).map(c => ({id: c.id,"
            + " drawn: Number(c.getAttribute('data-drawn')),"
            + " shapes: c.querySelectorAll('svg path, svg rect, svg circle').length}))})";

    @Test
    void everyChartDrawsItsMarksOffline(@TempDir Path dir) throws Exception {
        RequiredTool.command("avr-gcc", "gcc-avr");
        RequiredTool.command("simavr", "simavr");
        RequiredTool.command("iverilog", "iverilog");
        LinearClassifierFixture.write(dir, 4, 6, 16, 44);
        String inputs = "{D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --no-progress";
        long start = System.nanoTime();
        run("compile " + inputs + " --target arduino --device uno --out {D}uno", dir);
        run("compile " + inputs + " --target fpga --device ice40-up5k --out {D}fpga", dir);
        run("bench " + inputs + " --device uno --profile --examples 2 --no-float --out {D}bench", dir);
        run("bench " + inputs + " --device ice40-up5k --no-synth --examples 2 --no-float --out {D}fpga-bench", dir);
        long commands = System.nanoTime();
        long started;
        try (HeadlessChromium chromium = HeadlessChromium.start()) {
            started = System.nanoTime();
            for (String out : List.of("uno", "fpga", "bench", "fpga-bench")) {
                Path page = dir.resolve(out).resolve("report.html");
                HeadlessChromium.Loaded loaded = chromium.load(page, READ_BACK);
                assertEquals(List.of(), loaded.consoleErrors(), out);
                assertTrue(loaded.requests().stream().allMatch(u -> u.startsWith("file:")), out + ": "
                        + loaded.requests());
                JsonNode v = loaded.value();
                assertEquals("0", v.path("errors").asText(), out);
                assertEquals("1", v.path("ready").asText(), out);
                Map<String, Integer> drawn = new LinkedHashMap<>();
                for (JsonNode c : v.path("charts")) {
                    drawn.put(c.get("id").asText(), c.get("drawn").asInt());
                    assertTrue(c.get("shapes").asInt() >= c.get("drawn").asInt(), out + ": " + c);
                }
                Map<String, Integer> expected = expected(dir.resolve(out));
                assertTrue(expected.values().stream().allMatch(n -> n > 0), out + ": premise: every chart has data "
                        + expected);
                assertEquals(expected, drawn, out);
            }
        }
        // for the record (no assertion): where the test's time goes
        System.out.printf("four commands %.1f s, chromium's start %.1f s, four pages %.1f s%n",
                (commands - start) / 1e9, (started - commands) / 1e9, (System.nanoTime() - started) / 1e9);
    }

    private static void run(String line, Path dir) {
        CliRun r = CliRun.of(dir, line);
        assertEquals(0, r.status(), line + "\n" + r.err());
    }

    /**
     * The marks each chart must draw, from what the command wrote beside the page: a point per program stage IV ran
     * and priced, per frontier program and for the chosen one; on the curve a point per step with an accuracy and
     * one per step with cycles; a row per value; a box per placement; four marks per FPGA node (LUT, DSP, BRAM,
     * cycles); two bars per profiled op.
     */
    private static Map<String, Integer> expected(Path out) throws Exception {
        JsonNode r = JSON.readTree(out.resolve("report.json").toFile());
        JsonNode curve = r.path("demotionCurve");
        Map<String, Integer> e = new LinkedHashMap<>();
        int priced = count(curve, s -> s.hasNonNull("trainAccuracy") && s.hasNonNull("cycles"));
        e.put("search-chart", priced + r.path("frontier").path("programs").asInt() + (r.has("frontier") ? 1 : 0));
        e.put("demotion-chart", count(curve, s -> s.hasNonNull("trainAccuracy")) + count(curve, s -> s.hasNonNull("cycles")));
        e.put("ranges-chart", r.path("values").size());
        if (r.path("memoryPlan").path("placements").size() > 0) {
            e.put("ram-chart", r.path("memoryPlan").path("placements").size());
        }
        Path bench = out.resolve("bench.json");
        JsonNode b = Files.exists(bench) ? JSON.readTree(bench.toFile()) : JSON.createObjectNode();
        if (b.has("profile")) {
            e.put("ops-chart", 2 * b.path("profile").path("rows").size());
        }
        if (r.has("fpga")) {
            e.put("fpga-chart", 4 * r.path("fpga").path("nodes").size());
        }
        for (JsonNode design : b.path("designs")) { // a bench of an FPGA: the first design that fits
            if (design.path("refused").isNull() && design.path("plan").has("nodes")) {
                e.put("fpga-chart", 4 * design.path("plan").path("nodes").size());
                break;
            }
        }
        return e;
    }

    private static int count(JsonNode array, Predicate<JsonNode> p) {
        return (int) StreamSupport.stream(array.spliterator(), false).filter(p).count();
    }
}
