/**
 * The tensor IR, the ground floor of the pipeline: every front end builds a {@link seedc.ir.Program}
 * through {@link seedc.ir.ProgramBuilder} and hands on a {@link seedc.ir.FloatModel} (the program and
 * its trained weights). Takes nothing from any other stage; gives ops (sealed records), values with
 * shapes and proven int ranges, windows, index maps ({@link seedc.ir.Layouts}) and a text printer.
 */
package seedc.ir;
