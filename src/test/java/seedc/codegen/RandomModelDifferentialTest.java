package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import seedc.driver.DataInputs;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.ir.FloatModel;

/**
 * Differential tests on random models ({@link RandomModels}: random shapes and extreme ranges within
 * each algorithm's structure). Each model's examples are labelled with its own float predictions;
 * then 'seedc compile' (x86) must succeed and the generated C, emitted with its scores ({@link ScoredHost}) and
 * built with the sanitizers, must compute exactly the Java fixed-point interpreter's raw scores on every test
 * example, and the labels 'seedc run --encoding fixed' predicts. Accuracy is
 * not asserted here (random extremes are where the scale rules lose it; see scripts/train/RESULTS.md).
 *
 * <p>-Dseedc.randomModels=N models per algorithm (default 2, strategies alternating seedot,
 * shiftry), -Dseedc.randomSeed=S the first seed (default 1).
 */
class RandomModelDifferentialTest {
    static final int PER_ALGORITHM = Integer.getInteger("seedc.randomModels", 2);
    static final long FIRST_SEED = Long.getLong("seedc.randomSeed", 1);
    static final int TRAIN_ROWS = 120, TEST_ROWS = 60;

    @TempDir
    static Path work;

    @TestFactory
    Stream<DynamicTest> randomModels() {
        return Stream.of(RandomModels.Algorithm.values()).flatMap(a -> IntStream.range(0, PER_ALGORITHM).mapToObj(i -> {
            long seed = FIRST_SEED + i;
            String strategy = i % 2 == 0 ? "seedot" : "shiftry";
            return DynamicTest.dynamicTest(a + " seed " + seed + " " + strategy, () -> check(a, seed, strategy));
        }));
    }

    void check(RandomModels.Algorithm algorithm, long seed, String strategy) throws IOException {
        Path dir = work.resolve(algorithm + "-" + seed);
        RandomModels.Generated g = RandomModels.write(algorithm, seed, dir, TRAIN_ROWS, TEST_ROWS);
        String what = g.description() + " (" + strategy + ", files in " + dir + ")";
        relabel(dir, "train.npy", what);
        relabel(dir, "test.npy", what);

        Path out = work.resolve(algorithm + "-" + seed + "-" + strategy);
        DifferentialTest.Cli c = DifferentialTest.cli("compile", dir.resolve("input.sd").toString(), "--model",
                dir.toString(), "--train", dir.resolve("train.npy").toString(), "--test",
                dir.resolve("test.npy").toString(), "--target", "x86", "--out", out.toString(), "--jobs", "2",
                "--no-progress", "--strategy", strategy);
        assertEquals(0, c.status(), () -> "seedc compile failed on " + what + ":\n" + c.err());

        Path javaPredictions = out.resolve("java-predictions.txt");
        DifferentialTest.Cli r = DifferentialTest.cli("run", dir.resolve("input.sd").toString(), "--model",
                dir.toString(), "--data", dir.resolve("test.npy").toString(), "--encoding", "fixed", "--config",
                out.resolve("report.json").toString(), "--predictions", javaPredictions.toString(), "--jobs", "2");
        assertEquals(0, r.status(), () -> "seedc run --encoding fixed failed on " + what + ":\n" + r.err());
        List<String> expected = Files.readAllLines(javaPredictions);
        assertEquals(TEST_ROWS, expected.size(), what);

        Path csv = csv(dir.resolve("test.npy"), out.resolve("test.csv"));
        FloatModel model = SeeDotFrontEnd.load(dir.resolve("input.sd"), dir);
        DataSet test = DataInputs.load(model.program(), dir.resolve("test.npy"), 1);
        ScoredHost.assertLabelsAre(expected, ScoredHost.assertScoresMatch(model, out, test, csv, what), what);
        seedc.report.Report report = seedc.report.Report.read(out.resolve("report.json"));
        System.out.printf(java.util.Locale.ROOT, "%s: %d test labels in use, fixed test accuracy %.1f%% (float 100%%)%n",
                what, expected.stream().distinct().count(), report.accuracy().fixedTestAccuracy());
    }

    /** Replaces the label column with the float model's predictions. */
    static void relabel(Path dir, String file, String what) throws IOException {
        Path predictions = dir.resolve(file + ".labels");
        DifferentialTest.Cli r = DifferentialTest.cli("run", dir.resolve("input.sd").toString(), "--model",
                dir.toString(), "--data", dir.resolve(file).toString(), "--encoding", "float", "--predictions",
                predictions.toString(), "--jobs", "2");
        assertEquals(0, r.status(), () -> "seedc run (float) failed on " + what + ":\n" + r.err());
        List<String> labels = Files.readAllLines(predictions);
        NpyArray a = Npy.read(dir.resolve(file));
        int rows = a.shape()[0], cols = a.shape()[1];
        assertEquals(rows, labels.size(), what);
        double[] data = a.data().clone();
        for (int i = 0; i < rows; i++) {
            data[i * cols] = Double.parseDouble(labels.get(i).strip());
        }
        Npy.write(dir.resolve(file), new NpyArray(a.shape(), data));
    }

    static Path csv(Path npy, Path file) throws IOException {
        NpyArray a = Npy.read(npy);
        int rows = a.shape()[0], cols = a.shape()[1];
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            List<String> cells = new ArrayList<>();
            for (int j = 0; j < cols; j++) {
                cells.add(Double.toString(a.data()[i * cols + j]));
            }
            sb.append(String.join(",", cells)).append('\n');
        }
        Files.writeString(file, sb);
        return file;
    }
}
