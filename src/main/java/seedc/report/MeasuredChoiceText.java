package seedc.report;

import static seedc.report.TextReport.f;

import java.util.ArrayList;
import java.util.List;

/**
 * report.txt's account of {@code --select measured} ({@link MeasuredChoice}): how many programs met the same limits
 * within the cycle model's error of its choice, each one's modelled and measured cycles and accuracies, and which was
 * written and why.
 */
final class MeasuredChoiceText {
    private MeasuredChoiceText() {}

    static void render(StringBuilder sb, MeasuredChoice c) {
        if (c == null) {
            return;
        }
        long measured = c.measured();
        String error = c.modelError() == null ? "the cycle model's error is unmeasured"
                : f("within the cycle model's error (%.1f%%) of its choice", 100 * c.modelError());
        sb.append(f("%n--select measured: %d program(s) the search ran meet the same limits, %s;%n"
                + "  %d measured on %s (at most %d), on the first %d test rows each%n", c.inError(), error, measured,
                c.device(), c.measuredAtMost(), c.examples()));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"rank", "modelled", "measured", "held-out %", "test %", "device"});
        for (MeasuredChoice.Rival r : c.rivals()) {
            rows.add(new String[] {(r.chosen() ? "* " : "") + r.rank(), f("%.0f", r.modelledCycles()),
                    r.measuredCycles() == null ? "-" : f("%.0f", r.measuredCycles()),
                    r.heldOutAccuracy() == null ? "-" : f("%.2f", r.heldOutAccuracy()),
                    r.testAccuracy() == null ? "-" : f("%.2f", r.testAccuracy()),
                    r.agrees() == null ? "-" : r.agrees() ? "agrees" : r.measuredCycles() == null ? "no build"
                            : "differs"});
        }
        TextReport.table(sb, rows);
        sb.append(f("  written: rank %d (1: the model's choice), %s%n", c.chosenRank(), c.why()));
    }
}
