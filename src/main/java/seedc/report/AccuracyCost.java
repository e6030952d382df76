package seedc.report;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import seedc.eval.PairedDrop;

/**
 * report.txt's answer to "where did the accuracy go": when the chosen program is less accurate than float (on the
 * training or the test set), the values it keeps at 8 bits whose promotion alone to 16 bits brings back the most
 * training rows to float's class (measured on the chosen program: {@link Report.Promotions}); where that was not
 * measured (no training row differs from float's), the values that cost the most by stage III's own measurement (the
 * loss with that value alone at 8 bits, in the search's metric on the training set).
 */
final class AccuracyCost {
    private AccuracyCost() {}

    /** How many values the line names at most. */
    static final int NAMED = 3;

    /** The line (with its newline), or "" when no accuracy was lost or the search measured no value alone. */
    static String line(Report r, SearchSummary.Shiftry x, String metric) {
        Report.Accuracy a = r.accuracy();
        if (a.outputError() != null || a.floatTrainAccuracy() == null || a.fixedTrainAccuracy() == null
                || a.floatTestAccuracy() == null || a.fixedTestAccuracy() == null) {
            return "";
        }
        double train = a.floatTrainAccuracy() - a.fixedTrainAccuracy();
        double test = a.floatTestAccuracy() - a.fixedTestAccuracy();
        if (!(train > 0) && !(test > 0)) {
            return "";
        }
        Set<String> narrow = r.program().values().stream().filter(v -> v.bitwidth() == 8)
                .map(Report.ValueType::name).collect(Collectors.toSet());
        // stable: of equal losses, the one stage III ranked first
        List<SearchSummary.Demotion> costly = x.demotionOrder().stream()
                .filter(d -> narrow.contains(d.name()) && d.loss() > 0)
                .sorted(Comparator.comparingDouble(SearchSummary.Demotion::loss).reversed()).limit(NAMED).toList();
        String lost = String.format(Locale.ROOT, "accuracy lost: %.2f points on the training set, %.2f on the test"
                + " set%s", train, test, testRows(a.testRows()));
        if (narrow.isEmpty()) {
            return lost + "; no value is at 8 bits: the loss is the 16-bit program's (stage II's scales)\n";
        }
        if (a.promotions() != null) {
            return lost + promoted(a.promotions()) + "\n";
        }
        if (costly.isEmpty()) {
            return lost + "; no value kept at 8 bits loses any alone (stage III): the loss is their combination's"
                    + " (stage IV)\n";
        }
        return lost + "; the values at 8 bits that cost the most, each alone (stage III's " + metric + " loss on"
                + " the training set): " + costly.stream().map(d -> String.format(Locale.ROOT, "%s %.2f%%", d.name(),
                100 * d.loss())).collect(Collectors.joining(", ")) + "\n";
    }

    /** The test drop's standard error and its rows (" (+- 1.03: 17 rows lost, 5 gained)"), when counted. */
    static String testRows(PairedDrop d) {
        return d == null ? "" : String.format(Locale.ROOT, " (+- %.2f: %s)", d.standardError(), d.lostAndGained());
    }

    /** The values whose promotion alone brings back the most rows, with how many ("; ..."). */
    private static String promoted(Report.Promotions p) {
        List<Report.Promotion> best = p.measured().stream().filter(m -> m.rowsBack() > 0)
                .sorted(Comparator.comparingInt(Report.Promotion::rowsBack).reversed()).limit(NAMED).toList();
        String of = p.tried() < p.atEightBits()
                ? String.format(Locale.ROOT, " (%d of the %d, the costliest in stage III)", p.tried(),
                        p.atEightBits()) : "";
        if (best.isEmpty()) {
            return String.format(Locale.ROOT, "; %d training rows differ from float's class, and no value at 8 bits"
                    + " promoted alone to 16 bits%s brings one back: the loss is their combination's", p.disagreements(),
                    of);
        }
        return String.format(Locale.ROOT, "; %d training rows differ from float's class; promoted alone to 16 bits%s,"
                + " these values at 8 bits bring back the most: %s", p.disagreements(), of, best.stream()
                .map(m -> m.value() + " " + m.rowsBack()).collect(Collectors.joining(", ")));
    }
}
