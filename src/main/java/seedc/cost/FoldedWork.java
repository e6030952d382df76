package seedc.cost;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import seedc.fixed.FixedProgram;
import seedc.fixed.FoldedQuantizes;
import seedc.fixed.QuantizedModel;
import seedc.fixed.StoreEpilogues;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The ops the C computes in no code of their own ({@link FoldedQuantizes#withoutCode}, the fact the C backends fold
 * them by: a quantize compared where the product above stores each element or packed by the product on bit planes
 * below, a chain's scale and bias; {@link StoreEpilogues}: a bias and a ReLU computed at a convolution's store), as
 * OpWork's terms: such an op keeps its terms under units prefixed by {@link #FOLDED} ({@code Quantize.foldedelem.16>8},
 * {@code Quantize.foldedop}, {@code VecOp.foldedshift}). A model with no coefficient of a kind's folded terms prices
 * them as the terms they were named from ({@link #asPriced}): exactly as it priced the op before the fold had terms;
 * one that has, by the folded terms.
 */
final class FoldedWork {
    /** The prefix of the unit of a folded op's term. */
    static final String FOLDED = "folded";

    private FoldedWork() {}

    /**
     * The ops of {@code fp} without code of their own as its C builds it with the defaults (bit-serial on; the
     * products on planes {@link seedc.fixed.LowBitProducts#onPlanes} gives, {@code planes}), {@code flash} what it
     * keeps in flash: the quantizes folded (none without weights or without a quantize), and the biases and ReLUs a
     * convolution computes where it stores ({@link StoreEpilogues}) where no fold or kernel claims it.
     */
    static Set<Op> ops(FixedProgram fp, Map<String, double[]> weights, Set<Value> flash, PlaneWork planes) {
        boolean[] quantizes = {false};
        fp.program().forEachOp(op -> quantizes[0] |= op instanceof Op.Quantize);
        Set<Op> s = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Op> claimed = Collections.newSetFromMap(new IdentityHashMap<>());
        if (weights != null && quantizes[0]) {
            FoldedQuantizes folds = FoldedQuantizes.priced(fp, new QuantizedModel(fp, weights), flash);
            s.addAll(folds.withoutCode());
            claimed.addAll(s);
            folds.chains().stream().filter(c -> c.product() != null).forEach(c -> claimed.add(c.product()));
        }
        StoreEpilogues.of(fp, op -> claimed.contains(op) || planes != null
                && (planes.productOf(op) != null || planes.subsetsOf(op) != null)).all()
                .forEach(e -> s.addAll(e.links()));
        return s;
    }

    /** A folded op's term: its unit prefixed by {@link #FOLDED} (Quantize.elem.16>8 -> Quantize.foldedelem.16>8). */
    static String folded(String term) {
        int dot = term.indexOf('.');
        return term.substring(0, dot) + "." + FOLDED + term.substring(dot + 1);
    }

    /**
     * The terms as a model whose folded terms are of the kinds {@code fitted} prices them: a folded term of another
     * kind under the name it was made from (Quantize.foldedop -> Quantize.op), amounts merged.
     */
    static Map<String, Double> asPriced(Map<String, Double> terms, Set<String> fitted) {
        if (terms.keySet().stream().noneMatch(FoldedWork::isFolded)) {
            return terms;
        }
        Map<String, Double> f = new TreeMap<>();
        terms.forEach((t, a) -> f.merge(isFolded(t) && !fitted.contains(TermName.of(t).kind()) ? unfolded(t) : t, a,
                Double::sum));
        return f;
    }

    /** Whether a term is a folded op's. */
    static boolean isFolded(String term) {
        int dot = term.indexOf('.');
        return dot > 0 && term.startsWith(FOLDED, dot + 1);
    }

    /** The term a folded one was named from. */
    private static String unfolded(String term) {
        int dot = term.indexOf('.');
        return term.substring(0, dot + 1) + term.substring(dot + 1 + FOLDED.length());
    }
}
