package seedc.ir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Index maps of the data-movement ops, written out by hand. */
class LayoutsTest {
    @Test
    void layoutMaps() {
        Shape m23 = Shape.of(2, 3);
        assertArrayEquals(new int[] {0, 3, 1, 4, 2, 5}, Layouts.transpose(m23));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, Layouts.reshape(m23, new int[] {0, 1}));
        assertArrayEquals(new int[] {0, 3, 1, 4, 2, 5}, Layouts.reshape(m23, new int[] {1, 0}));
        assertArrayEquals(new int[] {0, 2, 4, 6, 1, 3, 5, 7}, Layouts.reshape(Shape.of(2, 2, 2), new int[] {2, 0, 1}));
        assertArrayEquals(new int[] {3, 4, 5, 0, 1, 2}, Layouts.reverse(m23, 0));
        assertArrayEquals(new int[] {2, 1, 0, 5, 4, 3}, Layouts.reverse(m23, 1));
        assertArrayEquals(new int[] {0, 1, 3, 4}, Layouts.splice(m23, Shape.of(2, 2)));
        assertEquals(4, Layouts.spliceBase(Shape.of(3, 4), new long[] {1, 0}));
        assertEquals(7, Layouts.spliceBase(Shape.of(3, 4), new long[] {1, 3}));
        assertEquals(Shape.of(1, 1), Layouts.fullPart(m23, Shape.SCALAR));
        assertEquals(Shape.of(1, 1), Layouts.fullPart(m23, Shape.of(1, 1, 1)));
        assertEquals(Shape.of(1, 3), Layouts.fullPart(m23, Shape.of(3)));
    }
}
