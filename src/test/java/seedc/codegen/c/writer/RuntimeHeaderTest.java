package seedc.codegen.c.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * seedc_runtime.h assembled from its parts: every part listed once, its own header comment dropped, and the
 * preprocessor's conditionals of each part closed inside it (but the include guard, opened by the first part and
 * closed by the last), counted line by line here. That the assembled C computes what it should is the host and
 * simavr tests' business (AvrRuntimeProductsTest, AvrDotKernelTest, the differential tests).
 */
class RuntimeHeaderTest {
    private static final Path PARTS_DIR = Path.of("src/main/resources/seedc/codegen/c/runtime");

    @Test
    void listsEveryPartInTheResourceFolderOnce() throws IOException {
        List<String> onDisk;
        try (Stream<Path> files = Files.list(PARTS_DIR)) {
            onDisk = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(onDisk, RuntimeHeader.PARTS.stream().sorted().toList());
    }

    @Test
    void dropsEachPartsHeaderAndKeepsTheGuard() {
        String h = RuntimeHeader.text();
        assertFalse(h.contains(RuntimeHeader.PART_HEADER), "a part's header comment is left in the runtime");
        assertTrue(h.startsWith("/* seedc runtime: "), h.substring(0, 40));
        assertTrue(h.contains("\n#ifndef SEEDC_RUNTIME_H\n#define SEEDC_RUNTIME_H\n"));
        assertTrue(h.endsWith("\n#endif\n"));
    }

    @Test
    void eachPartClosesItsOwnConditionalsButTheGuard() throws IOException {
        int last = RuntimeHeader.PARTS.size() - 1;
        for (int i = 0; i <= last; i++) {
            String part = RuntimeHeader.PARTS.get(i);
            int expected = (i == 0 ? 1 : 0) - (i == last ? 1 : 0);
            assertEquals(expected, openConditionals(Files.readString(PARTS_DIR.resolve(part))), part);
        }
        assertEquals(0, openConditionals(RuntimeHeader.text()));
    }

    @Test
    void refusesAPartWithoutItsHeader() {
        assertThrows(IllegalStateException.class, () -> RuntimeHeader.withoutHeader("x.h", "#define X 1\n"));
        String part = RuntimeHeader.PART_HEADER + "9 of 9: X.\n * more */\n#define X 1\n";
        assertEquals("#define X 1\n", RuntimeHeader.withoutHeader("x.h", part));
    }

    /** #if/#ifdef/#ifndef lines minus #endif lines. */
    private static int openConditionals(String c) {
        int open = 0;
        for (String line : c.lines().map(String::strip).toList()) {
            if (line.startsWith("#if")) {
                open++;
            } else if (line.startsWith("#endif")) {
                open--;
            }
        }
        return open;
    }
}
