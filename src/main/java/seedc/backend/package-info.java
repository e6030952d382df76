/**
 * The seam between the compiler and its code generators. A {@link seedc.backend.Backend} takes the
 * fixed-point IR (or the float program), the weights and {@link seedc.backend.EmitOptions}, and gives
 * files in a folder plus a typed {@link seedc.backend.Emitted}; its {@link seedc.fixed.Cost} lets
 * budgets (flash and RAM today, LUTs, DSPs and BRAMs tomorrow) steer the search, and its
 * {@link seedc.fixed.WidthPolicy} tells the strategies which widths it stores and computes in. Implementations live
 * in their own packages (the C generator in {@code seedc.codegen.c}); the driver's registry
 * ({@code seedc.driver.Backends}) chooses one by name.
 */
package seedc.backend;
