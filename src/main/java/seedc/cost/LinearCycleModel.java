package seedc.cost;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import seedc.fixed.FixedProgram;
import seedc.fixed.SubsetTableRoom;
import seedc.ir.Op;

/**
 * A cycle model linear in the work of each op ({@link OpWork}): an op's cycles are the sum over its terms of a fitted
 * coefficient (cycles per unit) times the term's amount. The estimate's parts are the program's top-level ops in
 * order and, last, {@link OpWork#CALL_LABEL}, the call's own cost.
 *
 * <p>A term the fit never saw (a width pair no fixture had, a kind no fixture had) is priced by its nearest fitted
 * relatives, the mean of the first of these tiers that has any: the same kind and unit at any widths; kinds of the
 * same {@link OpFamily} with the same unit and widths; any kind with the same unit and widths; any kind with the same
 * unit. For a product's MACs the widths come first (any kind with the same unit and widths, then the same kind at
 * any widths, then any kind with the same unit): they decide its multiply sequence. The family tier keeps a refit of
 * one family from moving the others' prices: a splice's 16-bit element (no fixture had one) is the mean of the cheap
 * element-wise ops' (add, relu, index, ...), not of every 16-bit element, softplus's 290 cycles and tanh's 190 among
 * them. A term with no relative at all costs nothing; {@link #unpriced} names them. A flash row read in order
 * ({@code Kind.nextelem.*}, {@code Kind.nextmac.*}: OpWork's terms where the target streams) that the fit never
 * measured is priced as its indexed twin ({@code Kind.elem.*}, {@code Kind.mac.*}, {@code Kind.op}, ...), the same
 * work read otherwise: a
 * model fitted before those terms existed prices every program as it did. So does one that never measured products on
 * bit planes ({@link PlaneWork}) or by subset sums ({@link SubsetWork}): where no coefficient names a kind's planes'
 * term ({@code MatMul.planebyte.1x1}, ...; for subset sums {@code MatMul.subsetlookup.8}, ...), such a product is
 * priced by its dense terms under their own names and its kernel's terms at nothing; where one does, by its kernel's
 * terms alone. {@link #coverage} counts a product by subset sums priced by its dense stand-ins as unmeasured work.
 * Likewise a sum loop's class-score row ({@code Kind.row.FN}, IdiomWork): measured, it replaces its stand-ins; else
 * they price it, op by op: a loop's body ops each priced on their own terms ({@link #estimate}), so that a row the
 * model never measured in one op leaves a measured row of another op of the loop priced as measured. And an op the C
 * folds into another's code ({@link FoldedWork}: {@code Quantize.foldedelem.16>8}, ...): where no coefficient names a
 * folded term of its kind, priced by the terms its folded ones were named from.
 */
public final class LinearCycleModel implements CycleModel {
    private final String description;
    private final Map<String, Double> coefficients;
    /** {@link #heldOutError}: the fit's figure, NaN where none measured this model on this target. */
    private final double heldOutError;
    /** Whether the target reads a flash row in order through a pointer (OpWork's {@code next} terms). */
    private final boolean readsFlashRowsInOrder;
    private final Map<String, Double> resolved = new ConcurrentHashMap<>();
    /** The op kinds whose products on bit planes a fit measured: a coefficient of a planes' term (PlaneWork). */
    private final Set<String> planesFitted;
    /** The op kinds whose products by subset sums a fit measured: a coefficient of a subset-sum term (SubsetWork). */
    private final Set<String> subsetsFitted;
    /** The op kinds whose folded ops a fit measured: a coefficient of a folded term (FoldedWork). */
    private final Set<String> foldsFitted;
    /** The op kinds whose exp kernels a fit measured: a coefficient of an exp kernel's term (ExpKernelWork). */
    private final Set<String> expKernelsFitted;

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
        this.planesFitted = kindsWithUnits(coefficients.keySet(), PlaneWork.PLANE);
        this.subsetsFitted = kindsWithUnits(coefficients.keySet(), SubsetWork.SUBSET);
        this.foldsFitted = kindsWithUnits(coefficients.keySet(), FoldedWork.FOLDED);
        this.expKernelsFitted = kindsWithUnits(coefficients.keySet(), ExpKernelWork.KERNEL);
        this.heldOutError = heldOutError;
        this.readsFlashRowsInOrder = readsFlashRowsInOrder;
    }

    /** The kinds of the terms whose unit starts with {@code prefix}. */
    private static Set<String> kindsWithUnits(Set<String> terms, String prefix) {
        return terms.stream().filter(t -> TermName.of(t).unit().startsWith(prefix)).map(t -> TermName.of(t).kind())
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
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
        return !planesFitted.isEmpty();
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

    @Override
    public WorkCoverage coverage(FixedProgram program, Map<String, double[]> weights, SubsetTableRoom room) {
        double all = 0, fitted = 0;
        boolean unpriced = false;
        List<WorkCoverage.Unmeasured> unmeasured = new ArrayList<>();
        for (OpWork.Part p : OpWork.of(program, weights, readsFlashRowsInOrder, room)) {
            Map<String, Double> terms = folded(p.terms());
            if (!unpricedOf(terms).isEmpty()) {
                unpriced = true; // work priced at nothing: how much of the program it is, nobody knows
                unmeasured.add(new WorkCoverage.Unmeasured(p.label(), p.kind(), Double.NaN));
                continue;
            }
            double partAll = 0, partFitted = 0;
            for (var t : terms.entrySet()) {
                double c = coefficient(t.getKey()) * t.getValue();
                partAll += c;
                partFitted += measured(t.getKey()) ? c : 0; // a term priced as its measured twin: measured work
            }
            // a product by subset sums priced by its dense stand-ins: fitted on dense products, not on this kernel
            for (var t : p.terms().entrySet()) {
                String kept = standInFor(t.getKey(), SubsetWork.PLAIN, subsetsFitted);
                partFitted -= kept != null && measured(kept) ? coefficient(kept) * t.getValue() : 0;
            }
            all += partAll;
            fitted += partFitted;
            if (partAll - partFitted > 0.5) { // half a cycle: a sum's rounding, not work
                unmeasured.add(new WorkCoverage.Unmeasured(p.label(), p.kind(), partAll - partFitted));
            }
        }
        return new WorkCoverage(unpriced ? 0 : all == 0 ? 1 : fitted / all, unmeasured);
    }

    /** Whether the term, or the twin it is priced as (its twin's, ...), is fitted; an unfitted call counts as fitted. */
    private boolean measured(String term) {
        String twin = indexedTwin(term);
        return coefficients.containsKey(term) || isCallCount(term) || !twin.equals(term) && measured(twin);
    }

    /**
     * The terms with each unfitted idiom call's shift bits ({@code Kind.callshift}) put back into the term they were
     * taken from (amounts are whole numbers: the sums are exact): priced so, a model that never measured the calls
     * adds exactly the products it added before they existed, and so prices every program to the last bit as it did.
     */
    private Map<String, Double> folded(Map<String, Double> terms) {
        Map<String, Double> planes = onPlanes(PackedReadWork.priced(PlaneWork.widePriced(SignWork.asPriced(
                FoldedWork.asPriced(IdiomWork.rowsPriced(terms, coefficients::containsKey), foldsFitted),
                coefficients::containsKey), coefficients::containsKey), coefficients::containsKey));
        if (planes.keySet().stream().noneMatch(t -> isCallShift(t) && !coefficients.containsKey(t))) {
            return planes;
        }
        Map<String, Double> f = new TreeMap<>();
        planes.forEach((t, a) -> f.merge(isCallShift(t) && !coefficients.containsKey(t) ? indexedTwin(t) : t, a,
                Double::sum));
        return f;
    }

    /**
     * The terms of products on bit planes or by subset sums (PlaneWork's, SubsetWork's), and of exp kernels
     * (ExpKernelWork's), as this model prices them: where a fit measured the kind's kernel (its planes, its subset
     * sums, its exp kernel), the kernel's terms, without the stand-ins ({@code dense*}, {@code plain*},
     * {@code tableless*}); else the dense terms under their own names, without the kernel's,
     * so that the op is exactly the term map it was before the kernel had terms. Term by term: a loop's part may hold
     * products of both kernels.
     */
    private Map<String, Double> onPlanes(Map<String, Double> terms) {
        if (terms.keySet().stream().noneMatch(t -> isStandIn(TermName.of(t).unit()))) {
            return terms;
        }
        Map<String, Double> f = new TreeMap<>();
        terms.forEach((t, a) -> {
            TermName q = TermName.of(t);
            String dense = standInFor(t, PlaneWork.DENSE, planesFitted), plain = standInFor(t, SubsetWork.PLAIN,
                    subsetsFitted), own = standInFor(t, ExpKernelWork.STAND_IN, expKernelsFitted);
            String kept = dense != null ? dense : plain != null ? plain : own;
            if (kept != null) {
                f.merge(kept, a, Double::sum); // the kernel unmeasured: priced as before
            } else if (q.unit().startsWith(PlaneWork.PLANE) ? planesFitted.contains(q.kind())
                    : q.unit().startsWith(SubsetWork.SUBSET) ? subsetsFitted.contains(q.kind())
                    : q.unit().startsWith(ExpKernelWork.KERNEL) ? expKernelsFitted.contains(q.kind())
                    : !isStandIn(q.unit())) {
                f.merge(t, a, Double::sum);
            }
        });
        return f;
    }

    /**
     * Whether a unit is an op's own term kept beside a kernel's ({@code dense*}: planes', {@code plain*}: subset sums',
     * {@code tableless*}: an exp kernel's).
     */
    private static boolean isStandIn(String unit) {
        return unit.startsWith(PlaneWork.DENSE) || unit.startsWith(SubsetWork.PLAIN)
                || unit.startsWith(ExpKernelWork.STAND_IN);
    }

    /**
     * The dense term that {@code term} stands in for when its unit has {@code prefix} and its kind's kernel is not in
     * {@code fitted} (the term's name without the prefix), else null.
     */
    private static String standInFor(String term, String prefix, Set<String> fitted) {
        TermName q = TermName.of(term);
        if (!q.unit().startsWith(prefix) || fitted.contains(q.kind())) {
            return null;
        }
        return q.withUnit(q.unit().substring(prefix.length()));
    }

    private static boolean isCallShift(String term) {
        String unit = TermName.of(term).unit();
        return unit.startsWith(IdiomWork.CALL) && unit.length() > IdiomWork.CALL.length();
    }

    /** An op's idiom calls ({@code Kind.call.FN}, OpWork's): their work is its twins' until a fit measures them. */
    private static boolean isCallCount(String term) {
        return TermName.of(term).unit().equals(IdiomWork.CALL);
    }

    /** The cycles of work made of {@code terms} (term to amount). */
    public double price(Map<String, Double> terms) {
        double c = 0;
        for (var t : folded(terms).entrySet()) {
            c += coefficient(t.getKey()) * t.getValue();
        }
        return c;
    }

    /** Cycles per unit of {@code term}: fitted, or from its relatives (see the class comment). */
    public double coefficient(String term) {
        Double c = coefficients.get(term);
        if (c != null) {
            return c;
        }
        // not computeIfAbsent: an unfitted twin's price is resolved through here too, and ConcurrentHashMap throws
        // "Recursive update" when that nested call lands in the bin being computed (FitScriptPricingTest met it on
        // avr.json's read-in-order and call terms); two threads resolving one term compute the same figure
        Double r = resolved.get(term);
        if (r == null) {
            r = fromRelatives(term);
            resolved.putIfAbsent(term, r);
        }
        return r;
    }

    /**
     * The terms of {@code terms} that neither the fit nor any relative prices (they count 0 cycles), as this model
     * reads them (a product's planes' terms or its dense ones, {@link #onPlanes}).
     */
    public List<String> unpriced(Map<String, Double> terms) {
        return unpricedOf(folded(terms));
    }

    private List<String> unpricedOf(Map<String, Double> folded) {
        return folded.keySet().stream().filter(t -> !coefficients.containsKey(t) && !isCallCount(t)
                && relatives(t).isEmpty()).toList();
    }

    private double fromRelatives(String term) {
        if (isCallCount(term) || IdiomWork.isRow(TermName.of(term).unit())) {
            return 0; // the call's shift bits (callshift) and the op's other terms price its work until it is fitted
        }
        String twin = indexedTwin(term);
        if (!twin.equals(term)) {
            return coefficient(twin);
        }
        List<Double> r = relatives(term);
        return r.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /**
     * A flash row read in order's term ({@code MatMul.nextmac.8x8.t32}, {@code Add.nextop}) as the same work read by
     * index ({@code MatMul.mac.8x8.t32}, {@code Add.op}); an idiom call's shift bits ({@code MatMul.callshift},
     * {@code Add.callnextshift}: IdiomWork's) as the shift term they were taken from ({@code MatMul.shift},
     * {@code Add.nextshift}); any other term as it is.
     */
    static String indexedTwin(String term) {
        TermName t = TermName.of(term);
        String prefix = t.unit().startsWith(OpWork.NEXT) ? OpWork.NEXT
                : t.unit().startsWith(IdiomWork.CALL) && t.unit().length() > IdiomWork.CALL.length() ? IdiomWork.CALL
                : null;
        return prefix == null ? term : t.withUnit(t.unit().substring(prefix.length()));
    }

    /** The coefficients of the nearest relatives of an unfitted term (see the class comment; a twin's, its twin's). */
    private List<Double> relatives(String term) {
        String twin = indexedTwin(term);
        if (!twin.equals(term)) {
            return coefficients.containsKey(twin) ? List.of(coefficients.get(twin)) : relatives(twin);
        }
        TermName t = TermName.of(term);
        Predicate<TermName> sameKind = q -> q.kind().equals(t.kind()) && q.unit().equals(t.unit());
        Predicate<TermName> sameWidths = q -> q.unit().equals(t.unit()) && q.widths().equals(t.widths());
        Predicate<TermName> sameFamily = q -> sameWidths.test(q) && q.family() == t.family();
        Predicate<TermName> sameUnit = q -> q.unit().equals(t.unit());
        // A product's widths decide its multiply (16 x 16 bits in 32-bit terms is a library call on the AVR), so a
        // product's relatives at its widths come first; an element-wise op's kind decides more (exp against relu).
        List<Predicate<TermName>> tiers = t.unit().equals("mac")
                ? List.of(sameWidths, sameKind, sameUnit)
                : List.of(sameKind, sameFamily, sameWidths, sameUnit);
        for (var tier : tiers) {
            List<Double> found = new ArrayList<>();
            coefficients.forEach((k, v) -> {
                if (tier.test(TermName.of(k))) {
                    found.add(v);
                }
            });
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }
}
