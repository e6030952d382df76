package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.backend.DoesNotFit;
import seedc.backend.FpgaStrategy;
import seedc.report.Report;

/** bench.json as records: the keys scripts read stay as they were written by hand. */
class BenchJsonTest {
    @Test
    void aRefusedStrategyKeepsAnEmptyPlanAndItsReason() {
        FpgaBench.Run refused = FpgaBench.Run.refused(FpgaStrategy.SEEDOT,
                new DoesNotFit(DoesNotFit.Short.FABRIC, "too large"));
        JsonNode json = Report.JSON.valueToTree(new BenchJson.Fpga("m.sd", "ice40-up5k", null, 12, List.of(refused)));
        JsonNode design = json.get("designs").get(0);
        assertEquals("{}", design.get("plan").toString());
        assertEquals("seedc: error: too large", design.get("refused").asText());
        assertEquals(List.of("program", "device", "unoCycles", "macs", "designs"), fieldNames(json));
        assertEquals(true, json.get("unoCycles").isNull());
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
