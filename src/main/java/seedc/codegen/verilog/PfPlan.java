package seedc.codegen.verilog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.backend.FpgaDivider;
import seedc.backend.FpgaStrategy;
import seedc.fixed.FixedProgram;

/**
 * Each node's parallelism factor, how nodes are scheduled and how sigmoid and tanh divide, as a strategy chose them
 * under the device's budget, with the estimates (NodeCost) they were chosen by.
 */
record PfPlan(FpgaStrategy strategy, Device device, Map<DfgNode, Integer> pf, boolean sequential,
              Map<DfgNode, NodeCost.Estimate> estimates, long estimatedCycles, NodeCost cost, Dfg dfg) {

    /**
     * The strategy's design with the given dividers, or (null) the faster of the designs with each kind that fit:
     * iterative dividers free the LUTs of combinational ones for other nodes' lanes, or make a design fit at all.
     */
    static PfPlan choose(FixedProgram fp, Dfg dfg, Device device, FpgaStrategy strategy, FpgaDivider divider) {
        if (divider != null || !hasDividers(dfg)) {
            return plan(fp, dfg, device, strategy, divider == null ? FpgaDivider.COMBINATIONAL : divider);
        }
        PfPlan iterative = plan(fp, dfg, device, strategy, FpgaDivider.ITERATIVE);
        try {
            PfPlan combinational = plan(fp, dfg, device, strategy, FpgaDivider.COMBINATIONAL);
            return combinational.estimatedCycles() <= iterative.estimatedCycles() ? combinational : iterative;
        } catch (DoesNotFit e) {
            return iterative;
        }
    }

    private static PfPlan plan(FixedProgram fp, Dfg dfg, Device device, FpgaStrategy strategy, FpgaDivider divider) {
        NodeCost cost = new NodeCost(fp, device, dfg, divider);
        Map<DfgNode, Integer> pf = new PfPlanner(dfg, cost, device).choose(strategy);
        boolean sequential = strategy != FpgaStrategy.MAFIA;
        return of(strategy, device, pf, sequential, cost, dfg);
    }

    /** Whether any node divides (sigmoid, tanh): else the two kinds of divider give one design. */
    private static boolean hasDividers(Dfg dfg) {
        return dfg.all().stream().anyMatch(NodeCost::divides);
    }

    FpgaDivider divider() {
        return cost.divider();
    }

    /** Every node at {@code pf} (at most one lane per output), as a dataflow graph. */
    static PfPlan everyNodeAt(FixedProgram fp, Dfg dfg, Device device, int pf, FpgaDivider divider) {
        NodeCost cost = new NodeCost(fp, device, dfg, divider == null ? FpgaDivider.COMBINATIONAL : divider);
        Map<DfgNode, Integer> pfs = new LinkedHashMap<>();
        for (DfgNode n : dfg.all()) {
            if (!n.isSource()) {
                pfs.put(n, Math.min(pf, PfPlanner.maxPf(n)));
            }
        }
        return of(FpgaStrategy.MAFIA, device, pfs, false, cost, dfg);
    }

    static PfPlan of(FpgaStrategy strategy, Device device, Map<DfgNode, Integer> pf, boolean sequential,
                     NodeCost cost, Dfg dfg) {
        Map<DfgNode, NodeCost.Estimate> est = new LinkedHashMap<>();
        pf.forEach((n, p) -> est.put(n, cost.estimate(n, p)));
        return new PfPlan(strategy, device, pf, sequential, est,
                Schedule.cycles(dfg, est, pf, sequential, cost.divider()), cost, dfg);
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

    long dsps() {
        return estimates.values().stream().mapToLong(NodeCost.Estimate::dsp).sum();
    }

    long blockRams() {
        return estimates.values().stream().mapToLong(NodeCost.Estimate::bram).sum();
    }

    /** report.json's fpga section. */
    Map<String, Object> toReport() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device", device.name());
        m.put("strategy", strategy.id());
        m.put("divider", divider().id());
        List<Map<String, Object>> nodes = new ArrayList<>();
        estimates.forEach((n, e) -> {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("node", n.id());
            o.put("value", n.op().out().name());
            o.put("op", n.kind());
            o.put("template", cost.template(n));
            o.put("elements", n.elements());
            o.put("terms", n.terms());
            o.put("pf", pf.get(n));
            o.put("lut1", cost.lut1(n));
            o.put("storeBits", cost.storeBits(n));
            o.put("treeBits", cost.treeBits(n, pf.get(n)));
            o.put("lut", e.lut());
            o.put("ff", e.ff());
            o.put("dsp", e.dsp());
            o.put("bram", e.bram());
            o.put("cycles", e.cycles());
            nodes.add(o);
        });
        m.put("nodes", nodes);
        m.put("estimatedCycles", estimatedCycles);
        m.put("estimatedMemoryLut", memoryLuts());
        m.put("romBits", cost.romBits(dfg));
        m.put("bufferBits", cost.bufferBits(dfg));
        m.put("estimatedLut", luts());
        m.put("estimatedFf", flipFlops());
        m.put("estimatedDsp", dsps());
        m.put("estimatedBram", blockRams());
        m.put("budget", Map.of("lut", device.fabric().luts(), "ff", device.fabric().flipFlops(), "cellsShared",
                device.fabric().cellsShared(), "dsp", device.fabric().dsps(), "bram", device.fabric().blockRams()));
        EstimationModel model = cost.model();
        EstimationModel.Design d = model.design();
        m.put("lutModel", Map.of("family", model.family(), "samples", model.samples(),
                "meanError", model.meanError(), "maxError", model.maxError(), "maxPf", model.maxPf(),
                "design", Map.of("scale", d.scale(), "samples", d.samples(), "meanError", d.meanError(),
                        "maxError", d.maxError())));
        return m;
    }
}
