package seedc.driver;

import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.WeightStorage;
import seedc.ir.FloatModel;
import seedc.search.Budget;

/**
 * Where the search's flash limits come from, once the model to compile and its parameters' storage are known: stage
 * IV's budget and the flash the smallest program must fit before the search starts.
 */
public sealed interface FlashLimits {

    /**
     * Stage IV's budget (null: demote while the accuracy allows), the device's flash (null: no device) and the device
     * whose RAM the program must fit (null: none).
     */
    record Limits(Budget stageFour, Budget device, Device ram) {}

    /**
     * 'seedc compile': stage IV stops at {@code parameterBytes} (--flash-budget), else at the flash of {@code device}
     * or the target's (--fit: {@code fitDevice}); the device or the target's is checked before the search (none
     * for a host).
     */
    record Demotion(Integer parameterBytes, boolean fitDevice, Device device) implements FlashLimits {}

    /**
     * 'seedc bench': no stage IV budget; the flash of {@code device} (null: none, an FPGA) with the parameters stored
     * as compile stores them, checked before the search (as compile checks it: the same limit, the same program).
     */
    record DeviceOnly(Device device) implements FlashLimits {}

    /** The limits of {@code compiled} on {@code target} with its parameters stored as {@code stored}. */
    default Limits of(Backend target, FloatModel compiled, WeightStorage stored) {
        return switch (this) {
            case Demotion d -> {
                Device dev = d.device() != null ? d.device() : target.defaultDevice();
                Budget stageFour = d.parameterBytes() != null ? Budget.parameters(d.parameterBytes())
                        : d.fitDevice() ? Compilation.deviceFlash(target, dev, compiled, stored) : null;
                yield new Limits(stageFour, dev == null ? null
                        : Compilation.deviceFlash(target, dev, compiled, stored), dev);
            }
            case DeviceOnly d -> new Limits(null, d.device() == null ? null
                    : Compilation.deviceFlash(target, d.device(), compiled, stored), d.device());
        };
    }
}
