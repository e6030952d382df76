package seedc.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static seedc.harness.Operand.in;
import static seedc.harness.Operand.param;
import static seedc.harness.Ops.i16;
import static seedc.harness.Ops.i8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.codegen.verilog.FpgaBackend;

/**
 * The suite's synthesis cases, each a single small op (the fixtures' take minutes: scripts/fit-fpga-models and
 * seedc bench run those). First an element-wise product at PF 4 through the design's own {@code make synth}, for
 * each device. Four
 * lanes, each with its own multiplier whose product keeps 16 or 32 bits, are four DSP blocks (a DSP48E1 takes
 * 25 x 18, an SB_MAC16 16 x 16); the iCE40 flow places and routes the design, so synth.json has its Fmax and the
 * bitstream exists. synth.json also has the node's own share of the design (NodeCones).
 */
class FpgaSynthesisTest {
    @ParameterizedTest
    @ValueSource(strings = {"arty-a7-35t", "ice40-up5k"})
    void makeSynthReportsWhatYosysBuilt(String deviceName, @TempDir Path dir) throws Exception {
        requireYosys();
        Device device = Device.byName(deviceName).orElseThrow();
        boolean ice40 = device.equals(Device.ICE40_UP5K);
        if (ice40) {
            RequiredTool.command("nextpnr-ice40", "nextpnr-ice40");
            RequiredTool.command("icepack", "fpga-icestorm");
        }
        // the UP5K's 48-pin package has 39 I/Os, so its design has 8 elements of 8 bits (products kept at 16 bits)
        OneOp.Built b = ice40
                ? OneOp.build(Ops.hadamard(in("a", i8(5), 8), param("b", i8(6), 8), i8(4)), OpCases.mul(0, 0, 16, 0, 7), 7, 1)
                : OneOp.build(Ops.hadamard(in("a", i16(10), 16), param("b", i16(12), 16), i16(9)),
                        OpCases.mul(0, 0, 32, 0, 13), 7, 1);
        Emitted e = emit(b, device, 4, dir);
        JsonNode synth = synthesize(dir);
        for (String k : new String[] {"lut", "ff", "dsp", "bram"}) {
            assertTrue(synth.get(k).isIntegralNumber(), k + " in " + synth);
        }
        assertEquals(4, synth.get("dsp").asInt(), synth.toString());
        // the one node's share (its registers and their input cone) holds its four multipliers and part of the LUTs
        JsonNode node = synth.get("nodes").get(e.fpga().nodes().get(0).node());
        assertEquals(4, node.get("dsp").asInt(), synth.toString());
        assertTrue(node.get("lut").asInt() > 0 && node.get("lut").asInt() <= synth.get("lut").asInt(), synth.toString());
        assertTrue(node.get("ff").asInt() >= 8 * 8, "the output, 8 or more elements of 8 or more bits written by"
                + " four lanes, is registers: " + synth);
        assertTrue(synth.get("lut").asInt() > 0 && synth.get("ff").asInt() > 0, synth.toString());
        assertEquals(4L, e.fpga().estimatedDsp());
        if (ice40) {
            assertTrue(synth.get("fmax_mhz").asDouble() > 0, synth.toString());
            assertTrue(Files.size(dir.resolve("build/design.bin")) > 0);
        }
        assertWithinTheMeasuredError("hadamard-pf4-" + deviceName, e, synth);
    }

    /**
     * On the iCE40 a sum-of-products engine reads a ROM and the input through registers, so yosys puts them in
     * block RAM, one copy per read port: W (16 x 32 of 8 bits, one 8 x 512 block) read by each of 2 lanes, and x
     * (32 of 8 bits, one block) read once for both, are three SB_RAM40_4K, as the planner counts.
     */
    @org.junit.jupiter.api.Test
    void romsOfAProductAreBlockRamOnTheIce40(@TempDir Path dir) throws Exception {
        Emitted e = product(param("w", i8(6), 16, 32), in("x", i8(5), 32, 1), Device.ICE40_UP5K, 2, dir);
        assertEquals(3, blockRams(dir));
        assertEquals(3L, e.fpga().estimatedBram());
    }

    /** The SB_RAM40_4K cells yosys builds for the design in {@code dir}. */
    private static int blockRams(Path dir) throws Exception {
        return cells(dir, "SB_RAM40_4K");
    }

    /** The cells of one kind yosys builds for the design in {@code dir} (its make build/stat.txt; 0: none). */
    private static int cells(Path dir, String kind) throws Exception {
        Process p = new ProcessBuilder("make", "-s", "build/stat.txt").directory(dir.toFile()).redirectErrorStream(true)
                .start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0, log);
        String stat = Files.readString(dir.resolve("build/stat.txt"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(kind + "\\s+(\\d+)").matcher(stat);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /**
     * A gather reads a ROM through a register too (ProtoNN's B[i], Bonsai's W[node]): row 3 of a 40 x 16 ROM of 8
     * bits (640 words, two 8 x 512 blocks) by 2 lanes, each lane's read port a copy, is four SB_RAM40_4K.
     */
    @org.junit.jupiter.api.Test
    void romsOfAGatherAreBlockRamOnTheIce40(@TempDir Path dir) throws Exception {
        requireYosys();
        Emitted e = emit(OneOp.build(Ops.index(param("w", i8(6), 40, 16), 3, i8(6)), OpCases.seedot(8, 6), 7, 1),
                Device.ICE40_UP5K, 2, dir);
        assertEquals(4, blockRams(dir));
        assertEquals(4L, e.fpga().estimatedBram());
    }

    /**
     * With memories in block RAM an element-wise engine fetches its operands a group ahead through a register per
     * lane: a and b (64 of 8 bits, one block each) read by each of 2 lanes are four SB_RAM40_4K, as planned.
     */
    @org.junit.jupiter.api.Test
    void operandsOfAnElementwiseEngineAreBlockRamWhenAsked(@TempDir Path dir) throws Exception {
        requireYosys();
        OneOp.Built b = OneOp.build(Ops.hadamard(in("a", i8(5), 64), param("b", i8(6), 64), i8(4)),
                OpCases.mul(0, 0, 16, 0, 7), 7, 1);
        Emitted e = FpgaBackend.INSTANCE.emit(b.fp(), b.model().weights(), EmitOptions.on(Device.ICE40_UP5K)
                .withFpgaPf(2).withFpgaBuffers(seedc.backend.FpgaBuffers.BLOCK_RAM), dir);
        assertEquals(4L, e.fpga().estimatedBram());
        assertEquals(4, blockRams(dir));
    }

    /**
     * Products beyond the DSP budget multiply in logic: a 2-lane element-wise product of 16-bit operands on the
     * iCE40 is two SB_MAC16 with the device's blocks, none with --fpga-dsps 1 (a node's lanes multiply alike: both
     * go to logic) or 0, and the same integers (the harness's PF-2 backend runs every op so).
     */
    @ParameterizedTest
    @ValueSource(ints = {8, 1, 0})
    void productsBeyondTheDspBudgetAreLogic(int dsps, @TempDir Path dir) throws Exception {
        requireYosys();
        OneOp.Built b = OneOp.build(Ops.hadamard(in("a", i16(10), 8), param("b", i16(12), 8), i16(9)),
                OpCases.mul(0, 0, 32, 0, 13), 7, 1);
        Emitted e = FpgaBackend.INSTANCE.emit(b.fp(), b.model().weights(), EmitOptions.on(Device.ICE40_UP5K)
                .withFpgaPf(2).withFpgaDsps(dsps), dir);
        int expected = dsps >= 2 ? 2 : 0;
        assertEquals((long) expected, e.fpga().estimatedDsp());
        assertEquals(expected, cells(dir, "SB_MAC16"));
    }

    /**
     * A vector times a 16 x 10 matrix at PF 4: lane l's output x = q * 4 + l reads W[r][x mod 10], an address whose
     * division by 10 must be as narrow as x. Written with unsized constants it was 32 bits wide, a divider array in
     * every lane: yosys built about 1,900 LUTs per lane, where the model expects a few hundred for the whole node
     * (400 LUTs for the four lanes now). The case was at PF 8 until session 30 (822 LUTs, 51 s of yosys in the suite
     * against 13 s); four lanes that do not divide the ten outputs show the same bug.
     */
    @org.junit.jupiter.api.Test
    void addressesOfLanesThatDoNotDivideTheOutputsStaySmall(@TempDir Path dir) throws Exception {
        Emitted e = product(in("x", i8(5), 1, 16), param("w", i8(6), 16, 10), Device.ARTY_A7_35T, 4, dir);
        assertWithinTheMeasuredError("matmul-16x10-pf4-arty-a7-35t", e, synthesize(dir));
    }

    /** A product a x b into 16 bits at scale 8 (terms kept at 16 bits), emitted for the device at one PF. */
    private static Emitted product(Operand a, Operand b, Device device, int pf, Path dir) throws Exception {
        requireYosys();
        return emit(OneOp.build(Ops.matmul(a, b, i16(8)), OpCases.mul(0, 0, 16, 0, 3), 7, 1), device, pf, dir);
    }

    /** yosys and make: a failure under CI=true, else a skip naming them (RequiredTool). */
    private static void requireYosys() {
        RequiredTool.command("yosys", "yosys");
        RequiredTool.command("make", "make");
    }

    /**
     * src/test/resources/template-luts/synthesis-cases.tsv: each case's yosys LUTs and the planner's estimate (without
     * the design scale) when measured: Debian 12's yosys 0.23 and the planner of commit 97773df (the PF-4 product's
     * row: of commit 98c5a58; a case missing from it fails with both figures, to be added).
     */
    static final Path MEASURED = Path.of("src/test/resources/template-luts/synthesis-cases.tsv");
    /** The share of yosys's count an estimate may lose against the measured one (TemplateLutsTest's rule). */
    static final double SLACK = 0.05;

    /**
     * The planner's LUT estimate, without the design scale (fitted on whole designs, where yosys shares and trims
     * logic across engines; a one-op design is the single-template fit's own case), misses yosys's count by at most
     * what it missed when the case was measured (the committed table, not the fit's own stated error: issue 45) plus
     * {@link #SLACK} of yosys's count.
     */
    private static void assertWithinTheMeasuredError(String name, Emitted e, JsonNode synth) throws Exception {
        double estimated = (double) e.fpga().estimatedLut() / e.fpga().lutModel().design().scale();
        long lut = synth.get("lut").asLong();
        String measured = Files.readAllLines(MEASURED).stream().filter(l -> l.startsWith(name + "\t")).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not in " + MEASURED + ": yosys built " + lut
                        + " LUTs, the planner estimates " + Math.round(estimated)));
        String[] f = measured.split("\t");
        long yosysThen = Long.parseLong(f[1]);
        long estimateThen = Long.parseLong(f[2]);
        double allowed = Math.abs(estimateThen - yosysThen) + SLACK * yosysThen;
        assertTrue(Math.abs(estimated - lut) <= allowed, name + ": estimate " + Math.round(estimated) + " vs yosys " + lut
                + " LUTs, off by more than when measured (" + estimateThen + " vs " + yosysThen + ") + slack, in " + synth);
    }

    private static Emitted emit(OneOp.Built b, Device device, int pf, Path dir) throws Exception {
        return FpgaBackend.INSTANCE.emit(b.fp(), b.model().weights(), EmitOptions.on(device).withFpgaPf(pf), dir);
    }

    private static JsonNode synthesize(Path dir) throws Exception {
        Process p = new ProcessBuilder("make", "-s", "synth").directory(dir.toFile()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0, log);
        return new ObjectMapper().readTree(dir.resolve("synth.json").toFile());
    }
}
