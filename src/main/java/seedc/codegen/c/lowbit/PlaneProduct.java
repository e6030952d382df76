package seedc.codegen.c.lowbit;

import seedc.codegen.c.avr.AvrLevelTables;
import seedc.codegen.c.avr.AvrPlanePairRows;
import seedc.codegen.c.avr.AvrPlanePairs;
import seedc.codegen.c.avr.AvrPopandRows;
import seedc.fixed.LowBitProducts;
import seedc.ir.Op;

/**
 * A low-bit product on planes (BitSerial's choice), as the emitters read it; {@code word}: the word its planes are read in;
 * {@code layout}: where the bit axis goes (planes one after another, or the bits of one element together);
 * {@code avr}: the AVR's assembly kernels ({@link #pairsAtOnce}); {@code tables}: level tables allowed (not when
 * their static RAM does not fit the device).
 */
public record PlaneProduct(LowBitProducts.Product product, PopcountWords.Choice word, BitLayouts.Choice layout, boolean avr,
                           boolean tables) {
    /**
     * The product with its word and layout: the layout measured faster at its shape and length, where it can
     * have either (not a convolution whose input is packed once by pixel or whose padding has a plane).
     */
    static PlaneProduct of(LowBitProducts.Product p, PopcountWords words, BitLayouts layouts, boolean avr) {
        PlaneProduct planes = new PlaneProduct(p, words.choose(p.terms()), BitLayouts.PLANES, avr, avr);
        long most = (long) p.terms() * (p.activation().count() - 1) * (p.weight().count() - 1);
        if (planes.pixelBytes() != null || planes.padMask() || most > 0xffff) {
            return planes; // the element kernels' sums are 16-bit on the AVR
        }
        return new PlaneProduct(p, planes.word(), layouts.choose(p.activation().planes(), p.weight().planes(),
                p.terms()), avr, avr);
    }

    /**
     * Whether every pair of planes is counted in one pass by the AVR's kernel (AvrPlanePairs: its weight planes
     * interleaved byte by byte): on the AVR, planes one after another in bytes, more than one pair.
     */
    public boolean pairsAtOnce() {
        return avr && !layout.elements() && word.wordBits() == 8 && !levelTables()
                && AvrPlanePairs.fits(activation().planes(), weight().planes(), planeBytes());
    }

    /**
     * Whether every pair of planes of every weight row of a call is counted in one call (AvrPlanePairRows: into
     * 16-bit counts in the scratch): a product whose pairs the AVR counts in one pass (and not by window tables), at
     * most 2 x 2 planes, a plane whose pairs' counts fit a byte, at most 255 rows a call.
     */
    public boolean pairRowsAtOnce() {
        return op() instanceof Op.Conv2d && pairsAtOnce() && !windowTables()
                && AvrPlanePairRows.fits(activation().planes(), weight().planes(), planeBytes()) && rowsACall() <= 255;
    }

    /**
     * Whether the AVR's kernel looks the weight planes up in tables of the activation's level numbers' subset
     * sums (AvrLevelTables): on the AVR, a matrix product of 2-bit activations and at most 3 weight planes, its
     * planes in bytes, at least SubsetSums.MIN_VECTORS weight vectors sharing an activation vector's tables, a
     * plane's lookups within 8 bits.
     */
    public boolean levelTables() {
        return tables && !layout.elements() && word.wordBits() == 8 && op() instanceof Op.MatMul
                && activation().planes() == 2 && weight().planes() <= 3 && product.vectors() >= SubsetSums.MIN_VECTORS
                && product.vectors() <= 255 && AvrLevelTables.fits(groups(), activation().count() - 1);
    }

    /** The same without level tables. */
    PlaneProduct withoutLevelTables() {
        return new PlaneProduct(product, word, layout, avr, false);
    }

    /** Groups of four elements of an activation vector (the last one may be partial). */
    public int groups() {
        return (terms() + 3) / 4;
    }

    /** Bits an element takes in the bits-of-one-element layout: 2 when both operands have at most 2, else 4. */
    public int stride() {
        return activation().planes() <= 2 && weight().planes() <= 2 ? 2 : 4;
    }

    public Op op() {
        return product.op();
    }

    /** Which operand is the activation in RAM (0: a, 1: b). */
    public int ram() {
        return product.activationOperand();
    }

    public LowBitProducts.Levels activation() {
        return product.activation();
    }

    public LowBitProducts.Levels weight() {
        return product.weight();
    }

    public int terms() {
        return product.terms();
    }

    /**
     * Bytes of one bit plane of a vector of {@link #terms} elements (with the bits of one element together, of
     * the vector): its packed bytes, padded to whole words.
     */
    public int planeBytes() {
        return PopcountWords.padded(packedBytes(), kernelWordBits());
    }

    /** Bits of the words the product's kernel reads: the element kernel's, or the planes' measured word. */
    public int kernelWordBits() {
        return layout.elements() ? layout.wordBits() : word.wordBits();
    }

    /**
     * Bytes of a convolution's input packed once, pixel by pixel (null: packed window by window): when each
     * group's channels fill whole bytes (cig a multiple of 8), every input pixel's planes (cig / 8 bytes each)
     * and its level numbers' sum (a byte) are packed before the windows, which then copy whole bytes.
     */
    public Integer pixelBytes() {
        if (layout.elements() || !(op() instanceof Op.Conv2d c) || c.filter().shape().dim(3) % 8 != 0
                || c.filter().shape().dim(3) * (activation().count() - 1) > 255) {
            return null;
        }
        int pixels = c.x().shape().dim(0) * c.x().shape().dim(1) * c.x().shape().dim(2) * c.groups();
        return pixels * (activation().planes() * c.filter().shape().dim(3) / 8 + 1);
    }

    /**
     * Whether a window's padding comes out of its sum: a padded convolution whose activation has no level 0 (sign's
     * -1 and +1) packs the padding taps as level 0, a0, and takes a0 (b0 + db r) out of the sum for each, from their
     * count and the sum of their value numbers r, one entry a pixel class (PadClasses; a table, where the popcounts
     * of a padding plane AND the weight planes took a call a plane; cnn-digits-w1a1's second convolution on the Uno:
     * 161,699 -> 124,275 cycles with a table a tap; 121,807 -> 106,618 with one a pixel class).
     */
    public boolean padMask() {
        return op() instanceof Op.Conv2d c && product.zeroLevel() < 0 && c.window().padded();
    }

    /**
     * Whether the AVR's kernel counts one activation plane against all the call's weight rows at once
     * (AvrPopandRows): 1 x 1 bits on the AVR, planes in bytes, a plane short enough for registers, at most 255 rows
     * a call.
     */
    public boolean rowsAtOnce() {
        return avr && !layout.elements() && word.wordBits() == 8 && activation().planes() == 1
                && weight().planes() == 1 && AvrPopandRows.fits(planeBytes()) && rowsACall() <= 255; // a byte counts them
    }

    /**
     * Whether a comparing kernel can count every weight row of a call (AvrPopandRows.compared, comparedWide): 1 x 1
     * bits on the AVR, planes in bytes, a plane's count within a byte, at most 255 rows a call.
     */
    boolean comparesRows() {
        return avr && !layout.elements() && word.wordBits() == 8 && activation().planes() == 1
                && weight().planes() == 1 && planeBytes() <= AvrPopandRows.MAX_WIDE_BYTES && rowsACall() <= 255;
    }

    /** The weight rows one call of the rows kernel counts: a matrix product's vectors, a group's channels. */
    public int rowsACall() {
        return op() instanceof Op.Conv2d c ? c.filter().shape().dim(4) : product.vectors();
    }

    /**
     * Where in the scratch the rows kernel's counts go: after the window's planes, the packed input and the row
     * masks; the level tables' kernel's 16-bit ones are all its scratch.
     */
    public int countsAt() {
        return levelTables() ? 0 : rowMasksAt() + rowMaskBytes();
    }

    /** Where in the scratch the row masks go: after the window's planes and the packed input. */
    public int rowMasksAt() {
        return windowPlanes() * planeBytes() + (pixelBytes() == null ? 0 : pixelBytes());
    }

    /** The most bits of a row mask (with the row's padding) and of a window built from them. */
    private static final int MASK_BITS = 16;

    /**
     * Whether a convolution's windows are built from its input's rows packed once as 16-bit masks (PlanePacking
     * .rowMasks): a one-channel input of one plane whose padding is level 0 (the masks' zeros), a row with its
     * padding and a window of at most 16 bits, undilated columns. A window is then a shift and a mask a kernel row,
     * where packing it tap by tap tested each tap's bounds and compared its value.
     */
    public boolean rowMasks() {
        if (!(op() instanceof Op.Conv2d c) || layout.elements() || activation().planes() > 2 || padMask()
                || product.zeroLevel() != 0) {
            return false;
        }
        seedc.ir.Shape xs = c.x().shape(), fs = c.filter().shape();
        seedc.ir.Window w = c.window();
        return c.groups() == 1 && fs.dim(3) == 1 && w.dw() == 1 && fs.dim(1) * fs.dim(2) <= MASK_BITS
                && w.pl() + xs.dim(2) + w.pr() <= MASK_BITS;
    }

    /** Bytes of the row masks: two an input row and plane. */
    int rowMaskBytes() {
        return rowMasks() ? 2 * activation().planes() * ((Op.Conv2d) op()).x().shape().dim(0)
                * ((Op.Conv2d) op()).x().shape().dim(1) : 0;
    }

    /** The most bytes of the window tables in flash (2^taps rows of a byte a weight vector). */
    static final int WINDOW_TABLE_BYTES = 8192;

    /**
     * Whether the AVR looks each weight vector's part of pc up by the window's pattern (BitPlaneWeights
     * .windowTables: for every pattern P of the window's taps, R_f(P), the sum of vector f's value numbers where P has
     * ones; pc = sum_i 2^i R_f(P_i) over the activation's planes): a convolution of two-plane activations whose
     * windows come from row masks, its table within {@link #WINDOW_TABLE_BYTES} and each entry within a byte. Two
     * lookups an output where subset sums built three tables a window and looked up six entries a channel
     * (cnn-digits-w2a2i2's first convolution).
     */
    public boolean windowTables() {
        return avr && rowMasks() && activation().planes() == 2 && word.wordBits() == 8
                && (1L << terms()) * product.vectors() <= WINDOW_TABLE_BYTES
                && (long) (weight().count() - 1) * terms() <= 255;
    }

    /** The planes of a window: the activation's. */
    public int windowPlanes() {
        return layout.elements() ? 1 : activation().planes();
    }

    /** Taps of a convolution's window (0 for a matrix product). */
    int taps() {
        return op() instanceof Op.Conv2d c ? c.filter().shape().dim(1) * c.filter().shape().dim(2) : 0;
    }

    /** Bytes that hold a plane's {@link #terms} bits; the rest of {@link #planeBytes} are 0. */
    public int packedBytes() {
        return layout.elements() ? (terms() * stride() + 7) / 8 : (terms() + 7) / 8;
    }

    /** What the report calls the kernel. */
    public String kernel() {
        if (windowTables()) {
            return "bit-serial: each window's " + activation().planes() + " planes looked up by their patterns in a"
                    + " table of the weights' value-number sums (" + (1 << terms()) + " patterns), the windows from"
                    + " row masks";
        }
        if (levelTables()) {
            return "bit-serial: subset sums of the 2-bit level numbers, four elements a lookup in 8-bit tables, "
                    + weight().planes() + " weight planes by index bytes, every weight row in one call";
        }
        if (layout.elements()) {
            return "bit-serial: " + activation().planes() + " x " + weight().planes() + " bits, the bits of one"
                    + " element together (" + stride() + "-bit strides), " + (layout.wordBits() == 8
                    ? "a table of nibble pairs' products" : "AND + popcount of masked 64-bit words");
        }
        return "bit-serial: AND + popcount over " + activation().planes() + " x " + weight().planes()
                + " bit planes, planes one after another, " + word.wordBits() + "-bit words"
                + (pairsAtOnce() ? ", every pair of planes in one pass" : "")
                + (pairRowsAtOnce() ? ", every weight row in one call" : "")
                + (rowsAtOnce() ? ", every weight row in one call" : "")
                + (pixelBytes() == null ? "" : ", the input packed once")
                + (rowMasks() ? ", the windows from row masks" : "")
                + (padMask() ? ", the padding's weights from a table a pixel class" : "");
    }
}
