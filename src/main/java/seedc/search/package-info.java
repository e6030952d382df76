/**
 * Choosing the fixed-point program. Takes a {@link seedc.ir.FloatModel}, its profile, the training
 * set and the float results; gives the chosen {@link seedc.fixed.FixedProgram} and what the search saw
 * (SeeDot's maxscale sweep, Shiftry's demotion order and curve). Candidates are scored by running the
 * fixed interpreter; a backend's cost may bound the search (Budget) and its width policy says which widths
 * values and temporaries may have. Shiftry's 16 -> 8 demotion is data ({@link seedc.search.ShiftryLadder}),
 * and so are the exp, sigmoid and tanh tables of each table width ({@code TableDesign}).
 */
package seedc.search;
