package seedc.cli;

import java.io.PrintWriter;
import java.util.Locale;
import seedc.report.Report;

/**
 * bench's accuracy lines: the test accuracy (with a headless classifier's scores' error), or a tensor's output error
 * where the target's table gives it ({@code tensorError}: the Uno's).
 */
final class BenchAccuracy {
    private BenchAccuracy() {}

    static void print(PrintWriter o, Report r, boolean tensorError) {
        Report.Accuracy a = r.accuracy();
        if (a.outputError() == null) {
            o.printf(Locale.ROOT, "test accuracy (whole test set, Java interpreters): float %.2f%%, fixed %.2f%%%n",
                    a.floatTestAccuracy(), a.fixedTestAccuracy());
        } else if (tensorError) {
            o.printf(Locale.ROOT, "no accuracy (the result is a tensor); fixed test outputs against float's"
                    + " (Java interpreters): relative RMS error %.4f%n", a.outputError().test());
        }
        Report.ScoresAsClasses c = a.scoresAsClasses();
        if (c != null && c.scoresError() != null) { // a headless classifier: its scores' error too
            o.printf(Locale.ROOT, "the output's %d scores read as classes: the accuracy is their argmax's; fixed test"
                    + " scores against float's: relative RMS error %.4f%n", c.classes(), c.scoresError().test());
        }
    }
}
