package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import seedc.diag.UserError;
import seedc.fixed.ExactWidths;
import seedc.fixed.FixedProgram;
import seedc.ir.Value;
import seedc.search.ShiftryLadder.Rung;

/**
 * Shiftry's search down a ladder of three widths (an exact-width backend: 16 -> 12 -> 8) on the Bonsai
 * fixture, whose 3328 parameters take 6656 B at 16 bits, 4992 B packed at 12 and 3328 B at 8.
 */
class ShiftryLadderSearchTest {
    static final ShiftryLadder THREE = new ShiftryLadder(ExactWidths.HARDWARE, 16, List.of(new Rung(12, 4), new Rung(8, 4)));

    @BeforeAll
    static void load() {
        ShiftryFitTest.load();
    }

    static ShiftryOutcome run(Budget budget) {
        return ShiftrySearch.run(new SearchInput(ShiftryFitTest.model, ShiftryFitTest.profile, ShiftryFitTest.train, ShiftryFitTest.floatTrain, Metric.REDUCED_DISAGREEMENT, 2, StageLog.quiet()),
                new ShiftrySettings(THREE, 1.0, 0.1, budget, null));
    }

    private static Set<Integer> widths(FixedProgram fp) {
        return fp.program().values().stream().filter(v -> !v.isInt()).map(v -> fp.type(v).bits())
                .collect(Collectors.toSet());
    }

    private static List<String> at(FixedProgram fp, int bits) {
        return fp.program().values().stream().filter(v -> !v.isInt() && fp.type(v).bits() == bits).map(Value::name)
                .toList();
    }

    @Test
    void everyValueAtEightBitsWentThroughTwelve() {
        ShiftryOutcome o = run(null);
        ExactWidths.HARDWARE.require(o.best());
        assertTrue(Set.of(16, 12, 8).containsAll(widths(o.best())), widths(o.best()).toString());
        assertEquals(6656, o.paramBytesStart());
        assertEquals(o.best().paramBytes(), o.paramBytes());
        assertEquals(o.order().size(), o.curve().size(), "accuracy mode tries every demotion");
        // Stage III's order: every value to 12 bits first, then the ones kept at 12 to 8 bits.
        List<Integer> steps = o.order().stream().map(ShiftryOutcome.Demotion::bits).toList();
        assertEquals(steps.stream().sorted(Collections.reverseOrder()).toList(), steps);
        List<String> to8 = o.order().stream().filter(d -> d.bits() == 8).map(ShiftryOutcome.Demotion::name).toList();
        List<String> to12 = o.order().stream().filter(d -> d.bits() == 12).map(ShiftryOutcome.Demotion::name).toList();
        assertTrue(to12.containsAll(to8));
        assertTrue(to8.containsAll(at(o.best(), 8)));
        assertTrue(!at(o.best(), 8).isEmpty(), "demoted down to the last rung: " + widths(o.best()));
    }

    @Test
    void aBudgetTwelveBitsMeetStopsAtTwelve() {
        ShiftryOutcome o = run(Budget.parameters(5500));
        assertTrue(o.best().paramBytes() <= 5500, o.best().paramBytes() + " B");
        assertEquals(List.of(), at(o.best(), 8));
    }

    @Test
    void aBudgetOnlyEightBitsMeetGoesToTheLastRung() {
        ShiftryOutcome o = run(Budget.parameters(4000));
        assertTrue(o.best().paramBytes() <= 4000, o.best().paramBytes() + " B");
        assertTrue(!at(o.best(), 8).isEmpty());
    }

    @Test
    void aBudgetBelowTheLastRungIsRefusedBeforeExploring() {
        UserError e = assertThrows(UserError.class, () -> run(Budget.parameters(3000)));
        assertTrue(e.getMessage().contains("even with every value demoted to 8 bits"), e.getMessage());
    }
}
