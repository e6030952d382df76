package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.report.Report;
import seedc.report.SearchSummary;

/**
 * When the target's cycle model does not decide the search, report.txt and report.json say why: a low-bit CNN whose
 * first convolution at its widest the Uno's model never measured (lowbit/cnn-digits-w1a1; cnn-digits-w1a1i1 was this
 * example until the packed reads' refit measured its terms) is set aside with the shares it measured and the ops it
 * did not; a ProtoNN model it measured is not, and its modelled cost is printed instead.
 */
class CycleModelSetAsideTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures").toAbsolutePath();
    private static final Path DIGITS = FIXTURES.resolve("models/cnn-digits-10");

    private static Report compile(Path dir, Path model, Path data) throws IOException {
        Path out = dir.resolve("out");
        CliRun r = CliRun.args("compile", model.resolve("input.sd").toString(), "--model", model.toString(),
                "--train", data.resolve("train.npy").toString(), "--test", data.resolve("test.npy").toString(),
                "--jobs", "2", "--out", out.toString(), "--no-progress");
        assertEquals(0, r.status(), r.err());
        return Report.read(out.resolve("report.json"));
    }

    @Test
    void aModelThatMeasuredTooLittleIsSetAsideAndTheReportSaysWhere(@TempDir Path dir) throws IOException {
        Path model = FIXTURES.resolve("lowbit/cnn-digits-w1a1");
        Report report = compile(dir, model, DIGITS);
        var search = (SearchSummary.Shiftry) report.search();
        SearchSummary.ModelSetAside aside = search.modelSetAside();
        assertNotNull(aside, "set aside");
        assertNull(search.cycleModel(), "no modelled cost where no model decided");
        assertEquals(SearchSummary.ModelSetAside.Why.WORK_UNMEASURED, aside.why());
        assertTrue(Math.min(aside.shareWidest(), aside.shareNarrowest()) < aside.trustedShare(), aside.toString());
        assertFalse(aside.unmeasured().isEmpty());
        String source = Files.readString(model.resolve("input.sd"));
        for (SearchSummary.UnmeasuredOp op : aside.unmeasured()) {
            assertTrue(report.program().fixedProgram().types().containsKey(op.op()) || source.contains(op.op()),
                    "a value of the program: " + op);
            assertTrue(op.cycles() == null || op.cycles() > 0, op.toString());
        }
        String text = Files.readString(dir.resolve("out/report.txt"));
        assertTrue(text.contains("cycle model: not used: it measured "), text);
        assertTrue(text.contains(aside.unmeasured().get(0).op() + " (" + aside.unmeasured().get(0).kind()), text);
        assertFalse(text.contains("modelled cost of the chosen program"), text);
    }

    @Test
    void aModelItMeasuredDecidesAndNothingIsSetAside(@TempDir Path dir) throws IOException {
        Path model = FIXTURES.resolve("models/protonn-wine-3");
        Report report = compile(dir, model, model);
        var search = (SearchSummary.Shiftry) report.search();
        assertNull(search.modelSetAside());
        assertNotNull(search.cycleModel());
        String text = Files.readString(dir.resolve("out/report.txt"));
        assertFalse(text.contains("cycle model: not used"), text);
        assertTrue(text.contains("modelled cost of the chosen program"), text);
    }
}
