package seedc.codegen.c.lowbit;

import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.analysis.Dataflow;
import seedc.fixed.FixedKernels;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.FoldedQuantizes;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Quantizes whose level numbers a product on bit planes packs straight from the quantize's input: a quantize read by
 * nothing but the product (through views that keep every element in place: a vector's transpose, a row-major
 * reshape; InPlace.isIdentityView) is neither computed nor stored, the packing compares its input x with the inputs
 * where each level number begins; when x is the program's input read by nothing else, the packing reads the
 * caller's array itself (no copy).
 * mlp-digits-w1a1i1's pixels took a copy, a quantize through a 256-entry table and a read of its output a pixel.
 *
 * <p>The starts come from the interpreter's quantize run on every value of x's type (8 or 16 bits), so the packed
 * level numbers are the interpreter's by construction.
 */
public final class PackedSources {
    /**
     * A product's activation from the quantize's input x: level number i + 1 from {@code at[i]} on (x's type's
     * maximum + 1: never), {@code input} when x is the program's input read from the caller's array.
     */
    public record Source(Op.Quantize quantize, Value x, long[] at, boolean input) {}

    static final PackedSources NONE = new PackedSources(Map.of(), Set.of());

    private final Map<Op, Source> byProduct;
    /** The quantizes, views and inputs the packing replaces: no code, no RAM. */
    private final Set<Op> replaced;

    private PackedSources(Map<Op, Source> byProduct, Set<Op> replaced) {
        this.byProduct = byProduct;
        this.replaced = replaced;
    }

    /**
     * The sources of {@code products}' activations: the quantizes the fact {@code folds} says each packs
     * (FoldedQuantizes#packedInto: those in a chain compared at a store or by a loop of their own keep their code).
     */
    static PackedSources of(FixedProgram fp, Map<Op, PlaneProduct> products, FoldedQuantizes folds) {
        Map<Op, Integer> activations = new IdentityHashMap<>();
        products.forEach((op, p) -> activations.put(op, p.ram()));
        FoldedQuantizes packing = folds.packedInto(activations);
        Dataflow g = Dataflow.of(fp.program());
        Map<Op, Source> sources = new IdentityHashMap<>();
        Set<Op> replaced = new HashSet<>();
        products.forEach((op, p) -> {
            FoldedQuantizes.Packed packed = packing.packedBy(op);
            if (packed == null) {
                return;
            }
            Op.Quantize q = packed.quantize();
            sources.put(op, new Source(q, q.a(), starts(fp, q, p.activation()), packed.input()));
            replaced.add(q);
            replaced.addAll(packed.views());
            if (packed.input()) {
                replaced.add(g.def(q.a()));
            }
        });
        return new PackedSources(sources, replaced);
    }

    /** Where each level number begins over the quantize's input type: the interpreter's quantize on every value. */
    private static long[] starts(FixedProgram fp, Op.Quantize q, LowBitProducts.Levels a) {
        FixedType in = fp.type(q.a());
        OpParams.Quantize params = fp.params(q, OpParams.Quantize.class);
        long[] at = new long[a.count() - 1];
        java.util.Arrays.fill(at, in.max() + 1);
        for (long x = in.max(); x >= in.min(); x--) {
            int level = levelNumber(FixedKernels.quantize(x, params), a);
            for (int i = 0; i < level; i++) {
                at[i] = x; // the quantize never decreases in x: the least x reaching level i + 1 is the last seen
            }
        }
        return at;
    }

    /** How many of the activation's values below its top y exceeds (BitSerialEmitter's level number of y). */
    private static int levelNumber(long y, LowBitProducts.Levels a) {
        int n = 0;
        for (int i = 0; i + 1 < a.count(); i++) {
            n += y > a.raw()[i] ? 1 : 0;
        }
        return n;
    }

    /** Where the product's activation is packed from, or null (from the activation itself). */
    public Source at(Op product) {
        return byProduct.get(product);
    }

    /** Whether the packing replaces this op (its code and its value). */
    public boolean replaces(Op op) {
        return replaced.contains(op);
    }

    /** The values of the replaced ops: never written. */
    public Set<Value> unstored() {
        Set<Value> s = new HashSet<>();
        replaced.forEach(op -> s.add(op.out()));
        return s;
    }

    /** What each product reads beyond its operands: the quantize's input (kept until then), unless the caller's. */
    public Map<Op, List<Value>> extraReads() {
        Map<Op, List<Value>> m = new HashMap<>();
        byProduct.forEach((op, s) -> {
            if (!s.input()) {
                m.put(op, List.of(s.x()));
            }
        });
        return m;
    }
}
