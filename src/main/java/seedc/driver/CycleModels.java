package seedc.driver;

import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.codegen.verilog.PlannedLatency;
import seedc.cost.CycleModel;

/**
 * The cycle model the search optimizes for a target: the fitted one of the C targets (arduino, cortex-m, x86; the
 * ATmega328P's standing in for the others, as its description says); for {@code fpga} the
 * planner's latency of the design it makes ({@link PlannedLatency}: its clock cycles, a design beyond the device
 * priced as a penalty). None for {@code hls}: its C goes to a vendor's HLS tool, which schedules and unrolls it
 * itself; seedc's planner plans only its own Verilog designs and has no figure for the HLS tool's, so the search
 * demotes while the accuracy allows (narrower values never make the HLS tool's datapath larger).
 */
final class CycleModels {
    private CycleModels() {}

    /**
     * The model for {@code target}; an FPGA design's on {@code device} (null: the target's default), planned with
     * {@code design}'s knobs (null: the defaults).
     */
    static CycleModel forTarget(Backend target, Device device, EmitOptions design) {
        return switch (target.id()) {
            case "fpga" -> {
                EmitOptions d = design != null ? design : EmitOptions.NONE;
                Device dev = d.device() != null ? d.device() : device != null ? device : target.defaultDevice();
                yield dev.fabric() == null ? null : new PlannedLatency(dev, d.fpga(), d.bitSerial());
            }
            case "hls" -> null;
            default -> seedc.cost.CycleModels.forTarget(target.id());
        };
    }
}
