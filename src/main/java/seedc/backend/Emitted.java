package seedc.backend;

import java.util.Map;

/**
 * What a backend wrote, for the report and the benchmark: the bytes of flash (constants) and of
 * planned RAM, the device they were checked against (null: none), and the memory plan as the
 * report shows it; for an FPGA design, its nodes' parallelism and estimates (report.json's {@code fpga}).
 */
public record Emitted(int flashBytes, int ramBytes, Device device,
                      Map<String, Object> memoryPlan, Map<String, Object> fpga) {
    public Emitted(int flashBytes, int ramBytes, Device device, Map<String, Object> memoryPlan) {
        this(flashBytes, ramBytes, device, memoryPlan, null);
    }
}
