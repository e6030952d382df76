package seedc.driver;

import seedc.backend.Backend;
import seedc.cost.CycleModel;

/** The cycle model the search optimizes for a target (null: none fitted for it yet). */
final class CycleModels {
    private CycleModels() {}

    static CycleModel forTarget(Backend target) {
        return null;
    }
}
