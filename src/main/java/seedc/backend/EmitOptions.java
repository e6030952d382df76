package seedc.backend;

/**
 * How to emit: the device whose memory must hold the program (null: the backend's default), and
 * one input already quantized to the input's type with what the fixed-point interpreter predicts
 * for it, for backends that embed a demonstration (the Arduino sketch); both may be null; and, for the FPGA
 * backend, the strategy that chooses its parallelism.
 */
public record EmitOptions(Device device, long[] example, String expected, FpgaStrategy fpgaStrategy) {
    public static final EmitOptions NONE = new EmitOptions(null, null, null);

    public EmitOptions(Device device, long[] example, String expected) {
        this(device, example, expected, FpgaStrategy.MAFIA);
    }

    public EmitOptions withFpgaStrategy(FpgaStrategy s) {
        return new EmitOptions(device, example, expected, s);
    }

    public static EmitOptions on(Device device) {
        return new EmitOptions(device, null, null);
    }
}
