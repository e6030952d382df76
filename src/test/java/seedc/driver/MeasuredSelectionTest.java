package seedc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.report.MeasuredChoice;

/**
 * The rule of {@code --select measured} on hand numbers, with a fake device: the search's choice is rank 1, its rivals
 * follow by modelled cycles; the device's cycles are given per rank, so every expected choice is read off the table.
 */
class MeasuredSelectionTest {
    /** A device that returns {@code cycles} for each rank it is asked (agreeing unless the rank is {@code differs}). */
    private record Fake(Map<Integer, Double> cycles, int differs, List<Integer> asked)
            implements MeasuredSelection.Measure {
        Fake(Map<Integer, Double> cycles) {
            this(cycles, -1, new ArrayList<>());
        }

        @Override
        public MeasuredSelection.Measured of(seedc.fixed.FixedProgram program, int rank) {
            asked.add(rank);
            return new MeasuredSelection.Measured(cycles.get(rank), rank != differs, 90.0 + rank);
        }
    }

    /** Rivals of these modelled cycles, ranked as given (the rule never reads the programs: the fake ignores them). */
    private static List<MeasuredSelection.Rival> rivals(double... modelled) {
        List<MeasuredSelection.Rival> out = new ArrayList<>();
        for (double m : modelled) {
            out.add(new MeasuredSelection.Rival(null, m, 95.0));
        }
        return out;
    }

    private static MeasuredSelection.Decision choose(List<MeasuredSelection.Rival> r, MeasuredSelection.Measure m) {
        return MeasuredSelection.choose(r, 0.118, new MeasuredSelection.Measuring("uno", 5, m),
                seedc.search.StageLog.quiet());
    }

    @Test
    void theModelOrdersABeforeBTheDeviceRunsBFasterBIsWritten() {
        // A: 1,000 modelled, 1,040 measured; B: 1,050 modelled, 980 measured
        Fake device = new Fake(Map.of(1, 1040.0, 2, 980.0));
        MeasuredSelection.Decision d = choose(rivals(1000, 1050), device);
        assertEquals(1, d.chosen());
        assertEquals(2, d.report().chosenRank());
        assertEquals(List.of(1, 2), device.asked());
        MeasuredChoice.Rival b = d.report().rivals().get(1);
        assertTrue(b.chosen());
        assertEquals(980.0, b.measuredCycles());
        assertEquals(92.0, b.testAccuracy()); // the fake's 90 + rank
        assertTrue(d.report().why().contains("980") && d.report().why().contains("1040"), d.report().why());
    }

    @Test
    void aTieGoesToTheModelledChoice() {
        MeasuredSelection.Decision d = choose(rivals(1000, 1050, 1100), new Fake(Map.of(1, 990.0, 2, 990.0, 3, 995.0)));
        assertEquals(0, d.chosen());
        assertTrue(d.report().why().contains("tie"), d.report().why());
    }

    @Test
    void theModelsChoiceStaysWhenNoRivalRunsFaster() {
        MeasuredSelection.Decision d = choose(rivals(1000, 1050), new Fake(Map.of(1, 990.0, 2, 1010.0)));
        assertEquals(0, d.chosen());
        assertTrue(d.report().rivals().getFirst().chosen());
    }

    @Test
    void aRivalWhoseDevicePredictionsDifferIsNeverChosen() {
        Fake device = new Fake(Map.of(1, 1000.0, 2, 900.0, 3, 950.0), 2, new ArrayList<>());
        MeasuredSelection.Decision d = choose(rivals(1000, 1010, 1020), device);
        assertEquals(2, d.chosen()); // rank 3: 950, rank 2's 900 disagreed
        assertEquals(Boolean.FALSE, d.report().rivals().get(1).agrees());
    }

    @Test
    void atMostSixAreMeasuredTheModelledFastestFirst() {
        // eight rivals; rank 8 would run fastest of all but lies past the cap: ranks 1-6 are measured, 5 is written
        Fake device = new Fake(Map.of(1, 1000.0, 2, 999.0, 3, 998.0, 4, 997.0, 5, 900.0, 6, 950.0, 7, 800.0,
                8, 700.0));
        MeasuredSelection.Decision d = choose(rivals(1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007), device);
        assertEquals(List.of(1, 2, 3, 4, 5, 6), device.asked());
        assertEquals(4, d.chosen());
        assertEquals(8, d.report().inError());
        assertNull(d.report().rivals().get(7).measuredCycles());
    }

    @Test
    void withNoRivalNothingIsMeasured() {
        Fake device = new Fake(Map.of());
        MeasuredSelection.Decision d = choose(rivals(1000), device);
        assertEquals(0, d.chosen());
        assertEquals(List.of(), device.asked());
        assertNull(d.report().rivals().getFirst().measuredCycles());
    }
}
