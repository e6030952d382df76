package seedc.search;

import seedc.driver.DataInputs;
import seedc.fixed.ContainerWidths;
import seedc.frontend.seedot.SeeDotFrontEnd;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import seedc.fixed.Cost;
import seedc.backend.Device;
import seedc.codegen.c.CBackend;
import seedc.diag.UserError;
import seedc.driver.Compilation;
import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.Value;

/**
 * Stage IV fitting a flash budget (the paper's first strategy, "demotes the minimum number of variables that
 * are required to fit"), on the Bonsai fixture: parameters Z (16, 65), W and V (7, 10, 16), T (3, 1, 16), so
 * 2 * (1040 + 1120 + 1120 + 48) = 6656 B at 16 bits and 3328 B at 8.
 */
class ShiftryFitTest {
    static FloatModel model;
    static DataSet train;
    static Profile profile;
    static Result[] floatTrain;

    @BeforeAll
    static void load() {
        Path d = Path.of("src/test/resources/fixtures/models/bonsai-digits-10");
        model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        profile = Evaluation.profile(model, train, 2);
        floatTrain = Compilation.floatRun(model, train, 2);
    }

    static ShiftryOutcome fit(Budget budget) {
        return ShiftrySearch.run(new SearchInput(model, profile, train, floatTrain, Metric.REDUCED_DISAGREEMENT, 2, StageLog.quiet()),
                new ShiftrySettings(ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.1, budget, null));
    }

    /** The program with the given values at 8 bits (each at its 16-bit data-driven scale - 8), the rest at 16. */
    static FixedProgram with8(List<String> names) {
        return ReuseTest.program(model.program(), profile, names, 8);
    }

    static List<String> all() {
        return model.program().values().stream().filter(v -> !v.isInt()).map(Value::name).toList();
    }

    /**
     * The fitted program fits, its 8-bit values are the first ones of stage III's order and only as many as
     * needed: one fewer does not fit; every other value stays at 16 bits.
     */
    static void assertDemotedOnlyAsNeeded(ShiftryOutcome out, int limit, ToIntFunction<FixedProgram> flash) {
        assertTrue(flash.applyAsInt(out.best()) <= limit, "fits");
        List<String> order = out.order().stream().map(ShiftryOutcome.Demotion::name).toList();
        List<String> demoted = new ArrayList<>();
        for (Value v : model.program().values()) {
            if (!v.isInt() && out.best().type(v).bits() == 8) {
                demoted.add(v.name());
            }
        }
        assertTrue(!demoted.isEmpty(), "something had to be demoted");
        List<String> prefix = order.subList(0, demoted.size());
        assertEquals(demoted.stream().sorted().toList(), prefix.stream().sorted().toList(), "a prefix of " + order);
        assertTrue(flash.applyAsInt(with8(prefix.subList(0, prefix.size() - 1))) > limit, "one fewer would not fit");
        assertTrue(out.curve().stream().allMatch(ShiftryOutcome.Step::kept));
        assertEquals(prefix, out.curve().stream().map(ShiftryOutcome.Step::name).toList());
    }

    @Test
    void aParameterBudgetDemotesTheLeastDamagingParametersUntilTheyFit() {
        // 6656 - 5000 = 1656 B to save: at least two of Z, W, V (1040, 1120, 1120 B each).
        ShiftryOutcome out = fit(Budget.parameters(5000));
        assertDemotedOnlyAsNeeded(out, 5000, FixedProgram::paramBytes);
        // Only parameters change the parameters' flash: stage III tried nothing else.
        assertEquals(Set.of("Z", "W", "V", "T"),
                out.order().stream().map(ShiftryOutcome.Demotion::name).collect(Collectors.toSet()));
    }

    @Test
    void aDeviceBudgetCountsParametersTablesAndCode() {
        ToIntFunction<FixedProgram> flash = fp -> (int) CBackend.ARDUINO.cost(fp, model.weights()).of(Cost.Resource.FLASH_BYTES);
        int all16 = flash.applyAsInt(with8(List.of())), all8 = flash.applyAsInt(with8(all()));
        int limit = (all16 + all8) / 2;
        ShiftryOutcome out = fit(Compilation.deviceFlash(CBackend.ARDUINO, new Device("tiny", 4096, limit), model));
        assertDemotedOnlyAsNeeded(out, limit, flash);
    }

    @Test
    void aBudgetThe16BitProgramMeetsDemotesNothingAndSkipsStageIII() {
        ShiftryOutcome out = fit(Budget.parameters(6656));
        assertEquals(List.of(), out.order());
        assertEquals(List.of(), out.curve());
        assertEquals(6656, out.best().paramBytes());
        assertEquals(17, out.candidates()); // stage II's input scales 0..16 only
    }

    @Test
    void aBudgetEvenThe8BitProgramMissesIsAUserErrorBeforeExploring() {
        UserError e = assertThrows(UserError.class, () -> fit(Budget.parameters(3000)));
        assertEquals("seedc: error: the model does not fit a flash budget of 3000 B for its parameters even with"
                + " every value demoted to 8 bits: the parameters take 3328 B, 328 B over", e.getMessage());
    }
}
