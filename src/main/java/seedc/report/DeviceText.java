package seedc.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

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
        lowBitProducts(sb, use.memoryPlan());
        sb.append(f("on the device: %d B of constants in flash, a %d B RAM buffer%n", use.flashBytes(),
                use.ramBytes()));
        if (use.memoryPlan() != null && use.memoryPlan().get("packedParameterBytes") instanceof Number packed
                && packed.longValue() > 0) {
            sb.append(f("  of which %d B are packed parameters (their tables of values and a 1-8-bit index per"
                    + " element; --weight-storage)%n", packed.longValue()));
        }
    }

    /** The C's low-bit products: each one's kernel and, on bit planes, the words it reads and why. */
    private static void lowBitProducts(StringBuilder sb, Map<String, Object> plan) {
        if (plan == null || !(plan.get("lowBitProducts") instanceof List<?> products)) {
            return;
        }
        sb.append(f("low-bit products%n"));
        for (Object o : products) {
            Map<?, ?> p = (Map<?, ?>) o;
            sb.append(f("  %s: %s%n", p.get("value"), p.get("kernel")));
            for (String why : new String[] {"words", "layout"}) {
                if (p.get(why) != null) {
                    sb.append(f("    (%s)%n", p.get(why)));
                }
            }
        }
    }

    /** The FPGA design's nodes: op, outputs x terms, the chosen PF and the estimates it was chosen by. */
    @SuppressWarnings("unchecked")
    private static void fpga(StringBuilder sb, Map<String, Object> fpga) {
        Map<String, Object> budget = (Map<String, Object>) fpga.get("budget");
        sb.append(f("%nFPGA design for %s, %s strategy, %s dividers, buffers in %s: about %s cycles, %s LUTs and %s"
                + " flip-flops (%s), %s DSPs (of %s), %s block RAMs (of %s)%n", fpga.get("device"),
                fpga.get("strategy"), fpga.get("divider"), String.valueOf(fpga.get("buffers")).replace('-', ' '),
                fpga.get("estimatedCycles"), fpga.get("estimatedLut"), fpga.get("estimatedFf"),
                fpga.get("estimatedCells") != null ? "about " + fpga.get("estimatedCells") + " of " + budget.get("lut")
                        + " logic cells, a LUT and a flip-flop each" : "of " + budget.get("lut") + " LUTs and "
                        + budget.get("ff") + " flip-flops" + (fpga.get("predictedLut") != null ? "; yosys's LUTs"
                        + " predicted from the estimate's parts: about " + fpga.get("predictedLut") : ""),
                fpga.get("estimatedDsp"), budget.get("dsp"), fpga.get("estimatedBram"), budget.get("bram")));
        if (fpga.get("estimatedMhz") instanceof Number mhz && fpga.get("estimatedCycles") instanceof Number cycles) {
            sb.append(f("clock: about %.1f MHz after place and route (measured on designs like it), so about %.1f us"
                    + " per inference%n", mhz.doubleValue(), cycles.doubleValue() / mhz.doubleValue()));
        }
        if (fpga.get("blockRamMemories") instanceof java.util.List<?> l && !l.isEmpty()) {
            sb.append("in block RAM: ").append(l.stream().map(String::valueOf).collect(java.util.stream.Collectors
                    .joining(", "))).append('\n');
        }
        if (fpga.get("lutModel") instanceof Map<?, ?> m) {
            sb.append("LUT estimates: ").append(lutModel(m)).append('\n');
        }
        sb.append(f("  %-10s %-13s %14s %4s %7s %6s %4s %5s %8s%n", "value", "op", "outputs x terms", "PF", "LUT", "FF",
                "DSP", "BRAM", "cycles"));
        for (Map<String, Object> n : (java.util.List<Map<String, Object>>) fpga.get("nodes")) {
            sb.append(f("  %-10s %-13s %14s %4s %7s %6s %4s %5s %8s%n", n.get("value"), n.get("op"), n.get("elements")
                    + " x " + n.get("terms"), n.get("pf"), n.get("lut"), n.get("ff"), n.get("dsp"), n.get("bram"),
                    n.get("cycles")));
        }
    }

    /** The FPGA LUT model's provenance and error, from report.json's {@code fpga.lutModel}. */
    public static String lutModel(Map<?, ?> m) {
        String s = f("MAFIA's model fitted to yosys on %s single-template designs (%s, scripts/fit-fpga-models) at PFs"
                + " up to %s, the planner's limit: mean error %.0f%%, max %.0f%% on its samples", m.get("samples"),
                m.get("family"), m.get("maxPf"), 100 * ((Number) m.get("meanError")).doubleValue(),
                100 * ((Number) m.get("maxError")).doubleValue());
        if (m.get("design") instanceof Map<?, ?> d && ((Number) d.get("samples")).intValue() > 0) {
            s += f("; scaled by %.2f for whole designs (scripts/fit-fpga-design-scale: %s designs, mean error %.0f%%,"
                    + " max %.0f%%)", ((Number) d.get("scale")).doubleValue(), d.get("samples"),
                    100 * ((Number) d.get("meanError")).doubleValue(), 100 * ((Number) d.get("maxError")).doubleValue());
        }
        if (m.get("wholeDesign") instanceof Map<?, ?> w) {
            s += f("; whole designs predicted by its parts, weighed to yosys on %s fixture designs"
                    + " (scripts/fit-fpga-design-scale: leave-one-out mean error %.0f%%, max %.0f%%)", w.get("samples"),
                    100 * ((Number) w.get("meanError")).doubleValue(), 100 * ((Number) w.get("maxError")).doubleValue());
        }
        if (m.get("cells") instanceof Map<?, ?> c) {
            s += f("; logic cells %.2f x (LUTs + flip-flops), fitted to nextpnr's packing of %s designs (mean error"
                    + " %.0f%%, max %.0f%%)", ((Number) c.get("scale")).doubleValue(), c.get("samples"),
                    100 * ((Number) c.get("meanError")).doubleValue(), 100 * ((Number) c.get("maxError")).doubleValue());
        }
        return s;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
