package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model whose float values overflow on its own training rows is an error at the first such expression, not a
 * compile that reports NaN accuracies and emits outputs of 0 (issue 42).
 */
class NonFiniteValueTest {
    @Test
    void anExpOfALargeArgumentStopsCompileAtTheExp(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        // the rows hold x1 = 1 and .5: e^(1 * 1000) overflows a double (its largest is about e^709.8), e^500 does not
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0, 1] in\nlet W = (3, 2) in [-1, 1] in\n"
                + "argmax(W * exp(X * 1000.0))\n");
        CliRun r = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}out"
                + " --no-progress");
        assertEquals(1, r.status(), r.err());
        // (after the warning that two training rows are few)
        assertEquals(dir + "/q.sd:3:12: error: in floating point this expression reaches Infinity on the training rows"
                + " (its range there is [1.0, Infinity]): no fixed-point type holds it; scale its argument down or"
                + " bound it\nargmax(W * exp(X * 1000.0))\n           ^", r.err().stripTrailing().lines().skip(1)
                .collect(java.util.stream.Collectors.joining("\n")));
        assertFalse(Files.exists(dir.resolve("out")));
    }
}
