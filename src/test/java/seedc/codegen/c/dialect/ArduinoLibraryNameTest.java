package seedc.codegen.c.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * An Arduino library's name, from its folder: kept when the Arduino library specification accepts it (letters,
 * digits, '_', '-', '.', a letter or digit first, at most 63 characters) and its header clashes with none the build
 * includes; else changed, with a note saying to what and why.
 */
class ArduinoLibraryNameTest {
    @Test
    void aValidNameIsKeptWithoutANote() {
        ArduinoLibrary.Name n = ArduinoLibrary.of(Path.of("/tmp/out/Wine_3-v1.2"));
        assertEquals("Wine_3-v1.2", n.name());
        assertNull(n.note());
    }

    @Test
    void anInvalidNameIsMadeValidAndSaid() {
        assertEquals("my_wine_", ArduinoLibrary.of(Path.of("/tmp/my wine!")).name());
        assertEquals("seedc_x", ArduinoLibrary.of(Path.of("/tmp/_x")).name());
        assertEquals("seedc-x", ArduinoLibrary.of(Path.of("/tmp/-x")).name());
        String seventy = "a".repeat(70);
        ArduinoLibrary.Name longName = ArduinoLibrary.of(Path.of("/tmp", seventy));
        assertEquals("a".repeat(63), longName.name());
        assertTrue(longName.note().startsWith("the Arduino library is named " + "a".repeat(63) + " (#include <"),
                longName.note());
    }

    @Test
    void aNameWhoseHeaderWouldClashGetsAPrefix() {
        // the library's own files, the core's headers and bundled libraries, C's headers; without regard to case
        for (String taken : new String[] {"predict", "Model", "Arduino", "Wire", "SPI", "stdint", "math"}) {
            ArduinoLibrary.Name n = ArduinoLibrary.of(Path.of("/tmp", taken));
            assertEquals("seedc_" + taken, n.name(), taken);
            assertTrue(n.note().contains("a header " + taken + ".h would clash"), n.note());
        }
    }
}
