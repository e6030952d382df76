package seedc.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.fixed.ContainerWidths;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.frontend.seedot.lang.SourceFile;

/** SeeDot's Algorithm 1 and Figure 3, against the paper's worked examples and cases worked by hand. */
class ScaleRulesTest {

    @Test
    void getP() {
        ScaleRules b16 = new ScaleRules(16, 8), b8 = new ScaleRules(8, 5);
        assertEquals(14, b16.getP(1.23)); // 15 - ceil(log2 1.23) = 15 - 1 (section 5.3)
        assertEquals(8, b16.getP(100)); // 15 - 7; 25600 fits
        assertEquals(24, b16.getP(0.001)); // ceil(log2 0.001) = -9
        assertEquals(7, b8.getP(0.9238)); // section 3: x at scale 7
        assertEquals(6, b8.getP(1.8622)); // section 3: w at scale 6
        // Powers of two and values that round up to 2^(B-1) take one scale less than the paper's formula.
        assertEquals(14, b16.getP(1.0)); // 15 would store 32768
        assertEquals(13, b16.getP(2.0));
        assertEquals(6, b8.getP(0.999)); // 0.999 * 2^7 rounds to 128
        assertEquals(7, b8.getP(0.996)); // 127.488 rounds to 127
        // Nothing to represent: the maxscale.
        assertEquals(8, b16.getP(0.0));
        assertEquals(5, b8.getP(0.0));
        // An infinite range (e^2048) ends like the largest double (it looped forever before): 15 - 1024,
        // minus one more because (2 - 2^-52) * 2^14 rounds to 32768.
        assertEquals(-1010, b16.getP(Double.POSITIVE_INFINITY));
        assertEquals(b16.getP(Double.MAX_VALUE), b16.getP(Double.POSITIVE_INFINITY));
    }

    @Test
    void ceilLog2OfReals() {
        assertEquals(0, ScaleRules.ceilLog2(1.0));
        assertEquals(1, ScaleRules.ceilLog2(1.23));
        assertEquals(1, ScaleRules.ceilLog2(2.0));
        assertEquals(2, ScaleRules.ceilLog2(2.0001));
        assertEquals(-1, ScaleRules.ceilLog2(0.5));
        assertEquals(0, ScaleRules.ceilLog2(0.5001));
        assertEquals(-9, ScaleRules.ceilLog2(0.001));
    }

    @Test
    void mulScale() {
        // Section 3 at 8 bits, P = 5: (7 - 4) + (6 - 4) = 5, not below P, so both operands shift by 4.
        assertEquals(new ScaleRules.Mul(5, 8), new ScaleRules(8, 5).mulScale(7, 6));
        // B = 16: (14 - 8) + (14 - 8) = 12.
        assertEquals(new ScaleRules.Mul(12, 16), new ScaleRules(16, 10).mulScale(14, 14));
        assertEquals(new ScaleRules.Mul(12, 16), new ScaleRules(16, 12).mulScale(14, 14));
        // 12 < P = 14: S = 16 - (14 - 12) = 14, scale (14 - 7) + (14 - 7) = 14.
        assertEquals(new ScaleRules.Mul(14, 14), new ScaleRules(16, 14).mulScale(14, 14));
        // (10 - 8) + (8 - 8) = 2 < 8: S = 16 - 6 = 10, scale 5 + 3 = 8.
        assertEquals(new ScaleRules.Mul(8, 10), new ScaleRules(16, 8).mulScale(10, 8));
        // Far below P: no shift at all, the product keeps both scales.
        assertEquals(new ScaleRules.Mul(8, 0), new ScaleRules(16, 15).mulScale(4, 4));
        // An odd S: each operand shifts by S / 2 = 7, scale (14 - 7) + (13 - 7) = 13.
        assertEquals(new ScaleRules.Mul(13, 15), new ScaleRules(16, 12).mulScale(14, 13));
    }

    @Test
    void addScale() {
        // Section 5.3: x + x with x at scale 14, 16 bits: halve (scale 13) unless 13 is below P.
        for (int p = 0; p <= 13; p++) {
            assertEquals(new ScaleRules.Sum(13, 1), new ScaleRules(16, p).addScale(14), "P = " + p);
        }
        assertEquals(new ScaleRules.Sum(14, 0), new ScaleRules(16, 14).addScale(14));
        assertEquals(new ScaleRules.Sum(14, 0), new ScaleRules(16, 15).addScale(14));
        assertEquals(new ScaleRules.Sum(4, 0), new ScaleRules(8, 5).addScale(4));
        assertEquals(new ScaleRules.Sum(5, 1), new ScaleRules(8, 5).addScale(6));
    }

    @Test
    void treeSumScale() {
        // Section 3: 4 products at scale 5, P = 5: 5 - 2 = 3 < 5, so S = max(2 - 2, 0) = 0.
        assertEquals(new ScaleRules.Sum(5, 0), new ScaleRules(8, 5).treeSumScale(5, 4));
        assertEquals(new ScaleRules.Sum(4, 1), new ScaleRules(8, 4).treeSumScale(5, 4));
        assertEquals(new ScaleRules.Sum(3, 2), new ScaleRules(8, 3).treeSumScale(5, 4));
        assertEquals(new ScaleRules.Sum(3, 2), new ScaleRules(8, 0).treeSumScale(5, 4));
        // 40 terms (ProtoNN's prototypes): ceil(log2 40) = 6; 12 - 6 = 6 < 8, so S = 6 - 2 = 4.
        assertEquals(new ScaleRules.Sum(8, 4), new ScaleRules(16, 8).treeSumScale(12, 40));
        assertEquals(new ScaleRules.Sum(6, 6), new ScaleRules(16, 6).treeSumScale(12, 40));
        // 5 terms need 3 levels
        assertEquals(new ScaleRules.Sum(7, 3), new ScaleRules(16, 2).treeSumScale(10, 5));
        // a single term, and a sum far below P
        assertEquals(new ScaleRules.Sum(12, 0), new ScaleRules(16, 3).treeSumScale(12, 1));
        assertEquals(new ScaleRules.Sum(3, 0), new ScaleRules(16, 10).treeSumScale(3, 64));
    }

    /** Parses, profiles in floating point and assigns SeeDot's scales: the whole pipeline on a constant program. */
    private static FixedProgram compile(String text, int bits, int maxscale) {
        Program program = SeeDotProgram.from(new SourceFile("example.sd", text)).program();
        Profile profile = new Profile(program);
        new FloatInterpreter(program, Map.of()).run(new double[0], profile);
        return SeeDotStrategy.assign(program, profile, Map.of(), ContainerWidths.C, bits, maxscale);
    }

    private static long[] run(FixedProgram fp) {
        return new FixedInterpreter(fp, new QuantizedModel(fp, Map.of())).runRaw(new double[0]);
    }

    private static <T extends Op> List<T> ops(FixedProgram fp, Class<T> kind) {
        List<T> found = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (kind.isInstance(op)) {
                found.add(kind.cast(op));
            }
        });
        return found;
    }

    static final String LINEAR = """
            let x = [0.0767; 0.9238; -0.8311; 0.8213] in
            let w = [[0.7793, -0.7316, 1.8008, -1.8622]] in
            w * x
            """;

    @Test
    void linearClassifierOfSection3() {
        FixedProgram fp = compile(LINEAR, 8, 5);
        List<Op.Const> consts = ops(fp, Op.Const.class);
        assertEquals(2, consts.size());
        assertEquals(new FixedType(8, 7), fp.type(consts.get(0).out()), "x");
        assertEquals(new FixedType(8, 6), fp.type(consts.get(1).out()), "w");
        Op.MatMul mm = ops(fp, Op.MatMul.class).get(0);
        assertEquals(new OpParams.Mul(4, 4, 8, 0, 0), fp.params(mm, OpParams.Mul.class));
        // w * x = -98 at scale 5, i.e. -3.0625 (exact: -3.64214951)
        assertEquals(new FixedType(8, 5), fp.type(fp.program().result()));
        assertArrayEquals(new long[] {-98}, run(fp));
    }

    @Test
    void linearClassifierWithWideProducts() {
        // Same scales, but no operand bits dropped: x = [10, 118, -106, 105] @7, w = [50, -47, 115, -119] @6;
        // 16-bit products 500, -5546, -12190, -12495; tree -5046 + -24685 = -29731; / 2^8 toward zero = -116
        // at scale 5, i.e. -3.625 (exact -3.64214951; the paper's narrow rule gives -3.0625).
        Program program = SeeDotProgram.from(new SourceFile("example.sd", LINEAR)).program();
        Profile profile = new Profile(program);
        new FloatInterpreter(program, Map.of()).run(new double[0], profile);
        FixedProgram fp = SeeDotStrategy.assign(program, profile, Map.of(), ContainerWidths.C, 8, 5, SeeDotStrategy.Products.WIDE);
        assertEquals(new OpParams.Mul(0, 0, 16, 0, 8), fp.params(ops(fp, Op.MatMul.class).get(0), OpParams.Mul.class));
        assertEquals(new FixedType(8, 5), fp.type(fp.program().result()));
        assertArrayEquals(new long[] {-116}, run(fp));
    }

    @Test
    void wideProductsNeedATwiceWiderType() {
        assertEquals(List.of(SeeDotStrategy.Products.NARROW), SeeDotStrategy.Products.allowed(32, ContainerWidths.C));
        assertEquals(List.of(SeeDotStrategy.Products.NARROW, SeeDotStrategy.Products.WIDE),
                SeeDotStrategy.Products.allowed(16, ContainerWidths.C));
    }

    @Test
    void linearClassifierWithSmallerMaxscaleHalvesInTheTree() {
        // P = 3: TreeSumScale(5, 4) = (3, 2); the sum halves at both levels: -24 at scale 3 = -3.0.
        FixedProgram fp = compile(LINEAR, 8, 3);
        assertEquals(new FixedType(8, 3), fp.type(fp.program().result()));
        assertEquals(new OpParams.Mul(4, 4, 8, 2, 0), fp.params(ops(fp, Op.MatMul.class).get(0), OpParams.Mul.class));
        assertArrayEquals(new long[] {-24}, run(fp));
    }

    @Test
    void sumOfSection53() {
        for (int p = 0; p < 16; p++) {
            FixedProgram fp = compile("let x = 1.23 in x + x", 16, p);
            Op.Const c = ops(fp, Op.Const.class).get(0);
            assertEquals(new FixedType(16, 14), fp.type(c.out()), "x, P = " + p);
            Op.Add add = ops(fp, Op.Add.class).get(0);
            if (p <= 13) {
                // MatAdd(x, x, 0, 1): both halved, 20152 at scale 13 = 2.4599609375
                assertEquals(new OpParams.Add(1, 1, 16, 0), fp.params(add, OpParams.Add.class), "P = " + p);
                assertEquals(new FixedType(16, 13), fp.type(fp.program().result()), "P = " + p);
                assertArrayEquals(new long[] {20152}, run(fp), "P = " + p);
            } else {
                // P promises |values| < 2^(15 - P) <= 2: no halving, and 2.46 would not fit scale 14 (40304 would
                // wrap); seedc caps the scale at what the profiled 2.46 allows, 13: the sum in 32 bits, shifted after.
                assertEquals(new OpParams.Add(0, 0, 32, 1), fp.params(add, OpParams.Add.class), "P = " + p);
                assertEquals(new FixedType(16, 13), fp.type(fp.program().result()), "P = " + p);
                assertArrayEquals(new long[] {20152}, run(fp), "P = " + p);
            }
        }
    }
}
