package seedc.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The human-readable summary of a report (report.txt, and what 'seedc compile' prints): accuracy, the
 * type of every value and, for shiftry, its search: the demotion order, the cumulative demotion curve and
 * the parameters' flash. It reads only the report, so it renders a report read back from disk too.
 */
public final class TextReport {
    private TextReport() {}

    public static String render(Report r) {
        StringBuilder sb = new StringBuilder();
        SearchSummary.Shiftry shiftry = r.search() instanceof SearchSummary.Shiftry s ? s : null;
        header(sb, r, shiftry);
        quantizedWeights(sb, r.program().quantizedWeights());
        sb.append(f("explored %d candidates in %.2f s%n", r.exploration().candidatesEvaluated(),
                r.exploration().exploreSeconds()));
        stageTimes(sb, r.stages());
        sweep(sb, r);
        sb.append('\n').append(shiftry != null
                ? f("values (stage II chose the input's scale: %s)%n", shiftry.inputScale()) : "values\n");
        valuesTable(sb, r);
        wraps(sb, r);
        if (shiftry != null) {
            shiftry(sb, r, shiftry);
        }
        storage(sb, r);
        int bytes = r.program().paramFlashBytes();
        sb.append('\n').append(shiftry != null
                ? f("parameter flash: %d B with 8/16-bit values, %d B with all 16-bit (%.0f%% less)%n",
                bytes, shiftry.paramFlashBytes16(), 100.0 * (1 - (double) bytes / shiftry.paramFlashBytes16()))
                : f("parameter flash: %d B%n", bytes));
        if (r.deviceUse() != null) {
            DeviceText.render(sb, r.deviceUse());
        }
        return sb.toString();
    }

    /** What was compiled, and the accuracy (or for a tensor result, the output error). */
    private static void header(StringBuilder sb, Report r, SearchSummary.Shiftry shiftry) {
        Report.Compiled c = r.compiled();
        if (shiftry != null) {
            sb.append(f("strategy shiftry (8/16 bits), metric %s, target %s%n", metric(r), c.target()));
        } else {
            String products = r.search() instanceof SearchSummary.SeeDot s ? s.products() : null;
            sb.append(f("strategy %s, %d bits, maxscale %d%s, metric %s, target %s%n", c.strategy(), c.bitwidth(),
                    c.maxscale(), products == null ? "" : ", " + products + " products", metric(r), c.target()));
        }
        Report.Accuracy a = r.accuracy();
        if (a.outputError() == null) {
            sb.append(f("accuracy        float     fixed%n"));
            sb.append(f("  train       %6.2f%%   %6.2f%%%n", a.floatTrainAccuracy(), a.fixedTrainAccuracy()));
            sb.append(f("  test        %6.2f%%   %6.2f%%%n", a.floatTestAccuracy(), a.fixedTestAccuracy()));
            scoresAsClasses(sb, a.scoresAsClasses());
            if (shiftry != null) {
                sb.append(AccuracyCost.line(r, shiftry, metric(r)));
            }
        } else { // no labels to compare with: the distance to float's outputs is what the search kept small
            sb.append(f("no accuracy: the result is a tensor, not a class; fixed outputs against float's"
                    + " (relative RMS error):%n  train %.4f, test %.4f%n", a.outputError().train(),
                    a.outputError().test()));
        }
    }

    /** A headless classifier's line: its scores were read as classes, and their own error. */
    private static void scoresAsClasses(StringBuilder sb, Report.ScoresAsClasses c) {
        if (c == null) {
            return;
        }
        sb.append(f("the output's %d scores read as classes (every label is an integer in [0, %d)): the accuracy is"
                + " their argmax's%n", c.classes(), c.classes()));
        if (c.scoresError() != null) {
            sb.append(f("  scores, fixed against float's (relative RMS error): train %.4f, test %.4f%n",
                    c.scoresError().train(), c.scoresError().test()));
        }
    }

    /** Each stage's seconds, then each stage's own stages (the search's). */
    private static void stageTimes(StringBuilder sb, List<Report.StageTime> stages) {
        if (stages == null || stages.isEmpty()) {
            return;
        }
        sb.append("time per stage:");
        stages.forEach(t -> sb.append(f(" %s %.2f s;", t.stage(), t.seconds())));
        sb.setLength(sb.length() - 1);
        sb.append('\n');
        for (Report.StageTime t : stages) {
            if (!t.parts().isEmpty()) {
                sb.append(t.stage()).append(" stages:");
                t.parts().forEach(s -> sb.append(f(" %s %.2f s;", s.stage(), s.seconds())));
                sb.setLength(sb.length() - 1);
                sb.append('\n');
            }
        }
    }

    /** SeeDot's maxscale sweep: each maxscale's training accuracy (or loss, for a tensor result). */
    private static void sweep(StringBuilder sb, Report r) {
        if (r.exploration().maxscaleSweep().isEmpty()) {
            return;
        }
        boolean tensor = r.accuracy().outputError() != null;
        sb.append(!tensor ? "\nmaxscale  train accuracy\n" : "\nmaxscale  train loss\n");
        for (Report.SweepPoint p : r.exploration().maxscaleSweep()) {
            sb.append(f("  %2d      %s%s%s%n", p.maxscale(),
                    !tensor ? f("%6.2f%%", p.trainAccuracy()) : f("%7.4f", p.loss()),
                    p.wrapEvents() > 0 ? f("  (%d wrap events)", p.wrapEvents()) : "",
                    p.maxscale() == r.compiled().maxscale() ? "  <- chosen" : ""));
        }
    }

    /** Stage IV's bound on the score error as the search applied it (seedc.search.StageFourLimits.scoreErrorLimit). */
    private static String scoreErrorLimit(SearchSummary.Shiftry x) {
        return x.startScoreError() == null ? String.valueOf(x.maxScoreError())
                : f("%.4f", x.startScoreError() * (1 + x.maxScoreError()));
    }

    /**
     * Every value's type; with the ranges (reports written before the range analysis have none: their table as it
     * was) its profiled and sound ranges, headroom and error bound, then the overflow risks.
     */
    private static void valuesTable(StringBuilder sb, Report r) {
        boolean ranges = r.program().values().stream()
                .anyMatch(v -> v.profiledRange() != null || v.soundRange() != null);
        List<String[]> rows = new ArrayList<>();
        rows.add(ranges ? new String[] {"value", "bits", "scale", "profiled range", "sound range", "headroom",
            "error bound"} : new String[] {"value", "bits", "scale"});
        for (Report.ValueType v : r.program().values()) {
            double h = v.soundHeadroomBits();
            String[] type = {v.name(), Integer.toString(v.bitwidth()), Integer.toString(v.scale())};
            rows.add(!ranges ? type : new String[] {type[0], type[1], type[2], range(v.profiledRange()),
                    range(v.soundRange()), Double.isNaN(h) ? "-" : Double.isInfinite(h) ? "inf" : f("%.1f bits", h),
                    v.errorBound() == null ? "-" : f("%.3g", v.errorBound())});
        }
        table(sb, rows);
        if (ranges) {
            overflowRisks(sb, r);
        }
    }

    /** The parameters already on a smaller storage than their type (trained that way), when there are any. */
    private static void storage(StringBuilder sb, Report r) {
        if (r.program().parameterStorage() == null) {
            return;
        }
        sb.append("\nparameters whose values already lie on a smaller storage (packed bytes against their type's)\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"parameter", "storage", "bits", "values", "packed B", "as stored B"});
        for (Report.ParameterStorage p : r.program().parameterStorage()) {
            rows.add(new String[] {p.parameter(), p.kind(), Integer.toString(p.bits()), Integer.toString(p.distinct()),
                Long.toString(p.packedBytes()), Long.toString(p.chosenBytes())});
        }
        table(sb, rows);
    }

    /** "[lo, hi]" with four significant digits, "-" for none. */
    private static String range(double[] r) {
        return r == null ? "-" : f("[%.4g, %.4g]", r[0], r[1]);
    }

    /**
     * The values the chosen program may wrap for some input inside the declared range (its integers on intervals,
     * seedc.fixed.OverflowProof), and those no sound bound holds for; one line when there are none.
     */
    private static void overflowRisks(StringBuilder sb, Report r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"value", "sound range", "type", "may wrap"});
        List<String> unbounded = new ArrayList<>();
        for (Report.ValueType v : r.program().values()) {
            if (v.mayWrap() != null) {
                rows.add(new String[] {v.name(), range(v.soundRange()), f("int%d@%d", v.bitwidth(), v.scale()),
                        v.mayWrap()});
            }
            if (v.soundRangeUnproven() != null) {
                unbounded.add(v.name() + ": " + v.soundRangeUnproven());
            }
        }
        if (rows.size() == 1 && unbounded.isEmpty()) {
            sb.append("\nproved: no input inside the declared range makes any value wrap\n");
            return;
        }
        if (rows.size() > 1) {
            sb.append(f("%nvalues an input inside the declared range may wrap (%d; --ranges sound prevents it)%n",
                    rows.size() - 1));
            table(sb, rows);
        }
        for (String u : unbounded) {
            sb.append("no sound range for ").append(u).append('\n');
        }
    }

    /** The chosen program's wrap events on the training and test sets, per value; one line when there are none. */
    private static void wraps(StringBuilder sb, Report r) {
        wraps(sb, r.program().wraps(), "wrap events on the training set (elements that lost information to a two's"
                + " complement wrap)", "no value wraps on the training set");
        if (r.program().testWraps() != null) {
            wraps(sb, r.program().testWraps().values(), f("values that overflowed on the test set (in %d examples)",
                    r.program().testWraps().examples()), "no value wraps on the test set");
        }
    }

    private static void wraps(StringBuilder sb, List<Report.Wrap> wraps, String title, String none) {
        if (wraps.isEmpty()) {
            sb.append('\n').append(none).append('\n');
            return;
        }
        sb.append('\n').append(title).append('\n');
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"value", "events", "examples"});
        for (Report.Wrap w : wraps) {
            rows.add(new String[] {w.value(), Long.toString(w.events()), Integer.toString(w.examples())});
        }
        table(sb, rows);
    }

    /** The search's loss: the metric's name, or for a tensor result (no labels) the outputs' error. */
    private static String metric(Report r) {
        return r.accuracy().outputError() == null ? r.compiled().metric() : "output error";
    }

    /** Stage III's order (the loss of each value alone at 8 bits) and stage IV's cumulative curve. */
    private static void shiftry(StringBuilder sb, Report r, SearchSummary.Shiftry x) {
        sb.append(f("%nstage III: each value alone at 8 bits, least loss (%s on the training set) first%n",
                metric(r)));
        if (x.valueGroups() != null) {
            SearchSummary.ValueGroups g = x.valueGroups();
            sb.append(f("  (its %,d values ranked and demoted in %,d groups of %,d in the program's order, first..last:"
                    + "%n  each value alone would take a time growing as the square of the values)%n", g.values(),
                    g.groups(), g.size()));
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"value", "scale", "loss %"});
        for (SearchSummary.Demotion d : x.demotionOrder()) {
            rows.add(new String[] {d.name(), Integer.toString(d.scale()), f("%.2f", 100 * d.loss())});
        }
        table(sb, rows);
        stageFourHeading(sb, r, x);
        stageFourTable(sb, r, x);
        HeldOutText.render(sb, x);
        MeasuredChoiceText.render(sb, r.exploration().measuredChoice());
        ReportWarnings.testDropWarning(r).ifPresent(w -> sb.append("note: ").append(w).append('\n'));
        if (x.subset() != null) {
            SearchSummary.Subset sub = x.subset();
            sb.append(f("stages II-IV decided on %d evenly spaced training rows of %d (the figures above are theirs);%n"
                    + "  on every row, %d of the %d demotions kept there hold%n", sub.rows(), sub.of(), sub.confirmed(),
                    sub.kept()));
        }
        if (x.flashBudget() != null) {
            SearchSummary.FlashFit fit = x.flashBudget();
            sb.append(f("fits: %s B of %s B (%s)%n", fit.usedBytes(), fit.limitBytes(), fit.use()));
        }
    }

    /** What stage IV kept its demotions within: the flash budget, the proven error, the score error or accuracy. */
    private static void stageFourHeading(StringBuilder sb, Report r, SearchSummary.Shiftry x) {
        if (x.flashBudget() != null) {
            sb.append(f("%nstage IV: values demoted in that order (those that take flash) until the model fits%n"
                    + "  %s%n", x.flashBudget().of()));
        } else if (x.maxOutputError() != null) {
            sb.append(f("%nstage IV: values demoted in that order, each kept while the decision scores' proven error"
                    + " bound%n  (over every input in the declared range: errorBound) stays within %s%n",
                    x.maxOutputError()));
        } else if (r.accuracy().outputError() != null) {
            sb.append(f("%nstage IV: values demoted in that order, each kept while the score error stays%n"
                    + "  within %s%n", scoreErrorLimit(x)));
        } else if (x.heldOut() != null) {
            sb.append(f("%nstage IV: values demoted %s, each kept while accuracy on the %d rows that choose%n"
                    + "  stays within %s points of float%s%s%n", secondWalk(x) ? "by their loss alone (below)"
                            : "in that order", x.heldOut().chooseRows(), x.maxAccuracyDrop(),
                    x.cycleModel() == null ? "" : " and the modelled cycles fall",
                    x.heldOut().scoreGuard() == SearchSummary.Guard.NOT_NEEDED ? ""
                            : f(" (the guard's walk: and the score error within %s)", scoreErrorLimit(x))));
        } else {
            sb.append(f("%nstage IV: values demoted %s, each kept while train accuracy stays%n"
                    + "  within %s points of float (%.2f%%) and the score error within %s%n", secondWalk(x)
                            ? "by their loss alone (below)" : "in that order", x.maxAccuracyDrop(),
                    r.accuracy().floatTrainAccuracy(), scoreErrorLimit(x)));
        }
        if (secondWalk(x)) {
            sb.append(f("  (stage IV walked twice from the same start: in the order above, and by each value's loss"
                    + " alone;%n  the model prices the second walk's program below the first's by more than its own"
                    + " error,%n  so the table is the second walk's)%n"));
        }
        if (x.startScoreError() != null) {
            sb.append(f("  (the program it starts from is already %.4f from float, beyond --max-score-error %s:%n"
                    + "  the demotions may make that error at most a fraction %s worse)%n", x.startScoreError(),
                    x.maxScoreError(), x.maxScoreError()));
        }
    }

    /** Whether stage IV's table is its second walk's (StageFourTwoWalks), not the walk in stage III's order. */
    private static boolean secondWalk(SearchSummary.Shiftry x) {
        return x.cycleModel() != null && Boolean.TRUE.equals(x.cycleModel().secondWalk());
    }

    /** Stage IV's steps: each value, kept or why not, and the program's numbers with it demoted. */
    private static void stageFourTable(StringBuilder sb, Report r, SearchSummary.Shiftry x) {
        List<String[]> rows = new ArrayList<>();
        // The wraps column only when some step wrapped: stage IV refuses those in accuracy mode.
        boolean anyWrap = x.demotionCurve().stream().anyMatch(s -> s.wrapEvents() > 0);
        boolean cycles = x.cycleModel() != null;
        // the RAM column only when the search counted some step over the device's RAM (its ranking's penalty)
        boolean anyOver = x.demotionCurve().stream().anyMatch(s -> s.ramOverBytes() != null);
        List<String> head = new ArrayList<>(List.of("value", "kept", "train acc", "score error", "param bytes"));
        if (cycles) {
            head.add("cycles");
        }
        if (anyOver) {
            head.add("RAM");
        }
        if (anyWrap) {
            head.add("wraps");
        }
        rows.add(head.toArray(String[]::new));
        for (SearchSummary.Step s : x.demotionCurve()) {
            List<String> row = new ArrayList<>(List.of(s.name(), s.verdict() == null ? (s.kept() ? "yes" : "no")
                            : s.verdict(),
                    r.accuracy().outputError() != null || s.trainAccuracy() == null ? "-"
                            : f("%.2f%%", s.trainAccuracy()),
                    s.scoreError() == null ? "-" : f("%.4f", s.scoreError()), Integer.toString(s.paramBytes())));
            if (cycles) {
                row.add(s.cycles() == null ? "-" : f("%.0f", s.cycles()));
            }
            if (anyOver) {
                row.add(s.ramOverBytes() == null ? "fits" : f("%d B over", s.ramOverBytes()));
            }
            if (anyWrap) {
                row.add(Long.toString(s.wrapEvents()));
            }
            rows.add(row.toArray(String[]::new));
        }
        table(sb, rows);
        if (anyOver) {
            sb.append(f("  RAM: the bytes the search counted a program over the device's RAM (its C does not fit, or"
                    + " fits only%n  with halved subset-sum tables or a plan the search does not make); it ranks such"
                    + " a program as%n  slower than any that fits (not in its cycles)%n"));
        }
    }

    /** Rows under a header, two spaces in; the first column left-aligned, the others right-aligned. */
    static void table(StringBuilder sb, List<String[]> rows) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        if (rows.size() == 1) {
            sb.append("  (none)\n");
            return;
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder("  ").append(pad(row[0], -width[0]));
            for (int c = 1; c < row.length; c++) {
                line.append("  ").append(pad(row[c], width[c]));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }

    /** How the weights were quantized after training, with the float test accuracy it cost (nothing when not). */
    private static void quantizedWeights(StringBuilder sb, Report.QuantizedWeights q) {
        if (q == null) {
            return;
        }
        sb.append(f("weights quantized after training to %s (%s)%s%n", switch (q.mode()) {
                    case "grid" -> q.size() + "-bit grids";
                    case "powersOfTwo" -> "zero and powers of two (" + q.size() + " bits)";
                    default -> "codebooks of " + q.size() + " values";
                }, String.join(", ", q.parameters()),
                q.floatTestAccuracyBefore() == null ? "" : f(": float test accuracy %.2f%% before",
                        q.floatTestAccuracyBefore())));
    }

    private static String pad(String s, int width) {
        return width < 0 ? s + " ".repeat(-width - s.length()) : " ".repeat(width - s.length()) + s;
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
