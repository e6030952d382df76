package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.WeightStorage;
import seedc.codegen.c.CBackend;
import seedc.cost.OpWork;
import seedc.fixed.FixedProgram;
import seedc.fixed.PackedReads;
import seedc.fixed.Strategy;
import seedc.fixed.SubsetTableRoom;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * Which products the C computes by subset sums on a device of little RAM, and how the cost model prices them
 * ({@link SubsetTableRoom}, read by LowBitProducts.bySubsetSums). The hand model: 48 inputs times W (48 x 16), relu,
 * times V (16 x 8), relu, times U (8 x 4), every weight ternary {-0.5, 0, 0.5} (two planes; on a grid, so the
 * automatic storage packs them at 2 bits). By the rules, t6 = X^T W (16 weight vectors) and t8 = H V (8) take subset
 * sums and t10 = G U (4 vectors, fewer than 8) never does. On the Uno every table fits. On a device of 576 B RAM the
 * buffer gets 576 - 320 (stack and runtime) - 4 (scalars, output) - 96 (the caller's 16-bit input) = 156 B; while t6
 * runs, X (96 B) and t6 (16 B) are live, 44 B left, and t6's smallest tables (one group's 16 16-bit entries and its 16
 * vectors' running sums) take more: the C halves every table to one group, then gives up the largest scratch, t6's,
 * and sums t6's products plainly over its packed 2-bit weights; t8's (one group, its 8 vectors' sums) fits beside H.
 * So the expected kernels, written here by hand: on the Uno t6 and t8 by subset sums, t10 a plain product reading
 * its packed weights; on 576 B, t8 by subset sums, t6 and t10 plain over packed weights. The C (predict.cpp: its
 * "subset sums" kernel, or sd_ix2 / a dot streaming 2-bit indices of a {@code _pk} copy) and the cost model's terms
 * (subset-sum terms, or {@code MatMul.packedread.2}, one a MAC) must both say so.
 */
class SubsetTableRoomTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} B RAM")
    @CsvSource(delimiter = ';', value = {
        "2048; ''; t6:subset t8:subset t10:packed2",
        "576; t6; t6:packed2 t8:subset t10:packed2"})
    void theCAndTheCostModelTakeTheSameProductsBySubsetSums(int ram, String overRam, String expected)
            throws Exception {
        Random rnd = new Random(3);
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (48, 1) in [-1, 1] in\nlet W = (48, 16) in [-0.5, 0.5] in\n"
                        + "let V = (16, 8) in [-0.5, 0.5] in\nlet U = (8, 4) in [-0.5, 0.5] in\n"
                        + "let H = relu(X^T * W) in\nlet G = relu(H * V) in\nargmax(G * U)\n")
                .param("W", ternary(rnd, 48 * 16), 48, 16).param("V", ternary(rnd, 128), 16, 8)
                .param("U", ternary(rnd, 32), 8, 4).rows("data", HandModel.uniformRows(rnd, 60, 48));
        FloatModel model = h.load();
        DataSet set = h.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        assertEquals(16, fp.type(fp.program().input()).bits(), "premise: the caller's input at 16 bits (96 B)");
        assertTrue(PackedReads.autoStorage(fp, model.weights()).packsParams(), "premise: the weights packed");
        Device device = new Device(ram + " B", ram, 32768);

        CBackend.ARDUINO.emit(fp, model.weights(), new EmitOptions(device, null, null)
                .withStorage(WeightStorage.PACKED), dir.resolve("c"));
        String c = Files.readString(dir.resolve("c/predict.cpp"));
        assertEquals(kernels(expected), kernelsInC(c), "the C's kernels:\n" + c);

        SubsetTableRoom room = CBackend.ARDUINO.subsetTableRoom(fp, model.weights(), device);
        assertEquals(overRam.isBlank() ? Set.of() : Set.of(overRam), room.overRam());
        Map<String, String> priced = new TreeMap<>();
        for (OpWork.Part p : OpWork.of(fp, model.weights(), true, room)) {
            if (p.kind().equals("MatMul")) {
                priced.put(p.label(), p.terms().containsKey("MatMul.subsetop") ? "subset"
                        : "packed" + (p.terms().getOrDefault("MatMul.packedread.2", 0.0) == p.macs() ? "2" : "?"));
            }
        }
        assertEquals(kernels(expected), priced, "the cost model's kernels (a packed read a MAC)");
    }

    /** Each product's kernel in the C: "subset", or "packedK" where it reads a packed copy's K-bit indices. */
    private static Map<String, String> kernelsInC(String c) {
        Map<String, String> streams = PackedReadsTest.packedStreams(c), out = new TreeMap<>();
        SignKernelsTest.sections(c, Set.of("MatMul")).forEach((op, code) -> {
            Matcher ix = Pattern.compile("sd_ix(\\d)\\(p_\\w+_pk").matcher(code);
            Matcher call = Pattern.compile("(sd_dot\\d+)\\(").matcher(code);
            String k = code.contains("/* subset sums: ") ? "subset" : ix.find() ? "packed" + ix.group(1)
                    : call.find() && streams.containsKey(call.group(1)) ? "packed" + streams.get(call.group(1)) : "?";
            out.put(op, k);
        });
        return out;
    }

    private static Map<String, String> kernels(String s) {
        Map<String, String> out = new TreeMap<>();
        for (String pair : s.trim().split(" ")) {
            out.put(pair.split(":")[0], pair.split(":")[1]);
        }
        return out;
    }

    private static double[] ternary(Random rnd, int n) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = -0.5 + 0.5 * rnd.nextInt(3);
        }
        return w;
    }
}
