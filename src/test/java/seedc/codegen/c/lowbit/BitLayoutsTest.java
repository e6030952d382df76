package seedc.codegen.c.lowbit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.backend.BitLayout;

/**
 * Where the bit axis goes, against bit-layouts.tsv read here on its own: at each measured shape and length the
 * cheaper layout wins (ties to the planes), between two lengths the costs are read off the line between them, and
 * --bit-layout overrides the measurements where the target has the layout's kernel.
 */
class BitLayoutsTest {
    private static final Path TABLE = Path.of("src/main/resources/seedc/codegen/c/bit-layouts.tsv");
    private static final String[] TARGETS = {"x86", "cortex-m", "arduino"};

    /** "target ka kb n layout" to its measured cost. */
    private static Map<String, Double> measured() throws IOException {
        Map<String, Double> cost = new HashMap<>();
        for (String line : Files.readAllLines(TABLE)) {
            if (!line.startsWith("#")) {
                String[] f = line.split("\t");
                cost.put(String.join(" ", f[0], f[1], f[2], f[3], f[4]), Double.parseDouble(f[5]));
            }
        }
        return cost;
    }

    @Test
    void eachMeasuredShapeAndLengthTakesTheCheaperLayout() throws IOException {
        Map<String, Double> cost = measured();
        int checked = 0;
        for (String target : TARGETS) {
            BitLayouts layouts = BitLayouts.of(target);
            for (int[] shape : new int[][] {{2, 1}, {1, 2}, {2, 2}, {1, 3}, {2, 3}}) {
                for (int n : new int[] {32, 64, 144, 256}) {
                    String at = target + " " + shape[0] + " " + shape[1] + " " + n + " ";
                    boolean elements = cost.get(at + "elements") < cost.get(at + "planes");
                    assertEquals(elements, layouts.choose(shape[0], shape[1], n).elements(), at);
                    checked++;
                }
            }
        }
        assertEquals(60, checked);
    }

    /** Between two measured lengths each layout's cost is on the line between them. */
    @Test
    void betweenMeasuredLengthsTheCostsAreInterpolated() throws IOException {
        Map<String, Double> cost = measured();
        for (String target : TARGETS) {
            for (int n = 65; n < 144; n += 7) {
                double t = (n - 64) / 80.0;
                double planes = cost.get(target + " 2 2 64 planes") * (1 - t) + cost.get(target + " 2 2 144 planes") * t;
                double packed = cost.get(target + " 2 2 64 elements") * (1 - t)
                        + cost.get(target + " 2 2 144 elements") * t;
                assertEquals(packed < planes, BitLayouts.of(target).choose(2, 2, n).elements(), target + " n=" + n);
            }
        }
    }

    @Test
    void theOptionOverridesTheMeasurementsWhereTheLayoutsDiffer() {
        for (String target : TARGETS) {
            BitLayouts planes = BitLayouts.of(target).forcing(BitLayout.PLANES);
            BitLayouts elements = BitLayouts.of(target).forcing(BitLayout.ELEMENTS);
            for (int n : new int[] {16, 64, 1000}) {
                assertEquals(false, planes.choose(2, 2, n).elements(), target);
                assertEquals(true, elements.choose(2, 2, n).elements(), target);
                assertEquals(true, elements.choose(1, 3, n).elements(), target);
                // one bit each side: the same bits either way, the planes' kernel
                assertEquals(false, elements.choose(1, 1, n).elements(), target);
            }
            // masked 64-bit words where the target counts words, the table of nibble pairs on the AVR
            assertEquals(target.equals("arduino") ? 8 : 64, elements.choose(2, 2, 64).wordBits(), target);
        }
    }

    @Test
    void aTargetWithoutMeasurementsKeepsThePlanes() {
        assertEquals(BitLayouts.PLANES, BitLayouts.of("hls").choose(2, 2, 64));
        assertEquals(BitLayouts.PLANES, BitLayouts.of("x86").choose(1, 1, 64));
    }
}
