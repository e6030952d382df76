package seedc.fixed;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.analysis.Dataflow;
import seedc.analysis.InPlace;
import seedc.ir.Op;
import seedc.ir.Op.Quantize;
import seedc.ir.Value;

/**
 * Which quantizes the C computes in no code of their own, and the ops folded with them: one fact that the C backends
 * (seedc.codegen.c.threshold.Thresholds, seedc.codegen.c.lowbit.PackedSources) write the C by and seedc.cost.OpWork
 * prices by, as {@link FlashRowReads} and {@link IdiomCalls} are. Three folds:
 * <ul>
 *   <li>at a product's store ({@link Chain#product} not null): a convolution's or matrix product's output x, read by
 *       nothing else, through an optional scale and an optional bias ({@link ChainLink}) to a quantize of any width,
 *       all in one region, whose output per channel is a step function of x with at most {@link #MAX_STEPS} steps:
 *       the product compares each element as it stores it, and the quantize, the scale and the bias have no code;
 *   <li>a one-bit quantize after a scale and a bias ({@link Chain#product} null): one comparison loop over x, the
 *       scale and the bias without code of their own (the quantize's loop is its work);
 *   <li>packed ({@link Packed}): a quantize read (through views that keep every element in place) by nothing but a
 *       product on bit planes, in no chain: the product packs its planes from the quantize's input, and the quantize
 *       and the views have no code (nor the program's input, when the quantize reads it alone).
 * </ul>
 * The steps are the interpreter's kernels run on every x in its reach (or, where the semantics compares an exact
 * product with real thresholds, {@link RealThresholds}' rule), so a comparison gives the integers the ops give.
 * Which products run on bit planes is the caller's input ({@link #packedInto}): the C backends' choice (bit-serial
 * on or off, the target's kernels), or for a cost model {@link LowBitProducts#onPlanes} ({@link #priced}).
 */
public final class FoldedQuantizes {
    /** The most steps a folded channel may have: more and the comparisons cost what the ops do. */
    public static final int MAX_STEPS = 4;

    /**
     * A chain ending at {@code quantize}: x, the known operands' common period (channels), and per channel c the
     * inputs x at which the output changes ({@code changes[c]}, ascending) and the outputs below the first and from
     * each ({@code outputs[c]}); {@code min} is x's least input considered, {@code proven} ({least, largest}, or null)
     * what the product can store.
     */
    public record Chain(Op product, Op scale, Op bias, Quantize quantize, Value x, int channels, long[][] changes,
                        long[][] outputs, long min, long[] proven) {
        /** The ops the comparison replaces: the scale and the bias, those the chain has. */
        public List<Op> links() {
            return java.util.stream.Stream.of(scale, bias).filter(java.util.Objects::nonNull).toList();
        }
    }

    /**
     * A quantize a product on planes packs from its input: the views between them, and whether the quantize's input
     * is the program's input read by nothing else (then packed from the caller's array).
     */
    public record Packed(Quantize quantize, List<Op> views, boolean input) {}

    private final FixedProgram fp;
    private final Map<Op, Chain> byQuantize;
    private final Map<Op, Packed> byProduct;

    private FoldedQuantizes(FixedProgram fp, Map<Op, Chain> byQuantize, Map<Op, Packed> byProduct) {
        this.fp = fp;
        this.byQuantize = byQuantize;
        this.byProduct = byProduct;
    }

    /** The chains of {@code fp} (no product on planes: nothing packed). */
    public static FoldedQuantizes of(FixedProgram fp, QuantizedModel qm) {
        Map<Op, Chain> chains = new java.util.LinkedHashMap<>(); // program order
        if (hasQuantize(fp)) {
            QuantizeChains finder = new QuantizeChains(fp, qm);
            fp.program().forEachOp(op -> {
                if (op instanceof Quantize q) {
                    Chain c = finder.atStore(q);
                    c = c == null && q.bits() == 1 ? finder.ownLoop(q) : c;
                    if (c != null) {
                        chains.put(q, c);
                    }
                }
            });
        }
        return new FoldedQuantizes(fp, chains, Map.of());
    }

    /**
     * The folds a cost model prices in {@code fp} with its C's defaults: the chains, and the quantizes packed by the
     * products {@link LowBitProducts#onPlanes} gives ({@code flash}: what the C keeps in flash), bit-serial on.
     */
    public static FoldedQuantizes priced(FixedProgram fp, QuantizedModel qm, Set<Value> flash) {
        FoldedQuantizes f = of(fp, qm);
        if (!hasQuantize(fp)) {
            return f;
        }
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        Map<Op, Integer> onPlanes = new IdentityHashMap<>();
        fp.program().forEachOp(op -> {
            LowBitProducts.Product p = LowBitProducts.onPlanes(fp, qm, op, defs, flash);
            if (p != null) {
                onPlanes.put(op, p.activationOperand());
            }
        });
        return f.packedInto(onPlanes);
    }

    private static boolean hasQuantize(FixedProgram fp) {
        boolean[] found = {false};
        fp.program().forEachOp(op -> found[0] |= op instanceof Quantize);
        return found[0];
    }

    /**
     * These chains, and the quantizes packed by {@code products} (the products on bit planes, each with the operand
     * that is its activation): a quantize read through identity views by nothing but the product, in the product's
     * region, in no chain.
     */
    public FoldedQuantizes packedInto(Map<Op, Integer> products) {
        Dataflow g = Dataflow.of(fp.program());
        Map<Op, Packed> packed = new IdentityHashMap<>();
        products.forEach((op, activation) -> {
            List<Op> views = new ArrayList<>();
            Value v = op.inputs().get(activation);
            Op reader = op;
            while (g.def(v) instanceof Op view && InPlace.isIdentityView(view) && g.onlyReader(v) == reader) {
                views.add(view);
                reader = view;
                v = view.inputs().get(0);
            }
            if (g.def(v) instanceof Quantize q && g.onlyReader(v) == reader && !byQuantize.containsKey(q)
                    && g.region(q) == g.region(op)) {
                boolean input = g.def(q.a()) instanceof Op.Input && g.onlyReader(q.a()) == q;
                packed.put(op, new Packed(q, List.copyOf(views), input));
            }
        });
        return new FoldedQuantizes(fp, byQuantize, packed);
    }

    /** The chain ending at this quantize, or null. */
    public Chain chain(Op quantize) {
        return byQuantize.get(quantize);
    }

    /** Every chain. */
    public Collection<Chain> chains() {
        return Collections.unmodifiableCollection(byQuantize.values());
    }

    /** The quantize this product on planes packs from its input, or null. */
    public Packed packedBy(Op product) {
        return byProduct.get(product);
    }

    /**
     * The ops with no code of their own: quantizes compared at a product's store or packed, every chain's scale and
     * bias, and the views (and the input) a packing reads through. What a cost model prices as folded work.
     */
    public Set<Op> withoutCode() {
        Set<Op> s = Collections.newSetFromMap(new IdentityHashMap<>());
        byQuantize.values().forEach(c -> {
            s.addAll(c.links());
            if (c.product() != null) {
                s.add(c.quantize());
            }
        });
        Dataflow g = byProduct.isEmpty() ? null : Dataflow.of(fp.program());
        byProduct.values().forEach(p -> {
            s.add(p.quantize());
            s.addAll(p.views());
            if (p.input()) {
                s.add(g.def(p.quantize().a()));
            }
        });
        return s;
    }

    /**
     * The channels of a product's output, which a chain at its store divides: its last axis (a convolution's output
     * channels, a matrix product's columns; element i's channel is i mod the chain's channels).
     */
    public static int productChannels(Op product) {
        return product.out().shape().last();
    }
}
