package seedc.cli;

import java.io.PrintWriter;
import java.util.Locale;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.bench.TargetBench;
import seedc.bench.TargetRun;
import seedc.diag.UserError;
import seedc.report.Report;

/** {@code seedc bench --target cortex-m|x86}: which target, and its measurement printed. */
final class CpuBenchTable {
    private CpuBenchTable() {}

    /**
     * The target --target and --device ask for: the Cortex-M0+ (--target cortex-m, or --device mkr1000), x86, or
     * null for the Uno and the FPGAs (measured as before).
     */
    static TargetBench.Target target(String target, Device dev) {
        if (target == null) {
            return dev.equals(Device.MKR1000) ? TargetBench.Target.CORTEX_M : null;
        }
        Backend b = Choices.target(target);
        TargetBench.Target t = switch (b.id()) {
            case "arduino" -> null;
            case "cortex-m" -> TargetBench.Target.CORTEX_M;
            case "x86" -> TargetBench.Target.X86;
            default -> throw UserError.of("bench --target measures arduino, cortex-m or x86; not " + b.id()
                    + " (an FPGA is measured with --device arty-a7-35t or ice40-up5k)");
        };
        // --device is uno unless given: the Cortex-M0+ bench is the MKR1000's, x86 has no device
        boolean fits = dev.equals(Device.UNO) || t == TargetBench.Target.CORTEX_M && dev.equals(Device.MKR1000);
        if (!fits) {
            throw UserError.of("bench --target " + b.id() + " does not run on --device " + dev.name()
                    + (t == TargetBench.Target.CORTEX_M ? " (the Cortex-M0+ bench is the MKR1000's)" : ""));
        }
        return t;
    }

    /** Prints the measurement of {@code program} (its file name), whose fixed program came from {@code origin}. */
    static void print(PrintWriter o, String program, String origin, Report r, TargetBench.Request q,
                      TargetBench.Measured m) {
        TargetRun run = m.run();
        String units = q.target().units();
        o.printf(Locale.ROOT, "seedc bench: %s, %s, %d test examples on %s: %s%n", program, origin,
                run.cycles().size(), q.device() == null ? "this machine" : q.device().toString(), q.target().how());
        BenchAccuracy.print(o, r, false);
        o.printf(Locale.ROOT, "%-28s %14.0f%n", units + "/inference (mean)", run.meanCycles());
        o.printf(Locale.ROOT, "%-28s %14d%n", units + "/inference (max)", run.maxCycles());
        o.printf(Locale.ROOT, "%-28s %14.0f%n", units + "/inference (model)", m.modelled().total());
        o.printf(Locale.ROOT, "%-28s %14d%n", "multiply-accumulates", m.macs());
        if (m.macs() > 0) {
            o.printf(Locale.ROOT, "%-28s %14.3f%n", units + " per MAC", run.meanCycles() / m.macs());
        }
        int n = run.outputs().size();
        o.printf(Locale.ROOT, "predictions equal the Java fixed-point interpreter's: %s (%d/%d)%n",
                m.allEqual() ? "yes" : "NO", n - m.mismatches().size(), n);
        o.printf(Locale.ROOT, "cycle model: %s%n", m.cycleModel());
        UnoBenchTable.modelNotUsed(o, r);
        if (m.profile() != null) {
            UnoBenchTable.profile(o, m.profile(), q.target() == TargetBench.Target.X86
                    ? "TSC ticks, each example's minimum over the runs; each op includes its mark's __rdtsc"
                    : "cycles, mean of the examples; each op includes its mark's store (about 3 cycles)");
        }
    }
}
