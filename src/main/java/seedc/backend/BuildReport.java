package seedc.backend;

/**
 * What a backend says of the build it wrote, for report.json and the benchmark: a C build's RAM plan or an FPGA
 * design's parallelism and estimates. Typed, so that the report and the benchmark read fields, not string keys.
 */
public sealed interface BuildReport permits CBuildReport, FpgaDesignReport {}
