package seedc.codegen.verilog.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.backend.FpgaOptions;
import seedc.backend.FpgaStrategy;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.fixed.FixedProgram;
import seedc.ir.Value;

/**
 * The search over the designs the planner tries ({@link PfPlan#choose}): buffer placements on the iCE40, then the
 * kinds of divider, each design planned from the program, its graph, the device and the options.
 */
record PlanSearch(FixedProgram fp, DataflowGraph dfg, Device device, Device.Fabric budget, FpgaOptions options,
                  SignedProducts signed, EngineDrafts drafts) {

    /** The best design that fits, of every buffer placement that qualifies and the dividers for each. */
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
        List<List<Value>> memories = BlockRams.memories(dfg);
        boolean improved = true;
        while (improved) {
            improved = false;
            for (List<Value> memory : memories) {
                Set<Integer> held = best.cost().choices().blockRams();
                int id = memory.get(0).id();
                if (roms.contains(id) || !held.contains(id)) {
                    continue;
                }
                Set<Integer> fewer = new HashSet<>(held);
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
            choices = choices.withSharing(EngineSharing.of(fp, dfg, choices, drafts));
        }
        NodeCost cost = PfPlan.cost(fp, dfg, device, budget, choices, Map.of());
        Map<DataflowNode, Integer> pf = new PfPlanner(dfg, cost, budget, options.utilization()).choose(strategy);
        boolean sequential = strategy != FpgaStrategy.MAFIA;
        return PfPlan.of(strategy, device, budget, pf, sequential, cost, dfg);
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


    /** Whether any node divides (sigmoid, tanh): else the two kinds of divider give one design. */
    private static boolean hasDividers(DataflowGraph dfg) {
        return dfg.all().stream().anyMatch(NodeCost::divides);
    }
}
