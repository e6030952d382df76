package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;

/**
 * The reads of packed parameters ({@link PackedReadWork}) counted by hand on a small classifier's last layer, W * X +
 * B: W of 64 distinct values (dense: a table of 64 and 64 indices would take more than its 64 elements), B of 16
 * elements on the three values -0.5, 0 and 0.5 (on a grid: the compile's automatic storage packs, and B's copy takes
 * 16 2-bit indices, 4 bytes, and 3 literals, against 16 dense bytes).
 */
class PackedReadWorkTest {
    private static final String PROGRAM = "let X = (4, 1) in [0.0, 1.0] in let W = (16, 4) in [-1.0, 1.0] in"
            + " let B = (16, 1) in [-0.5, 0.5] in W * X + B";

    private static Map<String, double[]> weights(boolean ternaryBias) {
        double[] w = new double[64], b = new double[16];
        for (int i = 0; i < w.length; i++) {
            w[i] = (i - 31.5) / 40.0; // 64 distinct values
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = ternaryBias ? (i % 3 - 1) * 0.5 : (i - 7.5) / 20.0; // else 16 distinct values: no grid packs
        }
        return Map.of("W", w, "B", b);
    }

    @Test
    void anAddOfAPackedBiasReadsEachOfItsElementsOnce() {
        Map<String, double[]> w = weights(true);
        FixedProgram fp = PlaneWorkTest.fixed(PROGRAM, w, 0, 8);
        List<OpWork.Part> parts = OpWork.of(fp, w, true);
        Map<String, Double> add = part(parts, "Add"), product = part(parts, "MatMul");
        // the sum's 16 elements each read B's 2-bit index and select its value; the product's W is dense
        assertEquals(16.0, add.get("Add.packedread.2"));
        assertEquals(1, add.keySet().stream().filter(t -> t.contains("packedread")).count());
        assertTrue(product.keySet().stream().noneMatch(t -> t.contains("packedread")), product.toString());
        // with every parameter off a grid the storage is dense: no packed read anywhere
        Map<String, double[]> dense = weights(false);
        FixedProgram fd = PlaneWorkTest.fixed(PROGRAM, dense, 0, 8);
        for (OpWork.Part p : OpWork.of(fd, dense, true)) {
            assertFalse(p.terms().keySet().stream().anyMatch(t -> t.contains("packedread")), p.toString());
        }
    }

    @Test
    void aModelWithoutTheTermPricesTheReadsAtNothingAndOneWithItByIt() {
        Map<String, double[]> w = weights(true);
        FixedProgram fp = PlaneWorkTest.fixed(PROGRAM, w, 0, 8);
        Map<String, Double> add = part(OpWork.of(fp, w, true), "Add");
        Map<String, Double> without = new TreeMap<>(add);
        without.remove("Add.packedread.2");
        Map<String, Double> coefficients = new HashMap<>();
        for (String t : without.keySet()) {
            coefficients.put(t, 3.0); // every other term fitted: the price is 3 x their amounts
        }
        double others = 3.0 * without.values().stream().mapToDouble(Double::doubleValue).sum();
        assertEquals(others, new LinearCycleModel("test", coefficients).price(add), 1e-9);
        coefficients.put("Add.packedread.2", 11.0);
        assertEquals(others + 16 * 11.0, new LinearCycleModel("test", coefficients).price(add), 1e-9);
    }

    /** The terms of the one top-level op of kind {@code kind}. */
    private static Map<String, Double> part(List<OpWork.Part> parts, String kind) {
        List<OpWork.Part> found = parts.stream().filter(p -> p.kind().equals(kind)).toList();
        assertEquals(1, found.size(), "premise: one " + kind);
        return found.get(0).terms();
    }
}
