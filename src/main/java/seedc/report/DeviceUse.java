package seedc.report;

import java.util.Map;
import seedc.backend.Emitted;

/**
 * What a device build takes (top-level keys of report.json): the planned RAM buffer, the constants in
 * flash, the device they were checked against and the memory plan.
 */
public record DeviceUse(int ramBytes, int flashBytes, DeviceLimits device, Map<String, Object> memoryPlan,
                        @com.fasterxml.jackson.annotation.JsonInclude(
                                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                        Map<String, Object> fpga) {

    public record DeviceLimits(String name, int ramBytes, int flashBytes) {}

    public static DeviceUse of(Emitted e) {
        DeviceLimits d = e.device() == null ? null
                : new DeviceLimits(e.device().name(), e.device().ramBytes(), e.device().flashBytes());
        return new DeviceUse(e.ramBytes(), e.flashBytes(), d, e.memoryPlan(), e.fpga());
    }
}
