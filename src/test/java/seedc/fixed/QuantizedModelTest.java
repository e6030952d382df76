package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.HandModel;
import seedc.codegen.c.CBackend;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.search.Metric;

/** A quantized model's real thresholds are read only beside the program it quantized; any other is refused. */
class QuantizedModelTest {
    @TempDir
    Path dir;

    @Test
    void realThresholdsRefuseAnotherProgramOfTheModel() throws Exception {
        HandModel m = new HandModel(dir.resolve("model"))
                .program("let X = (1, 2) in [0, 1] in\nlet W = (2, 2) in [-1, 1] in\nargmax(X * W)\n")
                .param("W", new double[] {1, -1, 0.5, 0.25}, 2, 2)
                .rows("data", new double[][] {{0, 1, 0}, {1, 0, 1}, {0, 0.5, 0.25}});
        FloatModel model = m.load();
        FixedProgram fp = HandModel.compile(model, m.data(model, "data"), m.data(model, "data"), Strategy.SEEDOT,
                Metric.ACCURACY, CBackend.X86);
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        assertEquals(0, qm.realThresholds(fp).size(), "its own program: no quantize, no chain");

        Value w = model.program().params().getFirst().value();
        FixedType[] types = fp.types().clone();
        types[w.id()] = new FixedType(8, fp.type(w).scale() - 8); // a candidate with W narrowed
        FixedProgram narrowed = new FixedProgram(fp.program(), types, fp.params(), fp.strategy(), fp.bitwidth(),
                fp.maxscale());
        String why = assertThrows(IllegalArgumentException.class, () -> qm.realThresholds(narrowed)).getMessage();
        assertEquals("the real thresholds of the model quantized for the program (seedot strategy, 16 bits, maxscale "
                + fp.maxscale() + ") were asked for another (seedot strategy, 8/16 bits, maxscale " + fp.maxscale()
                + "): 'W' is " + fp.type(w) + " in the one, " + types[w.id()] + " in the other; build the "
                + "QuantizedModel from the program read", why);

        FixedProgram copy = new FixedProgram(fp.program(), fp.types().clone(), fp.params(), fp.strategy(),
                fp.bitwidth(), fp.maxscale());
        String same = assertThrows(IllegalArgumentException.class, () -> qm.realThresholds(copy)).getMessage();
        assertTrue(same.contains("the same types, another instance"), same);
    }
}
