package seedc.report;

import java.util.List;
import java.util.Locale;
import seedc.backend.CBuildReport;
import seedc.backend.FpgaDesignReport;

/**
 * The device part of report.txt, from report.json's device use: an FPGA design's nodes and estimates, or a C
 * build's low-bit products (each one's kernel) and what it takes of the device.
 */
public final class DeviceText {
    private DeviceText() {}

    static void render(StringBuilder sb, DeviceUse use) {
        if (use.fpga() != null) {
            fpga(sb, use.fpga());
            return;
        }
        CBuildReport plan = use.memoryPlan();
        if (plan != null) {
            lowBitProducts(sb, plan.lowBitProducts());
        }
        sb.append(f("on the device: %d B of constants in flash, a %d B RAM buffer%n", use.flashBytes(),
                use.ramBytes()));
        if (plan != null && plan.packedParameterBytes() != null && plan.packedParameterBytes() > 0) {
            sb.append(f("  of which %d B are packed parameters (their tables of values and a 1-8-bit index per"
                    + " element; --weight-storage)%n", plan.packedParameterBytes()));
        }
        if (plan != null && plan.callerInputBytes() != null) {
            sb.append(f("  RAM fit: the buffer and the caller's %d B input array (predict.h: seedc_predict reads x from"
                    + " RAM)%n", plan.callerInputBytes()));
        }
    }

    /** The C's low-bit products: each one's kernel and, on bit planes, the words it reads and why. */
    private static void lowBitProducts(StringBuilder sb, List<CBuildReport.LowBitProduct> products) {
        if (products == null) {
            return;
        }
        sb.append(f("low-bit products%n"));
        for (CBuildReport.LowBitProduct p : products) {
            sb.append(f("  %s: %s%n", p.value(), p.kernel()));
            for (String why : new String[] {p.words(), p.layout()}) {
                if (why != null) {
                    sb.append(f("    (%s)%n", why));
                }
            }
        }
    }

    /** The FPGA design's nodes: op, outputs x terms, the chosen PF and the estimates it was chosen by. */
    private static void fpga(StringBuilder sb, FpgaDesignReport fpga) {
        FpgaDesignReport.Budget budget = fpga.budget();
        sb.append(f("%nFPGA design for %s, %s strategy, %s dividers, buffers in %s: about %s cycles, %s LUTs and %s"
                + " flip-flops (%s), %s DSPs (of %s), %s block RAMs (of %s)%n", fpga.device(),
                fpga.strategy(), fpga.divider(), String.valueOf(fpga.buffers()).replace('-', ' '),
                fpga.estimatedCycles(), fpga.estimatedLut(), fpga.estimatedFf(),
                fpga.estimatedCells() != null ? "about " + fpga.estimatedCells() + " of " + budget.lut()
                        + " logic cells, a LUT and a flip-flop each" : "of " + budget.lut() + " LUTs and "
                        + budget.ff() + " flip-flops" + (fpga.predictedLut() != null ? "; yosys's LUTs"
                        + " predicted from the estimate's parts: about " + fpga.predictedLut() : ""),
                fpga.estimatedDsp(), budget.dsp(), fpga.estimatedBram(), budget.bram()));
        if (fpga.estimatedMhz() != null) {
            sb.append(f("clock: about %.1f MHz after place and route (measured on designs like it), so about %.1f us"
                    + " per inference%n", fpga.estimatedMhz(), fpga.estimatedCycles() / fpga.estimatedMhz()));
        }
        if (fpga.blockRamMemories() != null && !fpga.blockRamMemories().isEmpty()) {
            sb.append("in block RAM: ").append(String.join(", ", fpga.blockRamMemories())).append('\n');
        }
        if (fpga.lutModel() != null) {
            sb.append("LUT estimates: ").append(lutModel(fpga.lutModel())).append('\n');
        }
        sb.append(f("  %-10s %-13s %14s %4s %7s %6s %4s %5s %8s%n", "value", "op", "outputs x terms", "PF", "LUT", "FF",
                "DSP", "BRAM", "cycles"));
        for (FpgaDesignReport.Node n : fpga.nodes()) {
            sb.append(f("  %-10s %-13s %14s %4s %7s %6s %4s %5s %8s%n", n.value(), n.op(), n.elements()
                    + " x " + n.terms(), n.pf(), n.lut(), n.ff(), n.dsp(), n.bram(), n.cycles()));
        }
    }

    /** The FPGA LUT model's provenance and error, from report.json's {@code fpga.lutModel}. */
    public static String lutModel(FpgaDesignReport.LutModel m) {
        String s = f("MAFIA's model fitted to yosys on %s single-template designs (%s, scripts/fit-fpga-models) at PFs"
                + " up to %s, the planner's limit: mean error %.0f%%, max %.0f%% on its samples", m.samples(),
                m.family(), m.maxPf(), 100 * m.meanError(), 100 * m.maxError());
        FpgaDesignReport.Fit d = m.design();
        if (d != null && d.samples() > 0) {
            s += f("; scaled by %.2f for whole designs (scripts/fit-fpga-design-scale: %s designs, mean error %.0f%%,"
                    + " max %.0f%%)", d.scale(), d.samples(), 100 * d.meanError(), 100 * d.maxError());
        }
        if (m.wholeDesign() != null) {
            FpgaDesignReport.WholeDesignFit w = m.wholeDesign();
            s += f("; whole designs predicted by its parts, weighed to yosys on %s fixture designs"
                    + " (scripts/fit-fpga-design-scale: leave-one-out mean error %.0f%%, max %.0f%%)", w.samples(),
                    100 * w.meanError(), 100 * w.maxError());
        }
        if (m.cells() != null) {
            FpgaDesignReport.Fit c = m.cells();
            s += f("; logic cells %.2f x (LUTs + flip-flops), fitted to nextpnr's packing of %s designs (mean error"
                    + " %.0f%%, max %.0f%%)", c.scale(), c.samples(), 100 * c.meanError(), 100 * c.maxError());
        }
        return s;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
