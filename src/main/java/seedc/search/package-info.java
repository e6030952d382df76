/**
 * Choosing the fixed-point program. Takes a {@link seedc.search.SearchInput} (the float model, its profile, the
 * training set and float's results on it); gives the chosen {@link seedc.fixed.FixedProgram} and what the search
 * saw: SeeDot's maxscale sweep ({@link seedc.search.MaxscaleSearch}) or Shiftry's demotions
 * ({@link seedc.search.ShiftrySearch}, down a {@link seedc.search.ShiftryLadder}, within a Budget).
 */
package seedc.search;
