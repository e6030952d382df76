package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaStrategy;
import seedc.backend.ScoredBuild;
import seedc.bench.ModelBench;
import seedc.codegen.DifferentialTest;
import seedc.codegen.OnnxDifferentialTest;
import seedc.codegen.ScoredHost;
import seedc.driver.DataInputs;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * The 1-D CNN imported from ONNX (dscnn-waves-6: strided, dilated and depthwise convolutions over a signal, max
 * pooling, a global average; scripts/train/dscnn.py) compiled as 'seedc compile' does (Shiftry), its FPGA design
 * under each strategy simulated by Icarus Verilog through its Makefile: the raw scores and labels of the fixed-point
 * interpreter on the first test rows, and the cycles the planner estimated.
 */
class OnnxFpgaTest {
    private static final Path MODEL = Path.of("src/test/resources/fixtures/onnx/dscnn-waves-6.onnx").toAbsolutePath();
    private static final int EXAMPLES = 6;

    @Test
    void signalCnnPredictsWhatTheInterpreterPredicts(@TempDir Path dir) throws Exception {
        RequiredTool.command("iverilog", "iverilog");
        OnnxDifferentialTest.Data data = OnnxDifferentialTest.data("dscnn-waves-6");
        Path out = dir.resolve("out");
        DifferentialTest.Cli c = DifferentialTest.cli("compile", MODEL.toString(), "--argmax", "--input-range",
                data.range(), "--train", data.dir().resolve("train.npy").toString(), "--test",
                data.dir().resolve("test.npy").toString(), "--out", out.toString(), "--jobs", "2", "--no-progress");
        assertEquals(0, c.status(), c.err());
        FloatModel fm = OnnxDifferentialTest.load(MODEL, data);
        ScoredHost.Chosen chosen = ScoredHost.chosen(fm, out.resolve("report.json"));
        DataSet test = DataInputs.load(fm.program(), data.dir().resolve("test.npy"), 1);
        List<String> expected = ModelBench.scoredLines(chosen.fp(), chosen.quantized(), test, EXAMPLES);
        DataSet rows = new DataSet(1, new double[EXAMPLES][1], Arrays.copyOf(test.features(), EXAMPLES));
        for (FpgaStrategy s : FpgaStrategy.values()) {
            Path design = dir.resolve(s.id());
            var emitted = ScoredBuild.of(() -> FpgaBackend.INSTANCE.emit(chosen.fp(), chosen.compiled().weights(),
                    EmitOptions.NONE.withFpgaStrategy(s), design));
            long cycles = new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(emitted.fpga())
                    .get("estimatedCycles").asLong();
            DifferentialTest.csv(rows, design.resolve("examples.csv"));
            DifferentialTest.csv(new DataSet(1, new double[1][1], Arrays.copyOf(test.features(), 1)),
                    design.resolve("timed.csv"));
            assertEquals(expected, FpgaFixturesTest.make(design, "sim", "examples.csv"), s.id());
            assertEquals(List.of("cycles " + cycles), FpgaFixturesTest.make(design, "sim-cycles", "timed.csv"), s.id());
        }
    }
}
