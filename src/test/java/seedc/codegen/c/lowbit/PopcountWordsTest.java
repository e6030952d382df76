package seedc.codegen.c.lowbit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The words a product on bit planes reads, against popcount-words.tsv read here on its own: on a plane whose
 * padded length was measured for every word, the cheapest padded call wins.
 */
class PopcountWordsTest {
    private static final Path TABLE = Path.of("src/main/resources/seedc/codegen/c/popcount-words.tsv");

    @Test
    void eachMeasuredTargetTakesTheCheapestPaddedCall() throws IOException {
        Map<String, Double> cost = new HashMap<>(); // "target word bytes" -> measured cost
        for (String line : Files.readAllLines(TABLE)) {
            if (!line.startsWith("#")) {
                String[] f = line.split("\t");
                cost.put(f[0] + " " + f[1] + " " + f[2], Double.parseDouble(f[3]));
            }
        }
        for (String target : new String[] {"x86", "cortex-m"}) {
            PopcountWords words = PopcountWords.of(target);
            for (int bytes : new int[] {1, 2, 4, 8, 16, 32, 64, 128, 256}) {
                int best = 0;
                double bestCost = Double.MAX_VALUE;
                for (int word : new int[] {8, 16, 32, 64}) {
                    int wb = word / 8, padded = Math.max(wb, (bytes + wb - 1) / wb * wb);
                    Double c = cost.get(target + " " + word + " " + padded);
                    assertTrue(c != null, target + ": " + word + "-bit words on " + padded + " B not measured");
                    if (c < bestCost) {
                        best = word;
                        bestCost = c;
                    }
                }
                PopcountWords.Choice chosen = words.choose(bytes * 8);
                assertEquals(best, chosen.wordBits(), target + ", " + bytes + " B: " + chosen.why());
                // a plane one bit longer than whole bytes takes a byte more (and its padding)
                assertEquals(PopcountWords.padded(bytes + 1, chosen.wordBits()) >= bytes + 1, true);
            }
        }
    }

    @Test
    void theAvrAndHlsReadBytes() {
        for (String target : new String[] {"arduino", "hls"}) {
            assertEquals(8, PopcountWords.of(target).choose(256).wordBits(), target);
        }
    }

    @Test
    void aPlaneIsPaddedToWholeWords() {
        assertEquals(2, PopcountWords.padded(2, 8));
        assertEquals(4, PopcountWords.padded(2, 32));
        assertEquals(8, PopcountWords.padded(2, 64));
        assertEquals(16, PopcountWords.padded(9, 64));
        assertEquals(12, PopcountWords.padded(9, 32));
    }
}
