package seedc.codegen.verilog.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;

/**
 * Multipliers in logic when the DSP blocks run out. Every engine with a multiplier has its own in each lane, and
 * yosys maps each to a DSP block; a design with more multiplying engines than the device has blocks (Bonsai's
 * dozen products on the UP5K's 8) does not place even at PF 1. So the planner moves the smallest products (the
 * fewest partial products, the cheapest in LUTs) of the sums of products and element-wise products to shift-and-add
 * logic until the rest fit the blocks; their engines multiply with a shift-and-add function
 * (emit.Verilog#shiftAndAddMultiplier), which yosys cannot take for
 * a multiplication and builds from adders. The exp tables' products keep their blocks.
 */
public final class LogicMultipliers {
    private LogicMultipliers() {}

    /**
     * LUT4s per partial product (a x b bits) of a shift-and-add multiplier on the iCE40, measured with synth_ice40
     * (scripts/measure-logic-multipliers):
     * 8 x 8: 185, 12 x 10: 298, 16 x 8: 329, 16 x 16: 705 (2.5-2.9 each; yosys's own LUT multiplier is as large:
     * 350 for 16 x 8), with as many SB_CARRY cells besides.
     */
    static final double ICE40_LUTS_PER_PARTIAL_PRODUCT = 2.75;
    /**
     * LUTs (LUT1 to LUT6) per partial product on the Artix-7, measured with synth_xilinx: 8 x 8: 161, 12 x 10: 310,
     * 16 x 8: 281, 16 x 16: 767 (2.2-3.0 each), with CARRY4 cells besides.
     */
    static final double XC7_LUTS_PER_PARTIAL_PRODUCT = 2.6;

    /**
     * The nodes (value ids) whose multipliers are logic: none when the DSPs the engines need at their PFs (absent:
     * 1) fit the budget, else the smallest products first until they do (or none is left to move).
     */
    static Set<Integer> of(FixedProgram fp, DataflowGraph dfg, NodeCost cost, long dsps,
                           Map<DataflowNode, Integer> pf) {
        long need = 0;
        Map<DataflowNode, Long> movable = new HashMap<>();
        for (DataflowNode n : dfg.all()) {
            if (n.isSource()) {
                continue;
            }
            long d = cost.estimate(n, pf.getOrDefault(n, 1)).dsp();
            need += d;
            if (d > 0 && operandBits(fp, n.op()) != null) {
                movable.put(n, d);
            }
        }
        List<DataflowNode> smallestFirst = new ArrayList<>(movable.keySet());
        smallestFirst.sort(Comparator.comparingLong((DataflowNode n) -> partialProducts(fp, n.op()))
                .thenComparingInt(DataflowNode::index));
        Set<Integer> logic = new HashSet<>();
        for (DataflowNode n : smallestFirst) {
            if (need <= dsps) {
                break;
            }
            logic.add(n.op().out().id());
            need -= movable.get(n);
        }
        return logic;
    }

    /**
     * The operand widths of a sum of products' or an element-wise product's multiplier, after their shifts (the
     * operands are values of their types shifted right, so they fit these signed widths), or null for an op without
     * one.
     */
    public static int[] operandBits(FixedProgram fp, Op op) {
        if (!(fp.paramMap().get(op) instanceof OpParams.Mul m) || op.inputs().size() < 2) {
            return null;
        }
        return new int[] {Math.max(1, fp.type(op.inputs().get(0)).bits() - m.shrA()),
                Math.max(1, fp.type(op.inputs().get(1)).bits() - m.shrB())};
    }

    static long partialProducts(FixedProgram fp, Op op) {
        int[] w = operandBits(fp, op);
        return w == null ? 0 : (long) w[0] * w[1];
    }
}
