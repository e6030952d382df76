/**
 * The SeeDot front end. Takes a .sd program (and a folder of NAME.npy parameters); gives a
 * {@link seedc.ir.FloatModel}. Inside: {@code lang} parses to an AST with positions, {@code types}
 * checks shapes and ranges with located errors, {@link seedc.frontend.seedot.Lowering} builds the IR,
 * supplying the input's range from {@code X = (dims) in [lo, hi]}.
 */
package seedc.frontend.seedot;
