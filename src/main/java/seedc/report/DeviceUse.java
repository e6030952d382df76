package seedc.report;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import seedc.backend.BuildReport;
import seedc.backend.CBuildReport;
import seedc.backend.Emitted;
import seedc.backend.FpgaDesignReport;

/**
 * What a device build takes (top-level keys of report.json): the planned RAM buffer, the constants in
 * flash, the device they were checked against and what the backend reports of its build ({@code memoryPlan} for C,
 * {@code fpga} for an FPGA design).
 */
public record DeviceUse(int ramBytes, int flashBytes, DeviceLimits device, @JsonIgnore BuildReport build) {

    public record DeviceLimits(String name, int ramBytes, int flashBytes) {}

    public static DeviceUse of(Emitted e) {
        DeviceLimits d = e.device() == null ? null
                : new DeviceLimits(e.device().name(), e.device().ramBytes(), e.device().flashBytes());
        return new DeviceUse(e.ramBytes(), e.flashBytes(), d, e.build());
    }

    /** Reads back what the properties below wrote: an FPGA design when there is one, else the C build's plan. */
    @JsonCreator
    static DeviceUse read(@JsonProperty("ramBytes") int ramBytes, @JsonProperty("flashBytes") int flashBytes,
                          @JsonProperty("device") DeviceLimits device,
                          @JsonProperty("memoryPlan") CBuildReport memoryPlan,
                          @JsonProperty("fpga") FpgaDesignReport fpga) {
        return new DeviceUse(ramBytes, flashBytes, device, fpga != null ? fpga : memoryPlan);
    }

    /** report.json's memoryPlan: a C build's; an FPGA design plans no RAM buffer, so {} (as it always was). */
    @JsonProperty("memoryPlan")
    Object memoryPlanJson() {
        return switch (build) {
            case CBuildReport c -> c;
            case FpgaDesignReport f -> Map.of();
            case null -> null;
        };
    }

    /** The C build's memory plan, or null for an FPGA design. */
    public CBuildReport memoryPlan() {
        return build instanceof CBuildReport c ? c : null;
    }

    /** The FPGA design (report.json's fpga; absent for a C build). */
    @JsonProperty("fpga")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public FpgaDesignReport fpga() {
        return build instanceof FpgaDesignReport f ? f : null;
    }
}
