package seedc.cli;

import picocli.CommandLine.Option;

/** How bench measures: how many examples, how often (x86), what it builds beside the fixed program. */
final class BenchMeasurement {
    @Option(names = "--examples", defaultValue = "20", paramLabel = "N",
            description = "Test examples to run (default ${DEFAULT-VALUE}).")
    int examples;

    @Option(names = "--reps", defaultValue = "200", paramLabel = "N",
            description = "x86: runs of each example; each op's figure is its minimum (default ${DEFAULT-VALUE}).")
    int reps;

    @Option(names = "--no-float", description = "Skip the float build (not set: it is built and measured too).")
    boolean noFloat;

    @Option(names = "--no-synth", description = "FPGA: simulate only (synthesis of a large design takes minutes;"
            + " not set: synthesized too).")
    boolean noSynth;

    @Option(names = "--profile", description = "Uno, cortex-m, x86: mark the fixed build's top-level ops and the ops of"
            + " a top-level loop's or sum loop's body (not of loops nested in it), and print each one's cycles per"
            + " inference (a body op's over all iterations; the loop's own row: its init and per-iteration overhead,"
            + " a sum loop's additions to the sum), MACs and cycles per MAC beside the cycle model's"
            + " estimate; the marks add a few cycles per op run (2 on the Uno; not set: no marks).")
    boolean profile;
}
