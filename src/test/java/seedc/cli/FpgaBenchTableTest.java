package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.backend.Device;
import seedc.backend.FpgaDesignReport;
import seedc.backend.FpgaStrategy;
import seedc.bench.FpgaBench;

/** The FPGA bench table: an iCE40 design not synthesized (--no-synth) has no clock, so no time per inference. */
class FpgaBenchTableTest {
    @Test
    void withoutPlaceAndRouteTheTimeIsADashNotNaN() {
        FpgaDesignReport plan = new FpgaDesignReport("ice40-up5k", "mafia", "iterative", "registers", List.of(),
                List.of(), List.of(), 120, null, 0, 0, 0, 900, 300, 1000L, 4400L, Map.of(), null, null, 2, 0,
                new FpgaDesignReport.Budget(5280, 5280, true, 8, 30), null);
        FpgaBench.Run run = new FpgaBench.Run(FpgaStrategy.MAFIA, null, true, 120, 120, null, 900, 2, plan);
        StringWriter text = new StringWriter();
        FpgaBenchTable.print(new PrintWriter(text, true), List.of(run), Device.ICE40_UP5K, 640, 50_000.0);
        String row = text.toString().lines().filter(l -> l.startsWith("mafia")).findFirst().orElseThrow();
        assertFalse(row.contains("NaN"), row);
        // 120 simulated cycles, no MHz and no us/inf ("-"), so no speedup over the Uno either ("-")
        assertTrue(row.matches("mafia\\s+120\\s+120 .*\\s+-\\s+-\\s*"), row);
    }
}
