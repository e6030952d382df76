package seedc.report;

import static seedc.report.TextReport.f;

/**
 * report.txt's lines after stage IV's table ({@link TextReport}): what the rows no choice saw showed for the walks and
 * the chosen program, a faster program chosen instead, demotions kept for the RAM, the modelled cost and the
 * frontier rank.
 */
final class HeldOutText {
    private HeldOutText() {}

    /** What the held-out rows showed, and the cycle model's figure for the chosen program. */
    static void render(StringBuilder sb, SearchSummary.Shiftry x) {
        SearchSummary.HeldOut h = x.heldOut();
        if (h != null) {
            String rows = h.rowsFrom() == SearchSummary.RowsFrom.VALIDATION_SET ? "of the validation set"
                    : "of the training set's";
            if (h.unguardedAccuracy() == null) {
                sb.append(f("held-out rows: %d %s, which no choice saw; float %.2f%%, the score guard's walk%n  %.2f%%"
                        + " (no fitted cycle model decides for this program, and fewer bits are not always faster:%n"
                        + "  the guard stays); chosen: %.2f%%%n", h.rows(), rows, h.floatAccuracy(), h.guardedAccuracy(),
                        h.chosenAccuracy()));
            } else {
                unguarded(sb, x, h, rows);
            }
        }
        if (h != null && h.faster() != null) {
            SearchSummary.Faster f = h.faster();
            sb.append(f("  a faster program the search ran meets the same limits (%.2f%% on the held-out rows, %.2f%%"
                    + " on the%n  rows that choose): chosen instead, %.0f modelled cycles against %.0f; against the"
                    + " table's program%n  it holds narrower: %s; wider: %s%n", h.chosenAccuracy(), f.chooseAccuracy(),
                    x.cycleModel() == null ? Double.NaN : x.cycleModel().chosenCycles(), f.walkCycles(),
                    f.narrower().isEmpty() ? "none" : String.join(", ", f.narrower()),
                    f.wider().isEmpty() ? "none" : String.join(", ", f.wider())));
        }
        if (h != null && h.chosenRows() != null) {
            rowsAgainstFloat(sb, h.chosenRows());
        }
        if (h != null && h.keptForRam() != null) {
            sb.append(f("  %d more of the demotions kept: only with them does the program fit the device's RAM%n",
                    h.keptForRam()));
        }
        if (x.modelSetAside() != null) {
            setAside(sb, x.modelSetAside());
        }
        if (x.cycleModel() != null) {
            sb.append(f("modelled cost of the chosen program: %.0f (%s)%n", x.cycleModel().chosenCycles(),
                    x.cycleModel().describe()));
            if (x.cycleModel().chosenRamOverBytes() != null) {
                sb.append(f("  the search counted it %d B over the device's RAM, planned without the device's limit"
                        + " and its%n  subset-sum tables whole (a penalty in its ranking, not in the cycles above);"
                        + " its C fits%n", x.cycleModel().chosenRamOverBytes()));
            }
        }
        if (x.frontier() != null) {
            sb.append(f("frontier: the chosen program is number %d, fastest first, of the %d programs the search ran%n"
                    + "  that no other beats on accuracy, cycles and flash together (--pareto FILE.csv lists them)%n",
                    x.frontier().rank(), x.frontier().programs()));
        }
    }

    /**
     * Why the target's cycle model did not decide, in the words report.html and seedc bench use
     * ({@link SearchSummary.ModelSetAside#account()}), and the ops whose work it did not measure.
     */
    private static void setAside(StringBuilder sb, SearchSummary.ModelSetAside a) {
        sb.append("cycle model: not used: ").append(a.account()).append('\n');
        if (a.unmeasured() != null && !a.unmeasured().isEmpty()) {
            sb.append(f("  the most work it did not measure: %s%n", String.join(", ",
                    a.unmeasured().stream().map(HeldOutText::unmeasured).toList())));
        }
    }

    private static String unmeasured(SearchSummary.UnmeasuredOp u) {
        return u.cycles() == null ? f("%s (%s, priced at nothing)", u.op(), u.kind())
                : f("%s (%s, %,.0f cycles)", u.op(), u.kind(), u.cycles());
    }

    /**
     * The chosen program's held-out rows against float's: the drop is a difference of row counts, and its standard
     * error says how far another sample of as many rows (a test set) may put it.
     */
    private static void rowsAgainstFloat(StringBuilder sb, seedc.eval.PairedDrop d) {
        if (d.lost() == 0 && d.gained() == 0) {
            sb.append("  the chosen program there: right on exactly the rows float is right on (no standard error"
                    + " to give:\n  no row there shows what new rows may)\n");
            return;
        }
        sb.append(f("  the chosen program there: %d row%s float gets right it gets wrong, %d the other way: a drop of"
                + " %.2f +- %.2f points%n  (the paired standard error; another %d rows may show a drop about that much"
                + " higher or lower)%n", d.lost(), d.lost() == 1 ? "" : "s", d.gained(), d.points(), d.standardError(),
                d.rows()));
    }

    /** The held-out rows' judgement of the walk without the score guard, and what followed. */
    private static void unguarded(StringBuilder sb, SearchSummary.Shiftry x, SearchSummary.HeldOut h, String rows) {
        sb.append(f("held-out rows: %d %s, which no choice saw; float %.2f%%, the walk without the%n  score guard"
                + " %.2f%%", h.rows(), rows, h.floatAccuracy(), h.unguardedAccuracy()));
        switch (h.scoreGuard()) {
            case NOT_NEEDED -> sb.append(f(" (within %s points: accepted, the score guard not needed)%n",
                    x.maxAccuracyDrop()));
            case HELPED -> sb.append(f(" (%s);%n  with the score guard %.2f%%: that program chosen%n",
                    refused(x, h.unguardedRefused()), h.guardedAccuracy()));
            // NO_CYCLE_MODEL ran no walk without the guard (render's other branch): only DID_NOT_HELP comes here
            case DID_NOT_HELP, NO_CYCLE_MODEL -> sb.append(f(" (%s);%n  with the score guard %.2f%%; chosen: the"
                    + " longest prefix of the kept demotions that the held-out%n  rows accept, %.2f%%%n",
                    refused(x, h.unguardedRefused()), h.guardedAccuracy(), h.chosenAccuracy()));
        }
    }

    /**
     * Why the held-out rows refused the unguarded walk's program: its accuracy, its wrap events there (more than the
     * walk's start had), or both; a report written before the reason was kept names the accuracy limit alone.
     */
    private static String refused(SearchSummary.Shiftry x, SearchSummary.Refused r) {
        String beyond = f("beyond %s points", x.maxAccuracyDrop());
        if (r == null) {
            return beyond;
        }
        String wraps = f("%d wrap event%s there, where the walk's start had %d", r.wrapEvents(),
                r.wrapEvents() == 1 ? "" : "s", r.wrapsAtStart());
        if (r.accuracy()) {
            return r.wraps() ? beyond + ", and " + wraps : beyond;
        }
        return f("within %s points, but refused for its wraps: %s", x.maxAccuracyDrop(), wraps);
    }
}
