/**
 * The float semantics. Takes a {@link seedc.ir.FloatModel} and a data set; gives float results per
 * example ({@link seedc.eval.FloatInterpreter}, the reference meaning of every op over reals), accuracy,
 * and the {@link seedc.eval.Profile} (every value's range, activation arguments) the strategies read.
 */
package seedc.eval;
