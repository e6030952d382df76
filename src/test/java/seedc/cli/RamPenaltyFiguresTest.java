package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.fixed.SubsetTableRoom;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.ir.FloatModel;
import seedc.report.Report;
import seedc.report.SearchSummary;
import seedc.rewrite.InputShifts;

/**
 * On the Uno the search ranks a program its RAM plan counts over the device (every subset-sum and level table whole)
 * by its modelled cycles plus a penalty per byte over (RamFitCycles); the reports give modelled cycles only and the
 * bytes in words. lowbit/cnn-digits-w2a2i2's chosen program is such a one: the search counts t19's level-table page,
 * which the Uno's C gives up, so its C fits (main printed 131,000,275,860 "modelled cycles": 131 B at 10^9 a byte).
 * Its figure is checked against the Uno's cycle model run by hand on the program report.json describes, with the
 * tables the C keeps and no penalty.
 */
class RamPenaltyFiguresTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures").toAbsolutePath();
    private static final Path MODEL = FIXTURES.resolve("lowbit/cnn-digits-w2a2i2");
    private static final Path DIGITS = FIXTURES.resolve("models/cnn-digits-10");
    /** The least penalty a byte over adds (RamFitCycles'): no figure printed as cycles may reach it. */
    private static final double PENALTY_PER_BYTE = 1e9;

    @Test
    void theChosenFigureIsTheModelsCyclesAndTheBytesOverAreWords(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        CliRun r = CliRun.args("compile", MODEL.resolve("input.sd").toString(), "--model", MODEL.toString(),
                "--train", DIGITS.resolve("train.npy").toString(), "--test", DIGITS.resolve("test.npy").toString(),
                "--target", "arduino", "--jobs", "1", "--out", out.toString(), "--no-progress",
                "--pareto", dir.resolve("front.csv").toString());
        assertEquals(0, r.status(), r.err());
        Report report = Report.read(out.resolve("report.json"));
        var search = (SearchSummary.Shiftry) report.search();
        SearchSummary.CycleModel chosen = search.cycleModel();
        assertNotNull(chosen, "the Uno's model decides for this program");
        assertNotNull(chosen.chosenRamOverBytes(), "premise: the search counts the chosen program over the RAM");
        assertTrue(chosen.chosenRamOverBytes() > 0);

        assertEquals(byHand(report), chosen.chosenCycles(), 0.01, "the model's cycles, no penalty");
        String text = Files.readString(out.resolve("report.txt"));
        assertTrue(text.contains(String.format(Locale.ROOT, "modelled cost of the chosen program: %.0f (",
                chosen.chosenCycles())), text);
        assertTrue(text.contains("the search counted it " + chosen.chosenRamOverBytes() + " B over the device's RAM"),
                text);
        assertTrue(text.contains("its C fits with smaller tables"), text);

        // every figure given as cycles: the chosen one, stage III's savings, stage IV's steps, the frontier
        List<Double> figures = new java.util.ArrayList<>(List.of(chosen.chosenCycles()));
        search.demotionOrder().forEach(d -> figures.add(Math.abs(d.cyclesSaved())));
        search.demotionCurve().forEach(s -> figures.add(s.cycles()));
        List<String> front = Files.readAllLines(dir.resolve("front.csv"));
        assertTrue(front.size() > 1, "premise: the frontier lists the chosen program");
        for (String row : front.subList(1, front.size())) {
            figures.add(Double.parseDouble(row.split(",")[5]));
        }
        figures.forEach(c -> assertTrue(c < PENALTY_PER_BYTE, "a penalty printed as cycles: " + c));
        assertTrue(search.demotionCurve().stream().anyMatch(s -> s.ramOverBytes() != null),
                "premise: stage IV ran programs it counts over the RAM");
        Matcher tenDigits = Pattern.compile("\\d{10,}").matcher(text);
        assertFalse(tenDigits.find(), () -> "a penalized figure in report.txt: " + tenDigits.group());
        assertTrue(text.contains("B over"), "stage IV's RAM column says the bytes over in words");
    }

    /**
     * The Uno's cycle model (seedc.cost's, not the search's objective) on the chosen program as report.json gives it,
     * its products priced with the subset-sum tables the Uno's C keeps.
     */
    private static double byHand(Report report) {
        FloatModel loaded = SeeDotFrontEnd.load(MODEL.resolve("input.sd"), MODEL);
        assertNull(report.program().quantizedWeights(), "premise: the weights as trained");
        FloatModel model = InputShifts.apply(loaded, report.program().fixedProgram().inputShifts());
        FixedProgram fp = report.program().fixedProgram().apply(model.program(), "report.json");
        SubsetTableRoom room = CBackend.ARDUINO.subsetTableRoom(fp, model.weights(), Device.UNO);
        return seedc.cost.CycleModels.forTarget("arduino").estimate(fp, model.weights(), room).total();
    }
}
