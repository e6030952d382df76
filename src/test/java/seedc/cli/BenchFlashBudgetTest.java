package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.LinearClassifierFixture;
import seedc.RequiredTool;

/**
 * 'seedc bench --flash-budget' measures the program compile writes with that budget (scripts/fit-cycle-model benches
 * shiftry's all-16-bit start so). On argmax(W * X) with W (10, 128), the only parameter, W takes 10 x 128 x 2 = 2,560
 * B at 16 bits and 1,280 B at 8: a budget of a million bytes demotes nothing, one of 2,000 B must demote W.
 */
class BenchFlashBudgetTest {
    @Test
    void aBudgetEveryProgramMeetsKeepsEveryValueAt16BitsAndATightOneDemotesTheWeights(@TempDir Path dir)
            throws Exception {
        RequiredTool.command("gcc", "gcc");
        LinearClassifierFixture.write(dir, 10, 128, 20, 41);
        JsonNode all16 = bench(dir, 1_000_000, "b16");
        assertEquals(2560, all16.get("paramFlashBytes").asInt());
        for (JsonNode v : all16.get("values")) {
            assertEquals(16, v.get("bitwidth").asInt(), v.toString());
        }
        assertEquals(1280, bench(dir, 2000, "b2000").get("paramFlashBytes").asInt());
    }

    /** report.json of a bench on x86 (one example, no float build) with {@code budget} bytes for the parameters. */
    private static JsonNode bench(Path dir, int budget, String out) throws Exception {
        CliRun bench = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --target x86"
                + " --examples 1 --no-float --no-progress --jobs 1 --flash-budget " + budget + " --out {D}" + out);
        assertEquals(0, bench.status(), bench.err());
        return new ObjectMapper().readTree(dir.resolve(out + "/report.json").toFile());
    }
}
