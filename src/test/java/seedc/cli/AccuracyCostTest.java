package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.CBackend;
import seedc.diag.Progress;
import seedc.driver.DataInputs;
import seedc.driver.Compilation;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.report.Report;
import seedc.rewrite.InputShifts;
import seedc.search.Candidate;
import seedc.search.ShiftryLadder;
import seedc.search.ShiftryStrategy;

/**
 * Errors that teach (issue 44, part 6): when the chosen program loses accuracy, report.txt names the values at 8 bits
 * whose promotion alone to 16 bits brings back the most training rows to float's class, with how many. Checked
 * against a second measurement made here: the chosen program rebuilt from report.json's types with each of its 8-bit
 * values promoted back to 16 bits in turn (its range kept: scale + 8); the one that brings the most rows back is named
 * first, with the same count. (Stage III's losses, which the line named before, missed it: with the Uno's cycle model
 * refitted the chosen program's best promotion was a value that cost nothing alone at 8 bits.)
 */
class AccuracyCostTest {
    private static final Path MODEL = Path.of("src/test/resources/fixtures/models/bonsai-cancer-2").toAbsolutePath();

    @Test
    void theValueWhosePromotionHelpsMostIsNamed(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        // a loose limit: shiftry demotes nearly every value and loses accuracy on the training set
        CliRun r = CliRun.args("compile", MODEL.resolve("input.sd").toString(), "--model", MODEL.toString(),
                "--train", MODEL.resolve("train.npy").toString(), "--test", MODEL.resolve("test.npy").toString(),
                "--max-accuracy-drop", "5", "--out", out.toString(), "--no-progress");
        assertEquals(0, r.status(), r.err());
        String line = Files.readAllLines(out.resolve("report.txt")).stream()
                .filter(l -> l.startsWith("accuracy lost: ")).findFirst().orElseThrow();
        String marker = "bring back the most: ";
        assertTrue(line.contains(marker), line);
        List<String[]> named = Arrays.stream(line.substring(line.indexOf(marker) + marker.length()).split(", "))
                .map(n -> n.split(" ")).toList();

        Report report = Report.read(out.resolve("report.json"));
        FloatModel model = InputShifts.apply(SeeDotFrontEnd.load(MODEL.resolve("input.sd"), MODEL),
                report.program().fixedProgram().inputShifts());
        DataSet train = DataInputs.load(model.program(), MODEL.resolve("train.npy"), 1);
        var profile = Evaluation.profiledRun(model, train, 1, Progress.hidden()).profile();
        Map<String, FixedType> types = report.program().fixedProgram().types();
        int[] bits = new int[model.program().valueCount()], scales = new int[bits.length];
        for (Value v : model.program().values()) {
            if (!v.isInt()) {
                bits[v.id()] = types.get(v.name()).bits();
                scales[v.id()] = types.get(v.name()).scale();
            }
        }
        ShiftryLadder ladder = ShiftryLadder.shiftry(CBackend.X86.widths());
        Result[] floats = Compilation.floatRun(model, train, 1);
        FixedProgram rebuilt = ShiftryStrategy.assign(model.program(), profile, bits, scales, ladder);
        assertEquals(report.accuracy().fixedTrainAccuracy(), Evaluation.accuracy(train,
                Candidate.runCounting(rebuilt, model, train, 1).results()).percent(), 1e-9, "the chosen program");
        int chosen = disagreements(rebuilt, model, train, floats);
        String best = null;
        int fewest = chosen;
        for (Value v : model.program().values()) {
            if (!v.isInt() && bits[v.id()] == 8) {
                int differ = disagreements(promoted(model, profile, bits, scales, ladder, v.name()), model, train,
                        floats);
                if (differ < fewest) {
                    fewest = differ;
                    best = v.name();
                }
            }
        }
        assertTrue(best != null, "the premise: promoting some value brings rows back (" + chosen + " differ)");
        assertTrue(line.contains(chosen + " training rows differ from float's class"), line);
        assertEquals(chosen - fewest, Integer.parseInt(named.get(0)[1]), line);
        int most = chosen - fewest;
        String first = named.get(0)[0];
        // the first named brings back as many rows as the best found here (a tie may name another of them first)
        assertEquals(most, chosen - disagreements(promoted(model, profile, bits, scales, ladder, first), model,
                train, floats), line);
        named.forEach(n -> assertEquals(8, types.get(n[0]).bits(), n[0] + " is at 8 bits"));
    }

    /** The program of {@code bits} and {@code scales} with value {@code name} at 16 bits, its range kept. */
    private static FixedProgram promoted(FloatModel model, Profile profile, int[] bits, int[] scales,
                                         ShiftryLadder ladder, String name) {
        Value v = model.program().values().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
        int[] b = bits.clone(), s = scales.clone();
        b[v.id()] = 16;
        s[v.id()] += 8;
        return ShiftryStrategy.assign(model.program(), profile, b, s, ladder);
    }

    /** The training rows on which {@code fp}'s class differs from float's. */
    private static int disagreements(FixedProgram fp, FloatModel model, DataSet train, Result[] floats) {
        Result[] fixed = Candidate.runCounting(fp, model, train, 1).results();
        int n = 0;
        for (int i = 0; i < fixed.length; i++) {
            n += fixed[i].label() == floats[i].label() ? 0 : 1;
        }
        return n;
    }
}
