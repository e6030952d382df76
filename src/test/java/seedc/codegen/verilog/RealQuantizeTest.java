package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.backend.ScoredBuild;
import seedc.codegen.HandModel;
import seedc.codegen.RealThresholdsTest;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * The FPGA design of RealThresholdsTest's model, sign(x w - 1e-5) where x w is exactly 0 for some pixels: its
 * quantize engine reads the exact product and compares it with the channel's thresholds from ROMs (RealQuantize), and
 * the design, simulated under Icarus Verilog, predicts the classes worked by hand there, which are the interpreter's.
 */
class RealQuantizeTest {
    @TempDir
    Path dir;

    @Test
    void theQuantizeEngineComparesTheExactProduct() throws Exception {
        HandModel m = RealThresholdsTest.handModel(dir.resolve("model"));
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT,
                FpgaBackend.INSTANCE);
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        var chains = qm.realThresholds(fp);
        assertEquals(1, chains.size(), "the hidden sign is compared with real thresholds");
        FixedInterpreter interpreter = new FixedInterpreter(fp, qm);
        for (int r = 0; r < RealThresholdsTest.ROWS.length; r++) {
            interpreter.run(set.features()[r]);
            assertEquals((long) RealThresholdsTest.ROWS[r][0], interpreter.label(), "row " + r);
        }
        Path out = dir.resolve("design");
        Emitted e = ScoredBuild.of(() -> FpgaBackend.INSTANCE.emit(fp, model.weights(),
                EmitOptions.on(Device.ICE40_UP5K), out));
        int quantize = chains.keySet().iterator().next().out().id();
        String engine = Files.readString(out.resolve("nodes/n" + quantize + ".vh"));
        int x = chains.values().iterator().next().x().id();
        assertTrue(engine.contains("rt1_n" + quantize) && engine.contains("v" + x + "["), "reads x, compares:\n" + engine);
        JsonNode fpga = new ObjectMapper().valueToTree(e.fpga());
        SignedProductsTest.simulatesLikeTheInterpreter(fp, model, set, out, fpga);
    }
}
