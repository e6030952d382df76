package seedc.cost;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The products a program's C computes on bit planes ({@link LowBitProducts#onPlanes}, the fact the C backends read)
 * as OpWork's terms: such a product's kernels pack its activation's planes and count bits of pairs of planes, where
 * a dense product multiplies; its terms are then, besides the dense ones (renamed, below),
 * <ul>
 *   <li>{@code Kind.planeop}: its runs (the set-up: the scratch, the weights' pointers);
 *   <li>{@code Kind.planepack}: the activation bits it packs into planes (a matrix product's rows, a convolution's
 *       windows of each group: windows x elements x A);
 *   <li>{@code Kind.planeout}: its outputs (each count's sum formed, compared or stored);
 *   <li>{@code Kind.planebyte.AxB}: the bytes of the pairs of planes it counts: outputs x A x B x the bytes of a plane
 *       of its sum's terms (8 a byte; a target's kernel reads them in its own words);
 *   <li>{@code Kind.planelookup.AxB}, instead, for a convolution's window of at most {@link #PATTERN_TAPS} taps: its
 *       windows' patterns looked up, outputs x A.
 * </ul>
 * A and B are the activation's and the weight's bits of a level or value number ({@link LowBitProducts.Levels#planes}):
 * the kernel a backend counts with follows from them (the AVR's rows kernel at 1 x 1, pair rows, level tables), so
 * the bytes and lookups of each pair are priced on their own. The op's dense
 * terms ({@code Kind.op}, {@code Kind.mac.8x8.t32}, ..., those it has on its target) are kept under units prefixed by
 * {@link #DENSE} ({@code Kind.denseop}, {@code Kind.densemac.8x8.t32}): a model that never measured the kind's planes
 * prices the op by them, as before the planes' terms existed, and the planes' terms at nothing; one that did, by the
 * planes' terms alone ({@link StandIns}).
 */
final class PlaneWork {
    /** The prefix of the unit of a dense term kept beside a product's planes' terms. */
    static final String DENSE = "dense";

    /** The prefix of the unit of a planes' term. */
    static final String PLANE = "plane";

    /**
     * The most taps of a convolution's window whose planes are each one 16-bit pattern, which the kernels look up in
     * tables instead of counting bytes of pairs of planes (codegen's window tables, and on the AVR its small windows
     * by subset sums, BitSerial.SMALL_WINDOW; the row masks' 16 bits).
     */
    static final int PATTERN_TAPS = 16;

    private final FixedProgram fp;
    private final Map<String, double[]> weights;
    private final Set<Value> flash;
    /** The products whose subset-sum tables the device's RAM leaves no room for (the C sums them plainly). */
    private final seedc.fixed.SubsetTableRoom room;
    private final Map<Value, Op> defs;
    private QuantizedModel quantized;
    private final Map<Op, LowBitProducts.Product> found = new IdentityHashMap<>();
    private final Map<Op, LowBitProducts.WideProduct> subsets = new IdentityHashMap<>();
    private seedc.fixed.SignKernels signKernels;

    private PlaneWork(FixedProgram fp, Map<String, double[]> weights, Set<Value> flash,
                      seedc.fixed.SubsetTableRoom room) {
        this.fp = fp;
        this.weights = weights;
        this.flash = flash;
        this.room = room;
        this.defs = LowBitProducts.defs(fp.program());
    }

    /**
     * The planes' work of fp (with {@code weights}; {@code flash}: what its C keeps in flash; {@code room}: the
     * products whose tables the device's RAM leaves no room for), null without weights.
     */
    static PlaneWork of(FixedProgram fp, Map<String, double[]> weights, Set<Value> flash,
                        seedc.fixed.SubsetTableRoom room) {
        return weights == null ? null : new PlaneWork(fp, weights, flash, room);
    }

    /** The product op as the C computes it on bit planes, or null (not a product of a quantized activation, or off). */
    LowBitProducts.Product productOf(Op op) {
        if (!(op instanceof Op.MatMul || op instanceof Op.Conv2d)
                || op.inputs().stream().noneMatch(v -> LowBitProducts.quantized(v, defs) != null)) {
            return null; // no quantized operand: the model is not quantized (most programs never are)
        }
        if (!found.containsKey(op)) {
            if (quantized == null) {
                quantized = new QuantizedModel(fp, weights);
            }
            found.put(op, LowBitProducts.onPlanes(fp, quantized, op, defs, flash));
        }
        return found.get(op);
    }

    /** Which products compare or count their quantize in their kernel ({@link SignWork}), found once. */
    seedc.fixed.SignKernels signKernels() {
        if (signKernels == null) {
            if (quantized == null) {
                quantized = new QuantizedModel(fp, weights);
            }
            signKernels = seedc.fixed.SignKernels.priced(fp, quantized, flash);
        }
        return signKernels;
    }

    /**
     * Which sign kernels product op runs (writes packed signs, reads them, counts level numbers in pair rows or in
     * level tables: SignWork's units; a max pooling: whether it pools packed signs), ""
     * for an op not on planes: what its part depends on besides its own types, since the fact follows from its chain's
     * and its reader's (a price kept for the op's own types must not outlive a change of them).
     */
    String signKernelsOf(Op op) {
        if (op instanceof Op.Maxpool m) {
            return poolsSigns(m) ? "p" : "";
        }
        if (productOf(op) == null) {
            return "";
        }
        seedc.fixed.SignKernels fact = signKernels();
        return (fact.writtenBy(op) != null ? "w" : "") + (fact.readBy(op) != null ? "r" : "")
                + (fact.counts(op) != null ? "c" : "") + (fact.tableCounts(op) != null ? "t" : "");
    }

    /**
     * Whether max pooling m pools a writer's packed signs as bytes ({@link SignWork}); asked only of a pooling of a
     * quantize's output (most poolings never are), so that other programs never look for sign kernels.
     */
    boolean poolsSigns(Op.Maxpool m) {
        return LowBitProducts.quantized(m.x(), defs) != null && signKernels().pooledBy(m) != null;
    }

    /**
     * The product op as the C computes it by subset sums ({@link LowBitProducts#bySubsetSums}, {@link SubsetWork}),
     * or null: off planes ({@link #productOf} null: the backends take planes first), weights in flash and its tables
     * in the device's RAM (else the C sums products plainly, priced as any product with its packed reads).
     */
    LowBitProducts.WideProduct subsetsOf(Op op) {
        if (!(op instanceof Op.MatMul || op instanceof Op.Conv2d) || op.inputs().stream().noneMatch(flash::contains)
                || productOf(op) != null) {
            return null; // no operand in flash: no weights to look up by (most products' weights are, though)
        }
        if (!subsets.containsKey(op)) {
            if (quantized == null) {
                quantized = new QuantizedModel(fp, weights);
            }
            subsets.put(op, LowBitProducts.bySubsetSums(fp, quantized, op, flash, room));
        }
        return subsets.get(op);
    }

    /**
     * Adds to {@code reads} (what an op's part depends on, OpWork.Priced#reads) what a product's planes read besides
     * its own types and parameters: for each operand that is a quantized activation, the quantize's parameters and the
     * types from its output to the operand (the views' conversions decide the levels).
     */
    void addActivationReads(Op op, java.util.List<Object> reads) {
        if (!(op instanceof Op.MatMul || op instanceof Op.Conv2d)) {
            return;
        }
        for (Value v : op.inputs()) {
            Op.Quantize q = LowBitProducts.quantized(v, defs);
            if (q == null) {
                continue;
            }
            reads.add(fp.paramMap().get(q));
            for (Value x = v; x != q.out(); x = defs.get(x).inputs().get(0)) {
                reads.add(fp.type(x));
            }
            reads.add(fp.type(q.out()));
        }
    }

    /**
     * The terms of {@code times} runs of the product {@code p} on planes: {@code own}, its dense terms, renamed
     * ({@link #DENSE}), and the planes' terms.
     */
    static Map<String, Double> terms(LowBitProducts.Product p, double times, Map<String, Double> own) {
        String kind = OpWork.kind(p.op());
        Map<String, Double> t = new TreeMap<>();
        own.forEach((term, amount) -> t.put(dense(term), amount));
        int a = p.activation().planes(), b = p.weight().planes();
        long outputs = p.op().out().size();
        // a convolution's window is packed once for its group's output channels, a matrix product's row for all
        long rowsAWindow = p.op() instanceof Op.Conv2d c ? c.filter().shape().dim(4) : p.vectors();
        String widths = "." + a + "x" + b;
        t.put(kind + "." + PLANE + "op", times);
        t.put(kind + "." + PLANE + "pack", times * (outputs / rowsAWindow) * p.terms() * a);
        t.put(kind + "." + PLANE + "out", times * outputs);
        if (p.op() instanceof Op.Conv2d && p.terms() <= PATTERN_TAPS) {
            t.put(kind + "." + PLANE + "lookup" + widths, times * outputs * a);
        } else {
            t.put(kind + "." + PLANE + "byte" + widths, times * outputs * a * b * ((p.terms() + 7) / 8));
        }
        return t;
    }

    /** The unit of the outputs of a product whose weights are wider than 8 bits ({@link #wideOutputs}). */
    static final String WIDE_OUT = PLANE + "outwide";

    /**
     * The terms with {@code Kind.planeoutwide}, as many as its {@code Kind.planeout}, beside them where the weight's
     * container is wider than 8 bits ({@code weightBits}): each output stored is rescaled by a constant in the
     * weight's integers, a 16-bit multiply (sd_mul8x16, sd_mul16) where an 8-bit weight's takes sd_mul8 or sd_mul8x16
     * (mlp-digits-w1a1i1's second product, 1,547 cycles against 1,729 with W2 at 16 bits). Outputs compared in the
     * kernel (SignWork's) are not rescaled. A model without its coefficient prices it at nothing ({@link #widePriced}).
     */
    static Map<String, Double> wideOutputs(Map<String, Double> terms, int weightBits) {
        if (weightBits <= 8) {
            return terms;
        }
        Map<String, Double> t = new TreeMap<>(terms);
        terms.forEach((term, amount) -> {
            if (TermName.unit(term).equals(PLANE + "out")) {
                t.put(TermName.of(term).kind() + "." + WIDE_OUT, amount);
            }
        });
        return t;
    }

    /** The terms as a model that has coefficients of {@code fitted} prices them: an unfitted wide output's at nothing. */
    static Map<String, Double> widePriced(Map<String, Double> terms, java.util.function.Predicate<String> fitted) {
        return TermName.withoutUnfitted(terms, WIDE_OUT, fitted);
    }

    /** A term's name with its unit prefixed by {@link #DENSE} (MatMul.mac.8x8.t32 -> MatMul.densemac.8x8.t32). */
    static String dense(String term) {
        return prefixed(term, DENSE);
    }

    /** A term's name with its unit prefixed by {@code prefix}. */
    static String prefixed(String term, String prefix) {
        int dot = term.indexOf('.');
        return term.substring(0, dot) + "." + prefix + term.substring(dot + 1);
    }
}
