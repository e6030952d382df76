package seedc.codegen.c.operand;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.codegen.c.threshold.Stored;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.FlashRowReads;
import seedc.fixed.OpParams;
import seedc.fixed.StoreEpilogues;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * How the fixed-point C reads each value: an int from its static, a real value from its RAM array,
 * a constant (or an Index of one) from flash, as a copy converted and shifted at compile time
 * ({@link Constants#variant}). The fixed kernels read their operands and write their results through
 * this, so none of them reaches into another emitter's state.
 */
public final class Operands {
    private final FixedProgram fp;
    private final Constants consts;
    private final Map<Value, FlashSource> flash = new IdentityHashMap<>();
    private final Set<Value> flashValues;
    private final Thresholds fused;
    /** The biases and ReLUs computed where a convolution stores each element ({@link #store}). */
    private final StoreEpilogues epilogues;

    /**
     * A value read from flash: the constant, the C offset of its block ("0": all of it; an Index of a
     * constant starts at index * size), and the types it passes through, the constant's own first.
     */
    public record FlashSource(Value constant, String base, List<FixedType> chain) {}

    /**
     * @param fused the chains compared where a convolution stores its elements ({@link #store})
     * @param epilogues the biases and ReLUs computed there
     */
    public Operands(FixedProgram fp, Constants consts, Thresholds fused, StoreEpilogues epilogues) {
        this.fp = fp;
        this.consts = consts;
        this.fused = fused;
        this.epilogues = epilogues;
        this.flashValues = FlashRowReads.inFlash(fp.program());
    }

    public FixedType type(Value v) {
        return fp.type(v);
    }

    public <P extends OpParams> P params(Op op, Class<P> kind) {
        return fp.params(op, kind);
    }

    public Constants constants() {
        return consts;
    }

    /** Registers a parameter or literal: read from flash as it is. */
    public void constant(Value v) {
        flash.put(v, new FlashSource(v, "0", List.of(type(v))));
    }

    /** Registers ix, an Index of a value in flash, as its block of that constant: nothing is copied. */
    public void view(Op.Index ix, String start) {
        FlashSource src = flash.get(ix.a());
        List<FixedType> chain = new ArrayList<>(src.chain());
        chain.add(type(ix.out()));
        flash.put(ix.out(), new FlashSource(src.constant(), src.base().equals("0") ? start : src.base() + " + " + start,
                chain));
    }

    public FlashSource flashSource(Value v) {
        return flash.get(v);
    }

    public boolean isFlash(Value v) {
        return flash.containsKey(v);
    }

    /** The values that will be in flash (known before any is registered: the kernels' scratch depends on it). */
    public Set<Value> flashValues() {
        return flashValues;
    }

    /** True when v's elements are in RAM under its own name. */
    public boolean inRam(Value v) {
        return !v.isInt() && !flash.containsKey(v);
    }

    /** The element idx of v, in v's own type. */
    public IntExpr x(Value v, String idx) {
        return operand(v, 0, idx);
    }

    /** The element idx of v as C text (for comparisons and copies out). */
    public String ref(Value v, String idx) {
        return x(v, idx).c();
    }

    /** shr(v[idx], shift): for a value in flash, read from a copy of the constant shifted at compile time. */
    public IntExpr operand(Value v, int shift, String idx) {
        FlashSource src = flash.get(v);
        if (src != null) {
            Constants.Variant var = consts.variant(src.constant(), src.chain(), shift, v.size(), null);
            String base = src.base();
            return IntExpr.of(var.read((base.equals("0") ? "" : "(" + base + ") + ") + idx), var.bits());
        }
        if (v.isInt()) {
            return IntExpr.of(CNames.var(v), 32);
        }
        return IntExpr.of(CNames.var(v) + "[" + idx + "]", type(v).bits()).shr(shift);
    }

    /** Element idx of a converted to the type of o. */
    public IntExpr converted(Value a, String idx, Value o) {
        return conv(x(a, idx), type(a), type(o));
    }

    /** Conversion between fixed types: wrap(shr(e, from - to), to). */
    public static IntExpr conv(IntExpr e, FixedType from, FixedType to) {
        return e.shrWrap(from.scale() - to.scale(), to.bits());
    }

    /** One product term: wrap_W(shr(a, shrA) * shr(b, shrB)). */
    public static IntExpr term(IntExpr a, IntExpr b, OpParams.Mul p) {
        return a.shr(p.shrA()).timesWrap(b.shr(p.shrB()), p.width());
    }

    /** The product term of a[ia] and b[ib], each operand shifted (in flash: at compile time). */
    public IntExpr term(Value a, String ia, Value b, String ib, OpParams.Mul p) {
        return operand(a, p.shrA(), ia).timesWrap(operand(b, p.shrB(), ib), p.width());
    }

    /**
     * An add's element, wrap(shr(x ± y, post)) in out's type. Two 16-bit operands whose exact sum (17 bits) the width
     * holds and a shift of at least 1: the sum's half by sd_subhalf16 or sd_addhalf16 (16-bit arithmetic and the carry
     * on the AVR, not 32-bit), then the rest of the shift (truncating shifts compose: the same integers).
     */
    public IntExpr sum(IntExpr x, IntExpr y, boolean subtract, OpParams.Add p, Value out) {
        if (p.post() >= 1 && p.width() > 16 && Math.max(x.bits(), y.bits()) == 16) {
            IntExpr half = IntExpr.of((subtract ? "sd_subhalf16(" : "sd_addhalf16(") + x.c() + ", " + y.c() + ")", 16);
            return half.shrWrap(p.post() - 1, type(out).bits());
        }
        return x.plusWrap(y, subtract, p.width()).shrWrap(p.post(), type(out).bits());
    }

    /** A sum of product terms in out's type: wrap(shr(sum, post)). */
    public IntExpr finish(IntExpr sum, OpParams.Mul p, Value out) {
        return sum.shrWrap(p.post(), type(out).bits());
    }

    /**
     * Writes element (pixel + channel) of convolution c's output, {@code value} in its type: to the output, or, when
     * a chain after c is compared here ({@link Thresholds#storedBy}), the chain's result to the quantize's output.
     *
     * @param pixel the output pixel's first element, a multiple of the output channels
     * @param channel the element's output channel
     */
    public void store(CWriter w, Op.Conv2d c, String pixel, String channel, Stored value) {
        storeAt(w, c, pixel + " + " + channel, channel, value);
    }

    /** The same for element (row, col) of matrix product m's output (its channel is its column). */
    public void store(CWriter w, Op.MatMul m, String row, String col, Stored value) {
        storeAt(w, m, row + " * " + m.out().shape().dim(1) + " + " + col, col, value);
    }

    /**
     * The same for the element of activation vector v and weight vector f: (v, f) when the activations are m's rows
     * ({@code activationRows}), else (f, v).
     */
    public void store(CWriter w, Op.MatMul m, boolean activationRows, String v, String f, Stored value) {
        if (activationRows) {
            store(w, m, v, f, value);
        } else {
            store(w, m, f, v, value);
        }
    }

    /** The chain compared where the product stores each element, or null. */
    public Thresholds.Chain storedBy(Op product) {
        return fused.storedBy(product);
    }

    /** Whether a chain after the product is compared where it stores each element (its sum then only compared). */
    public boolean comparedAtStore(Op product) {
        return fused.storedBy(product) != null;
    }

    private void storeAt(CWriter w, Op product, String index, String channel, Stored value) {
        Thresholds.Chain chain = fused.storedBy(product);
        StoreEpilogues.Epilogue epilogue = epilogues.at(product);
        if (epilogue != null) {
            w.block("", () -> storeEpilogue(w, epilogue, index, channel, value.valueIn(w)));
        } else if (chain == null) {
            if (value.value() != null) {
                w.line(CNames.element(product.out(), index) + " = " + value.value().c() + ";");
            } else {
                w.block("", () -> w.line(CNames.element(product.out(), index) + " = " + value.valueIn(w).c() + ";"));
            }
        } else {
            new ThresholdEmitter(w, this).store(chain, index, channel, value);
        }
    }

    /**
     * The epilogue's last value at {@code index} from the product's element x: x plus or minus the bias's element of
     * {@code channel}, as the bias's own loop computes it, then the ReLU's element of that, converted to its output.
     */
    private void storeEpilogue(CWriter w, StoreEpilogues.Epilogue e, String index, String channel, IntExpr x) {
        w.line(x.ctype() + " sd_x = " + x.c() + ";");
        Op.VecOp bias = e.bias();
        OpParams.Add p = params(bias, OpParams.Add.class);
        IntExpr sum = sum(IntExpr.of("sd_x", x.bits()).shr(p.shrA()), operand(bias.vec(), p.shrB(), channel),
                bias.kind() == Op.VecKind.SUB, p, bias.out());
        if (e.relu() == null) {
            w.line(CNames.element(e.last(), index) + " = " + sum.c() + ";");
            return;
        }
        w.line(sum.ctype() + " sd_b = " + sum.c() + ";");
        IntExpr relu = conv(relu(IntExpr.of("sd_b", sum.bits())), type(bias.out()), type(e.last()));
        w.line(CNames.element(e.last(), index) + " = " + relu.c() + ";");
    }

    /** max(x, 0), in x's bits. */
    public static IntExpr relu(IntExpr x) {
        return IntExpr.of("(" + x.c() + " > 0 ? " + x.c() + " : 0)", x.bits());
    }

    /** e cast to the C type of o. */
    public String cast(Value o, String e) {
        return "(" + CNames.ctype(type(o)) + ")" + e;
    }
}
