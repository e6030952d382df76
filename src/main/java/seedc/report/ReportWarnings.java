package seedc.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import seedc.backend.FpgaDesignReport;
import seedc.eval.PairedDrop;
import seedc.eval.WithinDrop;

/**
 * What compile warns of after its report: the chosen program wraps on its training data, collapsed against float,
 * lost more on the test rows than the limit the search kept on its held-out rows, or an FPGA design may not fit.
 * Each is empty when there is nothing to say; {@link #all} gives them in the order compile prints them.
 */
public final class ReportWarnings {
    private ReportWarnings() {}

    /** Every warning about {@code r}, in order. */
    public static List<String> all(Report r) {
        return Stream.of(wrapWarning(r), collapseWarning(r), testDropWarning(r), fpgaFitWarning(r))
                .flatMap(Optional::stream).toList();
    }

    /** What compile warns of when the chosen program wraps on its training data; empty when it does not. */
    public static Optional<String> wrapWarning(Report r) {
        if (r.program().wraps().isEmpty()) {
            return Optional.empty();
        }
        StringBuilder sb = new StringBuilder("the chosen program wraps on its training data: ");
        for (int i = 0; i < r.program().wraps().size(); i++) {
            Report.Wrap w = r.program().wraps().get(i);
            sb.append(i == 0 ? "" : ", ").append(f("%s (%d elements in %d examples)", w.value(), w.events(),
                    w.examples()));
        }
        return Optional.of(sb.append("; see report.txt").toString());
    }

    /**
     * A warning when an FPGA design is estimated beyond the share of the logic it can be expected to fit in (all but
     * the mean error of what predicts whole designs): on the iCE40 the logic cells (a LUT and a flip-flop each:
     * estimatedCells against placeableCells; the planner grows lanes into that share, so a design at every PF 1 may
     * pass it), where LUTs are budgeted alone (the Artix-7) the LUTs the whole-design fit predicts (predictedLut
     * against placeableLut; the planner budgets by its own estimate).
     */
    public static Optional<String> fpgaFitWarning(Report r) {
        if (r.deviceUse() == null || r.deviceUse().fpga() == null) {
            return Optional.empty();
        }
        FpgaDesignReport fpga = r.deviceUse().fpga();
        boolean cells = fpga.placeableCells() != null;
        Long need = cells ? fpga.estimatedCells() : fpga.predictedLut();
        Long placeable = cells ? fpga.placeableCells() : fpga.placeableLut();
        if (need == null || placeable == null || need <= placeable) {
            return Optional.empty();
        }
        long budget = fpga.budget().lut();
        double error = 1 - placeable.doubleValue() / budget;
        return Optional.of(f("the FPGA design needs about %d of the %s's %d %s (%.0f%%); the"
                + " estimate misses whole designs by %.0f%% on average, so it may not %s: 'make synth' in the output"
                + " folder (or 'seedc bench') tells%s", need.longValue(), fpga.device(), budget,
                cells ? "logic cells" : "LUTs", 100 * need.doubleValue() / budget, 100 * error,
                cells ? "place" : "fit", cells ? "" : "; --fpga-utilization PCT makes the planner grow lanes into less"));
    }

    /** Fixed training accuracy this far below float's is a collapse, not a rounding loss: the user must know. */
    static final double COLLAPSE_POINTS = 10;

    /** A warning when the chosen program lost most of what float knows, with what to try. */
    public static Optional<String> collapseWarning(Report r) {
        if (r.accuracy().outputError() != null) { // a tensor result has no accuracy to collapse
            return Optional.empty();
        }
        Report.Accuracy a = r.accuracy();
        double drop = a.floatTrainAccuracy() - a.fixedTrainAccuracy();
        if (!(drop > COLLAPSE_POINTS)) {
            return Optional.empty();
        }
        boolean byBound = r.search() instanceof SearchSummary.Shiftry s && s.maxOutputError() != null;
        boolean seedot = r.compiled().strategy().equals("seedot");
        String tryThis = seedot && r.compiled().bitwidth() < 16 ? "--bitwidth 16 or --strategy shiftry"
                : seedot ? "--strategy shiftry" : byBound
                ? "--max-output-error with a smaller value" : "--max-accuracy-drop with a smaller value";
        return Optional.of(f("the fixed-point program reaches %.2f%% on the training set where float reaches"
                + " %.2f%% (%.2f points lost); try %s", a.fixedTrainAccuracy(), a.floatTrainAccuracy(), drop, tryThis));
    }

    /**
     * A warning when the chosen program is further below float on the test rows than the accuracy limit the search
     * held it to on its held-out rows. The search never reads the test rows (that would make their figure a
     * promise it tuned for), so it can only say so afterwards, with the likely cause: held-out rows drawn from the
     * training set are rows the model was fitted to, which sit farther from its decision boundaries than new rows do
     * (a ProtoNN at 98% on its training rows and 92% on new ones); and on a few hundred rows a point is a handful.
     */
    public static Optional<String> testDropWarning(Report r) {
        if (!(r.search() instanceof SearchSummary.Shiftry s) || s.heldOut() == null || s.maxAccuracyDrop() == null
                || r.accuracy().floatTestAccuracy() == null || r.accuracy().fixedTestAccuracy() == null) {
            return Optional.empty();
        }
        double drop = r.accuracy().floatTestAccuracy() - r.accuracy().fixedTestAccuracy();
        if (WithinDrop.within(r.accuracy().fixedTestAccuracy(), r.accuracy().floatTestAccuracy(), s.maxAccuracyDrop())) {
            return Optional.empty();
        }
        SearchSummary.HeldOut h = s.heldOut();
        double heldDrop = h.floatAccuracy() - h.chosenAccuracy();
        if (!WithinDrop.within(h.chosenAccuracy(), h.floatAccuracy(), s.maxAccuracyDrop())) {
            return Optional.empty(); // the held-out rows showed it too: no program met the limit (the collapse warns)
        }
        String why = h.rowsFrom() == SearchSummary.RowsFrom.VALIDATION_SET
                ? f("the %d validation rows showed %.2f (one row is %.2f points of them); they and the test rows"
                + " are both samples, whose figures differ by chance too, so try more validation rows%s", h.rows(),
                heldDrop, 100.0 / h.rows(), otherRemedies(h, heldDrop))
                : f("the %d held-out rows showed %.2f, but they are training rows, which the model fits better than"
                + " new ones; give --validation FILE with rows it was not trained on (or put them"
                + " beside the training set as validation.npy)%s", h.rows(), heldDrop, otherRemedies(h, heldDrop));
        return Optional.of(f("on the test rows the fixed-point program is %.2f points below float (%.2f%% against"
                + " %.2f%%%s), beyond --max-accuracy-drop %s: %s", drop, r.accuracy().fixedTestAccuracy(),
                r.accuracy().floatTestAccuracy(), testError(r.accuracy().testRows()), s.maxAccuracyDrop(), why));
    }

    /**
     * The options that would have chosen otherwise, each only where it could: a lower --max-accuracy-drop when the
     * held-out rows showed a drop (at 0 or a gain any limit of 0 or more accepts the same program: on
     * lowbit/cnn-digits-w1a1i1 the advice named it and `--max-accuracy-drop 0` gave the same 1.39 points), a lower
     * --max-score-error when the score guard's walk chose the program (there it bounds what stage IV keeps).
     */
    private static String otherRemedies(SearchSummary.HeldOut h, double heldDrop) {
        List<String> r = new java.util.ArrayList<>();
        if (heldDrop > WithinDrop.SLACK) {
            r.add("a lower --max-accuracy-drop");
        }
        if (h.scoreGuard().guardChose()) {
            r.add("a lower --max-score-error (the score guard's walk chose this program)");
        }
        return r.isEmpty() ? "" : ", or " + String.join(", or ", r);
    }

    /** "; the drop +- its standard error over the test rows" when they were counted against float's. */
    private static String testError(PairedDrop d) {
        return d == null ? "" : f("; %.2f +- %.2f from %s", d.points(), d.standardError(), d.lostAndGained());
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
