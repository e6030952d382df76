package seedc.search;

import seedc.cost.CycleModel;
import seedc.cost.WorkCoverage;

/**
 * Whether a target's cycle model may decide a search: only where it measured the model's work. A model priced
 * mostly from terms the fit never benched (their relatives' coefficients, stand-ins, or nothing) ranks programs by a
 * guess, and fewer bits are then not known to be faster: the search keeps its score guard instead
 * (docs/design/search.md). The driver judges a model once ({@link #judged}) and reads the {@link Verdict} to say in
 * the report why it did not decide.
 */
public final class CycleModelTrust {
    private CycleModelTrust() {}

    /** Below this share of fitted work, a program's modelled cycles are mostly guessed: the model does not decide. */
    public static final double TRUSTED_SHARE = 0.9;

    /**
     * What the model measured of the model's programs with every value at the ladder's first width ({@code widest})
     * and at its last ({@code narrowest}): every program the search can make lies between the two.
     */
    public record Verdict(WorkCoverage widest, WorkCoverage narrowest) {
        /** Whether the model measured at least {@link #TRUSTED_SHARE} of both programs' modelled cycles. */
        public boolean trusted() {
            return widest.share() >= TRUSTED_SHARE && narrowest.share() >= TRUSTED_SHARE;
        }
    }

    /** What {@code m} measured of {@code in}'s model's work, down {@code ladder}. */
    public static Verdict judge(CycleModel m, SearchInput in, ShiftryLadder ladder) {
        var weights = in.model().weights();
        return new Verdict(m.coverage(ShiftrySearch.largest(in.model().program(), in.profile(), ladder), weights),
                m.coverage(ShiftrySearch.smallest(in.model().program(), in.profile(), ladder), weights));
    }

    /** {@code settings} as the search should take them: without their cycle model where it is not trusted. */
    public record Judged(ShiftrySettings settings, Verdict verdict) {}

    /**
     * {@code settings}' cycle model judged on {@code in}'s model, once: the search takes the settings it gives, the
     * report reads the verdict (null when the settings have no model).
     */
    public static Judged judged(SearchInput in, ShiftrySettings settings) {
        if (settings.cycles() == null) {
            return new Judged(settings, null);
        }
        Verdict v = judge(settings.cycles(), in, settings.ladder());
        return new Judged(v.trusted() ? settings : settings.withoutCycles(), v);
    }
}
