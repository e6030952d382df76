package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.diag.UserError;

/**
 * A build that compiles but does not fit the Uno is a user's message naming the bytes (issue 42), not a seedc bug:
 * the bytes it needs are checked against the same C linked for an ATmega1284P (16 KB RAM) and measured by avr-size.
 */
class AvrLinkOverflowTest {
    @TempDir
    Path dir;

    /** {@code bytes} of zeroed statics (.bss) and 10 initialized ones (.data), all kept by the reads in main. */
    private Path source(int bytes) throws Exception {
        Path src = dir.resolve("big" + bytes + ".c");
        Files.writeString(src, "#include <stdint.h>\nvolatile uint8_t big[" + bytes + "];\n"
                + "volatile uint8_t init[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};\n"
                + "int main(void) { big[0] = init[1]; return big[" + (bytes - 1) + "] + init[9]; }\n");
        return src;
    }

    @Test
    void ramOverflowNamesTheBytesNeededAndTheUnos() throws Exception {
        Path src = source(2100);
        UserError e = assertThrows(UserError.class,
                () -> AvrToolchain.find().compile(List.of(src), List.of(), dir.resolve("uno.elf")));
        Path big = AvrToolchain.find().compile(List.of(src), List.of(), List.of("-mmcu=atmega1284p"),
                dir.resolve("big.elf"));
        ElfSizes measured = ElfSizes.of(big);
        long needed = measured.sections().getOrDefault(".data", 0L) + measured.sections().get(".bss");
        assertTrue(needed >= 2110, measured.toString());
        assertTrue(e.getMessage().contains("it needs " + needed + " B of static RAM")
                && e.getMessage().contains("the ATmega328P has 2048 B (avr-ld: over by " + (needed - 2048) + " B)"),
                e.getMessage());
    }

    @Test
    void readsEitherFormOfTheLinkersReport() {
        String notWithin = "ld: address 0x800964 of x.elf section `.bss' is not within region `data'\n";
        assertTrue(AvrLinkOverflow.message(notWithin).contains("needs 2148 B of static RAM"), // 0x964 - 0x100
                AvrLinkOverflow.message(notWithin));
        String overflowed = "ld: region `data' overflowed by 52 bytes\n";
        assertTrue(AvrLinkOverflow.message(overflowed).contains("needs 2100 B of static RAM"));
        String flash = "ld: region `text' overflowed by 1200 bytes\n";
        assertTrue(AvrLinkOverflow.message(flash).contains("needs 33968 B of flash"), AvrLinkOverflow.message(flash));
        assertNull(AvrLinkOverflow.message("undefined reference to `foo'"));
    }
}
