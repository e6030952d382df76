package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaOptions;
import seedc.backend.FpgaStrategy;
import seedc.codegen.DifferentialTest;
import seedc.codegen.Fixtures;
import seedc.cost.CycleEstimate;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.driver.RangeMode;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.report.SearchSummary;
import seedc.search.Metric;
import seedc.search.SeeDotStrategy;

/**
 * The FPGA cycle model ({@link PlannedLatency}) on PipeliningTest's chain of three element-wise ops of 16 outputs
 * (add, relu, hadamard) and an argmax, whose cycles are worked by hand from the engines' handshake: an element-wise
 * engine at PF p takes 1 + 16/p cycles from its start, the argmax 2 + 16; streamed, each link of the chain starts one
 * cycle after its producer; a design takes its last engine's done plus one.
 */
class PlannedLatencyTest {
    /** The largest PF the xc7 LUT model was fitted on: estimation-models.json xc7.fit.maxPf. */
    static final int XC7_MAX_PF = 8;
    /** Every node at PF 1 as a dataflow graph: 17, then one cycle each for relu and hadamard, the argmax's 18, + 1. */
    static final long CYCLES_AT_PF1 = (1 + 16) + 1 + 1 + (2 + 16) + 1;

    @TempDir
    static Path dir;
    static FloatModel model;
    static DataSet train;
    static FixedProgram sixteen, eight;

    @BeforeAll
    static void compile() throws Exception {
        model = PipeliningTest.writeChain(dir);
        train = DataInputs.load(model.program(), dir.resolve("train.npy"), 1);
        sixteen = seedot(16);
        eight = seedot(8);
    }

    private static FixedProgram seedot(int bits) {
        return Compilation.compile(model, train, train, new Compilation.Options(Strategy.SEEDOT, bits,
                Metric.ACCURACY, 2, false, FpgaBackend.INSTANCE, 1.0, null)).fixed();
    }

    /**
     * MAFIA on the Arty grows the chain as one cluster to PF 8 (16 outputs, capped at the fitted PF 8): 1 + 16/8 = 3
     * cycles, then one each for relu and hadamard streaming behind it, the argmax's 18 and one: 24. The sequential
     * schedule waits for each engine at PF 1: 3 * 17 + 18 + 1 = 70. The LUTs come with the estimate.
     */
    @Test
    void theEstimateIsThePlannedDesignsCycles() {
        PlannedLatency mafia = new PlannedLatency(Device.ARTY_A7_35T, FpgaOptions.DEFAULT, true);
        CycleEstimate e = mafia.estimate(sixteen, model.weights());
        assertEquals((1 + 16 / XC7_MAX_PF) + 1 + 1 + (2 + 16) + 1, e.total());
        assertEquals(24, e.total());
        assertNotNull(e.luts());
        assertTrue(e.luts() > 0);
        PlannedLatency sequential = new PlannedLatency(Device.ARTY_A7_35T,
                new FpgaOptions(FpgaStrategy.SEQUENTIAL, 0, null, null, null, null), true);
        assertEquals(3 * 17 + (2 + 16) + 1, sequential.estimate(sixteen, model.weights()).total());
        // the same widths priced twice (the cache) give the same figure
        assertEquals(e, mafia.estimate(sixteen, model.weights()));
    }

    /**
     * A device whose LUTs lie between the 8-bit and the 16-bit design's at PF 1: the 16-bit one does not fit (the
     * planner refuses it) and costs its PF-1 cycles plus the penalty per LUT over; the 8-bit one fits and costs its
     * cycles alone, less than any design that does not fit.
     */
    @Test
    void aDesignThatDoesNotFitCostsMoreThanOneThatFits() {
        long luts16 = pfOneLuts(sixteen), luts8 = pfOneLuts(eight);
        assertTrue(luts8 < luts16, luts8 + " " + luts16);
        Device between = between(luts8, luts16);
        PlannedLatency m = new PlannedLatency(between, FpgaOptions.DEFAULT, true);
        double over16 = m.estimate(sixteen, model.weights()).total();
        double fits8 = m.estimate(eight, model.weights()).total();
        long lutsOver = luts16 - between.fabric().luts();
        assertEquals(CYCLES_AT_PF1 + lutsOver * PlannedLatency.CYCLES_PER_UNIT_OVER, over16);
        assertTrue(fits8 < PlannedLatency.CYCLES_PER_UNIT_OVER, "8 bits fit: " + fits8);
        assertTrue(fits8 <= CYCLES_AT_PF1, "at most every node at PF 1: " + fits8);
        assertTrue(fits8 < over16);
    }

    /** The planner's LUTs of {@code fp}'s design with every node at PF 1 on the Arty (which holds it). */
    private static long pfOneLuts(FixedProgram fp) {
        return new PlannedLatency(Device.ARTY_A7_35T, new FpgaOptions(FpgaStrategy.MAFIA, 1, null, null, null, null),
                true).estimate(fp, model.weights()).luts();
    }

    /** An Artix-like device (the xc7 model) with LUTs halfway between {@code lo} and {@code hi}. */
    private static Device between(long lo, long hi) {
        int luts = (int) ((lo + hi) / 2);
        return new Device("between", 1 << 20, 1 << 20, new Device.Fabric(luts, 90, 100, 18 * 1024, 0, false));
    }

    /**
     * On the Arty the chain reaches PF 8 at 16 bits as at 8: no demotion makes the design faster, so the search
     * refuses every one as not faster (the data and the scores allow them all) and keeps 16 bits,
     * whose latency, 24 cycles by hand, is not above the all-8-bit program's.
     */
    @Test
    void theSearchRefusesDemotionsThatDoNotShortenTheLatency() {
        Compilation.Outcome o = shiftry(Device.ARTY_A7_35T);
        for (Value v : model.program().values()) {
            if (!v.isInt()) {
                assertEquals(16, o.fixed().type(v).bits(), v.name());
            }
        }
        SearchSummary.Shiftry s = (SearchSummary.Shiftry) o.report().search();
        assertTrue(!s.demotionCurve().isEmpty());
        assertTrue(s.demotionCurve().stream().allMatch(t -> t.verdict().equals("no: not faster")),
                s.demotionCurve().toString());
        PlannedLatency m = new PlannedLatency(Device.ARTY_A7_35T, FpgaOptions.DEFAULT, true);
        assertEquals(24, m.estimate(o.fixed(), model.weights()).total());
        assertEquals(24, m.estimate(eight, model.weights()).total());
    }

    /**
     * On the device between the two designs' LUTs the all-16-bit program does not fit: every demotion that brings it
     * nearer counts as faster, and the search ends on a program that fits. (The score guard is off: unlike the RAM of a
     * microcontroller, the fabric's overflow does not override it; with 40 training rows or more the held-out
     * acceptance walks without it first.)
     */
    @Test
    void theSearchDemotesUntilTheDesignFits() {
        Device between = between(pfOneLuts(eight), pfOneLuts(sixteen));
        Compilation.Outcome o = shiftry(between);
        PlannedLatency m = new PlannedLatency(between, FpgaOptions.DEFAULT, true);
        assertTrue(m.estimate(sixteen, model.weights()).total() > PlannedLatency.CYCLES_PER_UNIT_OVER);
        assertTrue(m.estimate(o.fixed(), model.weights()).total() < PlannedLatency.CYCLES_PER_UNIT_OVER,
                o.fixed().irText());
    }

    /**
     * Shiftry for {@code device} with no accuracy limit (100 points) and no score guard: only the cycle model
     * decides which demotions stay.
     */
    private static Compilation.Outcome shiftry(Device device) {
        return Compilation.compile(model, train, train, new Compilation.Options(Strategy.SHIFTRY, 16,
                Metric.ACCURACY, 2, false, FpgaBackend.INSTANCE, 100.0, null,
                SeeDotStrategy.Products.allowed(16, FpgaBackend.INSTANCE.widths()), Double.POSITIVE_INFINITY, null,
                RangeMode.PROFILED).withDeviceRam(device));
    }

    /**
     * One fixture's design, simulated by Icarus Verilog: the cycles it counts per inference are the model's estimate
     * (BENCHMARKS.md "FPGA cost model (issue 41)": 0% error on every fixture).
     */
    @Test
    void theModelledLatencyIsTheSimulatedOne() throws Exception {
        assertTrue(DifferentialTest.haveIverilog(), "iverilog is needed (./run-tests installs it)");
        Fixtures.Compiled c = Fixtures.get("protonn-wine-3", "shiftry");
        double modelled = new PlannedLatency(Device.ARTY_A7_35T, FpgaOptions.DEFAULT, true)
                .estimate(c.fixed(), c.model().weights()).total();
        Path out = dir.resolve("protonn-wine-3");
        FpgaBackend.INSTANCE.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, out);
        int n = Math.min(3, c.test().size());
        DifferentialTest.csv(new DataSet(1, new double[n][1], Arrays.copyOf(c.test().features(), n)),
                out.resolve("examples.csv"));
        assertEquals(Collections.nCopies(n, "cycles " + (long) modelled),
                FpgaFixturesTest.make(out, "sim-cycles", "examples.csv"));
    }
}
