/**
 * Rewrites of a float model that compute the same function but suit fixed point better. Takes an
 * {@link seedc.ir.FloatModel} (and, to decide, the training set); gives an equivalent FloatModel.
 * They run after the front end and before the profile and the search, so every later stage sees only
 * the rewritten model: {@link seedc.rewrite.InputShifts} scales the input per feature by powers of two
 * and the columns of the products that read it back. One rewrite changes the function, and only when asked:
 * {@link seedc.rewrite.WeightQuantization} (--weight-bits, --codebook) puts the weights on few values; the
 * report gives the float accuracy before it, and 'seedc run --config' applies it again from the report.
 */
package seedc.rewrite;
