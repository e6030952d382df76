package seedc.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The fixtures trained by scripts/train (five data sets beyond digits, wide input and parameter ranges):
 * 'seedc compile' with both strategies, and the x86 predictor built with sanitizers must agree with the
 * Java fixed-point interpreter bit for bit on every test example. Their accuracy against float is issue
 * 10's target and is tracked in scripts/train/RESULTS.md (scripts/fixture-results), not asserted here:
 * three of them are still more than 1.5 points below float.
 */
class TrainedFixturesDifferentialTest {
    static List<String> trained() throws IOException {
        try (Stream<Path> dirs = Files.list(DifferentialTest.MODELS)) {
            return dirs.map(d -> d.getFileName().toString()).filter(n -> !n.endsWith("-digits-10")).sorted().toList();
        }
    }

    @AfterAll
    static void cleanUp() throws IOException {
        DifferentialTest.cleanUp();
    }

    @TestFactory
    Stream<DynamicNode> cEqualsTheInterpreter() throws IOException {
        DifferentialTest d = new DifferentialTest();
        return trained().stream().flatMap(name -> Stream.of("shiftry", "seedot").map(strategy ->
                DynamicTest.dynamicTest(name + " " + strategy, () -> d.bitExact(name, strategy))));
    }
}
