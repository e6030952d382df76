package seedc.codegen.c;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which matrix products the C runs on packed bit planes (the bit-serial kernels of CGO'20; Zac 4.3's bitwise
 * customization): the products of low-bit operands ({@link LowBitProducts}: a quantized activation of at most four
 * levels, a parameter of at most eight values, both evenly spaced, summed plainly), whose sum
 *
 * <pre>  n a0 b0 + a0 db sum r + b0 da sum q + da db sum_{i,j} 2^(i+j) popcount(Q_i AND R_j)</pre>
 *
 * takes Q_i, the activation's bit plane i, and R_j, the weight's plane j, packed along the sum eight elements a
 * byte; the paper's equation, with the offsets that make it hold for any two evenly spaced level sets (unipolar
 * {0, 1}, bipolar {-1, 1}, the saturated {-128, 127} of an 8-bit sign). The integers are the interpreter's.
 *
 * <p>Takes the fixed program, its quantized model and the values in flash; gives the products it chose
 * ({@link Product}) and, for the report, every low-bit product with the kernel it got or why it did not get this one.
 */
final class BitSerial {
    /** The most activation levels packed by comparisons (1-2-bit activations), and weight values (3 bits). */
    static final int MAX_ACTIVATION_LEVELS = 4, MAX_WEIGHT_VALUES = 8;

    /**
     * A low-bit product on planes, as the emitter reads it; {@code word}: the word its planes are read in;
     * {@code layout}: where the bit axis goes (planes one after another, or the bits of one element together);
     * {@code avr}: the AVR's assembly kernels ({@link #pairsAtOnce}); {@code tables}: level tables allowed (not when
     * their static RAM does not fit the device).
     */
    record Product(LowBitProducts.Product product, PopcountWords.Choice word, BitLayouts.Choice layout, boolean avr,
                   boolean tables) {
        /**
         * The product with its word and layout: the layout measured faster at its shape and length, where it can
         * have either (not a convolution whose input is packed once by pixel or whose padding has a plane).
         */
        static Product of(LowBitProducts.Product p, PopcountWords words, BitLayouts layouts, boolean avr) {
            Product planes = new Product(p, words.choose(p.terms()), BitLayouts.PLANES, avr, avr);
            long most = (long) p.terms() * (p.activation().count() - 1) * (p.weight().count() - 1);
            if (planes.pixelBytes() != null || planes.padMask() || most > 0xffff) {
                return planes; // the element kernels' sums are 16-bit on the AVR
            }
            return new Product(p, planes.word(), layouts.choose(p.activation().planes(), p.weight().planes(),
                    p.terms()), avr, avr);
        }

        /**
         * Whether every pair of planes is counted in one pass by the AVR's kernel (AvrPlanePairs: its weight planes
         * interleaved byte by byte): on the AVR, planes one after another in bytes, more than one pair.
         */
        boolean pairsAtOnce() {
            return avr && !layout.elements() && word.wordBits() == 8 && !levelTables()
                    && AvrPlanePairs.fits(activation().planes(), weight().planes(), planeBytes());
        }

        /**
         * Whether the AVR's kernel looks the weight planes up in tables of the activation's level numbers' subset
         * sums (AvrLevelTables): on the AVR, a matrix product of 2-bit activations and at most 3 weight planes, its
         * planes in bytes, at least SubsetSums.MIN_VECTORS weight vectors sharing an activation vector's tables, a
         * plane's lookups within 8 bits.
         */
        boolean levelTables() {
            return tables && !layout.elements() && word.wordBits() == 8 && op() instanceof Op.MatMul
                    && activation().planes() == 2 && weight().planes() <= 3 && product.vectors() >= SubsetSums.MIN_VECTORS
                    && product.vectors() <= 255 && AvrLevelTables.fits(groups(), activation().count() - 1);
        }

        /** The same without level tables. */
        Product withoutLevelTables() {
            return new Product(product, word, layout, avr, false);
        }

        /** Groups of four elements of an activation vector (the last one may be partial). */
        int groups() {
            return (terms() + 3) / 4;
        }

        /** Bits an element takes in the bits-of-one-element layout: 2 when both operands have at most 2, else 4. */
        int stride() {
            return activation().planes() <= 2 && weight().planes() <= 2 ? 2 : 4;
        }

        Op op() {
            return product.op();
        }

        /** Which operand is the activation in RAM (0: a, 1: b). */
        int ram() {
            return product.activationOperand();
        }

        LowBitProducts.Levels activation() {
            return product.activation();
        }

        LowBitProducts.Levels weight() {
            return product.weight();
        }

        int terms() {
            return product.terms();
        }

        /**
         * Bytes of one bit plane of a vector of {@link #terms} elements (with the bits of one element together, of
         * the vector): its packed bytes, padded to whole words.
         */
        int planeBytes() {
            return PopcountWords.padded(packedBytes(), kernelWordBits());
        }

        /** Bits of the words the product's kernel reads: the element kernel's, or the planes' measured word. */
        int kernelWordBits() {
            return layout.elements() ? layout.wordBits() : word.wordBits();
        }

        /**
         * Bytes of a convolution's input packed once, pixel by pixel (null: packed window by window): when each
         * group's channels fill whole bytes (cig a multiple of 8), every input pixel's planes (cig / 8 bytes each)
         * and its level numbers' sum (a byte) are packed before the windows, which then copy whole bytes.
         */
        Integer pixelBytes() {
            if (layout.elements() || !(op() instanceof Op.Conv2d c) || c.filter().shape().dim(3) % 8 != 0
                    || c.filter().shape().dim(3) * (activation().count() - 1) > 255) {
                return null;
            }
            int pixels = c.x().shape().dim(0) * c.x().shape().dim(1) * c.x().shape().dim(2) * c.groups();
            return pixels * (activation().planes() * c.filter().shape().dim(3) / 8 + 1);
        }

        /**
         * Whether a window's padding taps are listed: a padded convolution whose activation has no level 0 (sign's -1
         * and +1) packs them as level 0, a0, and takes a0 (b0 + db r) out of the sum for each, from their count and
         * each listed tap's sum of value numbers r (BitPlaneWeights.tapCodeSums: a table, where the popcounts of a
         * padding plane AND the weight planes took a call a plane; cnn-digits-w1a1's second convolution on the Uno:
         * 161,699 -> 124,275 cycles).
         */
        boolean padMask() {
            return op() instanceof Op.Conv2d c && product.zeroLevel() < 0 && c.window().padded();
        }

        /**
         * Whether the AVR's kernel counts one activation plane against all the call's weight rows at once
         * (AvrPopandRows): 1 x 1 bits on the AVR, planes in bytes, a plane short enough for registers, at most 255 rows
         * a call.
         */
        boolean rowsAtOnce() {
            return avr && !layout.elements() && word.wordBits() == 8 && activation().planes() == 1
                    && weight().planes() == 1 && AvrPopandRows.fits(planeBytes()) && rowsACall() <= 255; // a byte counts them
        }

        /** The weight rows one call of the rows kernel counts: a matrix product's vectors, a group's channels. */
        int rowsACall() {
            return op() instanceof Op.Conv2d c ? c.filter().shape().dim(4) : product.vectors();
        }

        /** Where in the scratch a padded window's list of padding taps goes: after its planes and the packed input. */
        int padTapsAt() {
            return windowPlanes() * planeBytes() + (pixelBytes() == null ? 0 : pixelBytes());
        }

        /**
         * Where in the scratch the rows kernel's counts go: after the list of padding taps (when the product has it);
         * the level tables' kernel's 16-bit ones are all its scratch.
         */
        int countsAt() {
            return levelTables() ? 0 : padTapsAt() + (padMask() ? taps() : 0);
        }

        /** The planes of a window: the activation's. */
        int windowPlanes() {
            return layout.elements() ? 1 : activation().planes();
        }

        /** Taps of a convolution's window: a padded window lists its taps in the padding (after the planes). */
        int taps() {
            return op() instanceof Op.Conv2d c ? c.filter().shape().dim(1) * c.filter().shape().dim(2) : 0;
        }

        /** Bytes that hold a plane's {@link #terms} bits; the rest of {@link #planeBytes} are 0. */
        int packedBytes() {
            return layout.elements() ? (terms() * stride() + 7) / 8 : (terms() + 7) / 8;
        }

        /** What the report calls the kernel. */
        String kernel() {
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
                    + (rowsAtOnce() ? ", every weight row in one call" : "")
                    + (pixelBytes() == null ? "" : ", the input packed once")
                    + (padMask() ? ", the padding's weights from a table a tap" : "");
        }
    }

    static final BitSerial NONE = new BitSerial(List.of(), Map.of(), Map.of(), Map.of(), null, PackedSources.NONE,
            PackedSigns.NONE);

    /** The low-bit products in program order, each one's kernel or why not: what the report lists. */
    private final List<Op> lowBit;
    private final Map<Op, String> refused;
    private final Map<Op, Product> products;
    private final Map<Op, SubsetSums> subsetSums;
    /** Products that could run by subset sums but whose tables did not fit the device's RAM, and why not. */
    private final Map<Op, String> dropped;
    /** Activations the products pack from a quantize's input. */
    private final PackedSources sources;
    /** Signs the products write and read as packed planes. */
    private final PackedSigns signs;

    private BitSerial(List<Op> lowBit, Map<Op, String> refused, Map<Op, Product> products,
                      Map<Op, SubsetSums> subsetSums, Map<Op, String> dropped, PackedSources sources,
                      PackedSigns signs) {
        this.lowBit = lowBit;
        this.refused = refused;
        this.products = products;
        this.subsetSums = subsetSums;
        this.dropped = dropped;
        this.sources = sources;
        this.signs = signs;
    }

    /**
     * The products of {@code fp} that run on bit planes or by subset sums ({@code enabled}: else none, and the report
     * says so).
     */
    static BitSerial of(FixedProgram fp, QuantizedModel qm, Set<Value> flash, boolean enabled, PopcountWords words,
                        BitLayouts layouts, boolean avr, Thresholds fused) {
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        List<Op> lowBit = new ArrayList<>();
        Map<Op, String> refused = new IdentityHashMap<>();
        Map<Op, Product> chosen = new IdentityHashMap<>();
        Map<Op, SubsetSums> subsets = new IdentityHashMap<>();
        fp.program().forEachOp(m -> {
            if (!(m instanceof Op.MatMul || m instanceof Op.Conv2d) || !LowBitProducts.lowBit(m, defs, qm,
                    MAX_WEIGHT_VALUES)) {
                return;
            }
            lowBit.add(m);
            LowBitProducts.Found found = enabled
                    ? LowBitProducts.of(fp, qm, m, defs, MAX_ACTIVATION_LEVELS, MAX_WEIGHT_VALUES)
                    : new LowBitProducts.Refused("--no-bitserial");
            String why = switch (found) {
                case LowBitProducts.Product p -> inC(p, flash);
                case LowBitProducts.Refused r -> r.why();
            };
            SubsetSums s = why == null || !enabled ? null : SubsetSums.of(fp, qm, m, flash, MAX_WEIGHT_VALUES, avr);
            SubsetSums small = found instanceof LowBitProducts.Product p && why == null
                    ? smallWindow(fp, qm, p, flash, avr) : null;
            if (small != null) {
                subsets.put(m, small);
            } else if (found instanceof LowBitProducts.Product p && why == null) {
                chosen.put(m, Product.of(p, words, layouts, avr));
            } else if (s != null) {
                subsets.put(m, s);
            } else {
                refused.put(m, why);
            }
        });
        return new BitSerial(List.copyOf(lowBit), refused, chosen, subsets, Map.of(),
                PackedSources.of(fp, chosen, fused), PackedSigns.of(fp, chosen, fused));
    }

    /**
     * The same with less RAM for tables, or null when none is left: first no level tables (their static pages), then
     * for subset sums, every table that can be halved is (a
     * matrix product's row in more chunks); when none can, the product whose scratch is largest keeps the sum of
     * products instead ({@code why}: the report's reason).
     */
    BitSerial withSmallerTables(String why) {
        if (levelTablePages() > 0) { // the level tables' static pages first
            Map<Op, Product> without = new IdentityHashMap<>(products);
            without.replaceAll((op, p) -> p.withoutLevelTables());
            return new BitSerial(lowBit, refused, without, subsetSums, dropped, sources, signs);
        }
        Map<Op, SubsetSums> smaller = new IdentityHashMap<>(subsetSums);
        smaller.replaceAll((op, sums) -> sums.halved() != null ? sums.halved() : sums);
        if (!smaller.equals(subsetSums)) {
            return new BitSerial(lowBit, refused, products, smaller, dropped, sources, signs);
        }
        Op largest = subsetSums.keySet().stream()
                .max(java.util.Comparator.comparingLong(op -> (long) subsetSums.get(op).scratch(op).bits()
                        * subsetSums.get(op).scratch(op).size())).orElse(null);
        if (largest == null) {
            return null;
        }
        smaller.remove(largest);
        Map<Op, String> out = new IdentityHashMap<>(dropped);
        out.put(largest, subsetSums.get(largest).kernel() + ": " + why);
        return new BitSerial(lowBit, refused, products, smaller, out, sources, signs);
    }

    /** The most taps of a window that subset sums take over from planes of multi-bit activations on the AVR. */
    static final int SMALL_WINDOW = 16;

    /**
     * Subset sums for a convolution on the AVR whose window is small ({@link #SMALL_WINDOW} taps) and whose activation
     * has two planes or more, when its rows kernel applies (AvrSubsetRows): packing such a window into planes and
     * counting each channel's pairs of planes cost more than the window's few tables (cnn-digits-w2a2i2's first
     * convolution, 3 x 3 taps of 2-bit pixels); else null.
     */
    private static SubsetSums smallWindow(FixedProgram fp, QuantizedModel qm, LowBitProducts.Product p,
                                          Set<Value> flash, boolean avr) {
        if (!avr || !(p.op() instanceof Op.Conv2d) || p.activation().planes() < 2 || p.terms() > SMALL_WINDOW) {
            return null;
        }
        SubsetSums s = SubsetSums.of(fp, qm, p.op(), flash, MAX_WEIGHT_VALUES, true);
        return s != null && s.rowsAtOnce() ? s : null;
    }

    /** Why the C keeps a low-bit product off planes (null: it does not). */
    private static String inC(LowBitProducts.Product p, Set<Value> flash) {
        if (!flash.contains(p.op().inputs().get(1 - p.activationOperand()))) {
            return "the weights are not in flash";
        }
        // each weight vector's sum of value numbers is a 16-bit table entry
        return (long) p.terms() * (MAX_WEIGHT_VALUES - 1) > Short.MAX_VALUE
                ? "more terms than 16-bit value-number sums hold" : null;
    }

    /**
     * Pages of the level tables the products share (AvrLevelTables: a static array of its own, 256-aligned), 0 when
     * none has them.
     */
    int levelTablePages() {
        return products.values().stream().filter(Product::levelTables)
                .mapToInt(p -> AvrLevelTables.pages(p.groups())).max().orElse(0);
    }

    /** Activations the products pack from a quantize's input. */
    PackedSources sources() {
        return sources;
    }

    /** Signs the products write and read as packed planes. */
    PackedSigns signs() {
        return signs;
    }

    /** The product op runs on planes, or null. */
    Product at(Op op) {
        return products.get(op);
    }

    /** The product op runs by subset sums, or null. */
    SubsetSums subsetSumsAt(Op op) {
        return subsetSums.get(op);
    }

    /** Whether op has a scratch of this class's ({@link #scratch}). */
    boolean declaresScratch(Op op) {
        return products.containsKey(op) || subsetSumsAt(op) != null;
    }

    /**
     * The scratch of a product on planes: the activation vector's (a convolution's window's) planes, packed; by
     * subset sums, one activation vector's table.
     */
    Scratch scratch(Op m) {
        SubsetSums sums = subsetSumsAt(m);
        if (sums != null) {
            return sums.scratch(m);
        }
        Product p = products.get(m);
        if (p == null) {
            return null;
        }
        // declared in words, so that the plan aligns the planes for the word kernel's loads
        // the rows kernel's counts, unless it compares them itself (PackedSigns); the level tables' 16-bit counts
        int bytes = p.levelTables() ? 2 * p.rowsACall()
                : p.countsAt() + (p.rowsAtOnce() && signs.writtenBy(m) == null ? p.rowsACall() : 0);
        int bits = p.kernelWordBits(), wb = bits / 8;
        return new Scratch(CNames.scratch(m.out()), bits, (bytes + wb - 1) / wb);
    }

    /** Every low-bit product: its value and the kernel it got (report.json {@code lowBitProducts}). */
    List<Map<String, Object>> report() {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (Op m : lowBit) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("value", m.out().name());
            Product p = products.get(m);
            SubsetSums s = subsetSums.get(m);
            if (p != null) {
                line.put("kernel", p.kernel() + (sources.at(m) != null ? ", its activation packed from the quantize's input"
                        : "") + (signs.readBy(m) != null ? ", its activation read as the packed signs" : "")
                        + (signs.writtenBy(m) != null ? ", each count compared in the kernel, the signs written packed"
                        : ""));
                if (!p.layout().elements()) {
                    line.put("words", p.word().why());
                }
                if (p.layout() != BitLayouts.PLANES) { // measured: the report says by what
                    line.put("layout", p.layout().why());
                }
            } else if (s != null) {
                line.put("kernel", s.kernel());
            } else if (dropped.containsKey(m)) {
                line.put("kernel", "the sum of products (" + dropped.get(m) + ")");
            } else {
                line.put("kernel", "the sum of products (" + refused.get(m) + ")");
            }
            lines.add(line);
        }
        return lines;
    }
}
