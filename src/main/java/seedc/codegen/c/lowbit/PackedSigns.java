package seedc.codegen.c.lowbit;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.codegen.c.avr.AvrPopandRows;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.Windows;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.SignKernels;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * One-bit activations written as the bit plane the next product reads, where the fact says (seedc.fixed.SignKernels:
 * which products write packed signs, to which reader, through which pooling; this class gives it what the AVR's
 * kernels can do, {@link #writes}, {@link #readsPlane}, {@link #pools}, and the comparisons of those it chose): where a binary layer's sums are compared at
 * their store (Thresholds) into a sign read by nothing but another product on planes, the comparison is made in the
 * AVR's rows kernel itself on each popcount (AvrPopandRows.compared) and its bit shifted into the plane, so the
 * sign takes an eighth of its bytes, no loop over the sums and no packing by its reader (which counts its plane's
 * ones, sq, from the bytes). A convolution writes each output pixel's channels as its bytes; a max pooling between
 * it and the next convolution pools the bytes (the larger level is bit 1, so the maximum is the OR of the cells'
 * bits) and writes its output packed the same way.
 *
 * <p>The comparison (CountThresholds): the sign is high when u = (pc << shift) + beta sq + bias >= theta_f, u in
 * 8 bits: in [0, 254] for every pc and sq.
 */
public final class PackedSigns {
    /**
     * A product whose sign is written packed: its counts compared by {@code counts} (one threshold a weight row and
     * pixel class); the sign's value holds each activation row's (output pixel's) bits in {@code rowBytes} bytes,
     * and so does the output of {@code pool}, the max pooling between the sign and its reader (or null); the reader
     * reads {@code read}, the sign, the pooling's output or an identity view of them. {@code lookedUp}: a
     * convolution's window of few one-bit activations ({@link #TABLE_TAPS}) looks its output pixel's bytes up in a
     * table of every pattern's (CountThresholds.patterns) where the rows kernel took about 28 cycles a row;
     * {@code wide}: the kernel compares u in 16 bits, its plane from RAM (AvrPopandRows.comparedWide).
     */
    public record Packed(Value signs, Op.Maxpool pool, Value read, List<Value> views, CountThresholds counts,
                         int rowBytes, boolean lookedUp, boolean wide) {}

    static final PackedSigns NONE = new PackedSigns(SignKernels.NONE, Map.of());

    /**
     * The most taps of a convolution whose packed signs are looked up by the window's pattern (lookedUp), and the
     * most bytes of its table in flash (2^taps rows of packed bytes: 3 x 3 taps of 16 channels, 1 KB).
     */
    static final int TABLE_TAPS = 9, TABLE_BYTES = 2048;

    /** The largest u the kernels compare: 254 (65,534 in 16 bits), so that theta = 255 is never reached. */
    private static final long MOST_U = 254, MOST_WIDE_U = 65534;

    /** Where the signs go (which products write and read them, which pooling pools them). */
    private final SignKernels fact;
    /** The comparison of each writer. */
    private final Map<Op, Packed> byProduct;

    private PackedSigns(SignKernels fact, Map<Op, Packed> byProduct) {
        this.fact = fact;
        this.byProduct = byProduct;
    }

    /** The packed signs the fact says the products write ({@link SignKernels#writers}), with their comparisons. */
    static PackedSigns of(FixedProgram fp, Map<Op, PlaneProduct> products, Thresholds fused, SignKernels fact) {
        Map<Op, Packed> byProduct = new IdentityHashMap<>();
        for (Op op : fact.writers()) {
            SignKernels.Written w = fact.writtenBy(op);
            byProduct.put(op, compared(fp, products.get(op), fused.storedBy(op), w.pool(), w.read(), w.views(),
                    products.get(w.reader()).activation()));
        }
        return new PackedSigns(fact, byProduct);
    }

    /**
     * Whether p's rows kernel can compare its counts into chain c's sign as the plane of {@code next} (what the fact
     * asks of the backend, SignKernels.Kernels#writesSigns).
     */
    static boolean writes(FixedProgram fp, PlaneProduct p, Thresholds.Chain c, PlaneProduct next) {
        return c != null && writesPlane(p, c)
                && compared(fp, p, c, null, c.sign().out(), List.of(), next.activation()) != null;
    }

    /** Whether max pooling m of packed signs can pool their bytes: every window inside the input. */
    static boolean pools(Op.Maxpool m) {
        return Windows.everyCellInside(m);
    }

    /**
     * Whether the product's rows kernel can write the sign's plane: a matrix product of activation rows or an
     * ungrouped convolution whose rows a comparing kernel counts (PlaneProduct.comparesRows), a one-bit sign, whole
     * bytes of its rows (the kernel stores a byte every eighth row).
     */
    private static boolean writesPlane(PlaneProduct p, Thresholds.Chain c) {
        boolean rows = p.op() instanceof Op.Conv2d cv ? cv.groups() == 1 : p.ram() == 0;
        return rows && p.comparesRows() && c.sign().bits() == 1 && p.rowsACall() % 8 == 0;
    }

    /**
     * Whether the product reads v as its activation, one plane in bytes: a matrix product's rows packed without
     * padding, or an ungrouped convolution's input pixels, packed once (whole bytes of channels).
     */
    static boolean readsPlane(PlaneProduct p, Value v) {
        boolean reads = p.op() instanceof Op.Conv2d cv
                ? cv.x() == v && cv.groups() == 1 && p.window() instanceof WindowPacking.Pixels
                : p.op().inputs().get(0) == v && p.ram() == 0 && p.planeBytes() == p.packedBytes();
        return reads && !p.layout().elements() && p.word().wordBits() == 8 && p.activation().planes() == 1;
    }

    /**
     * The comparison in the kernel's 8 bits (a plane of up to 8 bytes, no pixel classes), else in 16 bits, or null
     * when the sum or its steps do not allow it.
     */
    private static Packed compared(FixedProgram fp, PlaneProduct p, Thresholds.Chain c, Op.Maxpool pool, Value read,
                                   List<Value> views, LowBitProducts.Levels next) {
        seedc.fixed.OpParams.Mul mul = fp.params(p.op(), seedc.fixed.OpParams.Mul.class);
        int outBits = fp.type(p.op().out()).bits();
        long[] levels = {next.raw()[0], next.raw()[1]};
        boolean narrow = new AvrPopandRows(p.planeBytes()).applies() && !p.padMask();
        CountThresholds t = narrow ? CountThresholds.of(p, mul, outBits, c, levels, MOST_U) : null;
        boolean wide = t == null;
        if (wide) {
            t = CountThresholds.of(p, mul, outBits, c, levels, MOST_WIDE_U);
        }
        boolean lookedUp = p.op() instanceof Op.Conv2d && t != null && t.classes() == 1 && p.terms() <= TABLE_TAPS
                && (1L << p.terms()) * (p.rowsACall() / 8) <= TABLE_BYTES;
        return t == null ? null : new Packed(c.sign().out(), pool, read, List.copyOf(views), t,
                p.rowsACall() / 8, lookedUp, wide && !lookedUp);
    }

    /** The packed sign the product writes, or null. */
    public Packed writtenBy(Op product) {
        return byProduct.get(product);
    }

    /** The packed sign the product reads as its activation's plane (its writer's), or null. */
    public Packed readBy(Op product) {
        SignKernels.Written w = fact.readBy(product);
        return w == null ? null : byProduct.get(w.product());
    }

    /** The packed signs max pooling m pools (their writer's), or null. */
    public Packed pooledBy(Op m) {
        SignKernels.Written w = fact.pooledBy(m);
        return w == null ? null : byProduct.get(w.product());
    }

    /** Bytes of each packed sign's value and of its pooling's (an eighth of their elements'). */
    public Map<Value, Integer> bytes() {
        Map<Value, Integer> m = new IdentityHashMap<>();
        byProduct.values().forEach(p -> {
            m.put(p.signs(), p.signs().size() / 8);
            if (p.pool() != null) {
                m.put(p.pool().out(), p.pool().out().size() / 8);
            }
            p.views().forEach(v -> m.put(v, v.size() / 8));
        });
        return m;
    }
}
