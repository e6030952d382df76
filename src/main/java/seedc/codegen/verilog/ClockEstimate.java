package seedc.codegen.verilog;

import seedc.backend.Device;

/**
 * The clock a design reaches after place and route, as far as seedc has measured it, so that the planner can weigh
 * time per inference rather than cycles. On the iCE40 (nextpnr-ice40, BENCHMARKS.md "FPGA") a combinational
 * sigmoid or tanh divider is the critical path: every design with one placed at 3.3-3.5 MHz (Bonsai wine and
 * FastGRNN cancer, each strategy), every design without one at 9.4 MHz or more (FastGRNN cancer with iterative
 * dividers 9.41, the ProtoNN models 13.1-20.7). The Artix-7 has no open place and route: no estimate there.
 */
final class ClockEstimate {
    private ClockEstimate() {}

    /** The iCE40's clock with a combinational divider in the design, and without one (the slowest measured). */
    static final double ICE40_COMBINATIONAL_DIVIDER_MHZ = 3.4;
    static final double ICE40_MHZ = 9.4;

    /** The design's clock in MHz, or 0 where seedc has no measurement to go by. */
    static double mhz(Device device, Dfg dfg, NodeCost cost) {
        if (!device.equals(Device.ICE40_UP5K)) {
            return 0;
        }
        boolean combinational = dfg.all().stream().anyMatch(n -> NodeCost.divides(n) && !cost.iterative(n));
        return combinational ? ICE40_COMBINATIONAL_DIVIDER_MHZ : ICE40_MHZ;
    }
}
