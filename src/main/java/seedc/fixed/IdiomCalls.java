package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Function;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Which element of which op the C computes by one of the AVR runtime's idiom calls, with which operands' widths and
 * shifts: decided here, on the fixed IR (the operands' and results' types, the op's shifts, the bits of the constants'
 * copies in flash) and the target's idioms ({@link Flags}, its C dialect's: seedc.codegen.c.dialect.CDialect.idioms),
 * not on generated C. One fact that two sides read, as {@link FlashRowReads} is: the C backends' writers
 * (seedc.codegen.c.writer ShiftedProducts, OnceShiftedProducts, HalvedSums; seedc.codegen.c.emit ClassScoreRow) write
 * exactly the calls named here, and seedc.cost.OpWork prices each by terms of its own ({@code Kind.call.FN},
 * {@code Kind.callshift}; a class-score row's {@code Kind.row.FN}, seedc.cost.IdiomWork).
 *
 * <p>The calls, each the same integers as the shifts it replaces (the runtime's host tests check every operand pair):
 * <ul>
 *   <li>{@link #addedTerm}: a product of an 8-bit by a 9-16-bit operand, exact in its width, that a sum loop adds as
 *       computed (ProtoNN's class scores), shifted by post into 16 bits and by the scales' difference into an 8-bit
 *       sum: {@code sd_mul8x16_shr2_8};
 *   <li>{@link #element}: the same product in an element-wise product's own loop (Hadamard, ScalarMul, a VecOp's
 *       product: FastGRNN's gates) shifted by post into 16 or 8 bits: {@code sd_mul8x16_shr_16}, {@code _8};
 *   <li>{@link #halvedSum}: an element-wise sum with a flash row read in order (ProtoNN's distance), two 8-bit or two
 *       16-bit operands whose shifted values fill their bits, summed in a wider width and halved at least once:
 *       {@code sd_shrsubhalf8}, {@code sd_shraddhalf8} and their 16-bit twins;
 *   <li>{@link #scoreRow}: a whole sum loop's additions of such a product (ProtoNN's class scores) as one call of the
 *       runtime's class-score row, {@code sd_addscores8}, {@code sd_addscores16} or {@code sd_addscores8x16};
 *   <li>{@link #elementwiseRow}: an element-wise op's whole loop as one call of the runtime's element-wise row loops
 *       ({@link ElementwiseRowLoops}: FastGRNN's gates, activations' table reads);
 *   <li>{@link #dotRow}: a 1 x k times k x m product's whole loop of outputs as one call of the runtime's whole-row
 *       dot products ({@link DotRowProducts}: FastGRNN's input and recurrent products).
 * </ul>
 * Whether a sum loop adds its last op as computed at all (not through a comparison, not on bit planes), and whether an
 * op has code of its own (not fused into a comparison), stays the backends' decision, as in FlashRowReads; the cost
 * model assumes the plain case. An operand's width is that of its C read: a value in RAM, its type's bits shifted at
 * run time ({@link FixedArith#shrBits}); one in flash, its copy's ({@link FlashRowReads#copyBits}).
 */
public final class IdiomCalls {
    /** The shifts sd_mul8x16_shr2_8 takes (its test checks every operand pair at each). */
    public static final int MAX_FIRST_SHIFT = 8, MAX_SECOND_SHIFT = 15;
    /** The shifts sd_mul8x16_shr_16 and _8 take (the result's bits stay below the product's 24). */
    public static final int MAX_SHIFT_16 = 8, MAX_SHIFT_8 = 16;
    /** The largest shift of an 8-bit (16-bit) operand the halving sums take. */
    public static final int MAX_HALVED_SHIFT_8 = 7, MAX_HALVED_SHIFT_16 = 15;

    /**
     * A target's instruction-set idioms, its C dialect's answers (seedc.codegen.c.dialect.CDialect.idioms), which the C
     * emitter writes and the cost model prices: each the same integers written another way, chosen where measurement
     * showed it pays.
     *
     * @param readsFlashRowsInOrder  a flash row read at k = 0, 1, ... is read through a pointer ({@link FlashRowReads};
     *                               the AVR's lpm Z+ reads and advances in one instruction)
     * @param narrowsShiftedProducts an 8x16 product shifted into a narrow result is one runtime call reading only the
     *                               bits the result keeps ({@link #addedTerm}, {@link #element}: the AVR shifts 32 bits
     *                               a bit at a time)
     * @param halvesSumsBySignFlag   a halving sum of shifted operands takes the exact sum's top bit from the subtract's
     *                               sign flag ({@link #halvedSum}: the AVR, where the sum would be widened first)
     * @param sumsChannelsInOneCall  a convolution's plain 8-bit sums may take every output channel of a pixel in one
     *                               call, over the whole window (padding zeros included) or a call a run of taps
     *                               inside, where that saves more calls than the zeros or added rows cost
     *                               (seedc.codegen.c.emit.ConvChannelCalls: the AVR's sd_avr_dots8_32; the C emitter's
     *                               choice alone, which the cost model does not price)
     * @param searchesActivationSteps a sigmoid or tanh of a 16-bit input into at most 8 bits finds its output by a
     *                               binary search over the inputs where the output steps up, instead of an exp lookup
     *                               and a division (the AVR, whose division is a loop; the fact
     *                               {@link ActivationSteps}, which the cost model prices by its own terms)
     */
    public record Flags(boolean readsFlashRowsInOrder, boolean narrowsShiftedProducts, boolean halvesSumsBySignFlag,
                        boolean sumsChannelsInOneCall, boolean searchesActivationSteps) {
        /** No idiom: every target's but the AVR's. */
        public static final Flags NONE = new Flags(false, false, false, false, false);
        /** Every idiom: the AVR's. */
        public static final Flags ALL = new Flags(true, true, true, true, true);
    }

    /** The runtime's idiom functions, by their C names, with the bits of the value each returns. */
    public enum Runtime {
        MUL8X16_SHR2_8(8), MUL8X16_SHR_16(16), MUL8X16_SHR_8(8), SHRSUBHALF8(8), SHRADDHALF8(8), SHRSUBHALF16(16),
        SHRADDHALF16(16);

        /** The bits of the value the function returns. */
        public final int resultBits;

        Runtime(int resultBits) {
            this.resultBits = resultBits;
        }

        /** The function's name in C (sd_mul8x16_shr2_8, ...). */
        public String cName() {
            return "sd_" + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One call an element: the function, and the bits of the shifts it does in place of the C's own. */
    public sealed interface Call permits ProductCall, SumCall {
        Runtime fn();

        /** The bits of the C reads of the first and second operands the call takes (the fact's, not the C's). */
        int aBits();

        int bBits();

        /** The shift bits the call does an element that OpWork's {@code Kind.shift} counted (see OpWork). */
        int shiftBits();
    }

    /**
     * An 8x16 product shifted as one call: a (aBits wide) by b (bBits), the 8-bit one first when {@code aFirst}, shifted
     * by {@code post}, then (sd_mul8x16_shr2_8 only) by {@code shift} into the 8-bit sum.
     */
    public record ProductCall(Runtime fn, boolean aFirst, int aBits, int bBits, int post, int shift) implements Call {
        @Override
        public int shiftBits() {
            return post;
        }
    }

    /**
     * A halving sum as one call: a (aBits wide) shifted by aShift at run time, b likewise, summed (or subtracted) and
     * halved; the rest of the op's post, {@code post - 1}, is the C's shift of the half.
     */
    public record SumCall(Runtime fn, int aBits, int aShift, int bBits, int bShift, int post) implements Call {
        @Override
        public int shiftBits() {
            return aShift + bShift + 1;
        }
    }

    private final FixedProgram fp;
    private final FlashRowReads rows;
    private final Flags flags;
    private final Function<Value, long[]> integers;
    private final Map<Op, ProductCall> added = new IdentityHashMap<>(), elements = new IdentityHashMap<>();
    private final Map<Op, SumCall> sums = new IdentityHashMap<>();
    private final Map<Op, java.util.Optional<ScoreRow>> scoreRows = new IdentityHashMap<>();
    private ElementwiseRowLoops elementwiseRows;
    private DotRowProducts dotRows;

    /**
     * @param rows     the program's flash rows (its storage's: what the C reads in order and the copies it stores)
     * @param integers the integers of a parameter or constant (QuantizedModel.stored; {@link #quantizedLazily})
     */
    public IdiomCalls(FixedProgram fp, FlashRowReads rows, Flags flags, Function<Value, long[]> integers) {
        this.fp = fp;
        this.rows = rows;
        this.flags = flags;
        this.integers = integers;
    }

    /**
     * The call with which a sum loop adds {@code op}, its body's last op, as computed (a product of one term per
     * element, {@link FlashRowReads#term}) into its sum {@code sum}; null when it is written otherwise.
     */
    public ProductCall addedTerm(Op op, Value sum) {
        return added.computeIfAbsent(op, o -> {
            FlashRowReads.Term t = FlashRowReads.term(o);
            if (!flags.narrowsShiftedProducts() || t == null) {
                return null;
            }
            OpParams.Mul p = fp.params(o, OpParams.Mul.class);
            int productBits = fp.type(o.out()).bits(), shift = fp.type(o.out()).scale() - fp.type(sum).scale();
            ProductCall c = product(Runtime.MUL8X16_SHR2_8, t.a(), p.shrA(), t.b(), p.shrB(), p.width(), p.post(), shift);
            boolean shape = productBits == 16 && fp.type(sum).bits() == 8 && p.post() >= 1
                    && p.post() <= MAX_FIRST_SHIFT && shift >= 1 && shift <= MAX_SECOND_SHIFT;
            return shape ? c : null;
        });
    }

    /**
     * The call with which {@code op} (a Hadamard, ScalarMul or VecOp product) computes each element in its own loop;
     * null for any other op or when it is written otherwise.
     */
    public ProductCall element(Op op) {
        return elements.computeIfAbsent(op, o -> {
            OpFacts.TwoOperands ab = OpFacts.elementwiseOfTwo(o);
            if (!flags.narrowsShiftedProducts() || ab == null || !ab.product()) {
                return null;
            }
            OpParams.Mul p = fp.params(o, OpParams.Mul.class);
            int out = fp.type(o.out()).bits(), max = out == 16 ? MAX_SHIFT_16 : out == 8 ? MAX_SHIFT_8 : 0;
            Runtime fn = out == 16 ? Runtime.MUL8X16_SHR_16 : Runtime.MUL8X16_SHR_8;
            ProductCall c = product(fn, ab.first(), p.shrA(), ab.second(), p.shrB(), p.width(), p.post(), 0);
            return p.post() >= 1 && p.post() <= max ? c : null;
        });
    }

    /** The target's idioms. */
    public Flags flags() {
        return flags;
    }

    /**
     * The element-wise row loop whose one call is op's whole loop ({@link ElementwiseRowLoops}: on the AVR, whose C
     * has the row loops with its sums halved by the sign flag); null where the C loops over op's elements.
     */
    public ElementwiseRowLoops.Row elementwiseRow(Op op) {
        if (elementwiseRows == null) {
            elementwiseRows = new ElementwiseRowLoops(fp, rows, this, flags.halvesSumsBySignFlag());
        }
        return elementwiseRows.row(op);
    }

    /**
     * The whole-row dot product that is matrix product op's whole loop of outputs ({@link DotRowProducts}: on the AVR,
     * whose C has the row kernels with every other idiom); null where the C loops over op's outputs.
     */
    public DotRowProducts.Row dotRow(Op op) {
        if (dotRows == null) {
            dotRows = new DotRowProducts(fp, rows, flags.halvesSumsBySignFlag(), integers);
        }
        return dotRows.of(op);
    }

    /** The runtime's class-score rows (avr_score_rows.h), by their C names. */
    public enum Row {
        ADDSCORES8, ADDSCORES16, ADDSCORES8X16;

        /** The function's name in C (sd_addscores8, ...). */
        public String cName() {
            return "sd_" + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A sum loop's additions of its last op as one call of a class-score row: {@code fn(res, z, e, n, first, second)},
     * z the operand {@code streamed} (0: the term's a, 1: its b), the 8-bit flash row read in order, e the other, read
     * once. For sd_addscores8 / 16: first = L = -post (the product's left shift into its 16 bits), second = S, the
     * scales' difference into the 8- or 16-bit sum; for sd_addscores8x16 the element's call's post and shift
     * ({@link #addedTerm}).
     */
    public record ScoreRow(Row fn, int streamed, int first, int second) {}

    /** The largest left shift of the product and the right shifts into the sum sd_addscores8 / 16 take. */
    public static final int ROW_MAX_LEFT = 7, ROW_MIN_RIGHT = 1, ROW_MAX_RIGHT = 15;

    /**
     * The fewest elements for which the row is called: at two pairs its loop runs. Below, avr-gcc writes the loop of
     * element expressions as straight code addressing res directly (lds/sts), and the call, which holds res's address
     * in X, cost the loop around it registers: protonn-cancer-2 (2 classes) took 14,273 Uno cycles with the call
     * against 14,209 without (BENCHMARKS.md). Measured on that one fixture; 3 elements on none.
     */
    public static final int ROW_MIN_ELEMENTS = 4;

    /** The most elements any of the runtime's row loops takes (class-score and element-wise): its count is a byte. */
    public static final int ROW_MAX_ELEMENTS = 255;

    /**
     * The class-score row with which the sum loop adds {@code op}, its body's last op, as computed into its sum
     * {@code sum}; null when it adds it element by element. Only the shape whose C the call equals, element by element:
     * the product of one term per element ({@link FlashRowReads#term}) whose operand read at k is an 8-bit flash row
     * read in order (where the target reads rows so: the AVR) and whose other operand is one value read once; either
     * an 8-bit one, the product exact in the op's width and 16 bits, shifted left by L = -post (0-7) and right by S
     * (1-15) into an 8- or 16-bit sum, or a 16-bit one whose every element is {@link #addedTerm}'s call. Widths are
     * those of the C reads ({@link #readBits}); 4 to 255 elements.
     */
    public ScoreRow scoreRow(Op op, Value sum) {
        return scoreRows.computeIfAbsent(op, o -> java.util.Optional.ofNullable(row(o, sum))).orElse(null);
    }

    private ScoreRow row(Op op, Value sum) {
        FlashRowReads.Term t = FlashRowReads.term(op);
        int streamed = flags.readsFlashRowsInOrder() ? rows.addedTerm(op) : FlashRowReads.NONE;
        if (streamed == FlashRowReads.NONE || sum.size() < ROW_MIN_ELEMENTS || sum.size() > ROW_MAX_ELEMENTS) {
            return null;
        }
        boolean onceAtK = streamed == 0 ? t.bAtK() : t.aAtK();
        OpParams.Mul p = fp.params(op, OpParams.Mul.class);
        int zBits = streamed == 0 ? readBits(t.a(), p.shrA()) : readBits(t.b(), p.shrB());
        int eBits = streamed == 0 ? readBits(t.b(), p.shrB()) : readBits(t.a(), p.shrA());
        if (onceAtK || zBits > 8) {
            return null;
        }
        ProductCall call = addedTerm(op, sum);
        if (call != null) { // the row of its calls, where the streamed operand is the call's 8-bit one
            return eBits > 8 && eBits <= 16 ? new ScoreRow(Row.ADDSCORES8X16, streamed, call.post(), call.shift())
                    : null;
        }
        FixedType product = fp.type(op.out()), sumType = fp.type(sum);
        int left = -p.post(), right = product.scale() - sumType.scale(), bits = sumType.bits();
        boolean shape = eBits <= 8 && p.width() >= 16 && product.bits() == 16 && left >= 0 && left <= ROW_MAX_LEFT
                && right >= ROW_MIN_RIGHT && right <= ROW_MAX_RIGHT && (bits == 8 || bits == 16);
        return shape ? new ScoreRow(bits == 8 ? Row.ADDSCORES8 : Row.ADDSCORES16, streamed, left, right) : null;
    }

    /** The call of an 8x16 product of a and b (each shifted as read) exact in width bits; null when not that shape. */
    private ProductCall product(Runtime fn, Value a, int shrA, Value b, int shrB, int width, int post, int shift) {
        int aBits = readBits(a, shrA), bBits = readBits(b, shrB);
        boolean aFirst = aBits <= bBits;
        int narrow = aFirst ? aBits : bBits, wide = aFirst ? bBits : aBits;
        boolean shape = narrow <= 8 && wide > 8 && wide <= 16 && aBits + bBits <= width;
        return shape ? new ProductCall(fn, aFirst, aBits, bBits, post, shift) : null;
    }

    /**
     * The call with which the element-wise sum {@code op} (an Add, a VecOp's add or subtract) computes each element,
     * where one operand is a flash row read in order (halving by the sign flag needs both idioms); null otherwise.
     */
    public SumCall halvedSum(Op op) {
        return sums.computeIfAbsent(op, o -> {
            int streamed = streamedOperand(o);
            if (!flags.halvesSumsBySignFlag() || streamed == FlashRowReads.NONE) {
                return null;
            }
            OpFacts.TwoOperands ab = OpFacts.elementwiseOfTwo(o); // a sum: FlashRowReads read it so
            boolean subtract = OpFacts.subtracts(o);
            if (ab.first().isInt() || ab.second().isInt()) {
                return null;
            }
            OpParams.Add p = fp.params(o, OpParams.Add.class);
            return halved(ab.first(), p.shrA(), ab.second(), p.shrB(), subtract, p.width(), p.post());
        });
    }

    /** Which operand of the element-wise sum {@code op} the C reads as a flash row in order (FlashRowReads.NONE: none). */
    int streamedOperand(Op op) {
        return flags.readsFlashRowsInOrder() ? rows.elementwiseSum(op) : FlashRowReads.NONE;
    }

    /** Whether the C keeps v in flash. */
    boolean inFlash(Value v) {
        return rows.inFlash(v);
    }

    /**
     * shr(shr(a, na) ± shr(b, nb), post) as one call: a value in flash is read from its copy shifted at compile time
     * (its run-time shift 0), one in RAM unshifted and shifted by the call.
     */
    private SumCall halved(Value a, int shrA, Value b, int shrB, boolean subtract, int width, int post) {
        int na = rows.inFlash(a) ? 0 : shrA, nb = rows.inFlash(b) ? 0 : shrB;
        int aBits = unshiftedBits(a, shrA), bBits = unshiftedBits(b, shrB);
        int widest = Math.max(aBits, bBits), bits = widest <= 8 ? 8 : widest <= 16 ? 16 : 0;
        int maxShift = bits == 8 ? MAX_HALVED_SHIFT_8 : MAX_HALVED_SHIFT_16;
        // only where the shifted operands fill the bits, so that their sum needs one more (a narrower sum is one add)
        int filled = Math.max(FixedArith.shrBits(aBits, na), FixedArith.shrBits(bBits, nb));
        boolean shape = bits > 0 && filled == bits && width > bits && post >= 1;
        if (!shape || na < 0 || na > maxShift || nb < 0 || nb > maxShift) {
            return null;
        }
        Runtime fn = bits == 8 ? (subtract ? Runtime.SHRSUBHALF8 : Runtime.SHRADDHALF8)
                : subtract ? Runtime.SHRSUBHALF16 : Runtime.SHRADDHALF16;
        return new SumCall(fn, aBits, na, bBits, nb, post);
    }

    /** The bits of v as the C reads it shifted right by shift: its copy's in flash, else its type's shifted so. */
    int readBits(Value v, int shift) {
        if (v.isInt()) {
            return 32;
        }
        return rows.inFlash(v) ? rows.copyBits(v, shift, integers) : FixedArith.shrBits(fp.type(v).bits(), shift);
    }

    /** The bits of v as a halving sum takes it: in flash its copy shifted at compile time, in RAM unshifted. */
    private int unshiftedBits(Value v, int shift) {
        return rows.inFlash(v) ? rows.copyBits(v, shift, integers) : fp.type(v).bits();
    }

    /**
     * The integers of the program's parameters and constants, each quantized on first use (as QuantizedModel does
     * them all): for a side, the cost model, that prices many programs and needs a few constants' widths.
     */
    public static Function<Value, long[]> quantizedLazily(FixedProgram fp, Map<String, double[]> weights) {
        Map<Value, double[]> reals = new IdentityHashMap<>();
        for (Program.Param p : fp.program().params()) {
            if (weights != null && weights.get(p.name()) != null) {
                reals.put(p.value(), weights.get(p.name()));
            }
        }
        fp.program().forEachOp(op -> {
            if (op instanceof Op.Const c) {
                reals.put(c.out(), c.values());
            }
        });
        Map<Value, long[]> done = new IdentityHashMap<>();
        return v -> reals.containsKey(v) ? done.computeIfAbsent(v, k -> QuantizedModel.quantize(reals.get(k),
                fp.type(k))) : null;
    }
}
