/**
 * The float semantics. Takes a {@link seedc.ir.FloatModel} and a data set; gives float results per
 * example ({@link seedc.eval.FloatInterpreter}, the reference meaning of every op over reals), accuracy
 * (and {@link seedc.eval.WithinDrop}, whether one is within --max-accuracy-drop of float's: the search's limits and
 * the report's warning read it), and the {@link seedc.eval.Profile} (every value's range, activation arguments) the
 * strategies read.
 */
package seedc.eval;
