package seedc.cost;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import seedc.fixed.SignKernels;
import seedc.ir.Op;

/**
 * The products on bit planes that compare or count their quantize in their kernel ({@link SignKernels}, the fact the
 * C backends write them by) as PlaneWork's terms of their own: a product writing packed signs has its outputs under
 * {@code Kind.planesignout} (each count compared in the kernel and its bit shifted into the sign's bytes, where
 * {@code Kind.planeout} forms, compares and stores a count), a product reading them its packed bits under
 * {@code Kind.planesignpack} (its plane copied from the sign's bytes, where {@code Kind.planepack} packs each bit), a
 * convolution counting its quantize's level numbers its outputs under {@code Kind.planelevelout}, a matrix product
 * counting them in the level tables' kernel its outputs under {@code Kind.planetablelevelout}; a max pooling of a
 * writer's packed bytes (the OR of each window's bytes, where a plain pooling compares each element) has its terms
 * under units prefixed {@code signpool} ({@code Maxpool.signpoolop}, {@code Maxpool.signpooltap.8}: the same
 * amounts, taps of elements). A model with no coefficient of such a term prices it as the term it was renamed from
 * ({@link #asPriced}): exactly as before the kernels had terms.
 */
final class SignWork {
    /** The units a kernel's terms are renamed from, and the ones they get. */
    static final String OUT = PlaneWork.PLANE + "out", PACK = PlaneWork.PLANE + "pack",
            SIGN_OUT = PlaneWork.PLANE + "signout", SIGN_PACK = PlaneWork.PLANE + "signpack",
            LEVEL_OUT = PlaneWork.PLANE + "levelout", TABLE_LEVEL_OUT = PlaneWork.PLANE + "tablelevelout";

    /** The prefix of the units of a max pooling of packed signs. */
    static final String POOL = "signpool";

    private SignWork() {}

    /**
     * The planes' terms of product op ({@code planes}: PlaneWork's) with its sign kernels' units, as {@code fact}
     * says.
     */
    static Map<String, Double> terms(SignKernels fact, Op op, Map<String, Double> planes) {
        boolean writes = fact.writtenBy(op) != null, reads = fact.readBy(op) != null, counts = fact.counts(op) != null;
        boolean inTables = fact.tableCounts(op) != null;
        if (!writes && !reads && !counts && !inTables) {
            return planes;
        }
        Map<String, Double> t = new TreeMap<>();
        planes.forEach((term, amount) -> {
            String unit = TermName.unit(term);
            String renamed = unit.equals(OUT) && writes ? SIGN_OUT : unit.equals(OUT) && counts ? LEVEL_OUT
                    : unit.equals(OUT) && inTables ? TABLE_LEVEL_OUT : unit.equals(PACK) && reads ? SIGN_PACK : null;
            t.merge(renamed == null ? term : term.substring(0, term.indexOf('.') + 1) + renamed, amount, Double::sum);
        });
        return t;
    }

    /** A max pooling's term as a pooling of packed signs' (Maxpool.tap.8 -> Maxpool.signpooltap.8). */
    static String pooled(String term) {
        TermName t = TermName.of(term);
        return t.withUnit(POOL + t.unit());
    }

    /**
     * The terms as a model that has coefficients of {@code fitted} prices them: an unfitted kernel's under its old
     * name.
     */
    static Map<String, Double> asPriced(Map<String, Double> terms, Predicate<String> fitted) {
        if (terms.keySet().stream().noneMatch(SignWork::isSignTerm)) {
            return terms;
        }
        Map<String, Double> f = new TreeMap<>();
        terms.forEach((t, a) -> f.merge(isSignTerm(t) && !fitted.test(t) ? renamedFrom(t) : t, a, Double::sum));
        return f;
    }

    private static boolean isSignTerm(String term) {
        String u = TermName.unit(term);
        return u.equals(SIGN_OUT) || u.equals(SIGN_PACK) || u.equals(LEVEL_OUT) || u.equals(TABLE_LEVEL_OUT)
                || u.startsWith(POOL);
    }

    /**
     * The term a kernel's term was renamed from (Conv2d.planesignout -> Conv2d.planeout, Maxpool.signpooltap.8 ->
     * Maxpool.tap.8).
     */
    private static String renamedFrom(String term) {
        TermName t = TermName.of(term);
        if (t.unit().startsWith(POOL)) {
            return t.withUnit(t.unit().substring(POOL.length()));
        }
        return t.kind() + "." + (t.unit().equals(SIGN_PACK) ? PACK : OUT);
    }
}
