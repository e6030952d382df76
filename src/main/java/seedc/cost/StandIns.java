package seedc.cost;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The terms of an op as a {@link LinearCycleModel} prices them: where its fit never measured a kind of work that
 * replaced other code, by the terms of the code it replaced (its stand-ins), so that a model fitted before those terms
 * existed prices every program as it did. A product on bit planes ({@link PlaneWork}) or by subset sums
 * ({@link SubsetWork}): where no coefficient names a kind's planes' term ({@code MatMul.planebyte.1x1}, ...; for subset
 * sums {@code MatMul.subsetlookup.8}, ...), such a product is priced by its dense terms under their own names and its
 * kernel's terms at nothing; where one does, by its kernel's terms alone (an exp kernel, {@link ExpKernelWork},
 * likewise). The model's coverage counts a product by subset sums priced by its dense stand-ins as unmeasured work
 * ({@link #subsetStandIn}). Likewise a sum loop's class-score row ({@code Kind.row.FN}, IdiomWork): measured, it
 * replaces its stand-ins; else they price it (IdiomWork#rowsPriced, one op's terms at a time). And an op the C folds
 * into another's code ({@link FoldedWork}: {@code Quantize.foldedelem.16>8}, ...): where no coefficient names a
 * folded term of its kind, priced by the terms its folded ones were named from. Sign kernels ({@link SignWork}),
 * wide outputs' rescaling (PlaneWork) and packed reads ({@link PackedReadWork}) have their own rules, applied here in
 * turn; an idiom call's shift bits go back into the shift term they were taken from ({@link #asPriced}).
 */
final class StandIns {
    private final Predicate<String> fitted;
    /** The op kinds whose products on bit planes a fit measured: a coefficient of a planes' term (PlaneWork). */
    private final Set<String> planesFitted;
    /** The op kinds whose products by subset sums a fit measured: a coefficient of a subset-sum term (SubsetWork). */
    private final Set<String> subsetsFitted;
    /** The op kinds whose folded ops a fit measured: a coefficient of a folded term (FoldedWork). */
    private final Set<String> foldsFitted;
    /** The op kinds whose exp kernels a fit measured: a coefficient of an exp kernel's term (ExpKernelWork). */
    private final Set<String> expKernelsFitted;

    /** The stand-ins of a model whose fit measured the terms {@code fittedTerms}, which the caller does not change. */
    StandIns(Set<String> fittedTerms) {
        this.fitted = fittedTerms::contains;
        this.planesFitted = kindsWithUnits(fittedTerms, PlaneWork.PLANE);
        this.subsetsFitted = kindsWithUnits(fittedTerms, SubsetWork.SUBSET);
        this.foldsFitted = kindsWithUnits(fittedTerms, FoldedWork.FOLDED);
        this.expKernelsFitted = kindsWithUnits(fittedTerms, ExpKernelWork.KERNEL);
    }

    /** The kinds of the terms whose unit starts with {@code prefix}. */
    private static Set<String> kindsWithUnits(Set<String> terms, String prefix) {
        return terms.stream().filter(t -> TermName.of(t).unit().startsWith(prefix)).map(t -> TermName.of(t).kind())
                .collect(Collectors.toUnmodifiableSet());
    }

    /** Whether a fit measured any kind's products on bit planes (a planes' term has a coefficient). */
    boolean measuredProductsOnPlanes() {
        return !planesFitted.isEmpty();
    }

    /**
     * The dense term that {@code term} stands in for when it is a product by subset sums' stand-in ({@code plain*})
     * and its kind's subset sums are unmeasured (the term's name without the prefix), else null.
     */
    String subsetStandIn(String term) {
        return standInFor(term, SubsetWork.PLAIN, subsetsFitted);
    }

    /**
     * {@code terms} as the model prices them (see the class comment), with each unfitted idiom call's shift bits
     * ({@code Kind.callshift}) put back into the term they were taken from (amounts are whole numbers: the sums are
     * exact): priced so, a model that never measured the calls adds exactly the products it added before they existed,
     * and so prices every program to the last bit as it did.
     */
    Map<String, Double> asPriced(Map<String, Double> terms) {
        Map<String, Double> planes = onPlanes(PackedReadWork.priced(PlaneWork.widePriced(SignWork.asPriced(
                FoldedWork.asPriced(IdiomWork.rowsPriced(terms, fitted), foldsFitted), fitted), fitted), fitted));
        if (planes.keySet().stream().noneMatch(t -> isCallShift(t) && !fitted.test(t))) {
            return planes;
        }
        Map<String, Double> f = new TreeMap<>();
        planes.forEach((t, a) -> f.merge(isCallShift(t) && !fitted.test(t) ? TermPrices.indexedTwin(t) : t, a,
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
}
