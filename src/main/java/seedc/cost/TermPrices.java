package seedc.cost;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A {@link LinearCycleModel}'s cycles per unit of each term: the fitted coefficient, or, for a term the fit never saw
 * (a width pair no fixture had, a kind no fixture had), its nearest fitted relatives', the mean of the first of these
 * tiers that has any: the same kind and unit at any widths; kinds of the same {@link OpFamily} with the same unit and
 * widths; any kind with the same unit and widths; any kind with the same unit. For a product's MACs the widths come
 * first (any kind with the same unit and widths, then the same kind at any widths, then any kind with the same unit):
 * they decide its multiply sequence. The family tier keeps a refit of one family from moving the others' prices: a
 * splice's 16-bit element (no fixture had one) is the mean of the cheap element-wise ops' (add, relu, index, ...), not
 * of every 16-bit element, softplus's 290 cycles and tanh's 190 among them. A term with no relative at all costs
 * nothing; {@link #unpriced} names them. A flash row read in order ({@code Kind.nextelem.*}, {@code Kind.nextmac.*}:
 * OpWork's terms where the target streams) that the fit never measured is priced as its indexed twin
 * ({@code Kind.elem.*}, {@code Kind.mac.*}, {@code Kind.op}, ...), the same work read otherwise: a model fitted before
 * those terms existed prices every program as it did.
 */
final class TermPrices {
    private final Map<String, Double> coefficients;
    private final Map<String, Double> resolved = new ConcurrentHashMap<>();

    /** Prices by {@code coefficients} (term to fitted cycles per unit), which the caller does not change. */
    TermPrices(Map<String, Double> coefficients) {
        this.coefficients = coefficients;
    }

    /** Cycles per unit of {@code term}: fitted, or from its relatives (see the class comment). */
    double coefficient(String term) {
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

    /** Whether the term, or the twin it is priced as (its twin's, ...), is fitted; an unfitted call counts as fitted. */
    boolean measured(String term) {
        String twin = indexedTwin(term);
        return coefficients.containsKey(term) || isCallCount(term) || !twin.equals(term) && measured(twin);
    }

    /**
     * The terms of {@code priced} (terms as the model prices them: {@link StandIns#asPriced}) that neither the fit nor
     * any relative prices: they count 0 cycles.
     */
    List<String> unpriced(Map<String, Double> priced) {
        return priced.keySet().stream().filter(t -> !coefficients.containsKey(t) && !isCallCount(t)
                && relatives(t).isEmpty()).toList();
    }

    /** An op's idiom calls ({@code Kind.call.FN}, OpWork's): their work is its twins' until a fit measures them. */
    private static boolean isCallCount(String term) {
        return TermName.of(term).unit().equals(IdiomWork.CALL);
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
