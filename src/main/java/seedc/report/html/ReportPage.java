package seedc.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What report.html shows, as the JSON its page code reads: the heading and one part per chart, each null (absent from
 * the JSON, so the page draws no chart for it) when the compile or bench has no such data.
 *
 * @param heading  the model, how it was compiled and its headline figures
 * @param search   accuracy against modelled cycles of the programs shiftry's search ran (null: no cycle model)
 * @param demotion stage IV's steps: accuracy and cycles as each value was demoted (null: no stage IV)
 * @param ranges   each real value's profiled and sound range against its type's range
 * @param ram      the C build's RAM plan (null: no device build, or an FPGA design)
 * @param ops      each top-level op's cycles from {@code bench --profile} (null: not profiled)
 * @param fpga     an FPGA design's nodes and estimates (null: not an FPGA target)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReportPage(Heading heading, SearchChart search, DemotionChart demotion, List<ValueRange> ranges,
                         RamPlan ram, OpChart ops, FpgaChart fpga) {

    /** The same page with the op profile of a bench. */
    public ReportPage withOps(OpChart o) {
        return new ReportPage(heading, search, demotion, ranges, ram, o, fpga);
    }

    /** The same page with the FPGA design a bench built and simulated (its compile reports none). */
    public ReportPage withFpga(FpgaChart f) {
        return new ReportPage(heading, search, demotion, ranges, ram, ops, f);
    }

    /** The page's title, the command that wrote it ("compile", "bench") and its figures as label/value pairs. */
    public record Heading(String title, String command, List<Fact> facts) {}

    /** One headline figure, already worded (the page writes it as given). */
    public record Fact(String label, String value) {}

    /**
     * Accuracy (percent, on the rows the search chose on) against the cycle model's estimate: the programs stage IV
     * ran ({@code evaluated}), those no other beat on accuracy, cycles and flash together ({@code frontier}, fastest
     * first) and the chosen one (null when the search kept no frontier, as with a flash budget).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchChart(String cycleModel, List<ProgramPoint> evaluated, List<ProgramPoint> frontier,
                              ProgramPoint chosen) {}

    /** One program the search ran: what it is ("after demoting x", "frontier 3"), its accuracy, cycles and flash. */
    public record ProgramPoint(String label, double accuracy, double cycles, int paramBytes) {}

    /** Stage IV's curve, one step per value (or group) it tried to demote, in order; {@code cycleModel} null: none. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DemotionChart(String cycleModel, List<DemotionStep> steps) {}

    /**
     * One step of stage IV: the value, whether its demotion was kept and why not ({@code verdict}), and the program's
     * accuracy and modelled cycles after it (null: refused unrun, or no cycle model) and its parameters' flash.
     */
    public record DemotionStep(int step, String value, boolean kept, String verdict, Double accuracy, Double cycles,
                               int paramBytes) {}

    /**
     * A real value's type ({@code bitwidth} bits at {@code scale}: reals from {@code typeLo} to {@code typeHi}) and the
     * ranges [lo, hi] the training set showed ({@code profiled}) and every input in the declared range allows
     * ({@code sound}); each null where there is none ({@code soundUnproven} then says why).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ValueRange(String value, int bitwidth, int scale, double typeLo, double typeHi, double[] profiled,
                             double[] sound, String soundUnproven) {}

    /**
     * The C build's static RAM buffer ({@code bufferBytes}, against the device's RAM when there is one) over the
     * program's {@code instructions}: each buffer's bytes and the instructions it is live for.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RamPlan(int bufferBytes, Integer deviceRamBytes, int instructions, List<Buffer> buffers) {}

    /** Bytes [offset, offset + sizeBytes) hold {@code value} from instruction firstUse to lastUse inclusive. */
    public record Buffer(String value, int offset, int sizeBytes, int firstUse, int lastUse) {}

    /** {@code bench --profile}: the device, the whole inference's measured and modelled cycles, and each op's. */
    public record OpChart(String device, double measuredCycles, double modelledCycles, List<OpCycles> ops) {}

    /** One top-level op (a loop with its body; the last row is the call's own cycles), its MACs and its cycles. */
    public record OpCycles(String op, String kind, long macs, double measuredCycles, double modelledCycles) {}

    /**
     * An FPGA design: its device, strategy, estimated cycles and use against the device's LUTs, DSPs and block RAMs,
     * and every node of its dataflow graph.
     */
    public record FpgaChart(String device, String strategy, long estimatedCycles, long lut, long dsp, long bram,
                            int deviceLut, int deviceDsp, int deviceBram, List<FpgaNode> nodes) {}

    /** One node: its value and op, its parallelism ({@code pf}, null: none), its estimated resources and cycles. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FpgaNode(String node, String value, String op, Integer pf, long lut, long dsp, long bram,
                           long cycles) {}
}
