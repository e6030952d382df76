package seedc.codegen.verilog.plan;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;

/**
 * Sums of products whose ROM operand needs no multiplier (Zac 4.3's customized operations on an FPGA), in dense
 * matrix products and convolutions:
 * <ul>
 *   <li>{@link Signed}: it holds only -A and A (binary weights) or -A, 0 and A (ternary) once pre-shifted. Modulo
 *   2^W the plain sum of wrap_W(w_i x_i) is wrap_W(A sum s_i x_i), s_i the sign of w_i, so each lane adds, subtracts
 *   or skips x_i and the sum is multiplied by A once, with shifts and adds. Only plain sums: a halving tree halves
 *   each term, which does not commute with the product by A.</li>
 *   <li>{@link Shifts}: it holds only 0 and powers of two and their negations (weights quantized to powers of two,
 *   or a binary or ternary operand in a halving tree): each term is x_i shifted left by w_i's exponent, negated
 *   for a negative w_i, exactly x_i w_i. Plain sums and halving trees alike.</li>
 * </ul>
 * Either way the lanes have no multiplier and no DSP block (ReduceKernel).
 */
public record SignedProducts(Map<Integer, Form> byNode) {

    /** How a node's terms are formed without a multiplier; {@code operand} is the ROM's (0: a, 1: b). */
    public sealed interface Form permits Signed, Shifts, Counts {
        int operand();
    }

    /**
     * A product of low-bit operands ({@link LowBitProducts}): a quantized activation times a ROM of evenly spaced
     * values, summed plainly. Each lane counts, term by term, the activation's level numbers, the weight's value
     * numbers and the ANDs of their bits (the XNOR/popcount engine of binarized networks, a counter per pair of
     * bits), and forms the sum from the counts and constants at the end (emit.CountingProducts).
     */
    public record Counts(LowBitProducts.Product product) implements Form {
        /** At most this many levels of either operand (2 bits). */
        static final int MAX_LEVELS = 4;

        /** The ROM's operand. */
        public int operand() {
            return 1 - product.activationOperand();
        }
    }

    /** The ROM operand, its magnitude A after the pre-shift and whether 0 is among its values. */
    public record Signed(int operand, long magnitude, boolean ternary) implements Form {}

    /** The ROM operand and its distinct values after the pre-shift, each 0 or +/- a power of two. */
    public record Shifts(int operand, long[] values) implements Form {
        /** At most this many distinct values: each is one arm of the lanes' selection. */
        static final int MAX_VALUES = 16;
    }

    static final SignedProducts NONE = new SignedProducts(Map.of());

    public static SignedProducts of(FixedProgram fp, QuantizedModel qm, DataflowGraph dfg, boolean counting) {
        Map<Integer, Form> found = new HashMap<>();
        Map<seedc.ir.Value, Op> defs = LowBitProducts.defs(fp.program());
        for (DataflowNode n : dfg.all()) {
            Op op = n.op();
            if (!(op instanceof Op.MatMul || op instanceof Op.Conv2d)) {
                continue;
            }
            if (counting && op instanceof Op.MatMul m && LowBitProducts.of(fp, qm, m, defs, Counts.MAX_LEVELS,
                    Counts.MAX_LEVELS) instanceof LowBitProducts.Product lb) {
                found.put(op.out().id(), new Counts(lb));
                continue;
            }
            OpParams.Mul p = fp.params(op, OpParams.Mul.class);
            boolean tree = EngineForms.halvingTree(n, p);
            for (int i = 0; i < 2; i++) {
                long[] v = qm.stored(op.inputs().get(i));
                TreeSet<Long> distinct = v == null ? null : distinct(v, i == 0 ? p.shrA() : p.shrB());
                Form f = distinct == null ? null : tree ? shifts(distinct, i) : signedOrShifts(distinct, i);
                if (f != null) {
                    found.put(op.out().id(), f);
                    break;
                }
            }
        }
        return new SignedProducts(Map.copyOf(found));
    }

    /** The distinct integers pre-shifted by shr, or null when there are more than a selection takes. */
    private static TreeSet<Long> distinct(long[] ints, int shr) {
        TreeSet<Long> distinct = new TreeSet<>();
        for (long q : ints) {
            distinct.add(FixedArith.shr(q, shr));
            if (distinct.size() > Shifts.MAX_VALUES) {
                return null;
            }
        }
        return distinct;
    }

    /** A plain sum's form: signed (one product for the whole sum) where it applies, else shifts. */
    private static Form signedOrShifts(TreeSet<Long> distinct, int operand) {
        Signed s = signed(distinct, operand);
        return s != null ? s : shifts(distinct, operand);
    }

    /** The shifts form of an operand with these distinct values, or null when one is not 0 or +/- 2^e. */
    private static Shifts shifts(TreeSet<Long> distinct, int operand) {
        for (long v : distinct) {
            if (v != 0 && (v == Long.MIN_VALUE || Long.bitCount(Math.abs(v)) != 1)) {
                return null;
            }
        }
        return distinct.size() > 1 || distinct.first() != 0
                ? new Shifts(operand, distinct.stream().mapToLong(Long::longValue).toArray()) : null;
    }

    /** The signed form of an operand with these distinct values; null when it has none. */
    private static Signed signed(TreeSet<Long> distinct, int operand) {
        long a = LowBitProducts.signedMagnitude(distinct.stream().mapToLong(Long::longValue).toArray());
        return a > 0 ? new Signed(operand, a, distinct.size() == 3) : null;
    }

    /** The node's form, or null when its lanes multiply. */
    public Form of(DataflowNode n) {
        return byNode.get(n.op().out().id());
    }
}
