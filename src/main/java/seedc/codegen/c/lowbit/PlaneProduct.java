package seedc.codegen.c.lowbit;

import seedc.codegen.c.avr.AvrLevelTables;
import seedc.codegen.c.avr.AvrPlanePairRows;
import seedc.codegen.c.avr.AvrPlanePairs;
import seedc.codegen.c.avr.AvrPopandRows;
import seedc.fixed.LowBitProducts;
import seedc.ir.Op;

/**
 * A low-bit product on planes (BitSerial's choice), as the emitters read it; {@code word}: the word its planes are
 * read in; {@code layout}: where the bit axis goes (planes one after another, or the bits of one element together);
 * {@code target}: what the target offers (its kernels); {@code window}: how its activation is packed; {@code form}:
 * its kernel's form, how it counts; the last two chosen once from the rest.
 */
public record PlaneProduct(LowBitProducts.Product product, PopcountWords.Choice word, BitLayouts.Choice layout,
                           LowBitTarget target, WindowPacking window, PlaneKernel form) {
    /**
     * The product with its word, layout and kernel: the layout measured faster at its shape and length, where it can
     * have either (not a convolution whose input is packed once by pixel or whose padding has a plane).
     */
    public static PlaneProduct of(LowBitProducts.Product p, LowBitTarget target) {
        PlaneProduct planes = choosing(p, target.words().choose(p.terms()), BitLayouts.PLANES, target);
        long most = (long) p.terms() * (p.activation().count() - 1) * (p.weight().count() - 1);
        if (planes.window() instanceof WindowPacking.Pixels || planes.padMask() || most > 0xffff) {
            return planes; // the element kernels' sums are 16-bit on the AVR
        }
        return choosing(p, planes.word(), target.layouts().choose(p.activation().planes(), p.weight().planes(),
                p.terms()), target);
    }

    /** The product with the packing and the kernel its word, layout and target give. */
    private static PlaneProduct choosing(LowBitProducts.Product p, PopcountWords.Choice word, BitLayouts.Choice layout,
                                         LowBitTarget target) {
        PlaneKernel any = new PlaneKernel.Popcounts();
        WindowPacking window = new PlaneProduct(p, word, layout, target, new WindowPacking.Vectors(), any).packing();
        PlaneProduct packed = new PlaneProduct(p, word, layout, target, window, any);
        return new PlaneProduct(p, word, layout, target, window, packed.chooseForm());
    }

    /** How the activation is packed: a convolution's input once by pixel or by row masks where it can, else by taps. */
    private WindowPacking packing() {
        if (!(op() instanceof Op.Conv2d c)) {
            return new WindowPacking.Vectors();
        }
        if (pixelsInWholeBytes()) {
            int pixels = c.x().shape().dim(0) * c.x().shape().dim(1) * c.x().shape().dim(2) * c.groups();
            return new WindowPacking.Pixels(pixels * (activation().planes() * c.filter().shape().dim(3) / 8 + 1));
        }
        if (rowMasksFit()) {
            return new WindowPacking.RowMasks(2 * activation().planes() * c.x().shape().dim(0)
                    * c.x().shape().dim(1));
        }
        return new WindowPacking.Taps();
    }

    /** The same without level tables (their static RAM does not fit the device): its kernel chosen again. */
    public PlaneProduct withoutLevelTables() {
        return choosing(product, word, layout, target.without(LowBitTarget.Kernel.LEVEL_TABLES));
    }

    /**
     * The kernel: the bits of one element together where the layout says; else on the AVR, in bytes, the first of
     * window tables, level tables, pair rows, popand rows and plane pairs that applies; else a popcount a pair.
     */
    private PlaneKernel chooseForm() {
        if (layout.elements()) {
            return new PlaneKernel.Elements();
        }
        if (word.wordBits() != 8) {
            return new PlaneKernel.Popcounts();
        }
        int ka = activation().planes(), kb = weight().planes();
        AvrPlanePairs pairs = new AvrPlanePairs(ka, kb, planeBytes());
        AvrPlanePairRows pairRows = new AvrPlanePairRows(ka, kb, planeBytes());
        AvrPopandRows rows = new AvrPopandRows(planeBytes());
        boolean onePass = target.has(LowBitTarget.Kernel.PLANE_PAIRS) && pairs.applies();
        if (windowTables()) {
            return new PlaneKernel.WindowTables();
        } else if (levelTables()) {
            return new PlaneKernel.LevelTables(new AvrLevelTables(groups(), kb));
        } else if (onePass && op() instanceof Op.Conv2d && target.has(LowBitTarget.Kernel.PLANE_PAIR_ROWS)
                && pairRows.applies() && rowsACall() <= 255) {
            return new PlaneKernel.PairRows(pairRows);
        } else if (target.has(LowBitTarget.Kernel.POPAND_ROWS) && ka == 1 && kb == 1 && rows.applies()
                && rowsACall() <= 255) { // a byte counts the rows
            return new PlaneKernel.PopandRows(rows);
        }
        return onePass ? new PlaneKernel.PlanePairs(pairs) : new PlaneKernel.Popcounts();
    }

    /**
     * Whether the AVR's kernel looks the weight planes up in tables of the activation's level numbers' subset
     * sums (AvrLevelTables): on the AVR, a matrix product of 2-bit activations and at most 3 weight planes, its
     * planes in bytes, at least SubsetSums.MIN_VECTORS weight vectors sharing an activation vector's tables, a
     * plane's lookups within 8 bits.
     */
    private boolean levelTables() {
        return target.has(LowBitTarget.Kernel.LEVEL_TABLES) && op() instanceof Op.MatMul
                && activation().planes() == 2 && weight().planes() <= 3 && product.vectors() >= SubsetSums.MIN_VECTORS
                && product.vectors() <= 255 && AvrLevelTables.fits(groups(), activation().count() - 1);
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
     * Whether a convolution's input can be packed once, pixel by pixel ({@link WindowPacking.Pixels}): planes in
     * bytes, each group's channels filling whole bytes and their level numbers' sum within a byte.
     */
    private boolean pixelsInWholeBytes() {
        return !layout.elements() && op() instanceof Op.Conv2d c && c.filter().shape().dim(3) % 8 == 0
                && c.filter().shape().dim(3) * (activation().count() - 1) <= 255;
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
     * Whether a comparing kernel can count every weight row of a call (AvrPopandRows.Compared, ComparedWide): 1 x 1
     * bits on the AVR, planes in bytes, a plane's count within a byte, at most 255 rows a call.
     */
    boolean comparesRows() {
        return target.has(LowBitTarget.Kernel.POPAND_ROWS) && !layout.elements() && word.wordBits() == 8
                && activation().planes() == 1
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
        return form instanceof PlaneKernel.LevelTables ? 0 : rowMasksAt() + rowMaskBytes();
    }

    /** Where in the scratch the row masks go: after the window's planes and the packed input. */
    public int rowMasksAt() {
        return windowPlanes() * planeBytes() + (window instanceof WindowPacking.Pixels(int bytes) ? bytes : 0);
    }

    /** The most bits of a row mask (with the row's padding) and of a window built from them. */
    private static final int MASK_BITS = 16;

    /**
     * Whether a convolution's windows can be built from its input's rows packed once as 16-bit masks
     * ({@link WindowPacking.RowMasks}, PlanePacking.rowMasks): a one-channel input of one or two planes whose padding
     * is level 0 (the masks' zeros), a row with its padding and a window of at most 16 bits, undilated columns.
     */
    private boolean rowMasksFit() {
        if (!(op() instanceof Op.Conv2d c) || layout.elements() || activation().planes() > 2 || padMask()
                || product.zeroLevel() != 0) {
            return false;
        }
        seedc.ir.Shape xs = c.x().shape(), fs = c.filter().shape();
        seedc.ir.Window w = c.window();
        return c.groups() == 1 && fs.dim(3) == 1 && w.dw() == 1 && fs.dim(1) * fs.dim(2) <= MASK_BITS
                && w.pl() + xs.dim(2) + w.pr() <= MASK_BITS;
    }

    /** Bytes of the row masks, 0 without them. */
    int rowMaskBytes() {
        return window instanceof WindowPacking.RowMasks(int bytes) ? bytes : 0;
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
    private boolean windowTables() {
        return target.has(LowBitTarget.Kernel.WINDOW_TABLES) && window instanceof WindowPacking.RowMasks
                && activation().planes() == 2
                && word.wordBits() == 8
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
        String planes = "bit-serial: AND + popcount over " + activation().planes() + " x " + weight().planes()
                + " bit planes, planes one after another, " + word.wordBits() + "-bit words";
        return switch (form) {
            case PlaneKernel.WindowTables t -> "bit-serial: each window's " + activation().planes() + " planes looked"
                    + " up by their patterns in a table of the weights' value-number sums (" + (1 << terms())
                    + " patterns), the windows from row masks";
            case PlaneKernel.LevelTables t -> "bit-serial: subset sums of the 2-bit level numbers, four elements a"
                    + " lookup in 8-bit tables, " + weight().planes() + " weight planes by index bytes, every weight"
                    + " row in one call";
            case PlaneKernel.Elements e -> "bit-serial: " + activation().planes() + " x " + weight().planes()
                    + " bits, the bits of one element together (" + stride() + "-bit strides), "
                    + (layout.wordBits() == 8 ? "a table of nibble pairs' products"
                    : "AND + popcount of masked 64-bit words");
            case PlaneKernel.PlanePairs k -> planes + ", every pair of planes in one pass" + inputReport();
            case PlaneKernel.PairRows k -> planes + ", every pair of planes in one pass, every weight row in one call"
                    + inputReport();
            case PlaneKernel.PopandRows k -> planes + ", every weight row in one call" + inputReport();
            case PlaneKernel.Popcounts k -> planes + inputReport();
        };
    }

    /** What the report adds for how the input is packed. */
    private String inputReport() {
        String input = switch (window) {
            case WindowPacking.Pixels px -> ", the input packed once";
            case WindowPacking.RowMasks m -> ", the windows from row masks";
            case WindowPacking.Taps t -> "";
            case WindowPacking.Vectors v -> "";
        };
        return input + (padMask() ? ", the padding's weights from a table a pixel class" : "");
    }
}
