package seedc.driver;

import seedc.backend.Backend;
import seedc.cost.CycleModel;

/**
 * The cycle model the search optimizes for a target: the fitted one of the C targets (arduino, cortex-m, x86; the
 * ATmega328P's standing in for the others, as its description says); none for the FPGA
 * backends, whose cost falls with every narrower value (LUTs and DSPs shrink with the widths), so demoting while the
 * accuracy allows is already their objective.
 */
final class CycleModels {
    private CycleModels() {}

    static CycleModel forTarget(Backend target) {
        return switch (target.id()) {
            case "fpga", "hls" -> null;
            default -> seedc.cost.CycleModels.forTarget(target.id());
        };
    }
}
