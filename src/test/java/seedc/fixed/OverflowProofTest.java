package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.codegen.Fixtures;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.search.Candidate;
import seedc.search.Metric;

/**
 * The proof never misses a wrap: on every fixture, with profiled scales (which do wrap on parts of the declared
 * input range; the strategies alternate over the fixtures, in the name order, to keep the suite short), every value
 * that wraps on inputs sampled from the declared box and its corners is one the proof lists.
 */
class OverflowProofTest {
    static List<String> models() throws java.io.IOException {
        try (var dirs = java.nio.file.Files.list(Fixtures.dir("protonn-digits-10").getParent())) {
            return dirs.map(d -> d.getFileName().toString()).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("models")
    void everyWrapOnTheDeclaredBoxIsListed(String name) throws java.io.IOException {
        Path d = Fixtures.dir(name);
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        DataSet train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        int k = models().indexOf(name);
        for (Strategy s : List.of(Strategy.values()[k % 2])) {
            FixedProgram fp = Compilation.compile(model, train, train, new Compilation.Options(s, 16, Metric.ACCURACY,
                    2, false, CBackend.X86, 1.0, null)).fixed();
            Set<String> listed = new HashSet<>();
            OverflowProof.risks(fp, new QuantizedModel(fp, model.weights())).forEach(r -> listed.add(r.value().name()));
            WrapCounts seen = Candidate.runCounting(fp, model, box(model.program(), 400, name.hashCode()), 2).wraps();
            for (Value v : model.program().values()) {
                assertTrue(seen.events()[v.id()] == 0 || listed.contains(v.name()),
                        () -> name + " " + s.id() + ": '" + v.name() + "' wraps on the declared box, unlisted in "
                                + listed);
            }
        }
    }

    /** Rows from the declared input box: uniform, corners and near-corners. */
    static DataSet box(Program p, int rows, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double lo = p.inputLo(), hi = p.inputHi();
        double[][] x = new double[rows][p.input().size()];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < x[r].length; i++) {
                double u = switch (r % 3) {
                    case 0 -> rnd.nextDouble();
                    case 1 -> rnd.nextBoolean() ? 0 : 1;
                    default -> rnd.nextDouble() * rnd.nextDouble();
                };
                x[r][i] = lo + (hi - lo) * u;
            }
            if (p.shiftsInput()) {
                for (int i = 0; i < x[r].length; i++) {
                    x[r][i] = Math.scalb(x[r][i], -p.inputShifts()[i]);
                }
            }
        }
        return new DataSet(1, new double[rows][1], x);
    }
}
