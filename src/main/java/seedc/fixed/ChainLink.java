package seedc.fixed;

import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;

/**
 * One op of a chain from a product to a quantize: a scale (a product by a known operand) or a bias (a sum or
 * difference with one), with its operand from the chain and its known one, a parameter or constant
 * ({@link QuantizedModel#stored}), in the op's order ({@code knownFirst}: the known operand is the op's first). The C
 * backends' fused comparisons (codegen.c.threshold.Thresholds) and the semantics' {@link RealThresholds} recognize a
 * chain's links by these two rules, so that what one takes for a chain the other does too.
 */
public record ChainLink(Op op, Value chained, Value known, boolean knownFirst) {
    /** A product (vector, element-wise or scalar) of a known operand, or null (any other op ends the chain). */
    public static ChainLink scale(QuantizedModel qm, Op op) {
        OpFacts.TwoOperands e = op == null ? null : OpFacts.elementwiseOfTwo(op);
        return e != null && e.product() ? of(qm, op, e.first(), e.second()) : null;
    }

    /** A sum or difference (vector or element-wise) with a known operand, not an element-wise known less x, or null. */
    public static ChainLink bias(QuantizedModel qm, Op op) {
        OpFacts.TwoOperands e = op == null ? null : OpFacts.elementwiseOfTwo(op);
        boolean knownLessX = op instanceof Op.Add a && a.subtract() && qm.stored(a.a()) != null;
        return e != null && !e.product() && !knownLessX ? of(qm, op, e.first(), e.second()) : null;
    }

    /** Whether the op subtracts its second operand from its first. */
    public boolean subtracts() {
        return OpFacts.subtracts(op);
    }

    /** The op with the operand that is a parameter or constant, when exactly one is. */
    private static ChainLink of(QuantizedModel qm, Op op, Value first, Value second) {
        boolean k1 = qm.stored(first) != null, k2 = qm.stored(second) != null;
        if (k1 == k2) {
            return null;
        }
        return k1 ? new ChainLink(op, second, first, true) : new ChainLink(op, first, second, false);
    }
}
