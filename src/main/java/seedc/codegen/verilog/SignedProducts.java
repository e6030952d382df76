package seedc.codegen.verilog;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;

/**
 * Sums of products whose ROM operand holds only -A and A (binary weights) or -A, 0 and A (ternary) once pre-shifted:
 * Zac 4.3's customization of 1-2-bit operands on an FPGA. Modulo 2^W the plain sum of wrap_W(w_i x_i) is wrap_W(A
 * sum s_i x_i), s_i the sign of w_i, so each lane adds, subtracts or skips x_i and the sum is multiplied by A once,
 * with shifts and adds: no multiplier and no DSP block (ReduceKernel). Only plain sums (a halving tree halves each
 * term, which does not commute with the product by A) of dense matrix products and convolutions.
 */
record SignedProducts(Map<Integer, Signed> byNode) {

    /** The ROM operand (0: a, 1: b), its magnitude A after the pre-shift and whether 0 is among its values. */
    record Signed(int operand, long magnitude, boolean ternary) {}

    static final SignedProducts NONE = new SignedProducts(Map.of());

    static SignedProducts of(FixedProgram fp, QuantizedModel qm, Dfg dfg) {
        Map<Integer, Signed> found = new HashMap<>();
        for (DfgNode n : dfg.all()) {
            Op op = n.op();
            if (!(op instanceof Op.MatMul || op instanceof Op.Conv2d)) {
                continue;
            }
            OpParams.Mul p = fp.params(op, OpParams.Mul.class);
            if (ReduceKernel.halvingTree(n, p)) {
                continue;
            }
            for (int i = 0; i < 2; i++) {
                long[] v = qm.stored(op.inputs().get(i));
                Signed s = v == null ? null : signed(v, i == 0 ? p.shrA() : p.shrB(), i);
                if (s != null) {
                    found.put(op.out().id(), s);
                    break;
                }
            }
        }
        return new SignedProducts(Map.copyOf(found));
    }

    /** The signed form of an operand with these integers, pre-shifted by shr; null when it has none. */
    private static Signed signed(long[] ints, int shr, int operand) {
        TreeSet<Long> distinct = new TreeSet<>();
        for (long q : ints) {
            distinct.add(FixedArith.shr(q, shr));
            if (distinct.size() > 3) {
                return null;
            }
        }
        long a = distinct.last();
        boolean symmetric = a > 0 && distinct.first() == -a;
        if (symmetric && distinct.size() == 2) {
            return new Signed(operand, a, false);
        }
        return symmetric && distinct.size() == 3 && distinct.contains(0L) ? new Signed(operand, a, true) : null;
    }

    /** The node's signed form, or null. */
    Signed of(DfgNode n) {
        return byNode.get(n.op().out().id());
    }
}
