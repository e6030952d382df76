package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.fixed.ContainerWidths;
import seedc.fixed.ExactWidths;
import seedc.fixed.ExpTable;
import seedc.search.ShiftryLadder.Rung;

/** Shiftry's ladder as data: today's 16 -> 8 exactly, and the ladders an exact-width backend may climb down. */
class ShiftryLadderTest {

    /** Every (bits, scale) a value at {@code scale} is tried at, step by step, each step from its first trial. */
    private static List<List<Integer>> trials(ShiftryLadder ladder, int scale) {
        List<List<Integer>> out = new ArrayList<>();
        int s = scale;
        for (ShiftryLadder.Step step : ladder.steps()) {
            s = step.firstScale(s);
            for (int k = 0; k < step.to().scaleTrials(); k++) {
                out.add(List.of(step.to().bits(), s + k));
            }
        }
        return out;
    }

    @Test
    void shiftrysLadderIsTodays16To8AtFourScales() {
        ShiftryLadder l = ShiftryLadder.shiftry(ContainerWidths.C);
        assertEquals(16, l.start());
        assertEquals(8, l.bottom());
        assertEquals(List.of(new ShiftryLadder.Step(16, new Rung(8, 4))), l.steps());
        assertEquals("16 -> 8 bits", l.toString());
        // ShiftrySearch before the ladder: for (s = scale - 8; s <= scale - 8 + 3; s++) at 8 bits.
        assertEquals(List.of(List.of(8, 4), List.of(8, 5), List.of(8, 6), List.of(8, 7)), trials(l, 12));
        assertEquals(new ShiftryLadder.Step(16, new Rung(8, 1)), l.toBottom());
    }

    @Test
    void shiftrysTablesKeepTheirScales() {
        ShiftryLadder l = ShiftryLadder.shiftry(ContainerWidths.C);
        ExpTable t8 = l.tables(8).negativeExp(), t16 = l.tables(16).negativeExp();
        assertEquals(List.of(4, 6, 0, 128, 8), List.of(t8.sIn(), t8.sf(), t8.sg(), t8.tf().length, t8.entryBits()));
        assertEquals(List.of(11, 14, 14, 256, 128, 16),
                List.of(t16.sIn(), t16.sf(), t16.sg(), t16.tf().length, t16.tg().length, t16.entryBits()));
        assertEquals(4, l.tables(8).shiftryIndexBits());
        assertEquals(6, l.tables(16).shiftryIndexBits());
        assertEquals(3, l.tables(8).seedotIndexBits());
        assertEquals(6, l.tables(16).seedotIndexBits());
    }

    @Test
    void exactWidthsClimbDownInSeveralSteps() {
        ShiftryLadder l = new ShiftryLadder(ExactWidths.HARDWARE, 16, List.of(new Rung(12, 2), new Rung(8, 3)));
        assertEquals("16 -> 12 -> 8 bits", l.toString());
        assertEquals(List.of(List.of(12, 6), List.of(12, 7), List.of(8, 2), List.of(8, 3), List.of(8, 4)),
                trials(l, 10));
        assertEquals(new ShiftryLadder.Step(16, new Rung(8, 1)), l.toBottom());
        ShiftryLadder tiny = new ShiftryLadder(ExactWidths.HARDWARE, 8, List.of(new Rung(4, 1), new Rung(2, 1)));
        assertEquals(8, tiny.tables(2).bits()); // a 2-bit output reads the 8-bit tables
        assertEquals(16, l.tables(12).bits());
    }

    @Test
    void aLadderTheBackendCannotStoreIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () ->
                new ShiftryLadder(ContainerWidths.C, 16, List.of(new Rung(12, 4), new Rung(8, 4))));
        assertTrue(e.getMessage().contains("12-bit"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () ->
                new ShiftryLadder(ExactWidths.HARDWARE, 16, List.of(new Rung(16, 4))));
        assertThrows(IllegalArgumentException.class, () ->
                new ShiftryLadder(ExactWidths.HARDWARE, 8, List.of(new Rung(4, 2), new Rung(6, 2))));
        assertThrows(IllegalArgumentException.class, () ->
                new ShiftryLadder(ExactWidths.HARDWARE, 16, List.of(new Rung(8, 0))));
    }
}
