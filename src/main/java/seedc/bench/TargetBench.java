package seedc.bench;

import java.nio.file.Path;
import java.util.List;
import seedc.backend.BitLayout;
import seedc.backend.Device;
import seedc.backend.Emitted;
import seedc.backend.EmitOptions;
import seedc.backend.WeightStorage;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.emit.ProfileMarks;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModels;
import seedc.cost.LinearCycleModel;
import seedc.diag.Progress;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.report.Report;

/**
 * The Cortex-M0+ and x86 sides of 'seedc bench': the fixed program's C for the target run on the first test
 * examples ({@link CortexMBench}: cycles counted under Unicorn; {@link HostBench}: time stamp counter ticks of a
 * native build), its outputs compared with the Java interpreter's, beside the target's cycle model, and with
 * {@code profile} each top-level op's and loop body op's share ({@link OpProfile}).
 */
public final class TargetBench {
    private TargetBench() {}

    /** A measured target: its backend, what its figures count, and how they were measured. */
    public enum Target {
        CORTEX_M(CBackend.CORTEX_M, "cycles", "Cortex-M0+ cycles at the Technical Reference Manual's timings"
                + " (zero wait states), arm-none-eabi-gcc -Os, run under Unicorn's Cortex-M0"),
        X86(CBackend.X86, "TSC ticks", "x86 time stamp counter ticks, gcc -O2, the minimum over the repetitions"
                + " of each op (the machine may be shared and loaded)");

        private final CBackend backend;
        private final String units;
        private final String how;

        Target(CBackend backend, String units, String how) {
            this.backend = backend;
            this.units = units;
            this.how = how;
        }

        public CBackend backend() {
            return backend;
        }

        /** What the figures count: "cycles" or "TSC ticks". */
        public String units() {
            return units;
        }

        /** How they were measured, for the report. */
        public String how() {
            return how;
        }
    }

    /**
     * What to measure: the fixed program of {@code compiled}, {@code examples} of {@code test}, the target and
     * device, how the parameters are stored and low-bit products built, whether to profile, and (x86) how many
     * times each example runs.
     */
    public record Request(FixedProgram fixed, FloatModel compiled, DataSet test, int examples, Target target,
                          Device device, WeightStorage storage, boolean bitSerial, BitLayout layout, boolean profile,
                          int reps) {}

    /**
     * The run, the interpreter's outputs and the examples whose outputs differ, the MACs of one inference, the
     * model's estimate and description, the profile (null: not asked) and what the emission wrote.
     */
    public record Measured(TargetRun run, List<String> expected, List<Integer> mismatches, long macs,
                           CycleEstimate modelled, String cycleModel, OpProfile profile, Emitted written) {
        public boolean allEqual() {
            return mismatches.isEmpty();
        }
    }

    /** Emits, builds and runs in {@code work}. */
    public static Measured measure(Request r, boolean progress, Path work) {
        try (Progress bar = Progress.start(progress, r.target() == Target.X86 ? "gcc + runs" : "arm-gcc + Unicorn",
                1)) {
            ModelBench.Examples ex = ModelBench.examples(r.fixed(), r.compiled(), r.test(), r.examples());
            Path src = work.resolve("src");
            EmitOptions options = ex.options(r.device()).withStorage(r.storage()).withBitSerial(r.bitSerial())
                    .withBitLayout(r.layout());
            CBackend b = r.target().backend();
            Emitted w = r.profile() ? ProfileMarks.profiled(() -> b.emit(r.fixed(), r.compiled().weights(), options,
                    src)) : b.emit(r.fixed(), r.compiled().weights(), options, src);
            List<Path> sources = List.of(src.resolve("predict.c"));
            TargetRun run = r.target() == Target.X86
                    ? HostBench.run(sources, src, ex.initializers(), work.resolve("x86"), r.profile(), r.reps())
                    : CortexMBench.run(sources, src, ex.initializers(), work.resolve("m0plus"), r.profile());
            bar.step();
            LinearCycleModel model = CycleModels.linear(b.id());
            CycleEstimate modelled = model.estimate(r.fixed(), r.compiled().weights());
            OpProfile profile = r.profile() ? OpProfile.of(run, r.fixed(), r.compiled().weights(), model) : null;
            return new Measured(run, ex.expected(), ex.mismatches(run.outputs()), MacCount.of(ex.quantized()),
                    modelled, model.describe(), profile, w);
        }
    }

    /** bench.json of a measurement of {@code program}, compiled by {@code strategy} as {@code report} says. */
    public static BenchJson.Target json(String program, String strategy, Request r, Report report, Measured m) {
        TargetRun run = m.run();
        return new BenchJson.Target(program, strategy, r.target().backend().id(),
                r.device() == null ? "host" : r.device().name(),
                r.target().units(), r.target().how(), report.compiled().bitwidth(), r.fixed().widths() + "-bit",
                run.cycles().size(), report.accuracy().fixedTestAccuracy(), m.macs(), run.meanCycles(),
                run.maxCycles(), m.macs() > 0 ? run.meanCycles() / m.macs() : null, m.allEqual(),
                m.modelled().total(), m.cycleModel(), m.profile());
    }
}
