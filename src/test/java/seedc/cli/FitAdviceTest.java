package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors that teach (issue 44, part 6): a model over a microcontroller's flash or RAM is refused saying by how much
 * and the options most likely to make it fit, and following the first advice does make it fit.
 */
class FitAdviceTest {
    private static final String INPUTS = "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --no-progress";

    /**
     * 4000 weights: even at 8 bits they take 4000 B, and the Arduino code about 3000 B + 120 B for each of the 4 ops
     * (X, W, W * X, argmax; CTarget's estimate) = 3480 B: 7480 B, 1480 B over 6000. At 4 bits they would take 2000 B
     * (saving 2000 >= 1480; at 8 bits they save nothing), and the MKR1000 has 256 KB of flash.
     */
    @Test
    void overTheFlashSaysByHowMuchAndThatFourBitWeightsFit(@TempDir Path dir) throws IOException {
        CliRun.wideClassifier(dir, 10, 400);
        CliRun r = CliRun.of(dir, INPUTS + " --target arduino --device 8192:6000 --out {D}o");
        assertEquals(1, r.status(), r.out());
        assertEquals("seedc: error: the model does not fit the flash of 8192:6000 (8192 B RAM, 6000 B flash) even with"
                + " every value demoted to 8 bits: parameters and tables take 4000 B and the code about 3480 B,"
                + " 1480 B over; to make it fit, try --weight-bits 4 (the weights at 4 bits: about 2000 B of"
                + " parameters instead of 4000 B; the report gives the float accuracy after) or --target cortex-m"
                + " --device mkr1000 (256 KB of flash)", r.err().lines().filter(l -> !l.contains(": warning: "))
                .reduce("", (a, b) -> a + b));
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(Files.exists(dir.resolve("o")));
        // the advice holds: with 4-bit weights the same model fits the same device
        CliRun advised = CliRun.of(dir, INPUTS + " --target arduino --device 8192:6000 --out {D}o --weight-bits 4");
        assertEquals(0, advised.status(), advised.err());
    }

    /**
     * 900 inputs on the Uno: 2048 B less 320 B for the stack and the caller's input array (900 B or more) leave less
     * than the buffer needs (its copy of the input); the bytes over are the difference, and on the MKR1000 (32 KB of
     * RAM) the same model compiles.
     */
    @Test
    void overTheRamSaysByHowMuchAndThatABoardWithMoreRamHelps(@TempDir Path dir) throws IOException {
        CliRun.wideClassifier(dir, 2, 900);
        CliRun r = CliRun.of(dir, INPUTS + " --target arduino --device uno --out {D}o");
        assertEquals(1, r.status(), r.out());
        String message = r.err().lines().filter(l -> !l.contains(": warning: ")).reduce("", (a, b) -> a + b);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("needs (\\d+) bytes of RAM .* but the device has"
                + " (\\d+), (\\d+) B over; to make it fit, try --target cortex-m --device mkr1000 \\(32 KB of RAM\\)$")
                .matcher(message);
        assertTrue(message.startsWith("seedc: error: the model does not fit the RAM of uno") && m.find(), message);
        assertEquals(Integer.parseInt(m.group(1)) - Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                message);
        assertFalse(r.err().contains("Exception"), r.err());
        CliRun advised = CliRun.of(dir, INPUTS + " --target cortex-m --device mkr1000 --out {D}o");
        assertEquals(0, advised.status(), advised.err());
    }
}
