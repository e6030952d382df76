package seedc.driver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.report.Report;
import seedc.report.SearchSummary;
import seedc.search.Candidate;
import seedc.search.ShiftryLadder;
import seedc.search.ShiftryStrategy;

/**
 * report.txt's answer to "where did the accuracy go", measured on the chosen program itself: each value it keeps at
 * the ladder's narrowest width (8 bits) promoted alone back to its first (16 bits, the range kept: the scale grows by
 * the same 8), run on the training set, and the rows whose class comes back to float's counted, less those it loses. Stage III's losses,
 * which the report named before, are each value alone at 8 bits in a program of 16-bit values: in the chosen
 * program, where the others are narrow too, the value that matters can be one that cost nothing alone (bonsai-cancer-2
 * under --max-accuracy-drop 5: ZX, which stage III measured at 0).
 */
final class PromotionGains {
    private PromotionGains() {}

    /**
     * At most this many values are promoted, the costliest by stage III first: each is a run over the training set,
     * and a program with hundreds of narrow values (a CNN's) would pay for each one.
     */
    static final int MEASURED = 32;

    /**
     * The gains of the shiftry program {@code best} (values and scales from {@code profile} and {@code ladder}, as the
     * search assigns them), or null when there is nothing to measure: a result that is not a class, a program with no
     * value at the narrowest width or that agrees with float on every training row, or one whose types the
     * assignment does not give back (then its promotions would not be the same program with one value wider).
     */
    static Report.Promotions of(FloatModel model, Profile profile, ShiftryLadder ladder, FixedProgram best,
                                SearchSummary.Shiftry summary, DataSet train, Result[] floatTrain,
                                Result[] fixedTrain, int jobs) {
        int narrow = ladder.bottom(), wide = ladder.start();
        List<Value> atBottom = model.program().values().stream()
                .filter(v -> !v.isInt() && best.type(v).bits() == narrow).toList();
        int differ = disagreements(fixedTrain, floatTrain);
        if (!model.program().result().isInt() || narrow == wide || atBottom.isEmpty() || differ == 0) {
            return null;
        }
        int[] bits = new int[model.program().valueCount()], scales = new int[bits.length];
        for (Value v : model.program().values()) {
            if (!v.isInt()) {
                bits[v.id()] = best.type(v).bits();
                scales[v.id()] = best.type(v).scale();
            }
        }
        if (!ShiftryStrategy.assign(model.program(), profile, bits, scales, ladder).sameTypes(best)) {
            return null;
        }
        Differing rows = differing(train, floatTrain, fixedTrain);
        List<Tried> tried = new ArrayList<>();
        for (Value v : costliestFirst(atBottom, summary)) {
            int[] b = bits.clone(), s = scales.clone();
            b[v.id()] = wide;
            s[v.id()] += wide - narrow;
            FixedProgram promoted = ShiftryStrategy.assign(model.program(), profile, b, s, ladder);
            Result[] r = Candidate.run(promoted, model, rows.data(), jobs);
            tried.add(new Tried(v, promoted, differ - disagreements(r, rows.floats())));
        }
        tried.sort(Comparator.comparingInt(Tried::back).reversed());
        // Each promotion's net gain (rows back less rows lost) is at most the rows it brings back: run on every row
        // only those that can still be among the NAMED best, most rows back first.
        List<Report.Promotion> measured = new ArrayList<>();
        List<Integer> nets = new ArrayList<>();
        for (Tried t : tried) {
            if (t.back() <= 0 || nets.size() >= NAMED && t.back() <= nets.get(NAMED - 1)) {
                break;
            }
            int net = differ - disagreements(Candidate.run(t.program(), model, train, jobs), floatTrain);
            measured.add(new Report.Promotion(t.value().name(), net));
            nets.add(net);
            nets.sort(Comparator.reverseOrder());
        }
        return new Report.Promotions(differ, atBottom.size(), tried.size(), measured);
    }

    /** How many values report.txt names: the measured promotions are exact for that many. */
    static final int NAMED = 3;

    /** A value promoted alone, and the rows whose class differs from float's that it brings back. */
    private record Tried(Value value, FixedProgram program, int back) {}

    /** The training rows whose class differs from float's, and float's results on them. */
    private record Differing(DataSet data, Result[] floats) {}

    /**
     * Every promotion runs on these rows first: they are a few of the training set (2 to 10 of 1,437 on the digits
     * fixtures), and the rows one brings back bound what it gains on every row.
     */
    private static Differing differing(DataSet train, Result[] floats, Result[] fixed) {
        int[] at = java.util.stream.IntStream.range(0, fixed.length)
                .filter(i -> fixed[i].label() != floats[i].label()).toArray();
        return new Differing(train.rows(at), Result.at(floats, at));
    }

    /** Up to {@link #MEASURED} of {@code values}: by stage III's loss alone, highest first, then in program order. */
    private static List<Value> costliestFirst(List<Value> values, SearchSummary.Shiftry summary) {
        List<SearchSummary.Demotion> byLoss = summary.demotionOrder().stream()
                .sorted(Comparator.comparingDouble(SearchSummary.Demotion::loss).reversed()).toList();
        Set<Value> order = new LinkedHashSet<>();
        for (SearchSummary.Demotion d : byLoss) {
            values.stream().filter(v -> v.name().equals(d.name())).forEach(order::add);
        }
        order.addAll(values);
        return order.stream().limit(MEASURED).toList();
    }

    /** The rows on which {@code fixed}'s class differs from float's. */
    private static int disagreements(Result[] fixed, Result[] floats) {
        int n = 0;
        for (int i = 0; i < fixed.length; i++) {
            n += fixed[i].label() == floats[i].label() ? 0 : 1;
        }
        return n;
    }
}
