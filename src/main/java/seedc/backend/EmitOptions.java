package seedc.backend;

/**
 * How to emit: the device whose memory must hold the program (null: the backend's default), and
 * one input already quantized to the input's type with what the fixed-point interpreter predicts
 * for it, for backends that embed a demonstration (the Arduino sketch); both may be null; and, for the FPGA
 * backend, the strategy that chooses its parallelism, or one parallelism factor for every node ({@code fpgaPf} > 0,
 * a power of two, each node capped at one lane per output, all running as a dataflow graph: how the estimation
 * models' samples are built), and the sigmoid/tanh dividers ({@code fpgaDivider}; null: the planner chooses, the
 * fastest design that fits, or with a fixed PF combinational), and where its buffers live ({@code fpgaBuffers}; null:
 * registers when the design fits with them, else block RAM), and the DSP blocks it may use ({@code fpgaDsps}; null:
 * the device's; products beyond them multiply in logic), and the percentage of the logic the planner grows lanes
 * into ({@code fpgaUtilization}; null: 100 less the LUT model's mean error on whole designs).
 */
public record EmitOptions(Device device, long[] example, String expected, FpgaStrategy fpgaStrategy, int fpgaPf,
                          FpgaDivider fpgaDivider, FpgaBuffers fpgaBuffers, Integer fpgaDsps,
                          Integer fpgaUtilization) {
    public static final EmitOptions NONE = new EmitOptions(null, null, null);

    public EmitOptions(Device device, long[] example, String expected) {
        this(device, example, expected, FpgaStrategy.MAFIA, 0, null, null, null, null);
    }

    public EmitOptions withFpgaStrategy(FpgaStrategy s) {
        return new EmitOptions(device, example, expected, s, fpgaPf, fpgaDivider, fpgaBuffers, fpgaDsps,
                fpgaUtilization);
    }

    public EmitOptions withFpgaPf(int pf) {
        return new EmitOptions(device, example, expected, fpgaStrategy, pf, fpgaDivider, fpgaBuffers, fpgaDsps,
                fpgaUtilization);
    }

    public EmitOptions withFpgaDivider(FpgaDivider d) {
        return new EmitOptions(device, example, expected, fpgaStrategy, fpgaPf, d, fpgaBuffers, fpgaDsps,
                fpgaUtilization);
    }

    public EmitOptions withFpgaBuffers(FpgaBuffers b) {
        return new EmitOptions(device, example, expected, fpgaStrategy, fpgaPf, fpgaDivider, b, fpgaDsps,
                fpgaUtilization);
    }

    public EmitOptions withFpgaDsps(Integer dsps) {
        return new EmitOptions(device, example, expected, fpgaStrategy, fpgaPf, fpgaDivider, fpgaBuffers, dsps,
                fpgaUtilization);
    }

    public EmitOptions withFpgaUtilization(Integer percent) {
        return new EmitOptions(device, example, expected, fpgaStrategy, fpgaPf, fpgaDivider, fpgaBuffers, fpgaDsps,
                percent);
    }

    public static EmitOptions on(Device device) {
        return new EmitOptions(device, null, null);
    }
}
