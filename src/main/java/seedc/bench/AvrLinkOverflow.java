package seedc.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * avr-ld's "does not fit" diagnostics read as the bytes they mean, so that a bench whose build does not link on the
 * Uno says how much it needs and how much the ATmega328P has, instead of failing as a seedc bug. avr-ld reports a
 * full region either as "region `data' overflowed by N bytes" or as "address 0xA of F section `.bss' is not within
 * region `data'", A being where the section ends; the Uno's data region starts at 0x800100 (after the registers and
 * I/O space), so A - 0x800100 bytes of static RAM (.data + .bss) were asked for.
 */
final class AvrLinkOverflow {
    /** Where the ATmega328P's SRAM starts in avr-ld's data address space. */
    static final long DATA_START = 0x800100L;
    private static final Pattern OVERFLOWED = Pattern.compile("region `(data|text)' overflowed by (\\d+) bytes");
    private static final Pattern NOT_WITHIN =
            Pattern.compile("address 0x([0-9a-fA-F]+) of \\S+ section `[^']+' is not within region `(data|text)'");

    private AvrLinkOverflow() {}

    /**
     * The message for a link that ran out of the Uno's RAM or flash, or null when {@code linkerOutput} reports
     * neither.
     */
    static String message(String linkerOutput) {
        long ramOver = 0;
        long ramNeeded = 0;
        long flashOver = 0;
        Matcher o = OVERFLOWED.matcher(linkerOutput);
        while (o.find()) {
            long n = Long.parseLong(o.group(2));
            if (o.group(1).equals("data")) {
                ramOver = Math.max(ramOver, n);
            } else {
                flashOver = Math.max(flashOver, n);
            }
        }
        Matcher w = NOT_WITHIN.matcher(linkerOutput);
        while (w.find()) {
            long end = Long.parseLong(w.group(1), 16);
            if (w.group(2).equals("data")) {
                ramNeeded = Math.max(ramNeeded, end - DATA_START);
            } else {
                flashOver = Math.max(flashOver, end - ElfSizes.FLASH_CAPACITY);
            }
        }
        ramNeeded = Math.max(ramNeeded, ElfSizes.RAM_CAPACITY + ramOver);
        if (ramNeeded > ElfSizes.RAM_CAPACITY) {
            return "the build does not fit the Uno: it needs " + ramNeeded + " B of static RAM (.data + .bss: the"
                    + " model's buffer and statics and the bench's input array, which predict.h makes the caller hold)"
                    + " and the ATmega328P has " + ElfSizes.RAM_CAPACITY + " B (avr-ld: over by "
                    + (ramNeeded - ElfSizes.RAM_CAPACITY) + " B)";
        }
        if (flashOver > 0) {
            return "the build does not fit the Uno: it needs " + (ElfSizes.FLASH_CAPACITY + flashOver) + " B of flash"
                    + " and the ATmega328P has " + ElfSizes.FLASH_CAPACITY + " B (avr-ld: over by " + flashOver + " B)";
        }
        return null;
    }
}
