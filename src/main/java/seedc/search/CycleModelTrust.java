package seedc.search;

import seedc.cost.CycleModel;

/**
 * Whether a target's cycle model may decide a search: only where it measured the model's work. A model priced
 * mostly from terms the fit never benched (their relatives' coefficients, or nothing) ranks programs by a guess, and
 * fewer bits are then not known to be faster: the search keeps its score guard instead (docs/design/search.md).
 */
final class CycleModelTrust {
    private CycleModelTrust() {}

    /** Below this share of fitted work, a program's modelled cycles are mostly guessed: the model does not decide. */
    static final double TRUSTED_SHARE = 0.9;

    /**
     * Whether {@code m} measured the work of {@code in}'s model: of its programs with every value at the ladder's
     * first and last widths, at least {@link #TRUSTED_SHARE} of the modelled cycles each.
     */
    static boolean trusts(CycleModel m, SearchInput in, ShiftryLadder ladder) {
        var weights = in.model().weights();
        return m.fittedShare(ShiftrySearch.largest(in.model().program(), in.profile(), ladder), weights) >= TRUSTED_SHARE
                && m.fittedShare(ShiftrySearch.smallest(in.model().program(), in.profile(), ladder), weights)
                >= TRUSTED_SHARE;
    }
}
