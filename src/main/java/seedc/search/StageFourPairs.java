package seedc.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.cost.CycleModel;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.search.ShiftryOutcome.Step;

/**
 * Stage IV's look past one step: a demotion that is not faster alone, tried with an earlier one of the walk that was
 * refused as not faster too and shares an op with it. The greedy walk keeps a demotion only when the modelled cycles
 * fall at that step, so a cost that falls only once both ends of an op are narrow (an 8-bit result whose consumer
 * still reads 16 bits pays a conversion; a product gets its 8x8 kernel only with both operands at 8 bits) refuses
 * both; the groups tried after the walk ({@link StageFourGroups}) take every refusal in the walk's order, so one that
 * shares nothing with the pair and costs cycles sits in the same pending group, and by then the walk's later
 * demotions have spent the accuracy the pair would have needed. For a model that prices each op from its own
 * operands' and result's types, a demotion's saving changes with another demotion only when the two share an op, so
 * the partners looked at are those: when a demotion is refused as not faster, the first earlier refusal of the walk
 * that shares an op with it, is still pending and not faster alone now either, and with it saves more than the model's
 * error (below). The pair is tried at the later one's turn, where the walk's order (by accuracy lost per cycle saved) has
 * reached both: tried at the earlier one's turn, a pair saving 0.08% spent half a point of accuracy early in an
 * ONNX GRU's walk and most later demotions were refused (BENCHMARKS.md "Stage IV looks past one step"). The pair is run
 * once and kept whole if it meets the walk's limits; else both stay refused. At most one more run per "not faster"
 * refusal, and the pricing of its earlier neighbours. A pair is run only when its modelled saving is more than the
 * cycle model's own mean error on whole programs its fit did not see ({@link CycleModel#heldOutError}): pairs the
 * model priced 0.08-0.2% faster made an ONNX LSTM's program 1.3% slower on the Uno and a FastGRNN's 0.2% slower, and
 * a saving within the model's error is one the model cannot tell from none.
 */
final class StageFourPairs {
    /** Each value's neighbours: the values read or written by an op that reads or writes it. */
    private final Map<Value, Set<Value>> neighbours;
    /** The cycle model's mean error on whole programs it was not fitted on (avr.json's 0.118: 11.8%): a pair must save more. */
    private final double modelError;

    private StageFourPairs(Map<Value, Set<Value>> neighbours, double modelError) {
        this.neighbours = neighbours;
        this.modelError = modelError;
    }

    /**
     * The pairs of {@code p} under {@code model}: null when the model's error on programs it was not fitted on is
     * unmeasured ({@link CycleModel#heldOutError} NaN: a stand-in for another target, a planner's estimate), since a
     * pair's saving can then be told from the model's error by nothing.
     */
    static StageFourPairs of(Program p, CycleModel model) {
        double error = model == null ? Double.NaN : model.heldOutError();
        return Double.isNaN(error) ? null : new StageFourPairs(neighbours(p), error);
    }

    /** The neighbours of every value of {@code p} (an op's result, its operands; a loop's result and accumulator). */
    private static Map<Value, Set<Value>> neighbours(Program p) {
        Map<Value, Set<Value>> n = new HashMap<>();
        p.forEachOp(op -> {
            Set<Value> ends = new HashSet<>(op.inputs());
            ends.add(op.out());
            if (op instanceof Op.Loop l) {
                ends.add(l.acc());
                ends.add(l.result());
            } else if (op instanceof Op.SumLoop s) {
                ends.add(s.result());
            }
            for (Value v : ends) {
                n.computeIfAbsent(v, k -> new HashSet<>()).addAll(ends);
            }
        });
        return n;
    }

    /**
     * A pair (or a linked group) to run: the curve's indices of the earlier refusals, in the walk's order, the
     * program's widths and scales with them and the last demotion, its modelled cycles.
     */
    record Pair(List<Integer> earlier, int[] bits, int[] scales, double cycles) {}

    /**
     * The pair for the last step of {@code curve}, a demotion refused as not faster from the program of {@code bits}
     * and {@code scales} ({@code cyclesNow} cycles): the first earlier step of the curve refused so too that shares
     * an op with it, is still pending, is not faster alone now either, and with it saves more of the current program's
     * cycles than the model's error; where no pair does, the {@link #linked} group; null when neither is.
     */
    Pair partner(ProgramPricing pricing, DemotionUnits.Rung rung, List<Step> curve, int[] bits, int[] scales,
                 double cyclesNow) {
        String last = curve.getLast().name();
        Set<Value> near = near(rung.of(last));
        for (int i = 0; i < curve.size() - 1; i++) {
            if (!pendingRefusal(rung, curve.get(i), bits, near)) {
                continue;
            }
            int[] b = bits.clone(), sc = scales.clone();
            rung.apply(curve.get(i).name(), b, sc);
            double earlierAlone = pricing.cycles(b, sc);
            rung.apply(last, b, sc);
            double both = pricing.cycles(b, sc);
            if (!(earlierAlone < cyclesNow) && beyondModelError(cyclesNow, both)) {
                return new Pair(List.of(i), b, sc, both);
            }
        }
        return linked(pricing, rung, curve, bits, scales, cyclesNow);
    }

    /**
     * The group for the last step of {@code curve} where no pair pays: a kernel that needs more than two values
     * narrow (ProtoNN's squared distance in one loop, SquaredDistances: the distance, its transpose, WX and B[i] at 8
     * bits; each alone or in pairs breaks the loop and costs cycles) is refused one value at a time and pair by pair.
     * The group is the earlier refusals linked to the last through ops they share, each a refusal still pending and
     * not faster alone now. First each, in the walk's order, is left out where the group is priced lower without it
     * (protonn-letter-26's prototypes B: at 8 bits beside the loop's values they cost cycles, and with them the group
     * saved less than the model's error once the loop's terms were fitted to its shifts in place); when the rest with
     * the last save more than the model's error, each in the walk's order is left out where the rest still do, so
     * that the group holds only the demotions the saving needs (every one costs accuracy). At most two more pricings
     * per member and one run; null when the group has fewer than two earlier refusals (a pair, which
     * {@link #partner} priced) or does not save beyond the error.
     */
    private Pair linked(ProgramPricing pricing, DemotionUnits.Rung rung, List<Step> curve, int[] bits, int[] scales,
                        double cyclesNow) {
        List<Integer> members = linkedRefusals(pricing, rung, curve, bits, scales, cyclesNow);
        if (members.size() < 2) {
            return null;
        }
        Group all = new Group(members, cycles(pricing, rung, curve, members, bits, scales));
        // a member that costs cycles in the group is no part of its saving
        Group cheaper = leaveOut(pricing, rung, curve, bits, scales, all, (group, without) -> without < group);
        if (cheaper.members().isEmpty() || !beyondModelError(cyclesNow, cheaper.cycles())) {
            return null;
        }
        Group needed = leaveOut(pricing, rung, curve, bits, scales, cheaper,
                (group, without) -> beyondModelError(cyclesNow, without));
        int[] b = bits.clone(), sc = scales.clone();
        needed.members().forEach(i -> rung.apply(curve.get(i).name(), b, sc));
        rung.apply(curve.getLast().name(), b, sc);
        return new Pair(List.copyOf(needed.members()), b, sc, needed.cycles());
    }

    /**
     * The curve's earlier refusals linked to its last step through ops they share, each still pending and not faster
     * alone now (one faster alone now: the groups after the walk try it), in the walk's order.
     */
    private List<Integer> linkedRefusals(ProgramPricing pricing, DemotionUnits.Rung rung, List<Step> curve, int[] bits,
                                         int[] scales, double cyclesNow) {
        Set<Value> reach = near(rung.of(curve.getLast().name()));
        List<Integer> members = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (boolean grew = true; grew; ) {
            grew = false;
            for (int i = 0; i < curve.size() - 1; i++) {
                if (seen.contains(i) || !pendingRefusal(rung, curve.get(i), bits, reach)) {
                    continue;
                }
                seen.add(i);
                int[] b = bits.clone(), sc = scales.clone();
                rung.apply(curve.get(i).name(), b, sc);
                if (!(pricing.cycles(b, sc) < cyclesNow)) {
                    members.add(i);
                    reach.addAll(near(rung.of(curve.get(i).name())));
                    grew = true;
                }
            }
        }
        members.sort(null);
        return members;
    }

    /** A linked group's members (the curve's indices, in the walk's order) and its modelled cycles with the last. */
    private record Group(List<Integer> members, double cycles) {}

    /** Whether a group of {@code group} cycles is better off without a member, {@code without} cycles without it. */
    private interface LeaveOut {
        boolean test(double group, double without);
    }

    /** {@code g} with each member, in the walk's order, left out where {@code rule} says so of the group then. */
    private static Group leaveOut(ProgramPricing pricing, DemotionUnits.Rung rung, List<Step> curve, int[] bits,
                                  int[] scales, Group g, LeaveOut rule) {
        for (Integer m : g.members()) {
            List<Integer> rest = new ArrayList<>(g.members());
            rest.remove(m);
            double without = cycles(pricing, rung, curve, rest, bits, scales);
            if (rule.test(g.cycles(), without)) {
                g = new Group(rest, without);
            }
        }
        return g;
    }

    /** The modelled cycles of the program of {@code bits} and {@code scales} with the members and the last demoted. */
    private static double cycles(ProgramPricing pricing, DemotionUnits.Rung rung, List<Step> curve,
                                 List<Integer> members, int[] bits, int[] scales) {
        int[] b = bits.clone(), sc = scales.clone();
        members.forEach(i -> rung.apply(curve.get(i).name(), b, sc));
        rung.apply(curve.getLast().name(), b, sc);
        return pricing.cycles(b, sc);
    }

    /** Whether step t is a refusal as not faster, still pending, of a unit with a value in {@code near}. */
    private static boolean pendingRefusal(DemotionUnits.Rung rung, Step t, int[] bits, Set<Value> near) {
        DemotionUnits.Chosen c = rung.of(t.name());
        return t.verdict() == StageFourVerdict.COST && c != null && rung.pending(t.name(), bits)
                && c.unit().values().stream().anyMatch(near::contains);
    }

    /**
     * Whether a program of {@code after} cycles saves more of the current {@code now} than the model's own error on
     * whole programs: smaller savings, priced 0.08-0.2% of a program, made programs measured up to 1.3% slower.
     */
    private boolean beyondModelError(double now, double after) {
        return now - after > modelError * now;
    }

    /** The values that share an op with some value of {@code c}'s unit (null: none). */
    private Set<Value> near(DemotionUnits.Chosen c) {
        Set<Value> out = new HashSet<>();
        if (c != null) {
            for (Value v : c.unit().values()) {
                out.addAll(neighbours.getOrDefault(v, Set.of()));
            }
            out.removeAll(c.unit().values());
        }
        return out;
    }
}
