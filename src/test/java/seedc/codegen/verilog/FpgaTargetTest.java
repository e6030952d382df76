package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.DifferentialTest;

/** {@code --target fpga} on the command line: its report section, and the user's mistakes as located errors. */
class FpgaTargetTest {
    private static final Path MODELS = Path.of("src/test/resources/fixtures/models").toAbsolutePath();

    private static DifferentialTest.Cli compile(String model, Path out, String... extra) {
        Path m = MODELS.resolve(model);
        List<String> args = new ArrayList<>(List.of("compile", m.resolve("input.sd").toString(), "--model",
                m.toString(), "--train", m.resolve("train.npy").toString(), "--test", m.resolve("test.npy").toString(),
                "--target", "fpga", "--out", out.toString(), "--jobs", "2", "--no-progress"));
        args.addAll(List.of(extra));
        return DifferentialTest.cli(args.toArray(String[]::new));
    }

    /** The report's fpga section of a compile that must succeed. */
    private static JsonNode compiledFpga(String model, Path out, String... extra) throws Exception {
        DifferentialTest.Cli c = compile(model, out, extra);
        assertEquals(0, c.status(), c.err());
        return new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("fpga");
    }

    @Test
    void reportHasTheDesignsNodes(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("o");
        JsonNode fpga = compiledFpga("bonsai-cancer-2", out, "--device", "arty-a7-35t", "--fpga-strategy", "seedot");
        assertEquals("arty-a7-35t", fpga.get("device").asText());
        assertEquals("seedot", fpga.get("strategy").asText());
        assertEquals(20800, fpga.get("budget").get("lut").asInt());
        assertEquals(90, fpga.get("budget").get("dsp").asInt());
        assertTrue(fpga.get("estimatedCycles").asLong() > 0);
        long cycles = 0;
        for (JsonNode n : fpga.get("nodes")) {
            for (String k : List.of("op", "pf", "lut", "dsp", "cycles")) {
                assertTrue(n.has(k), k + " in " + n);
            }
            // PFs are powers of two up to one lane per output (the sparse products' SeeDot PF, 10, aside)
            int pf = n.get("pf").asInt(), elements = n.get("elements").asInt();
            assertTrue(pf >= 1 && pf < 2 * elements && (Integer.bitCount(pf) == 1 || pf == 10), n.toString());
            cycles += n.get("cycles").asLong();
        }
        // SeeDot's schedule runs the nodes one after another (Bonsai has no loop): the sum, plus the done cycle.
        assertEquals(cycles + 1, fpga.get("estimatedCycles").asLong());
        assertTrue(Files.readString(out.resolve("report.txt")).contains("FPGA design for arty-a7-35t, seedot strategy"));
        for (String f : List.of("top.v", "tb.v", "Makefile", "sd_arith.vh", "reader/main.c", "reader/predict.h", "synth.awk")) {
            assertTrue(Files.exists(out.resolve(f)), f);
        }
    }

    /**
     * --fpga-dsps 0 is a budget, not a refusal (issue 42): ProtoNN wine's products (16 x 16 and 8 x 16 bits, which
     * take DSP blocks with the iCE40's own budget) compile, every one of them a shift-and-add function in its
     * engine, no DSP planned, and the design predicts what seedc run --encoding fixed predicts on test rows.
     */
    @Test
    void noDspsMultipliesInLogic(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("o");
        JsonNode fpga = compiledFpga("protonn-wine-3", out, "--device", "ice40-up5k", "--fpga-dsps", "0");
        assertEquals(0, fpga.get("estimatedDsp").asLong());
        int logic = fpga.get("logicMultipliers").size();
        assertTrue(logic > 0, "products in logic: " + fpga.get("logicMultipliers"));
        long functions = 0;
        try (var nodes = Files.list(out.resolve("nodes"))) {
            for (Path f : nodes.toList()) {
                functions += Files.readAllLines(f).stream()
                        .filter(l -> l.startsWith("function automatic signed") && l.contains(" lm_")).count();
            }
        }
        assertEquals(logic, functions, "a shift-and-add multiplier per product in logic");
        Path test = MODELS.resolve("protonn-wine-3/test.npy");
        Path csv = dir.resolve("rows.csv");
        StringBuilder rows = new StringBuilder();
        seedc.io.NpyArray a = seedc.io.Npy.read(test);
        int cols = a.shape()[1];
        for (int r = 0; r < 8; r++) {
            for (int j = 0; j < cols; j++) {
                rows.append(j > 0 ? "," : "").append(a.data()[r * cols + j]);
            }
            rows.append('\n');
        }
        Files.writeString(csv, rows);
        Path predictions = dir.resolve("run.txt");
        Path m = MODELS.resolve("protonn-wine-3");
        DifferentialTest.Cli run = DifferentialTest.cli("run", m.resolve("input.sd").toString(), "--model", m.toString(),
                "--data", csv.toString(), "--encoding", "fixed", "--config", out.resolve("report.json").toString(),
                "--predictions", predictions.toString(), "--jobs", "1", "--no-progress");
        assertEquals(0, run.status(), run.err());
        SimDesign.Ran sim = SimDesign.run(out, List.of("make", "-s", "sim", "EXAMPLES=" + csv), null);
        assertEquals(0, sim.status(), sim.err());
        assertEquals(Files.readAllLines(predictions), sim.lines());
    }

    @Test
    void aMicrocontrollerIsNotAnFpga(@TempDir Path dir) {
        DifferentialTest.Cli c = compile("bonsai-cancer-2", dir.resolve("o"), "--device", "uno");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("--target fpga is for an FPGA: give --device arty-a7-35t or ice40-up5k (uno is a"
                + " microcontroller)"), c.err());
        assertTrue(Files.notExists(dir.resolve("o")), "nothing written");
    }

    @Test
    void unknownStrategyIsNamed(@TempDir Path dir) {
        DifferentialTest.Cli c = compile("bonsai-cancer-2", dir.resolve("o"), "--fpga-strategy", "fastest");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("unknown --fpga-strategy 'fastest' (available: mafia, seedot, sequential)"), c.err());
    }

    @Test
    void unknownDividerIsNamed(@TempDir Path dir) {
        DifferentialTest.Cli c = compile("bonsai-cancer-2", dir.resolve("o"), "--fpga-divider", "fast");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("unknown --fpga-divider 'fast' (available: auto, combinational, iterative)"),
                c.err());
    }

    @Test
    void blockRamBuffersAreForTheIce40(@TempDir Path dir) {
        DifferentialTest.Cli c = compile("bonsai-cancer-2", dir.resolve("o"), "--fpga-buffers", "block-ram");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("--fpga-buffers block-ram is for --device ice40-up5k"), c.err());
        c = compile("bonsai-cancer-2", dir.resolve("o"), "--fpga-buffers", "bram");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("unknown --fpga-buffers 'bram' (available: auto, registers, block-ram)"), c.err());
        assertTrue(Files.notExists(dir.resolve("o")), "nothing written");
    }

    /**
     * FastGRNN cancer does not fit the UP5K's logic cells with its buffers in registers (a flip-flop per bit and a
     * multiplexer per reader); auto puts them in block RAM, where the engines that write them stay at PF 1 (a block
     * has one write port), and the block RAMs stay within the 30.
     */
    @Test
    void buffersGoToBlockRamWhenRegistersDoNotFit(@TempDir Path dir) throws Exception {
        DifferentialTest.Cli registers = compile("fastgrnn-cancer-2", dir.resolve("r"), "--device", "ice40-up5k",
                "--fpga-buffers", "registers");
        assertEquals(1, registers.status());
        assertTrue(registers.err().contains("the design does not fit the 5280 logic cells"), registers.err());
        DifferentialTest.Cli auto = compile("fastgrnn-cancer-2", dir.resolve("a"), "--device", "ice40-up5k");
        assertEquals(0, auto.status(), auto.err());
        JsonNode fpga = new ObjectMapper().readTree(dir.resolve("a/report.json").toFile()).get("fpga");
        assertEquals("block-ram", fpga.get("buffers").asText());
        // a combinational divider holds an iCE40 design near 3.4 MHz, an iterative one takes about twice the cycles
        // at about twice the clock (ClockEstimate): by time per inference auto takes the iterative dividers
        assertEquals("iterative", fpga.get("divider").asText());
        // nextpnr placed this design at 19.1 MHz and its combinational-divider designs at 4.6 (BENCHMARKS.md
        // "FPGA"); the estimate is the slowest clock measured with an iterative sigmoid engine critical (11.6)
        double mhz = fpga.get("estimatedMhz").asDouble();
        assertTrue(mhz > 4.6 && mhz <= 19.1, "estimated " + mhz + " MHz");
        java.util.Set<String> inBlockRam = new java.util.HashSet<>();
        fpga.get("blockRamMemories").forEach(n -> inBlockRam.add(n.asText()));
        assertTrue(inBlockRam.contains("res"), "the loop's accumulator: " + inBlockRam);
        int buffers = 0;
        for (JsonNode n : fpga.get("nodes")) {
            if (inBlockRam.contains(n.get("value").asText())) {
                buffers++;
                assertEquals(1, n.get("pf").asInt(), n.toString());
            }
        }
        assertTrue(buffers >= 8, inBlockRam.toString());
        assertTrue(fpga.get("estimatedBram").asLong() <= 30, fpga.toString());
        String top = Files.readString(dir.resolve("a/top.v"));
        assertTrue(top.contains("(* ram_style = \"block\" *)"), "block RAMs declared as such");
        String text = Files.readString(dir.resolve("a/report.txt"));
        assertTrue(text.contains("buffers in block ram"), text);
        assertTrue(text.contains(String.format(java.util.Locale.ROOT, "clock: about %.1f MHz after place and route", mhz)), text);
    }

    /**
     * Lanes grow only into the share of the logic --fpga-utilization gives: a design with a node above PF 1 stays
     * within that share of the UP5K's 5,280 cells by the estimate (one at every PF 1 may use them all), and a larger
     * share buys fewer cycles; a design beyond the share the cell model's error leaves gets a warning that it may not
     * place.
     */
    @Test
    void lanesGrowWithinTheUtilization(@TempDir Path dir) throws Exception {
        long[] cycles = new long[2];
        int[] shares = {25, 100};
        for (int i = 0; i < 2; i++) {
            Path out = dir.resolve("u" + shares[i]);
            DifferentialTest.Cli c = compile("protonn-cancer-2", out, "--device", "ice40-up5k", "--fpga-utilization",
                    Integer.toString(shares[i]));
            assertEquals(0, c.status(), c.err());
            JsonNode fpga = new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("fpga");
            boolean grown = false;
            for (JsonNode n : fpga.get("nodes")) {
                grown |= n.get("pf").asInt() > 1;
            }
            long cells = fpga.get("estimatedCells").asLong();
            // at 25% (1,320 cells) even the smallest design at every PF 1 (about 2,100 cells, its buffers in block
            // RAM) has no room to grow
            assertEquals(shares[i] == 100, grown, fpga.toString());
            assertTrue(!grown || cells <= 5280L * shares[i] / 100, cells + " cells at " + shares[i] + "%");
            cycles[i] = fpga.get("estimatedCycles").asLong();
            // beyond 100% less the cell model's mean error (83.1% of the cells) the user is told it may not place
            double cellShare = 1 - fpga.get("lutModel").get("cells").get("meanError").asDouble();
            assertEquals((long) Math.floor(5280 * cellShare), fpga.get("placeableCells").asLong());
            assertEquals(cells > 5280 * cellShare, c.err().contains("warning: the FPGA design needs about " + cells
                    + " of the ice40-up5k's 5280 logic cells"), cells + " cells: " + c.err());
        }
        assertTrue(cycles[1] < cycles[0], java.util.Arrays.toString(cycles));
        DifferentialTest.Cli bad = compile("protonn-cancer-2", dir.resolve("bad"), "--device", "ice40-up5k",
                "--fpga-utilization", "0");
        assertEquals(1, bad.status());
        assertTrue(bad.err().contains("--fpga-utilization must be a percentage from 1 to 100, not 0"), bad.err());
    }

    /**
     * --fpga-divider iterative gives sigmoid and tanh the iterative template, whose engine takes more than a cycle
     * per output; auto picks combinational dividers on the Arty, where they fit and are faster.
     */
    @Test
    void dividerIsTheUsersOrThePlannersChoice(@TempDir Path dir) throws Exception {
        JsonNode auto = fpgaReport(dir.resolve("auto"), "auto");
        JsonNode iterative = fpgaReport(dir.resolve("iterative"), "iterative");
        assertEquals("combinational", auto.get("divider").asText());
        assertEquals("iterative", iterative.get("divider").asText());
        int activations = 0;
        for (int i = 0; i < auto.get("nodes").size(); i++) {
            JsonNode a = auto.get("nodes").get(i), it = iterative.get("nodes").get(i);
            String op = a.get("op").asText();
            if (op.equals("Sigmoid") || op.equals("Tanh")) {
                activations++;
                assertEquals(op + "Iterative", it.get("template").asText());
                assertEquals(a.get("elements").asLong() + 1, a.get("cycles").asLong(), a.toString());
                assertTrue(it.get("cycles").asLong() > 2 * a.get("cycles").asLong(), it.toString());
                assertTrue(it.get("lut").asLong() < a.get("lut").asLong(), it.toString());
            } else {
                assertEquals(op, it.get("template").asText());
            }
        }
        assertEquals(2, activations);
        assertTrue(Files.readString(dir.resolve("iterative/report.txt")).contains("sequential strategy, iterative"
                + " dividers"));
    }

    private static JsonNode fpgaReport(Path out, String divider) throws Exception {
        DifferentialTest.Cli c = compile("fastgrnn-cancer-2", out, "--device", "arty-a7-35t", "--fpga-strategy",
                "sequential", "--fpga-divider", divider);
        assertEquals(0, c.status(), c.err());
        return new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("fpga");
    }

    /**
     * SeeDot's program order never leaves a max pool at PF 1 reading a buffer that several lanes write (registers,
     * read through a multiplexer of all their words per window cell: CNN shapes' design was 24,305 LUTs, over the
     * Arty): every PF-1 max pool's producer is at PF 1 too, while other producers grow.
     */
    @Test
    void seedotKeepsAPfOneMaxPoolsInputSingleWritten(@TempDir Path dir) throws Exception {
        DifferentialTest.Cli c = compile("cnn-shapes-8", dir.resolve("o"), "--device", "arty-a7-35t", "--fpga-strategy",
                "seedot");
        assertEquals(0, c.status(), c.err());
        java.util.Map<String, Integer> pf = new java.util.HashMap<>();
        for (JsonNode n : new ObjectMapper().readTree(dir.resolve("o/report.json").toFile()).get("fpga").get("nodes")) {
            pf.put(n.get("value").asText(), n.get("pf").asInt());
        }
        seedc.ir.Program p = seedc.frontend.seedot.SeeDotFrontEnd.load(MODELS.resolve("cnn-shapes-8/input.sd"),
                MODELS.resolve("cnn-shapes-8")).program();
        int pools = 0;
        for (seedc.ir.Op op : p.body().ops()) {
            if (op instanceof seedc.ir.Op.Maxpool m && pf.get(m.out().name()) == 1) {
                pools++;
                assertEquals(1, pf.get(m.x().name()), m.x().name() + " feeds the PF-1 max pool " + m.out().name());
            }
        }
        assertTrue(pools > 0 && pf.values().stream().anyMatch(q -> q > 1), pf.toString());
    }

    /** A design over the device at every PF 1 names the resource, the numbers and the largest node. */
    @Test
    void tooLargeForTheDeviceNamesNodeAndResource(@TempDir Path dir) {
        DifferentialTest.Cli c = compile("bonsai-digits-10", dir.resolve("o"), "--device", "ice40-up5k");
        assertEquals(1, c.status());
        // Bonsai has tanh: the smallest design has iterative dividers and its buffers in block RAM
        assertTrue(c.err().contains("the design does not fit the 5280 logic cells (a LUT and a flip-flop each), 8 DSPs and"
                + " 30 block RAMs of the device even with every node at PF 1 and iterative dividers, buffers in block"
                + " RAM where they can be: it needs about"), c.err());
        assertTrue(c.err().contains("the largest node, "), c.err());
        // demoting values would leave every engine in place: --fit (a microcontroller's flash) is not offered
        assertTrue(c.err().strip().endsWith("(the Arty A7-35T, --device arty-a7-35t, has four times the logic and 11"
                + " times the DSPs)"), c.err());
        assertTrue(!c.err().contains("\tat "), "no stack trace");
        assertTrue(Files.notExists(dir.resolve("o")), "nothing written");
    }

    /** --fpga-utilization's help states the default the committed cell model gives (it is refitted now and then). */
    @Test
    void utilizationHelpStatesTheCellModelsShare() throws Exception {
        JsonNode cells = new ObjectMapper().readTree(FpgaTargetTest.class.getResourceAsStream(
                "/seedc/codegen/verilog/estimation-models.json")).get("ice40").get("cells");
        String share = String.format(java.util.Locale.ROOT, "%.1f", 100 * (1 - cells.get("meanError").asDouble()));
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        seedc.cli.Main.execute(new String[] {"compile", "--help"}, new java.io.PrintStream(out, true),
                new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true));
        String help = out.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains(share + " of the iCE40's cells"), share + " in: " + help);
    }

    @Test
    void floatIsRefused(@TempDir Path dir) {
        DifferentialTest.Cli c = compile("bonsai-cancer-2", dir.resolve("o"), "--encoding", "float");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("--target fpga compiles the fixed-point program only (--encoding fixed)"), c.err());
    }
}
