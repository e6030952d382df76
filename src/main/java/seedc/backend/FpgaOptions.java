package seedc.backend;

/**
 * The FPGA backend's knobs, in hardware words: the strategy that chooses the parallelism, or one parallelism factor
 * for every node ({@code pf} > 0, a power of two, each node capped at one lane per output, all running as a dataflow
 * graph: how the estimation models' samples are built); the sigmoid/tanh dividers ({@code divider}; null: the
 * planner chooses, the fastest design that fits, or with a fixed PF combinational); where the buffers live
 * ({@code buffers}; null: the planner's choice on the iCE40, registers elsewhere); the DSP blocks the design may use
 * ({@code dsps}; null: the device's; products beyond them multiply in logic); and the percentage of the logic the
 * planner grows lanes into ({@code utilization}; null: 100 less the logic model's mean error on whole designs).
 */
public record FpgaOptions(FpgaStrategy strategy, int pf, FpgaDivider divider, FpgaBuffers buffers, Integer dsps,
                          Integer utilization) {
    public static final FpgaOptions DEFAULT = new FpgaOptions(FpgaStrategy.MAFIA, 0, null, null, null, null);

    FpgaOptions withStrategy(FpgaStrategy s) {
        return new FpgaOptions(s, pf, divider, buffers, dsps, utilization);
    }

    FpgaOptions withPf(int p) {
        return new FpgaOptions(strategy, p, divider, buffers, dsps, utilization);
    }

    FpgaOptions withDivider(FpgaDivider d) {
        return new FpgaOptions(strategy, pf, d, buffers, dsps, utilization);
    }

    FpgaOptions withBuffers(FpgaBuffers b) {
        return new FpgaOptions(strategy, pf, divider, b, dsps, utilization);
    }

    FpgaOptions withDsps(Integer n) {
        return new FpgaOptions(strategy, pf, divider, buffers, n, utilization);
    }

    FpgaOptions withUtilization(Integer percent) {
        return new FpgaOptions(strategy, pf, divider, buffers, dsps, percent);
    }
}
