package seedc.codegen.verilog.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.backend.Device;
import seedc.backend.FpgaDesignReport;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.backend.FpgaOptions;
import seedc.backend.FpgaStrategy;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.fixed.FixedProgram;

/**
 * Each node's parallelism factor, how nodes are scheduled and how sigmoid and tanh divide, as a strategy chose them
 * under the device's budget, with the estimates (NodeCost) they were chosen by.
 */
public record PfPlan(FpgaStrategy strategy, Device device, Device.Fabric budget, Map<DataflowNode, Integer> pf,
                     boolean sequential, Map<DataflowNode, NodeCost.Estimate> estimates, long estimatedCycles,
                     NodeCost cost, DataflowGraph dfg) {

    /** A plan does not change once made (emission reads it); its maps keep their order, the nodes' in the graph. */
    public PfPlan {
        pf = Collections.unmodifiableMap(new LinkedHashMap<>(pf));
        estimates = Collections.unmodifiableMap(new LinkedHashMap<>(estimates));
    }

    /**
     * The strategy's design with the given dividers and buffers; for either null, the planner's choice. Dividers:
     * the faster of the designs with each kind that fit, by time where the clock is estimated (iterative dividers
     * free the LUTs of combinational ones for other nodes' lanes, make a design fit at all, or let it clock faster).
     * Buffers, on the iCE40: the fastest of the designs with them in registers and with the k largest that qualify
     * in block RAM, for every k (the planner keeps a block RAM's writer at PF 1, so a buffer in block RAM the design
     * does not need there can cost lanes: ProtoNN letter's $-sum result held its body's engine at one element a
     * cycle for each prototype). Products beyond the DSP budget ({@code options.dsps()},
     * or the device's blocks) multiply in logic ({@link LogicMultipliers}). {@code drafts}: emission's engines, by
     * which the sequential design's nodes share engines ({@link EngineSharing}).
     */
    public static PfPlan choose(FixedProgram fp, DataflowGraph dfg, Device device, FpgaOptions options,
                                SignedProducts signed, EngineDrafts drafts) {
        return new PlanSearch(fp, dfg, device, budget(device, options), options, signed, drafts).choose();
    }

    /** Whether the design's logic is within the share lanes may grow into ({@link PfPlanner#withinShare}). */
    boolean withinShare(FpgaOptions options) {
        PfPlanner planner = new PfPlanner(dfg, cost, budget, options.utilization());
        return planner.withinShare(estimates);
    }

    /** The device's resources, with at most the options' DSP blocks. */
    static Device.Fabric budget(Device device, FpgaOptions options) {
        Device.Fabric f = device.fabric();
        int dsps = options.dsps() == null ? f.dsps() : Math.min(f.dsps(), options.dsps());
        return new Device.Fabric(f.luts(), dsps, f.blockRams(), f.blockRamBits(), f.flipFlops(), f.cellsShared());
    }

    /** The estimates with the given choices, the products beyond the budget's DSPs at {@code pf} in logic. */
    static NodeCost cost(FixedProgram fp, DataflowGraph dfg, Device device, Device.Fabric budget, EngineChoices choices,
                                 Map<DataflowNode, Integer> pf) {
        NodeCost cost = new NodeCost(fp, device, dfg, choices);
        Set<Integer> logic = LogicMultipliers.of(fp, dfg, cost, budget.dsps(), pf);
        return logic.isEmpty() ? cost : new NodeCost(fp, device, dfg, choices.withLogicMultipliers(logic));
    }

    /**
     * Whether this design takes no longer per inference than {@code other}: by time at the estimated clocks where
     * seedc has them ({@link ClockEstimate}), else by cycles.
     */
    boolean faster(PfPlan other) {
        double mhz = mhz(), otherMhz = other.mhz();
        if (mhz > 0 && otherMhz > 0) {
            return estimatedCycles / mhz <= other.estimatedCycles / otherMhz;
        }
        return estimatedCycles <= other.estimatedCycles;
    }

    /** The estimated clock in MHz (0: none). */
    double mhz() {
        return ClockEstimate.mhz(device, dfg, cost);
    }

    FpgaDivider divider() {
        return cost.divider();
    }

    /** How the design's engines are built beyond their PFs: what emission builds them by. */
    public EngineChoices choices() {
        return cost.choices();
    }

    /**
     * Every node at {@code pf} (at most one lane per output), as a dataflow graph; buffers in block RAM (when asked)
     * where their writers are at PF 1.
     */
    public static PfPlan everyNodeAt(FixedProgram fp, DataflowGraph dfg, Device device, FpgaOptions options,
                              SignedProducts signed) {
        int pf = options.pf();
        FpgaDivider divider = options.divider();
        FpgaBuffers buffers = options.buffers();
        Device.Fabric budget = budget(device, options);
        Map<DataflowNode, Integer> pfs = new LinkedHashMap<>();
        for (DataflowNode n : dfg.all()) {
            if (!n.isSource()) {
                pfs.put(n, Math.min(pf, PfPlanner.maxPf(n)));
            }
        }
        FpgaBuffers kind = buffers == null ? FpgaBuffers.REGISTERS : buffers;
        NodeCost cost = cost(fp, dfg, device, budget, new EngineChoices(divider == null ? FpgaDivider.COMBINATIONAL
                : divider, kind, BlockRams.of(fp, dfg, device, kind, pfs, BlockRams.ALL), Set.of())
                .withSigned(signed), pfs);
        return of(FpgaStrategy.MAFIA, device, budget, pfs, false, cost, dfg);
    }

    static PfPlan of(FpgaStrategy strategy, Device device, Device.Fabric budget, Map<DataflowNode, Integer> pf,
                     boolean sequential, NodeCost cost, DataflowGraph dfg) {
        Map<DataflowNode, NodeCost.Estimate> est = new LinkedHashMap<>();
        pf.forEach((n, p) -> est.put(n, cost.estimate(n, p)));
        return new PfPlan(strategy, device, budget, pf, sequential, est,
                Schedule.cycles(dfg, est, pf, sequential, cost.choices()), cost, dfg);
    }

    long memoryLuts() {
        return cost.memoryLuts(dfg);
    }

    /**
     * What a design needs beyond its budget, each resource as the planner budgets it (0 where it fits): logic (the
     * logic cells on a fabric whose cells hold a LUT and a flip-flop each, else LUTs), flip-flops where the device
     * budgets them apart, DSPs and block RAMs.
     */
    public record Overflow(long logic, long flipFlops, long dsps, long blockRams) {
        /** Every resource's excess together, in its own units (LUTs or cells, flip-flops, blocks). */
        public long total() {
            return logic + flipFlops + dsps + blockRams;
        }
    }

    /** This design's excess over its budget ({@link Overflow}; all 0 for a design the planner chose: it fits). */
    public Overflow overflow() {
        long logic = budget.cellsShared() ? logicCells() : luts();
        long ff = budget.cellsShared() || budget.flipFlops() == 0 ? 0 : flipFlops() - budget.flipFlops();
        return new Overflow(Math.max(0, logic - budget.luts()), Math.max(0, ff), Math.max(0, dsps() - budget.dsps()),
                Math.max(0, blockRams() - budget.blockRams()));
    }

    /** The planner's estimate of the design's LUTs: the memories' and every engine's (report.json estimatedLut). */
    public long luts() {
        return memoryLuts() + estimates.values().stream().mapToLong(NodeCost.Estimate::lut).sum();
    }

    long flipFlops() {
        return estimates.values().stream().mapToLong(NodeCost.Estimate::ff).sum();
    }

    /** The logic cells the design needs on a fabric whose cells hold a LUT and a flip-flop each (0 elsewhere). */
    long logicCells() {
        return budget.cellsShared() ? cost.model().logicCells(luts(), flipFlops()) : 0;
    }

    long dsps() {
        return estimates.values().stream().mapToLong(NodeCost.Estimate::dsp).sum();
    }

    long blockRams() {
        return estimates.values().stream().mapToLong(NodeCost.Estimate::bram).sum();
    }

    /** report.json's fpga section. */
    public FpgaDesignReport toReport() {
        boolean cells = budget.cellsShared();
        DesignLuts parts = DesignLuts.of(this);
        EstimationModel.WholeDesign whole = cost.model().wholeDesign();
        return new FpgaDesignReport(device.name(), strategy.id(), divider().id(), cost.choices().buffers().id(),
                dfg.all().stream().map(DataflowNode::op).map(seedc.ir.Op::out).filter(cost.choices()::inBlockRam)
                        .map(seedc.ir.Value::name).toList(),
                dfg.all().stream().filter(cost.choices()::multipliesInLogic).map(n -> n.op().out().name()).toList(),
                nodeReports(), estimatedCycles, mhz() > 0 ? mhz() : null, memoryLuts(), cost.romBits(dfg),
                cost.bufferBits(dfg), luts(), flipFlops(), cells ? logicCells() : null,
                cells ? (long) Math.floor(budget.luts() * PfPlanner.placeableShare(cost.model(), true)) : null,
                parts.toReport(), whole != null ? parts.predict(whole) : null,
                whole != null ? (long) Math.floor(budget.luts() * (1 - whole.meanError())) : null, dsps(),
                blockRams(), new FpgaDesignReport.Budget(budget.luts(), budget.flipFlops(), cells, budget.dsps(),
                        budget.blockRams()), lutModel());
    }

    /** Every engine's node: what it computes, at which PF, the engine it shares, and its estimates. */
    private List<FpgaDesignReport.Node> nodeReports() {
        List<FpgaDesignReport.Node> nodes = new ArrayList<>();
        estimates.forEach((n, e) -> {
            EngineSharing.Group shared = cost.choices().sharing().groupOf(n);
            nodes.add(new FpgaDesignReport.Node(n.id(), n.op().out().name(), n.kind(), cost.template(n),
                    n.elements(), n.terms(), pf.get(n), shared != null ? shared.engine().id() : null, cost.lut1(n),
                    cost.storeBits(n), cost.treeBits(n, pf.get(n)), e.lut(), e.ff(), e.dsp(), e.bram(), e.cycles()));
        });
        return nodes;
    }

    /** The LUT model's provenance and errors (the cells' fit only on a fabric that shares them). */
    private FpgaDesignReport.LutModel lutModel() {
        EstimationModel model = cost.model();
        EstimationModel.WholeDesign whole = model.wholeDesign();
        return new FpgaDesignReport.LutModel(model.family(), model.samples(), model.meanError(), model.maxError(),
                model.maxPf(), fit(model.design()),
                budget.cellsShared() && model.cells().samples() > 0 ? fit(model.cells()) : null,
                whole == null ? null
                        : new FpgaDesignReport.WholeDesignFit(whole.samples(), whole.meanError(), whole.maxError()));
    }

    private static FpgaDesignReport.Fit fit(EstimationModel.Design d) {
        return new FpgaDesignReport.Fit(d.scale(), d.samples(), d.meanError(), d.maxError());
    }
}
