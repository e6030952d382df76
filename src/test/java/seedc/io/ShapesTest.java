package seedc.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShapesTest {
    private static int[] parse(String dims) {
        return dims.isBlank() ? new int[0] : java.util.Arrays.stream(dims.trim().split(" +")).mapToInt(Integer::parseInt).toArray();
    }

    @ParameterizedTest
    @CsvSource({"'', (), 1", "5, (5), 5", "16 64, '(16, 64)', 1024", "7 10 16, '(7, 10, 16)', 1120", "3 0, '(3, 0)', 0",
                "65536 65536, '(65536, 65536)', -1"})
    void formatAndCount(String dims, String formatted, long count) {
        assertEquals(formatted, Shapes.format(parse(dims)));
        assertEquals(count, Shapes.elementCount(parse(dims)));
    }

    @Test
    void squeeze() {
        assertArrayEquals(new int[] {40, 16}, Shapes.squeeze(new int[] {1, 40, 1, 16, 1}));
        assertArrayEquals(new int[0], Shapes.squeeze(new int[] {1, 1}));
    }

    @ParameterizedTest
    @CsvSource({"16 64, 199, '[3, 7]'", "7 160, 0, '[0, 0]'", "2 3 4, 23, '[1, 2, 3]'", "5, 4, '[4]'", "'', 0, '[]'"})
    void index(String dims, int flat, String expected) {
        assertEquals(expected, Shapes.index(parse(dims), flat));
    }

    @Test
    void negativeDimensionIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> Shapes.elementCount(new int[] {2, -1}));
    }
}
