package seedc.codegen.verilog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.backend.Device;
import seedc.backend.FpgaDesignReport;
import seedc.backend.DoesNotFit;
import seedc.backend.FpgaOptions;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.backend.FpgaStrategy;
import seedc.fixed.FixedProgram;

/**
 * Each node's parallelism factor, how nodes are scheduled and how sigmoid and tanh divide, as a strategy chose them
 * under the device's budget, with the estimates (NodeCost) they were chosen by.
 */
record PfPlan(FpgaStrategy strategy, Device device, Device.Fabric budget, Map<DfgNode, Integer> pf,
              boolean sequential, Map<DfgNode, NodeCost.Estimate> estimates, long estimatedCycles, NodeCost cost,
              Dfg dfg) {

    /**
     * The strategy's design with the given dividers and buffers; for either null, the planner's choice. Dividers:
     * the faster of the designs with each kind that fit, by time where the clock is estimated (iterative dividers
     * free the LUTs of combinational ones for other nodes' lanes, make a design fit at all, or let it clock faster).
     * Buffers, on the iCE40: the fastest of the designs with them in registers and with the k largest that qualify
     * in block RAM, for every k (the planner keeps a block RAM's writer at PF 1, so a buffer in block RAM the design
     * does not need there can cost lanes: ProtoNN letter's $-sum result held its body's engine at one element a
     * cycle for each prototype). Products beyond the DSP budget ({@code options.dsps()},
     * or the device's blocks) multiply in logic ({@link LogicMultipliers}).
     */
    static PfPlan choose(FixedProgram fp, Dfg dfg, Device device, FpgaOptions options, SignedProducts signed) {
        return new Planning(fp, dfg, device, budget(device, options), options, signed).choose();
    }

    /** What every design the planner tries is planned from: the program, its graph, the device and the options. */
    private record Planning(FixedProgram fp, Dfg dfg, Device device, Device.Fabric budget, FpgaOptions options,
                            SignedProducts signed) {

        PfPlan choose() {
            FpgaBuffers buffers = options.buffers();
            if (buffers != null || !device.equals(Device.ICE40_UP5K)) {
                FpgaBuffers kind = buffers == null ? FpgaBuffers.REGISTERS : buffers;
                return chooseDividers(kind, BlockRams.of(fp, dfg, device, kind, Map.of(), BlockRams.ALL));
            }
            List<PfPlan> fitting = new ArrayList<>();
            DoesNotFit smallest = null;
            Set<Integer> previous = null;
            for (int limit = 0; limit < BlockRams.ALL; limit++) {
                FpgaBuffers kind = limit == 0 ? FpgaBuffers.REGISTERS : FpgaBuffers.BLOCK_RAM;
                Set<Integer> blockRams = BlockRams.of(fp, dfg, device, kind, Map.of(), limit);
                if (blockRams.equals(previous)) {
                    break; // no further buffer qualifies
                }
                previous = blockRams;
                try {
                    fitting.add(chooseDividers(kind, blockRams));
                } catch (DoesNotFit e) {
                    smallest = e;
                }
            }
            if (fitting.isEmpty()) {
                throw smallest;
            }
            return released(best(fitting, options));
        }

        /**
         * From {@code start}, buffers released from block RAM to registers one at a time while that gives a faster
         * design (or one within the share where {@code start} is not): the sweep puts the largest in block RAM first,
         * but a small buffer there can cost more than it saves, its writer held at one element a cycle (ProtoNN
         * letter's Z[i] * exp product, 79 of the loop body's 150 cycles for each of 104 prototypes).
         */
        private PfPlan released(PfPlan start) {
            PfPlan best = start;
            Set<Integer> roms = BlockRams.roms(dfg);
            List<List<seedc.ir.Value>> memories = BlockRams.memories(dfg);
            boolean improved = true;
            while (improved) {
                improved = false;
                for (List<seedc.ir.Value> memory : memories) {
                    Set<Integer> held = best.cost.choices().blockRams();
                    int id = memory.get(0).id();
                    if (roms.contains(id) || !held.contains(id)) {
                        continue;
                    }
                    Set<Integer> fewer = new java.util.HashSet<>(held);
                    memory.forEach(v -> fewer.remove(v.id()));
                    PfPlan trial;
                    try {
                        trial = chooseDividers(FpgaBuffers.BLOCK_RAM, fewer);
                    } catch (DoesNotFit e) {
                        continue;
                    }
                    if (best(List.of(best, trial), options) == trial) {
                        best = trial;
                        improved = true;
                    }
                }
            }
            return best;
        }

        private PfPlan chooseDividers(FpgaBuffers buffers, Set<Integer> blockRams) {
            FpgaDivider divider = options.divider();
            if (divider != null || !hasDividers(dfg)) {
                return plan(new EngineChoices(divider == null ? FpgaDivider.COMBINATIONAL : divider, buffers, blockRams,
                        Set.of()));
            }
            PfPlan iterative = plan(new EngineChoices(FpgaDivider.ITERATIVE, buffers, blockRams, Set.of()));
            try {
                PfPlan combinational = plan(new EngineChoices(FpgaDivider.COMBINATIONAL, buffers, blockRams, Set.of()));
                return best(List.of(combinational, iterative), options);
            } catch (DoesNotFit e) {
                return iterative;
            }
        }

        private PfPlan plan(EngineChoices choices) {
            FpgaStrategy strategy = options.strategy();
            choices = choices.withSigned(signed);
            if (strategy == FpgaStrategy.SEQUENTIAL) {
                choices = choices.withSharing(EngineSharing.of(fp, dfg, choices));
            }
            NodeCost cost = cost(fp, dfg, device, budget, choices, Map.of());
            Map<DfgNode, Integer> pf = new PfPlanner(dfg, cost, budget, options.utilization()).choose(strategy);
            boolean sequential = strategy != FpgaStrategy.MAFIA;
            return of(strategy, device, budget, pf, sequential, cost, dfg);
        }
    }

    /**
     * The fastest of the designs within the share of the logic the planner grows lanes into, or of all when none
     * is: a design beyond it places only if the estimate is not short by more than what is left.
     */
    private static PfPlan best(List<PfPlan> plans, FpgaOptions options) {
        List<PfPlan> within = plans.stream().filter(p -> p.withinShare(options)).toList();
        PfPlan best = null;
        for (PfPlan p : within.isEmpty() ? plans : within) {
            best = best == null || p.faster(best) && !best.faster(p) ? p : best;
        }
        return best;
    }

    /** Whether the design's logic is within the share lanes may grow into ({@link PfPlanner#withinShare}). */
    boolean withinShare(FpgaOptions options) {
        PfPlanner planner = new PfPlanner(dfg, cost, budget, options.utilization());
        return planner.withinShare(estimates);
    }

    /** The device's resources, with at most the options' DSP blocks. */
    private static Device.Fabric budget(Device device, FpgaOptions options) {
        Device.Fabric f = device.fabric();
        int dsps = options.dsps() == null ? f.dsps() : Math.min(f.dsps(), options.dsps());
        return new Device.Fabric(f.luts(), dsps, f.blockRams(), f.blockRamBits(), f.flipFlops(), f.cellsShared());
    }

    /** The estimates with the given choices, the products beyond the budget's DSPs at {@code pf} in logic. */
    private static NodeCost cost(FixedProgram fp, Dfg dfg, Device device, Device.Fabric budget, EngineChoices choices,
                                 Map<DfgNode, Integer> pf) {
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

    /** Whether any node divides (sigmoid, tanh): else the two kinds of divider give one design. */
    private static boolean hasDividers(Dfg dfg) {
        return dfg.all().stream().anyMatch(NodeCost::divides);
    }

    FpgaDivider divider() {
        return cost.divider();
    }

    /**
     * Every node at {@code pf} (at most one lane per output), as a dataflow graph; buffers in block RAM (when asked)
     * where their writers are at PF 1.
     */
    static PfPlan everyNodeAt(FixedProgram fp, Dfg dfg, Device device, FpgaOptions options,
                              SignedProducts signed) {
        int pf = options.pf();
        FpgaDivider divider = options.divider();
        FpgaBuffers buffers = options.buffers();
        Device.Fabric budget = budget(device, options);
        Map<DfgNode, Integer> pfs = new LinkedHashMap<>();
        for (DfgNode n : dfg.all()) {
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

    static PfPlan of(FpgaStrategy strategy, Device device, Device.Fabric budget, Map<DfgNode, Integer> pf,
                     boolean sequential, NodeCost cost, Dfg dfg) {
        Map<DfgNode, NodeCost.Estimate> est = new LinkedHashMap<>();
        pf.forEach((n, p) -> est.put(n, cost.estimate(n, p)));
        return new PfPlan(strategy, device, budget, pf, sequential, est,
                Schedule.cycles(dfg, est, pf, sequential, cost.choices()), cost, dfg);
    }

    long memoryLuts() {
        return cost.memoryLuts(dfg);
    }

    long luts() {
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
    FpgaDesignReport toReport() {
        boolean cells = budget.cellsShared();
        DesignLuts parts = DesignLuts.of(this);
        EstimationModel.WholeDesign whole = cost.model().wholeDesign();
        return new FpgaDesignReport(device.name(), strategy.id(), divider().id(), cost.choices().buffers().id(),
                dfg.all().stream().map(DfgNode::op).map(seedc.ir.Op::out).filter(cost.choices()::inBlockRam)
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
