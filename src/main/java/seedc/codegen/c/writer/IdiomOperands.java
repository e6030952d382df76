package seedc.codegen.c.writer;

import seedc.fixed.IdiomCalls;

/**
 * The check every idiom writer makes before it writes a call: the C reads of the operands are as wide as the fact
 * ({@link IdiomCalls}) took them. A difference is a disagreement between the two sides (the cost model priced a call
 * the C would not make), not a program to write.
 */
final class IdiomOperands {
    private IdiomOperands() {}

    /** Throws IllegalStateException when a or b is not as wide as {@code call} takes it. */
    static void agree(IntExpr a, IntExpr b, IdiomCalls.Call call) {
        if (a.bits() != call.aBits() || b.bits() != call.bBits()) {
            throw new IllegalStateException("IdiomCalls disagrees with the C's operands: " + a.c() + " (" + a.bits()
                    + " bits), " + b.c() + " (" + b.bits() + " bits) for " + call);
        }
    }
}
