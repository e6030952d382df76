package seedc.codegen.verilog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.backend.FpgaOptions;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.plan.PfPlan;
import seedc.codegen.verilog.plan.SignedProducts;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModel;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.QuantizedModel;
import seedc.ir.Program;

/**
 * {@code --target fpga}'s cycle model: the clock cycles per inference of the design the planner makes for a program
 * on {@code device} with {@code options} (its schedule's figure, {@link PfPlan#estimatedCycles}, which Icarus
 * Verilog's count equals on every fixture design: FpgaFixturesTest; BENCHMARKS.md "FPGA cost model (issue 41)").
 * A program whose design does not fit the device even with every node at PF 1 (the planner refuses it) costs its
 * PF-1 design's cycles plus {@link #CYCLES_PER_UNIT_OVER} per LUT (or logic cell), flip-flop, DSP or block RAM it needs
 * beyond the device, more than any design that fits takes, so that the search counts every demotion that brings it
 * nearer to fitting as faster (the RAM penalty of the microcontrollers' model, RamFitCycles, for a fabric).
 *
 * <p>The estimate also carries the planner's LUTs ({@link CycleEstimate#luts}), beside the total and not in it: stage
 * IV's test is whether a demotion buys speed, and a demotion that only frees LUTs of a design that fits and runs no
 * faster costs accuracy for nothing the user asked for (the design fits either way). The LUTs decide only between
 * programs of equal latency (HeldOutAcceptance's two candidates).
 *
 * <p>Planning a candidate takes milliseconds to tenths of a second (the greedy planner re-estimates the design per
 * PF step; on the iCE40 it sweeps the buffers' placements), and the search prices the same program more than once
 * (stage III's start, stage IV's current program, the frontier), so estimates are cached by the program's types.
 */
public final class PlannedLatency implements CycleModel {
    /** The penalty per unit of a resource a design needs beyond the device: above any design's cycles. */
    public static final double CYCLES_PER_UNIT_OVER = 1e9;
    /** Estimates kept: more than a search's programs between two repeats of one. */
    private static final int CACHED = 512;

    private final Device device;
    private final FpgaOptions options;
    private final boolean counting;
    /** The program and weights the cache is of (a model prices one search's programs). */
    private Program cachedProgram;
    private Map<String, double[]> cachedWeights;
    private final Map<List<FixedType>, CycleEstimate> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<FixedType>, CycleEstimate> eldest) {
            return size() > CACHED;
        }
    };

    /**
     * The model of designs on {@code device} planned with {@code options}; {@code counting}: products of low-bit
     * operands count bits (--no-bitserial's opposite), as emission builds them.
     */
    public PlannedLatency(Device device, FpgaOptions options, boolean counting) {
        if (device.fabric() == null) {
            throw new IllegalArgumentException("PlannedLatency: " + device.name() + " is not an FPGA");
        }
        this.device = device;
        this.options = options;
        this.counting = counting;
    }

    @Override
    public String describe() {
        return "FPGA clock cycles per inference of the " + options.strategy().id() + " design planned for "
                + device.name() + " (the planner's schedule, equal to Icarus Verilog's count on the fixtures); a design"
                + " beyond the device at PF 1 adds " + String.format(java.util.Locale.ROOT, "%.0e", CYCLES_PER_UNIT_OVER)
                + " per LUT or logic cell, flip-flop, DSP or block RAM over";
    }

    @Override
    public synchronized CycleEstimate estimate(FixedProgram program, Map<String, double[]> weights) {
        if (program.program() != cachedProgram || weights != cachedWeights) {
            cache.clear();
            cachedProgram = program.program();
            cachedWeights = weights;
        }
        List<FixedType> key = program.typesKey();
        CycleEstimate e = cache.get(key);
        if (e == null) {
            e = plan(program, weights);
            cache.put(key, e);
        }
        return e;
    }

    /** The planned design's cycles and LUTs, or the PF-1 design's with the penalty when none fits. */
    private CycleEstimate plan(FixedProgram fp, Map<String, double[]> weights) {
        QuantizedModel qm = new QuantizedModel(fp, weights);
        DataflowGraph dfg = DataflowGraph.of(fp.program());
        PfPlan plan;
        boolean refused = false;
        try {
            plan = Design.plan(fp, qm, dfg, device, options, counting);
        } catch (DoesNotFit e) {
            refused = true;
            FpgaOptions pfOne = new FpgaOptions(options.strategy(), 1, options.divider(), options.buffers(),
                    options.dsps(), options.utilization());
            plan = PfPlan.everyNodeAt(fp, dfg, device, pfOne, SignedProducts.of(fp, qm, dfg, counting));
        }
        // a refused design is over by at least one unit, even where the dataflow design at PF 1 counts none over (the
        // planner refused another configuration of it: the sequential design's shared engines, a buffer placement)
        long over = refused ? Math.max(1, plan.overflow().total()) : plan.overflow().total();
        return new CycleEstimate(plan.estimatedCycles() + over * CYCLES_PER_UNIT_OVER, List.of(), plan.luts());
    }
}
