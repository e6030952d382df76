/**
 * The seam between the compiler and its code generators. Takes the fixed-point IR (or the float program), the
 * weights and {@link seedc.backend.EmitOptions}; gives files in a folder and an {@link seedc.backend.Emitted} whose
 * {@link seedc.backend.BuildReport} (a C build's memory plan or an FPGA design) report and bench read as records.
 * Start at {@link seedc.backend.Backend}; its Cost, WidthPolicy and {@link seedc.backend.RamFit} (a program's RAM plan
 * on a device: bytes over, the subset-sum tables left out, the bytes moved) steer the search.
 */
package seedc.backend;
