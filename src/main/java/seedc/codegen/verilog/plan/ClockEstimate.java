package seedc.codegen.verilog.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import seedc.backend.Device;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.graph.Resources;

/**
 * The clock a design reaches after place and route, as far as seedc has measured it, so that the planner can weigh
 * time per inference rather than cycles. On the iCE40 a design's critical path runs through one engine, and which
 * kind of engine says most of the clock (BENCHMARKS.md "FPGA": a combinational sigmoid divider 4.6 MHz, an
 * iterative one 11.6-12.8, the sums of products 19.1-20.5): clock-models.json holds, per template, the slowest clock
 * measured where it was critical (scripts/fit-fpga-clock, from nextpnr's reports on seedc bench's designs), and a
 * design's estimate is the least over its templates: never above what the 37 measured designs reached, 15% under
 * them on average where one clock for every design missed them by a third. A combinational sigmoid or tanh divider
 * is the critical path wherever it is. The Artix-7 has no open place and route: no estimate there.
 */
public final class ClockEstimate {
    private ClockEstimate() {}

    /**
     * The iCE40's clock with a combinational divider in the design where clock-models.json has no design with one
     * (the planner prefers iterative dividers on the iCE40, so a bench may place none): the slowest measured before
     * the dividers skipped the magnitudes of operands that are never negative.
     */
    static final double ICE40_COMBINATIONAL_DIVIDER_MHZ = 3.4;

    /** Per template, the slowest measured clock where it was critical; and the fastest design's, for the others. */
    record Model(Map<String, Double> templates, double fastest) {}

    private static final Model ICE40 = load("ice40");

    /** The design's clock in MHz, or 0 where seedc has no measurement to go by. */
    static double mhz(Device device, DataflowGraph dfg, NodeCost cost) {
        if (!device.equals(Device.ICE40_UP5K)) {
            return 0;
        }
        double mhz = ICE40.fastest();
        for (DataflowNode n : dfg.all()) {
            if (n.isSource()) {
                continue;
            }
            // a combinational divider not measured since: the clock it held designs to when it was
            double unmeasured = NodeCost.divides(n) && !cost.iterative(n) ? ICE40_COMBINATIONAL_DIVIDER_MHZ
                    : ICE40.fastest();
            mhz = Math.min(mhz, ICE40.templates().getOrDefault(cost.template(n), unmeasured));
        }
        return mhz;
    }

    private static Model load(String family) {
        try {
            JsonNode fit = new ObjectMapper().readTree(Resources.text("clock-models.json")).get(family);
            Map<String, Double> templates = new HashMap<>();
            fit.get("templates").fields().forEachRemaining(t -> templates.put(t.getKey(),
                    t.getValue().get("mhz").asDouble()));
            return new Model(Map.copyOf(templates), fit.get("fastest").asDouble());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
