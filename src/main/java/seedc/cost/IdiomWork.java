package seedc.cost;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;

/**
 * The runtime idiom calls of a program ({@link IdiomCalls}, the fact the C backends write them by) as OpWork's terms:
 * an op whose every element is one call has, besides its other terms,
 * <ul>
 *   <li>{@code Kind.call.FN} ({@code MatMul.call.mul8x16_shr2_8}, {@code Hadamard.call.mul8x16_shr_16},
 *       {@code Add.call.shrsubhalf8}, ...): its calls, one an element (and run);
 *   <li>{@code Kind.callshift} (or {@code Kind.callnextshift} where its terms are a flash row's read in order): the
 *       shift bits the calls do ({@link IdiomCalls.Call#shiftBits}: a product's post, a halving sum's run-time
 *       operand shifts and its halving), taken out of its {@code Kind.shift} ({@code Kind.nextshift}).
 * </ul>
 * A model that never measured them prices {@code Kind.callshift} as the term it was taken from, and the calls at
 * nothing (LinearCycleModel): until a fit measures them, every program costs what it did. A fit can then price a
 * call by the call, where a price per bit shifted could not order an 8-bit class-score sum with two rounding calls
 * against a 16-bit one with one (BENCHMARKS.md, "thirteen refits").
 */
final class IdiomWork {
    /** The unit of a term counting an op's idiom calls; also the prefix of its shift bits' unit (callshift). */
    static final String CALL = "call";

    private final IdiomCalls calls;
    /** Each sum loop's last op that it adds as computed, and the sum it adds into (the loop's result). */
    private final Map<Op, Value> addedInto = new IdentityHashMap<>();

    private IdiomWork(FixedProgram fp, IdiomCalls calls) {
        this.calls = calls;
        fp.program().forEachOp(op -> {
            Op last = op instanceof Op.SumLoop s ? FlashRowReads.addedAsComputed(s) : null;
            if (last != null) {
                addedInto.put(last, op.out());
            }
        });
    }

    /** The idiom work of fp on a target with {@code flags}; null when it has no idiom that calls (nothing to add). */
    static IdiomWork of(FixedProgram fp, Map<String, double[]> weights, IdiomCalls.Flags flags, FlashRowReads rows) {
        if (!flags.narrowsShiftedProducts() && !flags.halvesSumsBySignFlag()) {
            return null;
        }
        return new IdiomWork(fp, new IdiomCalls(fp, rows, flags, IdiomCalls.quantizedLazily(fp, weights)));
    }

    /**
     * The call each element of op is (null: none): the sum loop's added product's if op is one (the C backends add
     * it as computed, unless a comparison stores it or it is on bit planes: none of the fixtures' is), else its own.
     */
    IdiomCalls.Call callOf(Op op) {
        Value sum = addedInto.get(op);
        if (sum != null) {
            return calls.addedTerm(op, sum);
        }
        OpFacts.TwoOperands e = OpFacts.elementwiseOfTwo(op);
        return e != null && !e.product() ? calls.halvedSum(op) : calls.element(op);
    }

    /**
     * Moves the shift bits of op's calls ({@code times} runs of it) out of its shift term in {@code own} (its terms:
     * indexed, or a streamed row's next ones) into the call's, and adds the calls.
     */
    void add(Op op, double times, Map<String, Double> own) {
        IdiomCalls.Call call = callOf(op);
        if (call == null) {
            return;
        }
        String kind = OpWork.kind(op);
        String shift = own.containsKey(kind + "." + OpWork.NEXT + "shift") ? kind + "." + OpWork.NEXT + "shift"
                : kind + ".shift";
        double n = times * op.out().size(), moved = n * call.shiftBits();
        double left = own.getOrDefault(shift, 0.0) - moved;
        if (left < 0) {
            throw new IllegalStateException(op.out().name() + ": its calls shift more bits than its terms count");
        }
        if (left == 0) {
            own.remove(shift);
        } else {
            own.put(shift, left);
        }
        String unit = shift.substring(kind.length() + 1);
        own.merge(kind + "." + CALL + unit, moved, Double::sum);
        own.merge(kind + "." + CALL + "." + call.fn().cName().substring("sd_".length()), n, Double::sum);
    }
}
