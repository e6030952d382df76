package seedc.backend;

/**
 * What a backend wrote, for the report and the benchmark: the bytes of flash (constants) and of
 * planned RAM, the device they were checked against (null: none), and what the backend reports of its build: a C
 * build's memory plan or an FPGA design (report.json's {@code memoryPlan} or {@code fpga}).
 */
public record Emitted(int flashBytes, int ramBytes, Device device, BuildReport build) {

    /** The C build's memory plan, or null for an FPGA design. */
    public CBuildReport memoryPlan() {
        return build instanceof CBuildReport c ? c : null;
    }

    /** The FPGA design, or null for a C build. */
    public FpgaDesignReport fpga() {
        return build instanceof FpgaDesignReport f ? f : null;
    }
}
