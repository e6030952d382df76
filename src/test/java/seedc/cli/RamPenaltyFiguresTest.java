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
 * On the Uno the search ranks a program it counts over the device's RAM by its modelled cycles plus a penalty per byte
 * over (RamFitCycles); the reports give modelled cycles only and the bytes in words. devicefit/mlp-fashion784-w2a2:
 * its first product t9 (784 x 32, 2-bit weights) is its only one by subset sums, and the Uno's RAM holds none of its
 * tables, so the C gives them up and sums t9 plainly; main counted every table whole and printed its chosen program's
 * "modelled cycles" as 6,659,001,035,866 (6,659 B at 10^9 a byte) though it builds. Giving up t9's tables halves no
 * other, and the cost model prices t9 as the C runs it, so the search counts it as fitting; the figure is checked
 * against the Uno's cycle model run by hand on the program report.json describes, with the tables the C keeps.
 * Its stage IV starts from a program with t8 at 16 bits, which it counts over: that step's cycles hold no penalty.
 */
class RamPenaltyFiguresTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures").toAbsolutePath();
    private static final Path MODEL = FIXTURES.resolve("devicefit/mlp-fashion784-w2a2");
    private static final Path DATA = FIXTURES.resolve("devicefit/protonn-fashion784-10");
    /** The least penalty a byte over adds (RamFitCycles'): no figure printed as cycles may reach it. */
    private static final double PENALTY_PER_BYTE = 1e9;

    @Test
    void theFiguresAreTheModelsCyclesAndTheBytesOverAreWords(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out");
        CliRun r = CliRun.args("compile", MODEL.resolve("input.sd").toString(), "--model", MODEL.toString(),
                "--train", DATA.resolve("train.npy").toString(), "--test", DATA.resolve("test.npy").toString(),
                "--target", "arduino", "--jobs", "1", "--out", out.toString(), "--no-progress",
                "--pareto", dir.resolve("front.csv").toString());
        assertEquals(0, r.status(), r.err());
        Report report = Report.read(out.resolve("report.json"));
        var search = (SearchSummary.Shiftry) report.search();
        SearchSummary.CycleModel chosen = search.cycleModel();
        assertNotNull(chosen, "the Uno's model decides for this program");
        String text = Files.readString(out.resolve("report.txt"));
        assertTrue(text.contains("t9: the sum of products (subset sums: "), "premise: the C gives up t9's tables");
        assertNull(chosen.chosenRamOverBytes(), "fits: t9's tables given up, none halved");
        assertFalse(text.contains("the search counted it"), text);

        assertEquals(byHand(report), chosen.chosenCycles(), 0.01, "the model's cycles, no penalty");
        assertTrue(text.contains(String.format(Locale.ROOT, "modelled cost of the chosen program: %.0f (",
                chosen.chosenCycles())), text);

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
        assertEquals(java.util.Set.of("t9"), room.overRam(), "the products the C sums plainly for want of RAM");
        seedc.cost.CycleModel avr = seedc.cost.CycleModels.forTarget("arduino");
        assertEquals(0.0, avr.cyclesPerMovedByte(), "premise: a plan's moves priced at nothing (avr.json)");
        return avr.estimate(fp, model.weights(), room).total();
    }
}
