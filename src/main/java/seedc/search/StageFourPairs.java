package seedc.search;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.search.ShiftryOutcome.Demotion;

/**
 * Stage IV's look one step ahead: a demotion that is not faster alone, tried with one later demotion of the walk that
 * shares an op with it and is not faster alone either. The greedy walk keeps a demotion only when the modelled cycles
 * fall at that step, so a cost that falls only once both ends of an op are narrow (an 8-bit result whose consumer
 * still reads 16 bits pays a conversion; a product gets its 8x8 kernel only with both operands at 8 bits) refuses
 * both; the groups tried after the walk ({@link StageFourGroups}) take the refusals in the walk's order, so one that
 * shares nothing with the pair and costs cycles sits in the same pending group, and by then the walk's later
 * demotions have spent the accuracy the pair would have needed. For a model that prices each op from its own
 * operands' and result's types, a demotion's saving changes with another demotion only when the two share an op, so
 * the partners looked at are those: the first later demotion in the walk's order, still pending, not faster alone,
 * whose pair with this one is faster than the current program. A partner that is faster alone is left to its own
 * turn: the walk's order, by accuracy lost per cycle saved, decides about it (pairing such a partner early was
 * measured too: BENCHMARKS.md "Stage IV looks one step ahead"). The pair is run once and kept whole if it meets the
 * walk's limits; else the first is refused as not faster, as before, and the partner keeps its turn. At most one
 * more run per "not faster" refusal, and the pricing of its few neighbours.
 */
final class StageFourPairs {
    /** Each value's neighbours: the values read or written by an op that reads or writes it. */
    private final Map<Value, Set<Value>> neighbours;

    private StageFourPairs(Map<Value, Set<Value>> neighbours) {
        this.neighbours = neighbours;
    }

    /**
     * Whether stage IV looks one step ahead (default yes); {@code -Dseedc.search.stageFourPairs=false} walks one
     * step at a time as before, for comparisons.
     */
    static boolean enabled() {
        return !"false".equals(System.getProperty("seedc.search.stageFourPairs"));
    }

    /** The neighbours of every value of {@code p} (an op's result, its operands; a loop's result and accumulator). */
    static StageFourPairs of(Program p) {
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
        return new StageFourPairs(n);
    }

    /** A pair to run: the partner, the program's widths and scales with both demotions, its modelled cycles. */
    record Pair(Demotion partner, int[] bits, int[] scales, double cycles) {}

    /**
     * The pair for demotion {@code d}, not faster alone from the program of {@code bits} and {@code scales}
     * ({@code cyclesNow} cycles): the first of {@code later} (the walk's order after d) that shares an op with d, is
     * still pending (not kept with an earlier one), is not faster alone either, and with d is faster than the current
     * program; null when none is.
     */
    Pair partner(ProgramPricing pricing, DemotionUnits.Rung rung, Demotion d, List<Demotion> later, int[] bits,
                 int[] scales, double cyclesNow) {
        Set<Value> near = near(rung.of(d.name()));
        for (Demotion e : later) {
            DemotionUnits.Chosen c = rung.of(e.name());
            if (c == null || !rung.pending(e.name(), bits)
                    || c.unit().values().stream().noneMatch(near::contains)) {
                continue;
            }
            int[] b = bits.clone(), sc = scales.clone();
            rung.apply(e.name(), b, sc);
            double partnerAlone = pricing.cycles(b, sc);
            rung.apply(d.name(), b, sc);
            double both = pricing.cycles(b, sc);
            if (!(partnerAlone < cyclesNow) && both < cyclesNow) {
                return new Pair(e, b, sc, both);
            }
        }
        return null;
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
