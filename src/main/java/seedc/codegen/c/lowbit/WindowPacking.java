package seedc.codegen.c.lowbit;

/**
 * How a product's activation reaches its kernel's planes in the scratch: chosen once ({@link PlaneProduct#of}) from
 * the op, its shapes and the layout; the emitters switch over it. A convolution's padding taps are level 0 in every
 * form (PlaneProduct.padMask says whether they then come out of the sum).
 */
public sealed interface WindowPacking {
    /** A matrix product: each activation vector packed as it is read. */
    record Vectors() implements WindowPacking {}

    /** A convolution's window packed tap by tap, each tap's bounds tested. */
    record Taps() implements WindowPacking {}

    /**
     * A convolution's input packed once, pixel by pixel, in {@code bytes}: each group's channels fill whole bytes (cig
     * a multiple of 8), so every input pixel's planes (cig / 8 bytes each) and its level numbers' sum (a byte) are
     * packed before the windows, which then copy whole bytes.
     */
    record Pixels(int bytes) implements WindowPacking {}

    /**
     * A convolution's input rows packed once as 16-bit masks, {@code bytes} of them (two an input row and plane): a
     * window is then a shift and a mask a kernel row, where packing it tap by tap tested each tap's bounds and compared
     * its value.
     */
    record RowMasks(int bytes) implements WindowPacking {}
}
