package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import seedc.diag.Pos;
import seedc.ir.Shape;
import seedc.ir.Value;

/** Stages III and IV's units: each value alone up to 2,500 values, else contiguous groups, counted by hand. */
class DemotionUnitsTest {
    private static List<Value> values(int n) {
        return IntStream.range(0, n).mapToObj(i -> new Value(i, "v" + i, Value.Kind.REAL, Shape.SCALAR,
                new Pos(1, 1), 0, 0)).toList();
    }

    @Test
    void upToTwoThousandFiveHundredValuesEachIsAlone() {
        List<DemotionUnits.Unit> units = DemotionUnits.of(values(2500));
        assertEquals(2500, units.size());
        assertEquals(new DemotionUnits.Unit("v7", List.of(values(8).get(7))), units.get(7));
        assertNull(DemotionUnits.grouping(values(2500)));
    }

    @Test
    void longerProgramsAreGroupedInProgramOrder() {
        // 100 groups: ceil(2,501 / 100) = 26 values a group, so ceil(2,501 / 26) = 97 groups (96 x 26 = 2,496),
        // the last of 5 values
        List<DemotionUnits.Unit> units = DemotionUnits.of(values(2501));
        assertEquals(97, units.size());
        assertEquals("v0..v25", units.getFirst().name());
        assertEquals(values(26), units.getFirst().values());
        assertEquals("v2496..v2500", units.getLast().name());
        assertEquals(new ShiftryOutcome.Grouping(2501, 97, 26), DemotionUnits.grouping(values(2501)));
        // 9,993 values: 100 groups of 100 (the last of 93); a million: 100 groups of 10,000
        assertEquals(new ShiftryOutcome.Grouping(9993, 100, 100), DemotionUnits.grouping(values(9993)));
        assertEquals(10_000, DemotionUnits.unitSize(1_000_000));
    }

    @Test
    void aRungAppliesAGroupWholeAtEachValuesScale() {
        List<Value> vs = values(4);
        DemotionUnits.Rung rung = new DemotionUnits.Rung();
        rung.add(new DemotionUnits.Chosen(new DemotionUnits.Unit("v1..v2", vs.subList(1, 3)), 8, new int[] {5, 3}));
        int[] bits = {16, 16, 16, 16}, scales = {10, 12, 11, 9};
        assertTrue(rung.pending("v1..v2", bits));
        assertFalse(rung.pending("v0", bits)); // not of this rung
        rung.apply("v1..v2", bits, scales);
        assertEquals(List.of(16, 8, 8, 16), IntStream.of(bits).boxed().toList());
        assertEquals(List.of(10, 5, 3, 9), IntStream.of(scales).boxed().toList());
        assertFalse(rung.pending("v1..v2", bits));
    }
}
