package seedc.codegen.c;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.analysis.Dataflow;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * One-bit activations written as the bit plane the next product reads: where a binary layer's sums are compared at
 * their store (Thresholds) into a sign read by nothing but another product on planes, the comparison is made in the
 * AVR's rows kernel itself on each popcount (AvrPopandRows.compared) and its bit shifted into the plane, so the
 * sign takes an eighth of its bytes, no loop over the sums and no packing by its reader (which counts its plane's
 * ones, sq, from the bytes).
 *
 * <p>The comparison: the sum is T = (c + f_pc pc + f_sq sq + f_r r_f) / D (PlaneSum, its exact form ExactSum; r_f
 * row f's value numbers' sum), and the sign is high from T = t_f on (Steps over T, cut to what the product can store);
 * so it is high when f_pc pc + f_sq sq >= D t_f - c - f_r r_f, that is when u = alpha pc + beta sq + bias >= theta_f
 * with alpha = f_pc / g, beta = f_sq / g (g their common divisor), theta_f = ceil((D t_f - c - f_r r_f) / g) +
 * bias. The kernel computes u in 8 bits: alpha a power of two (shifts), pc <= sq <= n, and the bias so that u lies in
 * [0, 254]; a channel always high has theta 0, one never high the largest u + 1.
 */
final class PackedSigns {
    /**
     * A product whose sign is written packed: u = (pc << shift) + beta sq + bias against {@code thresholds[f]} for
     * weight row f; the sign's value holds each activation row's bits in {@code rowBytes} bytes.
     */
    record Packed(Op product, Value signs, int shift, long beta, long bias, long[] thresholds, int rowBytes) {}

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

    static PackedSigns of(FixedProgram fp, Map<Op, BitSerial.Product> products, Thresholds fused) {
        Dataflow g = Dataflow.of(fp.program());
        Map<Op, Packed> byProduct = new IdentityHashMap<>(), byReader = new IdentityHashMap<>();
        products.forEach((op, p) -> {
            Thresholds.Chain c = fused.storedBy(op);
            Op reader = c == null ? null : onlyReader(g, c.sign().out());
            BitSerial.Product next = reader == null ? null : products.get(reader);
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

    /** The op reading v, when it is the only one (as an operand), else null. */
    private static Op onlyReader(Dataflow g, Value v) {
        List<Dataflow.Use> uses = g.uses(v);
        return uses.size() == 1 && uses.get(0).site() == Dataflow.Site.OPERAND ? uses.get(0).op() : null;
    }

    /**
     * Whether the product's rows kernel can write the sign's plane: a matrix product of activation rows on the
     * rows kernel, a one-bit sign, whole bytes of columns (the kernel stores a byte every eighth row).
     */
    private static boolean writesPlane(BitSerial.Product p, Thresholds.Chain c) {
        return p.op() instanceof Op.MatMul m && p.rowsAtOnce() && p.ram() == 0 && c.sign().bits() == 1
                && m.out().shape().dim(1) % 8 == 0;
    }

    /** Whether the product reads v as its activation rows, one plane in bytes, packed without padding. */
    private static boolean readsPlane(BitSerial.Product p, Value v) {
        return p.op() instanceof Op.MatMul m && m.a() == v && p.ram() == 0 && !p.layout().elements()
                && p.word().wordBits() == 8 && p.activation().planes() == 1 && p.planeBytes() == p.packedBytes();
    }

    /** The comparison in the kernel's 8 bits, or null when the sum or its steps do not allow it. */
    private static Packed compared(FixedProgram fp, BitSerial.Product p, Thresholds.Chain c,
                                   LowBitProducts.Levels next) {
        OpParams.Mul mul = fp.params(p.op(), OpParams.Mul.class);
        PlaneSum all = PlaneSum.of(p, "codes", "f");
        ExactSum exact = all.exact(mul.width(), true);
        if (exact == null || exact.twos() > 30 || exact.factor() > 1L << 30) {
            return null;
        }
        Stored stored = all.stored("acc", exact, mul, fp.type(p.op().out()).bits()).within(c.proven());
        Steps onT = Steps.of(c).overSum(stored);
        long fpc = all.pc().factor(), fsq = all.sq().factor();
        long g = java.math.BigInteger.valueOf(fpc).gcd(java.math.BigInteger.valueOf(fsq)).longValueExact();
        if (onT == null || fpc <= 0 || Long.bitCount(fpc / g) != 1 || fpc / g > 8) {
            return null;
        }
        long alpha = fpc / g, beta = fsq / g, n = p.terms();
        long lo = Math.min(0, Math.min(beta * n, (alpha + beta) * n));
        long hi = Math.max(0, Math.max(beta * n, (alpha + beta) * n));
        if (hi - lo > MOST_U) {
            return null;
        }
        long d = exact.factor() << exact.twos(), fr = all.codes().factor();
        long[] codes = BitPlaneWeights.codeSums(p), thresholds = new long[codes.length];
        int channels = c.channels();
        for (int f = 0; f < codes.length; f++) {
            Long t = highFrom(onT, f % channels, next);
            if (t == null) {
                return null;
            }
            long theta = t == Long.MIN_VALUE ? lo : t == Long.MAX_VALUE ? hi + 1
                    : Math.ceilDiv(d * t - all.constant() - fr * codes[f], g);
            thresholds[f] = Math.clamp(theta, lo, hi + 1) - lo;
        }
        int rowBytes = p.product().vectors() / 8;
        return new Packed(p.op(), c.sign().out(), Long.numberOfTrailingZeros(alpha), beta, -lo, thresholds, rowBytes);
    }

    /**
     * The least T from which channel ch's output is the next product's high level (its low one below), Long.MIN_VALUE
     * when always high, Long.MAX_VALUE when never; null when its outputs are not the two levels in that order.
     */
    private static Long highFrom(Steps s, int ch, LowBitProducts.Levels next) {
        long low = next.raw()[0], high = next.raw()[1];
        int k = s.steps();
        long first = s.values()[ch * (k + 1)];
        if (first != low && first != high) {
            return null;
        }
        Long from = first == high ? Long.MIN_VALUE : Long.MAX_VALUE;
        for (int j = 0; j < k; j++) {
            long y = s.values()[ch * (k + 1) + j + 1];
            if (y != low && y != high || y == low && from != Long.MAX_VALUE) {
                return null; // not one of the two levels, or low again after high
            }
            if (y == high && from == Long.MAX_VALUE) {
                from = s.at()[ch * k + j];
            }
        }
        return from;
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
