package seedc.backend;

/**
 * How to emit: the device whose memory must hold the program (null: the backend's default), and
 * one input already quantized to the input's type with what the fixed-point interpreter predicts
 * for it, for backends that embed a demonstration (the Arduino sketch); both may be null.
 */
public record EmitOptions(Device device, long[] example, String expected) {
    public static final EmitOptions NONE = new EmitOptions(null, null, null);

    public static EmitOptions on(Device device) {
        return new EmitOptions(device, null, null);
    }
}
