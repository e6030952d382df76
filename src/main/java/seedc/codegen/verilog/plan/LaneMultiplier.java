package seedc.codegen.verilog.plan;

import java.util.Arrays;
import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;

/** A lane's multiplier: the widths of its operands {@code a} and {@code b} and the bits of the product it keeps. */
record LaneMultiplier(int a, int b, int product) {

    /** The multiplier of the op's engine, or null when it has none. */
    static LaneMultiplier of(FixedProgram fp, Op op) {
        OpParams p = fp.paramMap().get(op);
        int[] ab = LogicMultipliers.operandBits(fp, op);
        if (ab != null && p instanceof OpParams.Mul m) {
            return new LaneMultiplier(ab[0], ab[1], Math.min(m.width(), ab[0] + ab[1]));
        }
        if (p instanceof OpParams.Exp e) {
            return tableProduct(e.table());
        }
        return p instanceof OpParams.Activation a ? tableProduct(a.table()) : null;
    }

    /**
     * The exp tables' product tf[i] * tg[j] at the widths of the tables' largest entries (yosys trims a ROM's
     * output to them): Bonsai wine's tanh tables make a product too narrow for a DSP block, which yosys builds in
     * LUTs; counted at the entries' declared width, the planner put that design at 10 of the UP5K's 8 DSPs where
     * yosys uses 8.
     */
    private static LaneMultiplier tableProduct(ExpTable t) {
        int a = Sizes.counterBits(Arrays.stream(t.tf()).max().orElse(1));
        int b = Sizes.counterBits(Arrays.stream(t.tg()).max().orElse(1));
        return new LaneMultiplier(a, b, a + b);
    }

    /**
     * Whether yosys maps it to a DSP block: the operands fit the block's (25 x 18 on the Artix-7, 16 x 16 on the
     * iCE40) and the product is at least the width from which synth_xilinx (9 bits) and synth_ice40 (11 bits) use
     * one; a narrower product is LUT logic.
     */
    boolean fitsDsp(boolean ice40) {
        return ice40 ? a <= 16 && b <= 16 && product >= 11
                : Math.min(a, b) <= 18 && Math.max(a, b) <= 25 && product >= 9;
    }
}
