package seedc.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Flash and static RAM use of an AVR ELF, counted as avr-size does for the Arduino IDE:
 * flash = .text + .data (initial values are stored in flash), RAM = .data + .bss + .noinit.
 * The stack is not included; {@link SimavrRunner} measures it.
 *
 * @param sections every section avr-size listed, name to size in bytes
 */
public record ElfSizes(long flashBytes, long ramBytes, Map<String, Long> sections) {
    public static final long FLASH_CAPACITY = 32 * 1024;
    public static final long RAM_CAPACITY = 2 * 1024;

    public ElfSizes {
        sections = Map.copyOf(sections);
    }

    /** Runs {@code avr-size -A} on {@code elf}. */
    public static ElfSizes of(Path elf) {
        return parse(AvrToolchain.find().sectionSizes(elf));
    }

    /** Parses {@code avr-size -A} output ("section size addr" rows). */
    public static ElfSizes parse(String avrSizeOutput) {
        Map<String, Long> sections = new LinkedHashMap<>();
        for (String line : avrSizeOutput.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 3 && f[0].startsWith(".") && f[1].matches("\\d+")
                    && f[2].matches("\\d+")) {
                sections.put(f[0], Long.parseLong(f[1]));
            }
        }
        if (!sections.containsKey(".text")) {
            throw new IllegalStateException("no .text in avr-size output:\n" + avrSizeOutput);
        }
        long text = sections.get(".text");
        long data = sections.getOrDefault(".data", 0L);
        long bss = sections.getOrDefault(".bss", 0L);
        long noinit = sections.getOrDefault(".noinit", 0L);
        return new ElfSizes(text + data, data + bss + noinit, sections);
    }
}
