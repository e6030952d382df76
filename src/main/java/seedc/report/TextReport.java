package seedc.report;

import java.util.Locale;

/** The human-readable summary of a report. */
public final class TextReport {
    private TextReport() {}

    public static String render(Report r) {
        StringBuilder sb = new StringBuilder();
        Object products = r.topLevelExtras().get("products");
        sb.append(String.format(Locale.ROOT, "strategy %s, %d bits, maxscale %d%s, metric %s%n", r.strategy(),
                r.bitwidth(), r.maxscale(), products == null ? "" : ", " + products + " products", r.metric()));
        sb.append(String.format(Locale.ROOT, "accuracy        float     fixed%n"));
        sb.append(String.format(Locale.ROOT, "  train       %6.2f%%   %6.2f%%%n", r.floatTrainAccuracy(), r.fixedTrainAccuracy()));
        sb.append(String.format(Locale.ROOT, "  test        %6.2f%%   %6.2f%%%n", r.floatTestAccuracy(), r.fixedTestAccuracy()));
        sb.append(String.format(Locale.ROOT, "explored %d candidates in %.2f s%n", r.candidatesEvaluated(), r.exploreSeconds()));
        if (!r.maxscaleSweep().isEmpty()) {
            sb.append("maxscale  train accuracy\n");
            for (Report.SweepPoint p : r.maxscaleSweep()) {
                sb.append(String.format(Locale.ROOT, "  %2d      %6.2f%%%s%n", p.maxscale(), p.trainAccuracy(),
                        p.maxscale() == r.maxscale() ? "  <- chosen" : ""));
            }
        }
        return sb.toString();
    }
}
