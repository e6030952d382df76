package seedc.codegen.verilog.plan;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.backend.FpgaStrategy;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.graph.Sizes;

/**
 * The three ways of choosing parallelism factors. MAFIA (section IV-F): from every PF at 1, repeatedly grow the
 * node on the critical path whose next PF saves the most cycles per added LUT, while the design stays within the
 * device's LUTs and DSPs; nodes run as a dataflow graph. SeeDot (PLDI'19 6.2.2): nodes in program order, each
 * unrolled as far as the budget left after every later node's PF-1 hardware allows, the sparse products at PF 10,
 * run one after another. Sequential: every PF 1, one after another.
 */
public final class PfPlanner {
    private final DataflowGraph dfg;
    private final NodeCost cost;
    private final Device.Fabric fabric;
    private final long fixedLuts;

    /** The user's share of the logic lanes may grow into (percent), or null: 1 less the logic model's error. */
    private final Integer utilization;

    PfPlanner(DataflowGraph dfg, NodeCost cost, Device.Fabric budget, Integer utilization) {
        this.dfg = dfg;
        this.cost = cost;
        this.fabric = budget;
        this.utilization = utilization;
        this.fixedLuts = cost.memoryLuts(dfg);
    }

    /**
     * The share of logic resource {@code r} lanes may grow into: the user's, or all but the mean error of what
     * estimates it on whole designs (the logic cells' scale where fitted, else the LUT model's design scale).
     */
    private double growth(Resource r) {
        if (utilization != null) {
            return utilization / 100.0;
        }
        return placeableShare(cost.model(), r == Resource.CELL);
    }

    /**
     * The share of the device's logic a design can take and still be expected to place: all but the mean error of
     * what estimates it on whole designs (the logic cells' scale where fitted and asked for, else the LUT model's
     * design scale). The planner's default growth and the report's warning that a design may not place both use it.
     */
    static double placeableShare(EstimationModel model, boolean cells) {
        EstimationModel.Design fit = model.cells();
        return 1 - (cells && fit.samples() > 0 ? fit : model.design()).meanError();
    }

    Map<DataflowNode, Integer> choose(FpgaStrategy strategy) {
        Map<DataflowNode, Integer> pf = atPfOne();
        checkFits(pf, strategy);
        switch (strategy) {
            case SEQUENTIAL -> { }
            case SEEDOT -> programOrder(pf);
            case MAFIA -> greedy(pf);
        }
        return pf;
    }

    /**
     * What the planner budgets, in the words of the device's data sheet. On a fabric whose logic cells each hold a
     * LUT and a flip-flop (the iCE40) the two together must fit the cells; elsewhere each has its own budget.
     */
    private enum Resource {
        LUT("LUTs"), FF("flip-flops"), CELL("logic cells (a LUT and a flip-flop each)"), DSP("DSPs"),
        BRAM("block RAMs");

        final String words;

        Resource(String words) {
            this.words = words;
        }

        /** Whether it is logic, which the LUT model estimates (the DSPs and block RAMs are counted exactly). */
        boolean logic() {
            return this == LUT || this == FF || this == CELL;
        }

        long of(NodeCost.Estimate e) {
            return switch (this) {
                case LUT -> e.lut();
                case FF -> e.ff();
                case CELL -> e.lut() + e.ff();
                case DSP -> e.dsp();
                case BRAM -> e.bram();
            };
        }

        /** The device's budget; none (Long.MAX_VALUE) for what it does not constrain. */
        long budget(Device.Fabric f) {
            return switch (this) {
                case LUT -> f.luts();
                case FF -> f.flipFlops() == 0 || f.cellsShared() ? Long.MAX_VALUE : f.flipFlops();
                case CELL -> f.cellsShared() ? f.luts() : Long.MAX_VALUE;
                case DSP -> f.dsps();
                case BRAM -> f.blockRams();
            };
        }
    }

    /** Whether a design with these estimates is within the share of each logic resource lanes may grow into. */
    boolean withinShare(Map<DataflowNode, NodeCost.Estimate> est) {
        for (Resource r : Resource.values()) {
            long budget = r.budget(fabric);
            if (r.logic() && budget != Long.MAX_VALUE && total(est, r) > Math.floor(budget * growth(r))) {
                return false;
            }
        }
        return true;
    }

    private Map<DataflowNode, Integer> atPfOne() {
        Map<DataflowNode, Integer> pf = new LinkedHashMap<>();
        for (DataflowNode n : dfg.all()) {
            if (!n.isSource()) {
                pf.put(n, 1);
            }
        }
        return pf;
    }

    /** A design over the budget at every PF 1: names the resource, the numbers and the largest node. */
    private void checkFits(Map<DataflowNode, Integer> pf, FpgaStrategy strategy) {
        Map<DataflowNode, NodeCost.Estimate> est = estimates(pf);
        for (Resource r : Resource.values()) {
            long need = total(est, r);
            if (need <= r.budget(fabric)) {
                continue;
            }
            DataflowNode largest = null;
            long most = -1;
            for (DataflowNode n : pf.keySet()) {
                long v = r.of(est.get(n));
                if (v > most) {
                    most = v;
                    largest = n;
                }
            }
            throw new DoesNotFit(DoesNotFit.Short.FABRIC, "the design does not fit the " + fabric.luts()
                    + (fabric.cellsShared() ? " logic cells (a LUT and a flip-flop each), " : " LUTs, ") + fabric.dsps()
                    + " DSPs and " + fabric.blockRams() + " block RAMs of the device even with every node at PF 1"
                    + (cost.divider() == FpgaDivider.ITERATIVE && pf.keySet().stream().anyMatch(NodeCost::divides)
                    ? " and iterative dividers" : "") + (cost.choices().buffers() == FpgaBuffers.BLOCK_RAM
                    ? ", buffers in block RAM where they can be" : "") + ": it"
                    + " needs about " + need + " " + r.words + (r == Resource.LUT || r == Resource.CELL ? " (memories "
                    + fixedLuts + " LUTs)" : "") + "; the largest node, " + largest.op().out().name() + " ("
                    + largest.kind() + "), about "
                    + most + " " + r.words + (strategy == FpgaStrategy.SEQUENTIAL ? ""
                    : "; --fpga-strategy sequential runs alike nodes on one engine and may fit"));
        }
    }

    private long total(Map<DataflowNode, NodeCost.Estimate> est, Resource r) {
        if (r == Resource.CELL) {
            return cost.model().logicCells(total(est, Resource.LUT), total(est, Resource.FF));
        }
        long t = r == Resource.LUT ? fixedLuts : 0;
        for (NodeCost.Estimate e : est.values()) {
            t += r.of(e);
        }
        return t;
    }

    /**
     * Whether a grown design fits: within the DSPs and block RAMs, and within the share of the logic lanes may grow
     * into ({@link #growth}: by default all but the logic model's mean error on whole designs, estimation-models.json
     * cells.meanError or design.meanError, none where the model is not fitted on whole designs; --fpga-utilization
     * PCT). A design at every PF 1 may use all of it; growing into the last share fills the device by an estimate
     * that misses by that much on average (FastGRNN digits' iterative design, planned at 4,936 logic cells, needed
     * 5,669 of the UP5K's 5,280 and did not place; so did ProtoNN gestures', planned at 5,267, with 5,433).
     */
    private boolean fits(Map<DataflowNode, Integer> pf) {
        Map<DataflowNode, NodeCost.Estimate> est = estimates(pf);
        for (Resource r : Resource.values()) {
            if (!r.logic() && total(est, r) > r.budget(fabric)) {
                return false;
            }
        }
        return withinShare(est);
    }

    /**
     * The next PF up: twice this one (PFs are powers of two: NodeContext.element), to one lane per output or the
     * largest PF the LUT model was fitted on, whichever is smaller; none for a node writing a block RAM (one write
     * port).
     */
    private int next(DataflowNode n, int pf) {
        if (cost.choices().writesBlockRam(n)) {
            return pf;
        }
        return Math.min(Math.min(maxPf(n), cost.model().maxPf()), pf * 2);
    }

    /** The smallest power of two that gives every output its own lane. */
    static int maxPf(DataflowNode n) {
        return Sizes.powerOfTwoAtLeast(n.elements());
    }

    /**
     * MAFIA's greedy best-PF estimator over the critical path. A linear-time node grows with its cluster (the
     * connected linear-time nodes of its size, section IV-A), so that the cluster keeps one PF and streams.
     */
    private void greedy(Map<DataflowNode, Integer> pf) {
        Set<DataflowNode> exhausted = new HashSet<>();
        while (true) {
            Map<DataflowNode, NodeCost.Estimate> est = estimates(pf);
            List<DataflowNode> best = null;
            double bestBenefit = -1;
            for (DataflowNode n : Schedule.critical(dfg, est, pf, false, cost.choices())) {
                int p = pf.get(n), q = next(n, p);
                if (q == p || exhausted.contains(n)) {
                    continue;
                }
                List<DataflowNode> grown = Pipelining.cluster(n, pf.keySet(), cost.divider());
                long saved = (est.get(n).cycles() - cost.estimate(n, q).cycles()) * Schedule.runs(n);
                long added = 0;
                for (DataflowNode m : grown) {
                    added += cost.estimate(m, q).lut() - est.get(m).lut();
                }
                double benefit = saved / (double) Math.max(1, added);
                if (saved > 0 && benefit > bestBenefit) {
                    bestBenefit = benefit;
                    best = grown;
                }
            }
            if (best == null) {
                return;
            }
            Map<DataflowNode, Integer> before = new LinkedHashMap<>(pf);
            for (DataflowNode m : best) {
                pf.put(m, next(m, pf.get(m)));
            }
            if (!fits(pf)) {
                pf.putAll(before);
                exhausted.addAll(best);
            }
        }
    }

    /** SeeDot's program-order unrolling; a sparse product gets PF 10 (its SpMV engine's). */
    private void programOrder(Map<DataflowNode, Integer> pf) {
        for (DataflowNode n : pf.keySet()) {
            if (n.op() instanceof seedc.ir.Op.SparseMatMul && !cost.choices().writesBlockRam(n)) {
                pf.put(n, Math.min(10, n.elements()));
                if (!fits(pf)) {
                    pf.put(n, 1);
                }
            }
        }
        for (DataflowNode n : pf.keySet()) {
            if (n.op() instanceof seedc.ir.Op.SparseMatMul) {
                continue;
            }
            while (next(n, pf.get(n)) > pf.get(n)) {
                int p = pf.get(n);
                pf.put(n, next(n, p));
                if (!fits(pf)) {
                    pf.put(n, p);
                    break;
                }
            }
        }
        singleWritersForWindows(pf);
    }

    /**
     * Program order unrolls a producer before the max pool that reads it; when the budget leaves the max pool at PF 1
     * its input, written by several lanes, is registers, and the pool's engine reads its window's K cells a cycle
     * through K multiplexers of all their words (CNN shapes' seedot design: 24,305 LUTs, over the Arty, against
     * 20,771 estimated). Its producer goes back to PF 1, so the input is LUT RAM with a cheap read port per cell.
     */
    private void singleWritersForWindows(Map<DataflowNode, Integer> pf) {
        for (DataflowNode n : pf.keySet()) {
            if (!(n.op() instanceof seedc.ir.Op.Maxpool m) || pf.get(n) > 1 || cost.choices().inBlockRam(m.x())) {
                continue;
            }
            for (DataflowNode w : pf.keySet()) {
                if (w.op().out().equals(m.x())) {
                    pf.put(w, 1);
                }
            }
        }
    }

    private Map<DataflowNode, NodeCost.Estimate> estimates(Map<DataflowNode, Integer> pf) {
        Map<DataflowNode, NodeCost.Estimate> est = new LinkedHashMap<>();
        pf.forEach((n, p) -> est.put(n, cost.estimate(n, p)));
        return est;
    }
}
