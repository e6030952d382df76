/**
 * Choosing the fixed-point program. Takes a {@link seedc.search.SearchInput} (the float model, its profile, the
 * training set and float's results on it, a validation set when the user gave one); gives the chosen
 * {@link seedc.fixed.FixedProgram} and what the search saw: SeeDot's maxscale sweep ({@link seedc.search.MaxscaleSearch})
 * or Shiftry's demotions ({@link seedc.search.ShiftrySearch}, down a {@link seedc.search.ShiftryLadder}, within a
 * Budget, toward a target's {@link seedc.cost.CycleModel} where CycleModelTrust says it measured the model's work;
 * stage II is InputScaleStage, stage IV is StageFourWalk, walked in a second order by StageFourTwoWalks, and its passes the other StageFour* classes), chosen on some training rows and accepted on held-out ones
 * ({@link seedc.search.HeldOutAcceptance}, judged by HeldOutJudge), with the {@link seedc.search.Frontier} of the programs
 * it ran, the fastest of which that meets the same limits is chosen (FasterOnFrontier; asked, it also lists the
 * programs meeting them within the cycle model's error of that one, RivalsInError, for the driver to measure); every limit on accuracy is
 * seedc.eval.WithinDrop's (a loss of exactly the limit is within it); in a program
 * of more than 2,500 values, stages III and IV demote groups of them (DemotionUnits). Before any of it,
 * {@link seedc.search.SearchWork} bounds a compile's estimated work. Start with ShiftrySearch.run.
 */
package seedc.search;
