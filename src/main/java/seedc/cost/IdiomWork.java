package seedc.cost;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.SquaredDistances;
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
 * nothing (StandIns, TermPrices): until a fit measures them, every program costs what it did. A fit can then price a
 * call by the call, where a price per bit shifted could not order an 8-bit class-score sum with two rounding calls
 * against a 16-bit one with one (BENCHMARKS.md, "thirteen refits").
 *
 * <p>A sum loop whose additions of its last op are one call of a class-score row ({@link IdiomCalls#scoreRow}:
 * ProtoNN's class scores, sd_addscores8 / 16 / 8x16) does per element what the loop of element expressions did: the
 * product, its shifts, the addition into the sum. Its last op has {@code Kind.row.FN} ({@code MatMul.row.addscores8}):
 * the elements the row adds (its size, a run); every other term of that op but its set-up ({@code Kind.nextop}) is
 * kept under a stand-in unit, {@code looped} before the unit ({@code MatMul.loopednextmac.8x8.t16},
 * {@code MatMul.loopedcall.mul8x16_shr2_8}), and so are the sum loop's additions of it, moved from the loop's
 * {@code SumLoop.copy.W} (which keeps the zeroing) to {@code SumLoop.loopedcopy.W} in that op's terms. A model that
 * measured the row prices the row and drops the stand-ins; one that did not prices the stand-ins under their own names
 * and the row at nothing ({@link #rowsPriced}), the very terms the op and the loop had before: a price per element of
 * the row, not a difference from the loop it replaced (which a non-negative fit could not make cheaper).
 */
final class IdiomWork {
    /** The unit of a term counting an op's idiom calls; also the prefix of its shift bits' unit (callshift). */
    static final String CALL = "call";
    /**
     * The unit of a term counting the elements a class-score row adds (or an element-wise row loop writes:
     * ElementwiseRowWork); the prefix of the units it stands in for.
     */
    static final String ROW = "row", LOOPED = "looped";

    private final FixedProgram fp;

    private final IdiomCalls calls;
    /** The squared norms computed with their distances in one loop (SquaredDistanceWork); found when first asked. */
    private SquaredDistances distances;
    /** Each sum loop's last op that it adds as computed, and the sum it adds into (the loop's result). */
    private final Map<Op, Value> addedInto = new IdentityHashMap<>();

    private IdiomWork(FixedProgram fp, IdiomCalls calls) {
        this.fp = fp;
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

    /** The class-score row with which op's sum loop adds it (op is the loop's last op, added as computed), or null. */
    IdiomCalls.ScoreRow rowOf(Op op) {
        Value sum = addedInto.get(op);
        return sum == null ? null : calls.scoreRow(op, sum);
    }

    /** Whether the sum loop s adds its last op by a class-score row (its additions are then in that op's terms). */
    boolean addsByRow(Op.SumLoop s) {
        Op last = FlashRowReads.addedAsComputed(s);
        return last != null && rowOf(last) != null;
    }

    /**
     * Where op's sum loop adds it by a class-score row ({@code times} runs of it): moves its terms in {@code own} but
     * its set-up under stand-in units, adds the loop's additions of it as a stand-in too, and the row's elements.
     */
    void addRow(Op op, double times, Map<String, Double> own) {
        IdiomCalls.ScoreRow row = rowOf(op);
        if (row == null) {
            return;
        }
        String kind = OpWork.kind(op);
        standIns(kind, own, true);
        double n = times * op.out().size();
        String sum = Integer.toString(fp.type(addedInto.get(op)).container());
        own.merge("SumLoop." + LOOPED + "copy." + sum, n, Double::sum);
        own.merge(kind + "." + ROW + "." + row.fn().cName().substring("sd_".length()), n, Double::sum);
    }

    /**
     * Moves every term of an op of kind {@code kind} in {@code own} under its stand-in unit, {@code looped} before the
     * unit (its set-up, {@code Kind.op} or {@code Kind.nextop}, too unless {@code keepSetUp}): the terms a row's own
     * term replaces once a fit measures it ({@link #rowsPriced}).
     */
    static void standIns(String kind, Map<String, Double> own, boolean keepSetUp) {
        Map<String, Double> looped = new TreeMap<>();
        own.forEach((term, amount) -> {
            String unit = term.substring(kind.length() + 1);
            boolean setUp = keepSetUp && (unit.equals("op") || unit.equals(OpWork.NEXT + "op"));
            looped.put(setUp ? term : kind + "." + LOOPED + unit, amount);
        });
        own.clear();
        own.putAll(looped);
    }

    /** The whole-row dot product that is matrix product op ({@link IdiomCalls#dotRow}), or null. */
    seedc.fixed.DotRowProducts.Row dotRowOf(Op op) {
        return calls.dotRow(op);
    }

    /** The squared distance whose norm is op ({@link SquaredDistances}: one loop computes both), or null. */
    SquaredDistances.Distance distanceOf(Op op) {
        return op instanceof Op.MatMul && op.out().size() == 1 ? distances().at(op) : null;
    }

    /** Whether op is a distance that its squared norm's loop computes (its terms are the norm's). */
    boolean summedInNorm(Op op) {
        return OpFacts.elementwiseOfTwo(op) != null && distances().summedInNorm(op);
    }

    private SquaredDistances distances() {
        if (distances == null) {
            distances = SquaredDistances.of(fp, calls);
        }
        return distances;
    }

    /** Whether a term's unit counts a row's work (a class-score or element-wise row's elements, a dot row's, a squared
     * distance's loop's). */
    static boolean isRow(String unit) {
        return unit.equals(ROW) || unit.equals(DotRowWork.TERMS) || unit.equals(DotRowWork.OUTPUTS)
                || unit.equals(SquaredDistanceWork.ELEMENTS) || unit.equals(SquaredDistanceWork.CALLS);
    }

    /** The element-wise row loop that is op's whole loop ({@link IdiomCalls#elementwiseRow}), or null. */
    seedc.fixed.ElementwiseRowLoops.Row elementwiseRowOf(Op op) {
        return calls.elementwiseRow(op);
    }

    /**
     * {@code terms} as a model prices them ({@code fitted}: the terms it fitted): where it measured every row (a
     * class-score row's, an element-wise row loop's, a dot row's) among them ({@code Kind.row.FN}, {@code MatMul.dotrow.FN}
     * and {@code MatMul.dotrowout.FN}: {@link #isRow}), the rows without their
     * stand-ins ({@code Kind.looped*}); else the stand-ins under their own names and no row, the terms as they were
     * before the rows had terms of their own. One decision for the whole map: LinearCycleModel gives it one op's
     * terms at a time (a loop's body op by op, OpWork.Priced#byOp), so that a row it never measured leaves another
     * op's measured row priced by its terms.
     */
    static Map<String, Double> rowsPriced(Map<String, Double> terms, Predicate<String> fitted) {
        boolean any = false, all = true;
        for (String t : terms.keySet()) {
            String unit = TermName.unit(t);
            any |= isRow(unit) || unit.startsWith(LOOPED);
            all &= !isRow(unit) || fitted.test(t);
        }
        if (!any) {
            return terms;
        }
        boolean measured = all && terms.keySet().stream().anyMatch(t -> isRow(TermName.unit(t)));
        Map<String, Double> out = new TreeMap<>();
        terms.forEach((t, a) -> {
            String unit = TermName.unit(t);
            if (unit.startsWith(LOOPED) && !measured) {
                String kind = t.substring(0, t.indexOf('.'));
                out.merge(kind + "." + t.substring(kind.length() + 1 + LOOPED.length()), a, Double::sum);
            } else if (!unit.startsWith(LOOPED) && (measured || !isRow(unit))) {
                out.merge(t, a, Double::sum);
            }
        });
        return out;
    }
}
