package seedc.codegen.c;

import java.util.Locale;
import seedc.diag.UserError;

/**
 * The C targets. They share one emitter and differ in where constants live and how they are read:
 * x86 (a host predictor reading examples on stdin), arduino (a sketch folder for the ATmega328P,
 * constants in flash via PROGMEM) and cortex-m (plain C for arm-none-eabi-gcc, constants const,
 * so in flash).
 */
public enum CTarget {
    X86("x86", false),
    ARDUINO("arduino", true),
    CORTEX_M("cortex-m", true);

    private final String id;
    private final boolean device;

    CTarget(String id, boolean device) {
        this.id = id;
        this.device = device;
    }

    /** The name used on the command line and in report.json. */
    public String id() {
        return id;
    }

    /** True for microcontroller targets: the report gets ramBytes, flashBytes and memoryPlan. */
    public boolean isDevice() {
        return device;
    }

    /** The device assumed when --device is not given. */
    public Device defaultDevice() {
        return switch (this) {
            case X86 -> null;
            case ARDUINO -> Device.UNO;
            case CORTEX_M -> Device.MKR1000;
        };
    }

    /**
     * RAM kept out of the planned buffer for the stack and the runtime's own data (on an Arduino,
     * the core's serial buffers and timers take about 200 B; seedc_predict's stack is under 100 B).
     */
    public int reservedRamBytes() {
        return switch (this) {
            case X86 -> 0;
            case ARDUINO -> 320;
            case CORTEX_M -> 1024;
        };
    }

    /** Flash taken by code: a fixed part (runtime, startup, Arduino core) plus a part per IR op. */
    public int codeBytesEstimate(int ops) {
        return switch (this) {
            case X86 -> 0;
            case ARDUINO -> 3000 + 120 * ops;
            case CORTEX_M -> 2000 + 80 * ops;
        };
    }

    public static CTarget parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "x86", "x86-64", "host" -> X86;
            case "arduino", "avr", "uno" -> ARDUINO;
            case "cortex-m", "cortexm", "arm", "mkr1000" -> CORTEX_M;
            default -> throw new UserError("seedc: error: unknown --target '" + s
                    + "' (available: x86, arduino, cortex-m)");
        };
    }
}
