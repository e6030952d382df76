package seedc.codegen.c;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.analysis.Dataflow;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * One-bit activations written as the bit plane the next product reads: where a binary layer's sums are compared at
 * their store (Thresholds) into a sign read by nothing but another product on planes, the comparison is made in the
 * AVR's rows kernel itself on each popcount (AvrPopandRows.compared) and its bit shifted into the plane, so the
 * sign takes an eighth of its bytes, no loop over the sums and no packing by its reader (which counts its plane's
 * ones, sq, from the bytes).
 *
 * <p>The comparison (CountThresholds): the sign is high when u = (pc << shift) + beta sq + bias >= theta_f, u in
 * 8 bits: in [0, 254] for every pc and sq.
 */
final class PackedSigns {
    /**
     * A product whose sign is written packed: its counts compared by {@code counts} (one threshold a weight row); the
     * sign's value holds each activation row's bits in {@code rowBytes} bytes.
     */
    record Packed(Op product, Value signs, CountThresholds counts, int rowBytes) {}

    static final PackedSigns NONE = new PackedSigns(Map.of(), Map.of());

    /** The largest u the kernel compares: 254, so that theta = 255 is never reached. */
    private static final long MOST_U = 254;

    private final Map<Op, Packed> byProduct;
    /** The products reading a packed sign as their activation's plane, with it. */
    private final Map<Op, Packed> byReader;

    private PackedSigns(Map<Op, Packed> byProduct, Map<Op, Packed> byReader) {
        this.byProduct = byProduct;
        this.byReader = byReader;
    }

    static PackedSigns of(FixedProgram fp, Map<Op, PlaneProduct> products, Thresholds fused) {
        Dataflow g = Dataflow.of(fp.program());
        Map<Op, Packed> byProduct = new IdentityHashMap<>(), byReader = new IdentityHashMap<>();
        products.forEach((op, p) -> {
            Thresholds.Chain c = fused.storedBy(op);
            Op reader = c == null ? null : g.onlyReader(c.sign().out());
            PlaneProduct next = reader == null ? null : products.get(reader);
            if (next == null || !writesPlane(p, c) || !readsPlane(next, c.sign().out())
                    || g.region(reader) != g.region(op)) {
                return;
            }
            Packed packed = compared(fp, p, c, next.activation());
            if (packed != null) {
                byProduct.put(op, packed);
                byReader.put(reader, packed);
            }
        });
        return new PackedSigns(byProduct, byReader);
    }

    /**
     * Whether the product's rows kernel can write the sign's plane: a matrix product of activation rows on the
     * rows kernel, a one-bit sign, whole bytes of columns (the kernel stores a byte every eighth row).
     */
    private static boolean writesPlane(PlaneProduct p, Thresholds.Chain c) {
        return p.op() instanceof Op.MatMul m && p.rowsAtOnce() && p.ram() == 0 && c.sign().bits() == 1
                && m.out().shape().dim(1) % 8 == 0;
    }

    /** Whether the product reads v as its activation rows, one plane in bytes, packed without padding. */
    private static boolean readsPlane(PlaneProduct p, Value v) {
        return p.op() instanceof Op.MatMul m && m.a() == v && p.ram() == 0 && !p.layout().elements()
                && p.word().wordBits() == 8 && p.activation().planes() == 1 && p.planeBytes() == p.packedBytes();
    }

    /** The comparison in the kernel's 8 bits, or null when the sum or its steps do not allow it. */
    private static Packed compared(FixedProgram fp, PlaneProduct p, Thresholds.Chain c,
                                   LowBitProducts.Levels next) {
        CountThresholds t = CountThresholds.of(p, fp.params(p.op(), seedc.fixed.OpParams.Mul.class),
                fp.type(p.op().out()).bits(), c, new long[] {next.raw()[0], next.raw()[1]}, MOST_U);
        return t == null ? null : new Packed(p.op(), c.sign().out(), t, p.product().vectors() / 8);
    }
    /** The packed sign the product writes, or null. */
    Packed writtenBy(Op product) {
        return byProduct.get(product);
    }

    /** The packed sign the product reads as its activation's plane, or null. */
    Packed readBy(Op product) {
        return byReader.get(product);
    }

    /** Bytes of each packed sign's value (an eighth of its elements'). */
    Map<Value, Integer> bytes() {
        Map<Value, Integer> m = new IdentityHashMap<>();
        byProduct.values().forEach(p -> m.put(p.signs(), p.signs().size() / 8));
        return m;
    }
}
