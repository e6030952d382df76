package seedc.backend;

/**
 * How to emit: the device whose memory must hold the program (null: the backend's default), and
 * one input already quantized to the input's type with what the fixed-point interpreter predicts
 * for it, for backends that embed a demonstration (the Arduino sketch); both may be null; and, for the FPGA
 * backend, its knobs ({@link FpgaOptions}); for the C backends, how parameters are stored ({@link WeightStorage})
 * and whether products of low-bit operands may run on packed bit planes ({@code bitSerial}; --no-bitserial: not),
 * with the bit axis where {@code bitLayout} says (--bit-layout).
 */
public record EmitOptions(Device device, long[] example, String expected, FpgaOptions fpga,
                          WeightStorage storage, boolean bitSerial, BitLayout bitLayout) {
    public static final EmitOptions NONE = new EmitOptions(null, null, null);

    public EmitOptions(Device device, long[] example, String expected) {
        this(device, example, expected, FpgaOptions.DEFAULT, WeightStorage.DENSE, true, BitLayout.MEASURED);
    }

    /** The C backends' storage of parameters in flash ({@link WeightStorage}). */
    /** The same with a test example (quantized) and the output the program should give for it. */
    public EmitOptions withExample(long[] input, String output) {
        return new EmitOptions(device, input, output, fpga, storage, bitSerial, bitLayout);
    }

    public EmitOptions withStorage(WeightStorage s) {
        return new EmitOptions(device, example, expected, fpga, s, bitSerial, bitLayout);
    }

    /** The C backends: whether low-bit products may run on bit planes (else the ordinary sums of products). */
    public EmitOptions withBitSerial(boolean on) {
        return new EmitOptions(device, example, expected, fpga, storage, on, bitLayout);
    }

    /** The C backends: where the bit axis goes in products on packed bits. */
    public EmitOptions withBitLayout(BitLayout layout) {
        return new EmitOptions(device, example, expected, fpga, storage, bitSerial, layout);
    }

    public EmitOptions withFpgaStrategy(FpgaStrategy s) {
        return withFpga(fpga.withStrategy(s));
    }

    public EmitOptions withFpgaPf(int pf) {
        return withFpga(fpga.withPf(pf));
    }

    public EmitOptions withFpgaDivider(FpgaDivider d) {
        return withFpga(fpga.withDivider(d));
    }

    public EmitOptions withFpgaBuffers(FpgaBuffers b) {
        return withFpga(fpga.withBuffers(b));
    }

    public EmitOptions withFpgaDsps(Integer dsps) {
        return withFpga(fpga.withDsps(dsps));
    }

    public EmitOptions withFpgaUtilization(Integer percent) {
        return withFpga(fpga.withUtilization(percent));
    }

    private EmitOptions withFpga(FpgaOptions f) {
        return new EmitOptions(device, example, expected, f, storage, bitSerial, bitLayout);
    }

    public static EmitOptions on(Device device) {
        return new EmitOptions(device, null, null);
    }
}
