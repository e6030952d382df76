package seedc.cost;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import seedc.fixed.FixedProgram;
import seedc.fixed.SubsetTableRoom;
import seedc.ir.Op;

/**
 * A cycle model linear in the work of each op ({@link OpWork}): an op's cycles are the sum over its terms of a fitted
 * coefficient (cycles per unit) times the term's amount. The estimate's parts are the program's top-level ops in
 * order and, last, {@link OpWork#CALL_LABEL}, the call's own cost.
 *
 * <p>A term the fit never saw is priced by its nearest fitted relatives, or a flash row read in order by its indexed
 * twin ({@link TermPrices}); a term with no relative at all costs nothing, and {@link #unpriced} names them. Work the
 * fit never measured that replaced other code (products on bit planes or by subset sums, exp kernels, class-score and
 * other rows, folded ops, ...) is priced by the terms of the code it replaced ({@link StandIns}).
 * {@link #coverage} counts a product by subset sums priced by its dense stand-ins as unmeasured work. A loop is priced
 * op by op: its body ops each on their own terms ({@link #estimate}), so that a row the model never measured in one
 * op leaves a measured row of another op of the loop priced as measured.
 */
public final class LinearCycleModel implements CycleModel {
    private final String description;
    private final Map<String, Double> coefficients;
    /** {@link #heldOutError}: the fit's figure, NaN where none measured this model on this target. */
    private final double heldOutError;
    /** Whether the target reads a flash row in order through a pointer (OpWork's {@code next} terms). */
    private final boolean readsFlashRowsInOrder;
    /** Each term's cycles per unit, fitted or from relatives. */
    private final TermPrices prices;
    /** The terms as this model prices them, stand-ins for the work it never measured. */
    private final StandIns standIns;

    /** A model described so, pricing each term (see {@link OpWork}) by {@code coefficients}, its error unmeasured. */
    public LinearCycleModel(String description, Map<String, Double> coefficients) {
        this(description, coefficients, Double.NaN);
    }

    /**
     * A model described so, pricing each term by {@code coefficients}, whose fit measured a mean relative error of
     * {@code heldOutError} on whole programs of the models it left out (NaN: not measured).
     */
    public LinearCycleModel(String description, Map<String, Double> coefficients, double heldOutError) {
        this(description, coefficients, heldOutError, false);
    }

    /**
     * The same, of a target that reads a flash row in order through a pointer when {@code readsFlashRowsInOrder}
     * (the AVR: its C dialect's readsFlashRowsInOrder), whose ops reading one OpWork gives the {@code next} terms.
     */
    public LinearCycleModel(String description, Map<String, Double> coefficients, double heldOutError,
                            boolean readsFlashRowsInOrder) {
        this.description = description;
        this.coefficients = Map.copyOf(coefficients);
        this.prices = new TermPrices(this.coefficients);
        this.standIns = new StandIns(this.coefficients.keySet());
        this.heldOutError = heldOutError;
        this.readsFlashRowsInOrder = readsFlashRowsInOrder;
    }

    /** Whether the target reads flash rows in order (OpWork prices such reads by terms of their own). */
    public boolean readsFlashRowsInOrder() {
        return readsFlashRowsInOrder;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public double heldOutError() {
        return heldOutError;
    }

    /** Whether a fit measured any kind's products on bit planes (a planes' term has a coefficient). */
    @Override
    public boolean measuredProductsOnPlanes() {
        return standIns.measuredProductsOnPlanes();
    }

    /** The fitted coefficients, by term, sorted. */
    public Map<String, Double> coefficients() {
        return new TreeMap<>(coefficients);
    }

    /** {@link OpWork#MOVE_TERM}'s fitted coefficient (no relative prices it: 0 where it was not fitted). */
    @Override
    public double cyclesPerMovedByte() {
        return coefficients.getOrDefault(OpWork.MOVE_TERM, 0.0);
    }

    @Override
    public CycleEstimate estimate(FixedProgram program, Map<String, double[]> weights) {
        return estimate(program, weights, SubsetTableRoom.NONE);
    }

    @Override
    public CycleEstimate estimate(FixedProgram program, Map<String, double[]> weights, SubsetTableRoom room) {
        List<CycleEstimate.Part> parts = new ArrayList<>();
        double total = 0;
        OpWork.Priced pricing = OpWork.pricing(program, weights, readsFlashRowsInOrder, room);
        for (Op op : program.program().body().ops()) {
            CycleEstimate.Part part = priced(pricing, weights, op);
            parts.add(part);
            total += part.cycles();
        }
        OpWork.Part call = pricing.call();
        double c = price(call.terms());
        parts.add(new CycleEstimate.Part(call.label(), call.kind(), call.macs(), c));
        return new CycleEstimate(total + c, parts);
    }

    /**
     * An op outside loops priced as before when its parameters and types are the same (equal, or for parameters
     * holding tables, the same objects): the search prices thousands of programs that differ from each other in a
     * value or two, and pricing each op of each made Shiftry's stage III quadratic in a long program's values.
     */
    private CycleEstimate.Part priced(OpWork.Priced pricing, Map<String, double[]> weights, Op op) {
        List<Object> reads = pricing.reads(op);
        if (reads == null) {
            // a loop: each op of its body priced on its own terms, as a lone op is. Priced as one term map, one row
            // its model never measured (an 8-bit sigmoid's table row) put every other row of the loop back on its
            // stand-ins (fastgrnn-gestures-8's dot rows, +113,184 cycles, BENCHMARKS.md "t18 traced")
            double c = 0;
            long macs = 0;
            for (OpWork.Part p : pricing.byOp(op)) {
                c += price(p.terms());
                macs += p.macs();
            }
            return new CycleEstimate.Part(op.out().name(), OpWork.kind(op), macs, c);
        }
        Seen key = new Seen(op, weights, reads);
        CycleEstimate.Part known = seen.get(key);
        if (known == null) {
            known = price(pricing.part(op));
            if (seen.size() < SEEN) {
                seen.put(key, known);
            }
        }
        return known;
    }

    private CycleEstimate.Part price(OpWork.Part p) {
        return new CycleEstimate.Part(p.label(), p.kind(), p.macs(), price(p.terms()));
    }

    /**
     * The ops priced so far (at most {@link #SEEN}): the op and the weights (both by identity: a sparse product's
     * non-zeros are the weights') and what its part reads.
     */
    private final Map<Seen, CycleEstimate.Part> seen = new ConcurrentHashMap<>();
    private static final int SEEN = 1 << 20;

    private record Seen(Op op, Map<String, double[]> weights, List<Object> reads) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Seen s && s.op == op && s.weights == weights && s.reads.equals(reads);
        }

        @Override
        public int hashCode() {
            return (System.identityHashCode(op) * 31 + System.identityHashCode(weights)) * 31 + reads.hashCode();
        }
    }

    @Override
    public WorkCoverage coverage(FixedProgram program, Map<String, double[]> weights) {
        return coverage(program, weights, SubsetTableRoom.NONE);
    }

    /**
     * Each top-level op's work priced as {@link #estimate} prices it, op by op (a loop's own part, then its body's
     * ops: OpWork.Priced#byOp), so that a row measured in one op of a loop counts as measured beside a row another op
     * never measured (as one map of the loop's terms, IdiomWork#rowsPriced put every row of the loop back on its
     * stand-ins). Where the loop's ops price their rows alike, the figures are one map's to the last bit.
     */
    @Override
    public WorkCoverage coverage(FixedProgram program, Map<String, double[]> weights, SubsetTableRoom room) {
        double all = 0, fitted = 0;
        boolean unpriced = false;
        List<WorkCoverage.Unmeasured> unmeasured = new ArrayList<>();
        OpWork.Priced pricing = OpWork.pricing(program, weights, readsFlashRowsInOrder, room);
        List<List<OpWork.Part>> tops = new ArrayList<>();
        program.program().body().ops().forEach(op -> tops.add(pricing.byOp(op)));
        tops.add(List.of(pricing.call()));
        for (List<OpWork.Part> byOp : tops) {
            OpWork.Part p = byOp.get(0); // the op's (a loop's own part: the loop's label and kind)
            // its terms as estimate prices them, op by op, and as counted, each summed over its ops before they are
            // priced (the amounts are counts, whole numbers: summed exactly, as in one map of the loop's terms)
            Map<String, Double> terms = new TreeMap<>(), counted = new TreeMap<>();
            for (OpWork.Part q : byOp) {
                standIns.asPriced(q.terms()).forEach((t, a) -> terms.merge(t, a, Double::sum));
                q.terms().forEach((t, a) -> counted.merge(t, a, Double::sum));
            }
            if (!prices.unpriced(terms).isEmpty()) {
                unpriced = true; // work priced at nothing: how much of the program it is, nobody knows
                unmeasured.add(new WorkCoverage.Unmeasured(p.label(), p.kind(), Double.NaN));
                continue;
            }
            double partAll = 0, partFitted = 0;
            for (var t : terms.entrySet()) {
                double c = prices.coefficient(t.getKey()) * t.getValue();
                partAll += c;
                partFitted += prices.measured(t.getKey()) ? c : 0; // a term priced as its measured twin: measured work
            }
            // a product by subset sums priced by its dense stand-ins: fitted on dense products, not on this kernel
            for (var t : counted.entrySet()) {
                String kept = standIns.subsetStandIn(t.getKey());
                partFitted -= kept != null && prices.measured(kept) ? prices.coefficient(kept) * t.getValue() : 0;
            }
            all += partAll;
            fitted += partFitted;
            if (partAll - partFitted > 0.5) { // half a cycle: a sum's rounding, not work
                unmeasured.add(new WorkCoverage.Unmeasured(p.label(), p.kind(), partAll - partFitted));
            }
        }
        return new WorkCoverage(unpriced ? 0 : all == 0 ? 1 : fitted / all, unmeasured);
    }

    /** The cycles of work made of {@code terms} (term to amount). */
    public double price(Map<String, Double> terms) {
        double c = 0;
        for (var t : standIns.asPriced(terms).entrySet()) {
            c += prices.coefficient(t.getKey()) * t.getValue();
        }
        return c;
    }

    /** Cycles per unit of {@code term}: fitted, or from its relatives (see {@link TermPrices}). */
    public double coefficient(String term) {
        return prices.coefficient(term);
    }

    /**
     * The terms of {@code terms} that neither the fit nor any relative prices (they count 0 cycles), as this model
     * reads them (a product's planes' terms or its dense ones, {@link StandIns}).
     */
    public List<String> unpriced(Map<String, Double> terms) {
        return prices.unpriced(standIns.asPriced(terms));
    }
}
