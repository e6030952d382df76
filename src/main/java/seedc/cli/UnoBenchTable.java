package seedc.cli;

import java.io.PrintWriter;
import java.util.Locale;
import seedc.backend.CBuildReport;
import seedc.backend.WeightStorage;
import seedc.bench.AvrBench;
import seedc.bench.AvrToolchain;
import seedc.bench.BenchJson;
import seedc.bench.ModelBench;
import seedc.bench.OpProfile;
import seedc.bench.UnoBench;
import seedc.report.Report;
import seedc.report.SearchSummary;

/**
 * {@code seedc bench} on the Uno: the fixed build beside the float build (cycles, time, flash, RAM and stack), what
 * the fixed build plans and stores, and whether the device agreed with the interpreter.
 */
final class UnoBenchTable {
    private UnoBenchTable() {}

    /** Prints the measurement of {@code program} (its file name), whose fixed program came from {@code origin}. */
    static void print(PrintWriter o, String program, String origin, Report r, UnoBench.Measured m,
                      WeightStorage stored) {
        o.printf(Locale.ROOT, "seedc bench: %s, %s, %d test examples on an ATmega328P at 16 MHz (simavr,"
                + " avr-gcc -Os)%n", program, origin, m.examples());
        BenchAccuracy.print(o, r, true);
        firmware(o, m);
        built(o, m.fixed(), stored);
        Report.QuantizedWeights quantized = r.program().quantizedWeights();
        if (quantized != null) {
            o.printf(Locale.ROOT, "weights quantized after training (%s %d: %s): float test accuracy %.2f%% before%n",
                    quantized.mode(), quantized.size(), String.join(", ", quantized.parameters()),
                    quantized.floatTestAccuracyBefore());
        }
        int n = m.examples();
        o.printf(Locale.ROOT, "predictions equal the Java fixed-point interpreter's: %s (%d/%d)%n",
                m.fixed().allEqual() ? "yes" : "NO", n - m.fixed().mismatches().size(), n);
        if (m.floatBuild() != null) {
            o.printf(Locale.ROOT, "speedup over float: %.2fx; float flash / fixed flash: %.2fx%n",
                    UnoBench.speedup(m), UnoBench.flashRatio(m));
        }
        o.printf(Locale.ROOT, "cycle model: %s%n", m.cycleModel());
        modelNotUsed(o, r);
        if (m.profile() != null) {
            profile(o, m.profile(), "mean of the examples; each row includes its markers' 2 cycles a run");
        }
    }

    /**
     * Under the "cycle model:" line, where the search set the model aside: its figure above is then an estimate the
     * search did not read, so the bench says so, and why (report.txt's "cycle model: not used" line).
     */
    static void modelNotUsed(PrintWriter o, Report r) {
        if (r.search() instanceof SearchSummary.Shiftry s && s.modelSetAside() != null) {
            o.printf(Locale.ROOT, "  the search did not use it: %s%n", s.modelSetAside().account());
        }
    }

    /**
     * Each top-level op's measured cycles (its share of the inference), MACs, cycles per MAC and the model's, a
     * loop's body ops indented under its own row; {@code note} says what the figures are.
     */
    static void profile(PrintWriter o, OpProfile p, String note) {
        o.printf(Locale.ROOT, "%nprofile (%s):%n", note);
        o.printf(Locale.ROOT, "%-18s %-13s %11s %6s %9s %9s %11s %7s%n", "op", "kind", "cycles", "share", "MACs",
                "cyc/MAC", "model", "model/m");
        boolean bodies = false;
        for (OpProfile.Row r : p.rows()) {
            if (r.measuredCycles() < 3 * r.marks() && r.modelledCycles() < 3 && r.macs() == 0) {
                continue; // a parameter or constant: no code, only its marker
            }
            bodies |= r.loop() != null;
            o.printf(Locale.ROOT, "%-18s %-13s %11.0f %5.1f%% %9s %9s %11.0f %7s%n",
                    clip(r.loop() == null ? r.label() : "  " + r.label()), r.kind(),
                    r.measuredCycles(), 100 * r.measuredCycles() / p.measured(), r.macs() > 0 ? r.macs() : "",
                    r.cyclesPerMac() == null ? "" : String.format(Locale.ROOT, "%.1f", r.cyclesPerMac()),
                    r.modelledCycles(), ratio(r.modelledCycles(), r.measuredCycles()));
        }
        o.printf(Locale.ROOT, "%-18s %-13s %11.0f %6s %9s %9s %11.0f %7s%n", "total", "", p.measured(), "", "", "",
                p.modelled(), ratio(p.modelled(), p.measured()));
        if (bodies) {
            o.printf(Locale.ROOT, "a loop's own row counts its init and, each iteration, the counter and the copies of"
                    + " its state (a sum loop's: the sum's zeroing, the counter and each addition to the sum, unless"
                    + " its last body op adds as it computes); its body's ops, indented under it, count all"
                    + " iterations (loops nested in a body are one row)%n");
        }
    }

    private static String ratio(double model, double measured) {
        return measured > 0 ? String.format(Locale.ROOT, "%.2f", model / measured) : "";
    }

    private static String clip(String s) {
        return s.length() <= 18 ? s : s.substring(0, 17) + "~";
    }

    /** The two firmwares side by side (the float column empty without the float build). */
    private static void firmware(PrintWriter o, UnoBench.Measured m) {
        AvrBench.Run fx = m.fixed().fixed(), fl = m.floatBuild();
        long macs = m.fixed().macs();
        o.printf(Locale.ROOT, "%-28s %14s %14s%n", "", "fixed", fl == null ? "" : "float");
        row(o, "cycles/inference (mean)", fx.meanCycles(), fl == null ? null : fl.meanCycles());
        row(o, "cycles/inference (max)", fx.maxCycles(), fl == null ? null : (double) fl.maxCycles());
        row(o, "cycles/inference (model)", m.modelled().total(), null);
        row3(o, "ms/inference at 16 MHz (mean)", BenchJson.milliseconds(fx.meanCycles()),
                fl == null ? null : BenchJson.milliseconds(fl.meanCycles()));
        row(o, "flash bytes (ELF)", fx.sizes().flashBytes(), fl == null ? null : (double) fl.sizes().flashBytes());
        row(o, "static RAM bytes (ELF)", fx.sizes().ramBytes(), fl == null ? null : (double) fl.sizes().ramBytes());
        row(o, "peak stack bytes", fx.peakStackBytes(), fl == null ? null : (double) fl.peakStackBytes());
        o.printf(Locale.ROOT, "%-28s %14d%n", "multiply-accumulates", macs);
        if (macs > 0) {
            row3(o, "cycles per MAC", fx.meanCycles() / macs, fl == null ? null : fl.meanCycles() / macs);
        }
        if (fl != null && !fl.mcu().equals(AvrToolchain.MCU)) {
            o.printf(Locale.ROOT, "(the float build needs more than the Uno's 2 KB of RAM or 32 KB of flash: measured"
                    + " on an %s, the same AVR core and cycle timings with 16 KB and 128 KB)%n", fl.mcu());
        }
    }

    /** What the fixed build planned in RAM, stored in flash and chose for each low-bit product. */
    private static void built(PrintWriter o, ModelBench.Outcome fx, WeightStorage stored) {
        o.printf(Locale.ROOT, "planned RAM buffer: %d B; parameters and tables in flash: %d B%n",
                fx.written().ramBytes(), fx.written().flashBytes());
        CBuildReport plan = fx.written().memoryPlan();
        o.printf(Locale.ROOT, "parameters stored %s%s%n", stored.id(), stored == WeightStorage.PACKED
                ? " (" + plan.packedParameterBytes() + " B of them packed: tables and indices)" : "");
        for (CBuildReport.LowBitProduct p : plan.lowBitProductsOrNone()) {
            o.printf(Locale.ROOT, "low-bit product %s: %s%n", p.value(), p.kernel());
        }
    }

    private static void row(PrintWriter o, String label, double fixed, Double fl) {
        o.printf(Locale.ROOT, "%-28s %14.0f %14s%n", label, fixed,
                fl == null ? "" : String.format(Locale.ROOT, "%.0f", fl));
    }

    private static void row3(PrintWriter o, String label, double fixed, Double fl) {
        o.printf(Locale.ROOT, "%-28s %14.3f %14s%n", label, fixed,
                fl == null ? "" : String.format(Locale.ROOT, "%.3f", fl));
    }
}
