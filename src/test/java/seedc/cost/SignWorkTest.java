package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;

/**
 * The sign kernels' terms ({@link SignWork}) counted by hand on a small binary MLP: 16 pixels quantized to one bit,
 * a product on planes with 8 binary weight columns whose sums go through sign (compared where it stores: its kernel
 * compares each count and writes the 8 signs packed, one byte), read as the activation of a second product on planes
 * with 4 binary weight columns, which reads its plane from that byte instead of packing it; and a product on the
 * level tables counting its quantize's level numbers in its kernel.
 */
class SignWorkTest {
    private static final String PROGRAM = "let X = (16, 1) in [0.0, 1.0] in let W1 = (16, 8) in [-1.0, 1.0] in"
            + " let W2 = (8, 4) in [-1.0, 1.0] in let Xq = quantize(X, 1, 0.0, 0.5) in"
            + " let H = sign(Xq^T * W1) in H * W2";

    /**
     * Bits above what the data need at every value: the first product's sums (at most 16 x 0.5 = 8 in size) are then
     * proven within its type, which the kernel's comparison needs (SignKernelsPriced).
     */
    private static final int HEADROOM = 4;

    private static Map<String, double[]> weights() {
        double[] w1 = new double[128], w2 = new double[32];
        for (int i = 0; i < w1.length; i++) {
            w1[i] = i % 3 == 0 ? -0.5 : 0.5;
        }
        for (int i = 0; i < w2.length; i++) {
            w2[i] = i % 5 < 2 ? -0.5 : 0.5;
        }
        return Map.of("W1", w1, "W2", w2);
    }

    @Test
    void theWriterAndTheReaderHaveTheirOutputsAndPackingUnderUnitsOfTheirOwn() {
        FixedProgram fp = PlaneWorkTest.fixed(PROGRAM, weights(), HEADROOM);
        List<OpWork.Part> parts = OpWork.of(fp, weights(), false);
        Map<String, Double> writer = planes(product(parts, 0)), reader = planes(product(parts, 1));
        // the writer: 1 run; a row of 16 bits packed once for its 8 columns (16 x 1 plane); 8 outputs compared and
        // packed; 8 outputs x 1 x 1 planes x 2 bytes of 16 terms
        assertEquals(Map.of("MatMul.planeop", 1.0, "MatMul.planepack", 16.0, "MatMul.planesignout", 8.0,
                "MatMul.planebyte.1x1", 16.0), writer);
        // the reader: its row of 8 bits read from the sign's byte; 4 outputs formed, each rescaled by a constant of
        // W2's 16 bits (PlaneWork.wideOutputs); 4 x 1 x 1 x 1 byte
        assertEquals(Map.of("MatMul.planeop", 1.0, "MatMul.planesignpack", 8.0, "MatMul.planeout", 4.0,
                "MatMul.planeoutwide", 4.0, "MatMul.planebyte.1x1", 4.0), reader);
    }

    @Test
    void aModelWithoutTheKernelsTermsPricesThemAsBeforeAndOneWithThemByThem() {
        FixedProgram fp = PlaneWorkTest.fixed(PROGRAM, weights(), HEADROOM);
        List<OpWork.Part> parts = OpWork.of(fp, weights(), false);
        Map<String, Double> writer = product(parts, 0), reader = product(parts, 1);
        Map<String, Double> coefficients = new HashMap<>(Map.of("MatMul.planeop", 100.0, "MatMul.planepack", 3.0,
                "MatMul.planeout", 20.0, "MatMul.planebyte.1x1", 10.0));
        LinearCycleModel before = new LinearCycleModel("test", coefficients);
        // as planes' terms alone: 100 + 16 x 3 + 8 x 20 + 16 x 10 and 100 + 8 x 3 + 4 x 20 + 4 x 10
        assertEquals(100 + 48 + 160 + 160, before.price(writer), 1e-9);
        assertEquals(100 + 24 + 80 + 40, before.price(reader), 1e-9);
        coefficients.putAll(Map.of("MatMul.planesignout", 6.0, "MatMul.planesignpack", 0.5));
        LinearCycleModel fitted = new LinearCycleModel("test", coefficients);
        assertEquals(100 + 48 + 8 * 6 + 160, fitted.price(writer), 1e-9);
        assertEquals(100 + 8 * 0.5 + 80 + 40, fitted.price(reader), 1e-9);
        coefficients.put("MatMul.planeoutwide", 7.0); // the reader's 4 outputs' 16-bit rescaling
        assertEquals(100 + 8 * 0.5 + 80 + 4 * 7 + 40, new LinearCycleModel("test", coefficients).price(reader), 1e-9);
    }

    /**
     * 16 pixels quantized to 2 bits, a product on the level tables (2-bit activation rows, 8 ternary weight columns:
     * 2 planes) whose sums go through a 2-bit quantize at every value's 8 bits, its levels 0, 0.5, 1, 1.5 at scale
     * 1: its own level numbers 0..3, which the tables' kernel counts (compares each row's sum with the thresholds).
     */
    private static final String TABLES_PROGRAM = "let X = (16, 1) in [0.0, 1.0] in let W1 = (16, 8) in [-0.5, 0.5] in"
            + " let W2 = (8, 4) in [-0.5, 0.5] in let Xq = quantize(X, 2, 0.0, 0.75) in"
            + " let H = quantize(Xq^T * W1, 2, 0.0, 1.5) in H * W2";

    @Test
    void aProductCountingItsQuantizeInTheLevelTablesHasItsOutputsUnderAUnitOfItsOwn() {
        Map<String, double[]> weights = Map.of("W1", PlaneWorkTest.ternary(128), "W2", PlaneWorkTest.ternary(32));
        FixedProgram fp = PlaneWorkTest.fixed(TABLES_PROGRAM, weights, HEADROOM, 8);
        Map<String, Double> counter = product(OpWork.of(fp, weights, false), 0);
        // 1 run; a row of 16 pixels x 2 planes packed; 8 outputs counted in the kernel; 8 outputs x 2 x 2 planes x
        // 2 bytes of 16 terms
        assertEquals(Map.of("MatMul.planeop", 1.0, "MatMul.planepack", 32.0, "MatMul.planetablelevelout", 8.0,
                "MatMul.planebyte.2x2", 64.0), planes(counter));
        Map<String, Double> coefficients = new HashMap<>(Map.of("MatMul.planeop", 100.0, "MatMul.planepack", 3.0,
                "MatMul.planeout", 20.0, "MatMul.planebyte.2x2", 10.0));
        // without the kernel's coefficient, as the planes' outputs: 100 + 32 x 3 + 8 x 20 + 64 x 10; with it, 8 x 6
        assertEquals(100 + 96 + 160 + 640, new LinearCycleModel("test", coefficients).price(counter), 1e-9);
        coefficients.put("MatMul.planetablelevelout", 6.0);
        assertEquals(100 + 96 + 48 + 640, new LinearCycleModel("test", coefficients).price(counter), 1e-9);
    }

    @Test
    void aPoolingOfPackedSignsIsPricedAsAPlainOneWithoutItsCoefficients() {
        // a 2 x 2 pooling of 64 outputs: its run and 256 taps, beside a plan's move
        Map<String, Double> pooled = Map.of(SignWork.pooled("Maxpool.op"), 1.0, SignWork.pooled("Maxpool.tap.8"), 256.0,
                "Move.byte", 16.0);
        assertEquals(Map.of("Maxpool.signpoolop", 1.0, "Maxpool.signpooltap.8", 256.0, "Move.byte", 16.0), pooled);
        Map<String, Double> coefficients = new HashMap<>(Map.of("Maxpool.op", 50.0, "Maxpool.tap.8", 9.0,
                "Move.byte", 2.0));
        assertEquals(50 + 256 * 9 + 32, new LinearCycleModel("test", coefficients).price(pooled), 1e-9);
        coefficients.putAll(Map.of("Maxpool.signpoolop", 20.0, "Maxpool.signpooltap.8", 0.75));
        assertEquals(20 + 256 * 0.75 + 32, new LinearCycleModel("test", coefficients).price(pooled), 1e-9);
    }

    /** The planes' terms of a product (its dense stand-ins left out). */
    private static Map<String, Double> planes(Map<String, Double> terms) {
        Map<String, Double> m = new TreeMap<>(terms);
        m.keySet().removeIf(t -> !t.startsWith("MatMul.plane"));
        return m;
    }

    /** The terms of the i-th matrix product's part, in program order. */
    private static Map<String, Double> product(List<OpWork.Part> parts, int i) {
        return new TreeMap<>(parts.stream().filter(p -> p.kind().equals("MatMul")).toList().get(i).terms());
    }
}
