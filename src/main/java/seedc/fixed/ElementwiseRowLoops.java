package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;

/**
 * Which element-wise op's whole loop the C writes as one call of the AVR runtime's element-wise row loops
 * (avr_elementwise_rows.h: FastGRNN's gates, Bonsai's and the recurrent cells' products, sums and activations' table
 * reads), with which operands and shifts: decided on the fixed IR (the operands' and result's types, the op's
 * shifts, the bits of the flash copies the C reads, which values are in flash, the size) and the target's idioms, as
 * {@link IdiomCalls} decides its calls. The C backends write what {@link #row} says (seedc.codegen.c.emit
 * ElementwiseRows, which checks each call against the loop's element it replaces) and seedc.cost.OpWork prices each
 * row by a term of its own ({@code Kind.row.FN}, seedc.cost.ElementwiseRowWork).
 *
 * <p>A row computes, at every k, the very integers of the loop's element as the C writes it
 * (docs/fixed-point-semantics.md through seedc.codegen.c.writer.IntExpr), so the shapes here are exactly those whose
 * element is the row's expression: every operand an array in RAM as long as the result (or one element read from
 * flash), read unshifted or shifted right (never left), 4 to 255 elements, and
 * <ul>
 *   <li>{@code sd_mulshr8_row}, {@code sd_scalemulshr8_row}: an 8x8 product exact in the op's width, 9-16 bits,
 *       shifted right by post (1-15) into an 8-bit result (or a narrower one the shifted product fits);
 *   <li>{@code sd_mul8x16shr8_row}, {@code sd_scalemul8x16shr8_row}: an 8x16 product whose element is
 *       {@link IdiomCalls#element}'s {@code sd_mul8x16_shr_8}, the 8-bit operand an array;
 *   <li>{@code sd_addhalfshr8_row}, {@code sd_subhalfshr8_row}: two 16-bit arrays, one of them 16 bits as read, summed
 *       wider than 16 bits and halved (post 1-16) into 8 bits;
 *   <li>{@code sd_addshr8_row}, {@code sd_subshr8_row}, {@code sd_scaladdshr8_row}, {@code sd_scalsubshr8_row}: an
 *       8-bit sum unshifted after (post 0) kept to 8 bits (two 8-bit arrays, or a flash scalar and one);
 *       {@code sd_scaladd16shr8_row}, {@code sd_scalsub16shr8_row}: the same with a 16-bit array shifted into it;
 *       {@code sd_scaladdhalf8_row}, {@code sd_scalsubhalf8_row}: a scalar and an 8-bit array summed exactly and
 *       halved (post 1) into 8 bits;
 *   <li>{@code sd_mulshl16_row}: an exact 8x8 product shifted left by 0-7 into a 16-bit result;
 *   <li>{@code sd_lookup8_row}, {@code sd_lookup16_row}: an activation's 256-entry table (exp, sigmoid, tanh,
 *       softplus, softsign, an unfused quantize) read at an 8-bit array's every element into 8 or 16 bits.
 * </ul>
 * Whether an op has code of its own at all (not fused into a comparison) stays the backends' decision, as in
 * IdiomCalls; the cost model assumes the plain case.
 */
public final class ElementwiseRowLoops {
    /** The runtime's element-wise row loops, by their C names. */
    public enum Fn {
        MULSHR8(8, 8, 8, false), SCALEMULSHR8(8, 8, 8, false), MUL8X16SHR8(8, 16, 8, false),
        SCALEMUL8X16SHR8(8, 16, 8, false), ADDHALFSHR8(16, 16, 8, false), SUBHALFSHR8(16, 16, 8, false),
        ADDSHR8(8, 8, 8, false), SUBSHR8(8, 8, 8, false), SCALADDSHR8(8, 8, 8, true), SCALSUBSHR8(8, 8, 8, true),
        SCALADD16SHR8(16, 8, 8, true), SCALSUB16SHR8(16, 8, 8, true), SCALADDHALF8(8, 8, 8, true),
        SCALSUBHALF8(8, 8, 8, true), MULSHL16(8, 8, 16, false), LOOKUP8(8, 8, 8, false), LOOKUP16(8, 16, 16, false);

        /**
         * The bits of the row's array's elements as the call reads them (a table read's input: 8), of the second
         * operand's (an array's, a scalar's one element, a table's), and of the elements the call writes.
         */
        public final int arrayBits, secondBits, outBits;
        /** Whether the call takes its scalar before its array ({@code c ± a[k]}: the scalar sums). */
        public final boolean scalarFirst;

        Fn(int arrayBits, int secondBits, int outBits, boolean scalarFirst) {
            this.arrayBits = arrayBits;
            this.secondBits = secondBits;
            this.outBits = outBits;
            this.scalarFirst = scalarFirst;
        }

        /** The function's name in C (sd_mulshr8_row, ...). */
        public String cName() {
            return "sd_" + name().toLowerCase(Locale.ROOT) + "_row";
        }
    }

    /**
     * One call {@code fn(out, array, second, n, shifts...)}: {@code array} the RAM array read at every k (the 8-bit
     * one of an 8x16 product; a sum's first operand), {@code second} the other operand, a RAM array or one element
     * read from flash shifted by {@code secondShift} (its copy's read), null for a table read; {@code shifts} the
     * call's arguments after the count (a product's s; a halved sum's na, nb, s; an 8-bit sum's na, nb or nv).
     */
    public record Row(Fn fn, Value array, Value second, int secondShift, List<Integer> shifts) {}

    /**
     * The fewest elements written as a call: a row loop's set-up (Y saved and restored, the pointers moved into X, Z
     * and Y: some 15 cycles) is more than the 7-16 cycles an element it saves on a loop of one or two.
     */
    public static final int MIN_ELEMENTS = 4;

    /** The most elements a row loop takes (its count is a byte). */
    public static final int MAX_ELEMENTS = IdiomCalls.ROW_MAX_ELEMENTS;

    private final FixedProgram fp;
    private final FlashRowReads rows;
    private final IdiomCalls calls;
    private final boolean rowLoops;
    private final Map<Op, Optional<Row>> decided = new IdentityHashMap<>();

    /**
     * @param calls    the program's idiom calls (the bits of the C reads, the 8x16 products' calls)
     * @param rowLoops whether the target's C has the row loops (the AVR's, with its sums halved by the sign flag)
     */
    ElementwiseRowLoops(FixedProgram fp, FlashRowReads rows, IdiomCalls calls, boolean rowLoops) {
        this.fp = fp;
        this.rows = rows;
        this.calls = calls;
        this.rowLoops = rowLoops;
    }

    /** The row whose one call is op's whole loop; null where the C loops over its elements. */
    public Row row(Op op) {
        return decided.computeIfAbsent(op, o -> Optional.ofNullable(decide(o))).orElse(null);
    }

    private Row decide(Op op) {
        Value o = op.out();
        if (!rowLoops || o.isInt() || o.size() < MIN_ELEMENTS || o.size() > MAX_ELEMENTS) {
            return null;
        }
        Value table = tableInput(op);
        if (table != null) {
            int bits = fp.type(o).bits();
            boolean shape = (bits == 8 || bits == 16) && fp.type(table).bits() == 8 && array(table, o) == 8;
            return shape ? new Row(bits == 8 ? Fn.LOOKUP8 : Fn.LOOKUP16, table, null, 0, List.of()) : null;
        }
        OpFacts.TwoOperands ab = OpFacts.elementwiseOfTwo(op);
        if (ab == null || ab.first().isInt() || ab.second().isInt()) {
            return null;
        }
        int container = fp.type(o).container();
        if (container == 16 && ab.product()) {
            return product16(op, ab.first(), ab.second());
        }
        if (container != 8) {
            return null;
        }
        return ab.product() ? product(op, ab.first(), ab.second()) : sum(op, ab.first(), ab.second());
    }

    /** The operand of an op whose 8-bit input the C reads from a 256-entry table of its outputs; else null. */
    private static Value tableInput(Op op) {
        return switch (op) {
            case Op.Exp e -> e.a();
            case Op.Sigmoid s -> s.a();
            case Op.Tanh t -> t.a();
            case Op.Softplus s -> s.a();
            case Op.Softsign s -> s.a();
            case Op.Quantize q -> q.a();
            case Op.SumLoop o -> null;
            case Op.Loop o -> null;
            case Op.Input o -> null;
            case Op.Param o -> null;
            case Op.Const o -> null;
            case Op.IntConst o -> null;
            case Op.IntArith o -> null;
            case Op.MatMul o -> null;
            case Op.SparseMatMul o -> null;
            case Op.Add o -> null;
            case Op.ScalarMul o -> null;
            case Op.Hadamard o -> null;
            case Op.VecOp o -> null;
            case Op.Neg o -> null;
            case Op.Relu o -> null;
            case Op.Relu6 o -> null;
            case Op.Sgn o -> null;
            case Op.Argmax o -> null;
            case Op.NormaliseL2 o -> null;
            case Op.Transpose o -> null;
            case Op.Reshape o -> null;
            case Op.Reverse o -> null;
            case Op.Index o -> null;
            case Op.Splice o -> null;
            case Op.SpliceWrite o -> null;
            case Op.Conv2d o -> null;
            case Op.Maxpool o -> null;
            case Op.Select o -> null;
        };
    }

    private Row product(Op op, Value a, Value b) {
        OpParams.Mul p = fp.params(op, OpParams.Mul.class);
        Value o = op.out();
        int wa = array(a, o), wb = array(b, o);
        IdiomCalls.ProductCall call = calls.element(op);
        boolean narrowed = call != null && call.fn() == IdiomCalls.Runtime.MUL8X16_SHR_8;
        if (wa > 0 && wb > 0) {
            Value x = wa <= wb ? a : b, y = x == a ? b : a; // the 8-bit one first
            if (p.shrA() != 0 || p.shrB() != 0) {
                return null; // the row reads both arrays as they are
            }
            int s = wa == 8 && wb == 8 && call == null ? productShift(bits(x), bits(y), p, o) : -1;
            if (s > 0) {
                return new Row(Fn.MULSHR8, x, y, 0, List.of(s));
            }
            return narrowed && array(x, o) == 8 && array(y, o) == 16
                    ? new Row(Fn.MUL8X16SHR8, x, y, 0, List.of(p.post())) : null;
        }
        boolean scalarFirst = scalar(a) && wb == 8;
        if (!scalarFirst && !(scalar(b) && wa == 8)) {
            return null;
        }
        Value c = scalarFirst ? a : b, v = scalarFirst ? b : a;
        int shrC = scalarFirst ? p.shrA() : p.shrB(), shrV = scalarFirst ? p.shrB() : p.shrA();
        if (shrV != 0) {
            return null;
        }
        int s = call == null ? productShift(calls.readBits(c, shrC), bits(v), p, o) : -1;
        if (s > 0) {
            return new Row(Fn.SCALEMULSHR8, v, c, shrC, List.of(s));
        }
        return narrowed ? new Row(Fn.SCALEMUL8X16SHR8, v, c, shrC, List.of(p.post())) : null;
    }

    /**
     * sd_mulshl16_row where the element is an exact 8x8 product (of two unshifted 8-bit arrays) shifted left by l =
     * -post, 0-7, into a 16-bit result, as IntExpr writes it: {@code sd_mul8(x, y)} (l = 0, the product of at most 16
     * bits) or {@code (int16_t)(uint16_t)(1u * (uint16_t)(sd_mul8(x, y)) << l)} (the shifted product wider than 16
     * bits, its low 16 kept: fastgrnn-digits-10's g <*> H, t26 <*> h); else null.
     */
    private Row product16(Op op, Value a, Value b) {
        OpParams.Mul p = fp.params(op, OpParams.Mul.class);
        Value o = op.out();
        int product = bits(a) + bits(b), l = -p.post();
        boolean shape = array(a, o) == 8 && array(b, o) == 8 && p.shrA() == 0 && p.shrB() == 0
                && calls.element(op) == null && bits(a) <= 8 && bits(b) <= 8 && product <= p.width()
                && fp.type(o).bits() == 16 && (l == 0 && product <= 16 || l >= 1 && l <= 7 && product + l > 16);
        return shape ? new Row(Fn.MULSHL16, a, b, 0, List.of(l)) : null;
    }

    /**
     * The row's s where the element is {@code (int8_t)sd_shr16(sd_mul8(x, y), s)} (the cast absent where the shifted
     * product fits the result's bits): x and y of at most 8 bits, their exact product of 9-16 bits within the op's
     * width (else it wraps through unsigned arithmetic), shifted right by post = s, 1-15 and below the product's bits;
     * else -1.
     */
    private int productShift(int xBits, int yBits, OpParams.Mul p, Value o) {
        int product = xBits + yBits, post = p.post(), out = fp.type(o).bits();
        boolean shape = xBits <= 8 && yBits <= 8 && product > 8 && product <= p.width() && post >= 1 && post <= 15
                && post < product && (out == 8 || FixedArith.shrBits(product, post) <= out);
        return shape ? post : -1;
    }

    private Row sum(Op op, Value a, Value b) {
        OpParams.Add p = fp.params(op, OpParams.Add.class);
        boolean subtract = OpFacts.subtracts(op);
        boolean streamed = calls.flags().readsFlashRowsInOrder() && rows.elementwiseSum(op) != FlashRowReads.NONE;
        if (streamed || calls.halvedSum(op) != null) {
            return null; // a flash row read in order: its own calls (sd_addrow8, the halving sums)
        }
        Value o = op.out();
        int wa = array(a, o), wb = array(b, o);
        if (wa == 16 && wb == 16) {
            return halvedSum(a, b, subtract, p, fp.type(o).bits());
        }
        if (wa == 8 && wb == 8) {
            int na = shifted(a, p.shrA()), nb = shifted(b, p.shrB());
            boolean shape = na >= 0 && nb >= 0 && wrapped8(shiftedBits(a, na), shiftedBits(b, nb), p, o);
            return shape ? new Row(subtract ? Fn.SUBSHR8 : Fn.ADDSHR8, a, b, 0, List.of(na, nb)) : null;
        }
        // a scalar from flash first (c ± v), or after an array it is added to (v + c: the same sum); the array 8 bits,
        // or 16 shifted into the sum (only the low byte of either read reaches an 8-bit result)
        boolean scalarFirst = scalar(a) && (wb == 8 || wb == 16);
        if (!scalarFirst && !(scalar(b) && (wa == 8 || wa == 16) && !subtract)) {
            return null;
        }
        Value c = scalarFirst ? a : b, v = scalarFirst ? b : a;
        int shrC = scalarFirst ? p.shrA() : p.shrB(), nv = shifted(v, scalarFirst ? p.shrB() : p.shrA());
        if (nv >= 0 && halved8(calls.readBits(c, shrC), shiftedBits(v, nv), p, o) && array(v, o) == 8) {
            return new Row(subtract ? Fn.SCALSUBHALF8 : Fn.SCALADDHALF8, v, c, shrC, List.of(nv));
        }
        boolean shape = nv >= 0 && wrapped8(calls.readBits(c, shrC), shiftedBits(v, nv), p, o);
        Fn fn = array(v, o) == 16 ? (subtract ? Fn.SCALSUB16SHR8 : Fn.SCALADD16SHR8)
                : subtract ? Fn.SCALSUBSHR8 : Fn.SCALADDSHR8;
        return shape ? new Row(fn, v, c, shrC, List.of(nv)) : null;
    }

    /**
     * sd_addhalfshr8_row or _sub where the element is the operands' halving sum (sd_addhalf16: the op's width above
     * 16 bits, post at least 1, one operand 16 bits as read) shifted by s = post - 1 (0-15) into the 8-bit result (or
     * a narrower one the shifted half fits); else null.
     */
    private Row halvedSum(Value a, Value b, boolean subtract, OpParams.Add p, int out) {
        int na = shifted(a, p.shrA()), nb = shifted(b, p.shrB()), s = p.post() - 1;
        boolean shape = na >= 0 && nb >= 0 && p.post() >= 1 && s <= 15 && p.width() > 16
                && Math.max(shiftedBits(a, na), shiftedBits(b, nb)) == 16
                && (out == 8 || s >= 1 && FixedArith.shrBits(16, s) <= out);
        return shape ? new Row(subtract ? Fn.SUBHALFSHR8 : Fn.ADDHALFSHR8, a, b, 0, List.of(na, nb, s)) : null;
    }

    /**
     * Whether the element is the sum of reads of these bits kept to 8 bits as the row keeps it: post 0, an 8-bit
     * result, and the sum either exact in 9-16 bits then cut to 8, or wrapped at the op's width of 8.
     */
    private boolean wrapped8(int xBits, int yBits, OpParams.Add p, Value o) {
        int widest = Math.max(xBits, yBits);
        boolean exact16 = widest + 1 <= p.width() && widest >= 8 && widest <= 15;
        boolean wrappedAt8 = widest + 1 > p.width() && p.width() == 8;
        return p.post() == 0 && fp.type(o).bits() == 8 && (exact16 || wrappedAt8);
    }

    /**
     * Whether the element is the exact sum of reads of at most 8 bits halved (post 1, rounding toward zero) into an
     * 8-bit result: sd_scaladdhalf8_row's (fastgrnn-digits-10's t26 = t25 + nu).
     */
    private boolean halved8(int xBits, int yBits, OpParams.Add p, Value o) {
        int widest = Math.max(xBits, yBits);
        return p.post() == 1 && widest <= 8 && widest + 1 <= p.width() && fp.type(o).bits() <= 8;
    }

    /** v's shift as the row takes it: 0 unshifted, else a right shift below its bits; -1 for any other. */
    private int shifted(Value v, int shift) {
        return shift >= 0 && (shift == 0 || shift < bits(v)) ? shift : -1;
    }

    private int shiftedBits(Value v, int shift) {
        return FixedArith.shrBits(bits(v), shift);
    }

    private int bits(Value v) {
        return fp.type(v).bits();
    }

    /** The bits v's elements are stored in (8, 16, ...) where v is an array in RAM of out's length; else 0. */
    private int array(Value v, Value out) {
        return !v.isInt() && !rows.inFlash(v) && v.size() == out.size() ? fp.type(v).container() : 0;
    }

    /** v is one element read from flash (its read the same at every k, and the loop cannot write it). */
    private boolean scalar(Value v) {
        return !v.isInt() && v.size() == 1 && rows.inFlash(v);
    }
}
