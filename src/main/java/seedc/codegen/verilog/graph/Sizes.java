package seedc.codegen.verilog.graph;

/** Sizes of hardware both phases count alike: a counter's bits, a power of two of lanes or of a row's words. */
public final class Sizes {
    private Sizes() {}

    /** The smallest power of two at or above {@code n} (1 for n <= 1). */
    public static int powerOfTwoAtLeast(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) * 2;
    }

    /** Bits of an unsigned counter that reaches {@code max}. */
    public static int counterBits(long max) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(Math.max(1, max)));
    }
}
