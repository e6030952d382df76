package seedc.backend;

import java.util.Locale;

/**
 * A device's memory budget: {@code uno} (ATmega328P: 2 KB RAM, 32 KB flash), {@code mkr1000}
 * (SAMD21 Cortex-M0+: 32 KB RAM, 256 KB flash), or {@code RAM:FLASH} in bytes.
 */
public record Device(String name, int ramBytes, int flashBytes) {
    public static final Device UNO = new Device("uno", 2048, 32768);
    public static final Device MKR1000 = new Device("mkr1000", 32 * 1024, 256 * 1024);

    /** The device a name stands for: uno, mkr1000, or RAM:FLASH in bytes. */
    public static java.util.Optional<Device> byName(String s) {
        String k = s.trim().toLowerCase(Locale.ROOT);
        switch (k) {
            case "uno", "arduino-uno", "atmega328p" -> {
                return java.util.Optional.of(UNO);
            }
            case "mkr1000", "mkr", "samd21" -> {
                return java.util.Optional.of(MKR1000);
            }
            default -> { }
        }
        String[] f = k.split(":");
        if (f.length == 2) {
            try {
                int ram = Integer.parseInt(f[0]), flash = Integer.parseInt(f[1]);
                if (ram > 0 && flash > 0) {
                    return java.util.Optional.of(new Device(ram + ":" + flash, ram, flash));
                }
            } catch (NumberFormatException e) {
                // falls through to the error
            }
        }
        return java.util.Optional.empty();
    }

    @Override
    public String toString() {
        return name + " (" + ramBytes + " B RAM, " + flashBytes + " B flash)";
    }
}
