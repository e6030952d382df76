package seedc.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import seedc.backend.Device;
import seedc.backend.FpgaDesignReport;
import seedc.bench.FpgaBench;

/**
 * {@code seedc bench --device arty-a7-35t|ice40-up5k}: the three strategies' designs side by side. Latency is at
 * the iCE40's Fmax from nextpnr; open place and route for the Artix-7 does not exist, so its latency is at the
 * Arty's 100 MHz clock, stated as such.
 */
final class FpgaBenchTable {
    private FpgaBenchTable() {}

    static final double ARTY_MHZ = 100.0;

    static void print(PrintWriter o, List<FpgaBench.Run> all, Device device, long macs, Double unoCycles) {
        boolean ice40 = device.equals(Device.ICE40_UP5K);
        o.printf(Locale.ROOT, "%-11s %9s %9s %7s %7s %5s %5s %8s %8s %7s %9s %8s %9s %10s%n", "strategy", "cycles",
                "est.cyc", "LUT", "FF", "DSP", "BRAM", "est.LUT", "LUT err", "cells", "est.cells", "MHz", "us/inf",
                "vs Uno");
        List<FpgaBench.Run> runs = all.stream().filter(FpgaBench.Run::fits).toList();
        for (FpgaBench.Run r : runs) {
            double mhz = ice40 ? r.fmax() : ARTY_MHZ;
            double us = mhz > 0 ? r.meanCycles() / mhz : Double.NaN;
            String vsUno = unoCycles == null || mhz <= 0 ? "-"
                    : String.format(Locale.ROOT, "%.1fx", (unoCycles / 16.0) / us);
            // without place and route (--no-synth on the iCE40) there is no clock, so no time: "-", not NaN
            String usText = Double.isNaN(us) ? "-" : String.format(Locale.ROOT, "%.2f", us);
            o.printf(Locale.ROOT, "%-11s %9.0f %9d %7s %7s %5s %5s %8d %8s %7s %9s %8s %9s %10s%n", r.strategy().id(),
                    r.meanCycles(), r.estimatedCycles(), synth(r, "lut"), synth(r, "ff"), synth(r, "dsp"),
                    synth(r, "bram"), r.estimatedLut(), lutError(r), synth(r, "cells"),
                    r.plan().estimatedCells() != null ? r.plan().estimatedCells() : "-", !r.placed() ? "no P&R"
                            : mhz > 0 ? String.format(Locale.ROOT, "%.1f", mhz) : "-", usText, vsUno);
        }
        for (FpgaBench.Run r : all) {
            if (!r.fits()) {
                o.printf(Locale.ROOT, "%s: no design: %s%n", r.strategy().id(), r.refused().replace("seedc: error: ", ""));
            }
        }
        for (FpgaBench.Run r : runs) {
            if (!r.placed()) {
                o.printf(Locale.ROOT, "%s: does not place (nextpnr: %s): %s logic cells and %s block RAMs, the %s has"
                        + " %d and %d%n", r.strategy().id(), synth(r, "pnrError"), synth(r, "cells"), synth(r, "bram"),
                        device.name(), device.fabric().luts(), device.fabric().blockRams());
            }
        }
        o.printf(Locale.ROOT, "multiply-accumulates per inference: %d%s%n", macs, ice40 ? ""
                : "; Artix-7 latency at the Arty's " + (int) ARTY_MHZ + " MHz clock (no open place and route for"
                        + " 7-series: yosys gives resources, not Fmax)");
        for (FpgaBench.Run r : runs) {
            if (r.synth() != null && r.synth().get("dsp").asLong() > 0) {
                o.printf(Locale.ROOT, "%s: DSP bound %d cycles (MACs / DSPs used); the design takes %.1fx that%n",
                        r.strategy().id(), macs / r.synth().get("dsp").asLong(),
                        r.meanCycles() / Math.max(1, macs / r.synth().get("dsp").asLong()));
            }
        }
        if (!runs.isEmpty() && runs.get(0).plan().lutModel() != null) {
            o.printf(Locale.ROOT, "LUT model: %s; LUT err above: estimate vs yosys on these designs%n",
                    seedc.report.DeviceText.lutModel(runs.get(0).plan().lutModel()));
        }
        o.printf(Locale.ROOT, "predictions equal the Java fixed-point interpreter's: %s%n",
                runs.stream().allMatch(FpgaBench.Run::predictionsEqual)
                        ? runs.size() == all.size() ? "yes (every strategy)" : "yes (every design)" : "NO");
        runs.forEach(r -> perNode(o, r));
    }

    /**
     * Each node's estimate beside its share of the synthesized design (make synth's NodeCones: its registers and
     * the logic in their input cone; logic several nodes' registers read is in each share).
     */
    private static void perNode(PrintWriter o, FpgaBench.Run r) {
        if (r.synth() == null || !r.synth().has("nodes") || r.plan().nodes() == null) {
            return;
        }
        o.printf(Locale.ROOT, "%n%s per node: estimate / yosys (a node's registers and the logic in their input"
                + " cone)%n", r.strategy().id());
        o.printf(Locale.ROOT, "  %-10s %-12s %4s %15s %11s %9s %9s%n", "value", "op", "PF", "LUT", "FF", "DSP", "BRAM");
        for (FpgaDesignReport.Node e : r.plan().nodes()) {
            JsonNode y = r.synth().get("nodes").get(e.node());
            if (y != null) {
                o.printf(Locale.ROOT, "  %-10s %-12s %4s %7s / %5d %11d %4s / %2d %4s / %2d%n", e.value(), e.op(),
                        e.pf(), e.lut(), y.get("lut").asLong(), y.get("ff").asLong(), e.dsp(),
                        y.get("dsp").asLong(), e.bram(), y.get("bram").asLong());
            }
        }
    }

    /** The planner's LUT estimate against yosys's count, signed, in percent of the count. */
    private static String lutError(FpgaBench.Run r) {
        return r.synth() == null || r.lut() <= 0 ? "-"
                : String.format(Locale.ROOT, "%+.0f%%", 100.0 * (r.estimatedLut() - r.lut()) / r.lut());
    }

    private static String synth(FpgaBench.Run r, String key) {
        return r.synth() == null || !r.synth().has(key) ? "-" : r.synth().get(key).asText();
    }
}
