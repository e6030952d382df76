package seedc.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.fixed.ContainerWidths;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedKernels;
import seedc.fixed.WrapSite;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.fixed.QuantizedModel;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.frontend.seedot.lang.SourceFile;

/** Shiftry section 3 (Pseudocode 1-3): W2 * (W1 * X + B1) + B2. */
class ShiftryExampleTest {
    static final String PROGRAM = """
            let X = (2, 1) in [-4, 4] in
            let W1 = (2, 2) in [-2, 2] in
            let B1 = (2, 1) in [-1, 1] in
            let W2 = (1, 2) in [-2, 2] in
            let B2 = (1, 1) in [-1, 1] in
            let t1 = W1 * X in
            let t2 = t1 + B1 in
            let t3 = W2 * t2 in
            let t4 = t3 + B2 in
            t4
            """;
    static final Map<String, double[]> WEIGHTS = Map.of(
            "W1", new double[] {0.0421, 0.1948, 1.021, -0.827}, "B1", new double[] {-0.032, 0.619},
            "W2", new double[] {-0.402, -1.013}, "B2", new double[] {0.737});
    static final double[] X = {2.391, -3.583};

    static Value named(Program p, String name) {
        return p.values().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void sixteenBitDataDrivenScalesAreThePapers() {
        Program p = SeeDotProgram.from(new SourceFile("ex.sd", PROGRAM)).program();
        Profile prof = new Profile(p);
        new FloatInterpreter(p, WEIGHTS).run(X, prof);
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (Value v : p.values()) {
            bits[v.id()] = 16;
            scales[v.id()] = ShiftryStrategy.dataDrivenScale(prof.maxAbs(v), 16);
        }
        FixedProgram fp = ShiftryStrategy.assign(p, prof, bits, scales, ShiftryLadder.shiftry(ContainerWidths.C));
        // Pseudocode 2: W1 at 14, B1 at 15, X at 13, W2 at 14, B2 at 15, every temporary at 12.
        Map<String, Integer> expected = Map.of("W1", 14, "B1", 15, "X", 13, "W2", 14, "B2", 15,
                "t1", 12, "t2", 12, "t3", 12, "t4", 12);
        expected.forEach((name, scale) -> assertEquals(scale, fp.type(named(p, name)).scale(), name));
        // t1 = (W1 x X) / 2^15 and t3 = (W2 x t2) / 2^14, as in the paper.
        p.forEachOp(op -> {
            if (op.out().name().equals("t1")) {
                assertEquals(15, fp.params(op, OpParams.Mul.class).post());
            }
            if (op.out().name().equals("t3")) {
                assertEquals(14, fp.params(op, OpParams.Mul.class).post());
            }
        });
        long[] raw = new FixedInterpreter(fp, new QuantizedModel(fp, WEIGHTS)).runRaw(X);
        // seedc rounds constants to nearest (W1[0][0] = 690, not the paper's truncated 689), which gives
        // -20937: exactly round(-5.11167404 * 2^12) = round(-20937.4). The paper's truncation gives -20935.
        assertArrayEquals(new long[] {-20937}, raw);
    }

    /** The paper's stored integers through seedc's kernels give the paper's results exactly. */
    @Test
    void kernelsReproducePseudocode2And3() {
        long[] w1 = {689, 3191, 16728, -13549}, x = {19587, -29351}, w2 = {-6586, -16596};
        long[] t1 = FixedKernels.matmul(w1, x, 2, 2, 1, new OpParams.Mul(0, 0, 32, 0, 15), 16, WrapSite.IGNORE);
        // Pseudocode 2: t2 = t1 + B1 / 2^3; t3 = (W2 x t2) / 2^14; t4 = t3 + B2 / 2^3.
        long[] t2 = FixedKernels.add(t1, new long[] {-1048, 20283}, 2, false, new OpParams.Add(0, 3, 16, 0), 16, WrapSite.IGNORE);
        long[] t3 = FixedKernels.matmul(w2, t2, 1, 2, 1, new OpParams.Mul(0, 0, 32, 0, 14), 16, WrapSite.IGNORE);
        long[] t4 = FixedKernels.add(t3, new long[] {24150}, 1, false, new OpParams.Add(0, 3, 16, 0), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {-20935}, t4);
        // Pseudocode 3: B1 demoted to 8 bits (-4, 79 at scale 7): t2 = t1 / 2^5 + B1; t3 = (W2 x t2) / 2^9.
        long[] t2d = FixedKernels.add(t1, new long[] {-4, 79}, 2, false, new OpParams.Add(5, 0, 16, 0), 16, WrapSite.IGNORE);
        long[] t3d = FixedKernels.matmul(w2, t2d, 1, 2, 1, new OpParams.Mul(0, 0, 32, 0, 9), 16, WrapSite.IGNORE);
        long[] t4d = FixedKernels.add(t3d, new long[] {24150}, 1, false, new OpParams.Add(0, 3, 16, 0), 16, WrapSite.IGNORE);
        // by hand: t1 = (-2446, 22135); t2 = (-76 - 4, 691 + 79) = (-80, 770);
        // t3 = (-6586 * -80 + -16596 * 770) / 2^9 = (526880 - 12778920) / 512 = -23929 (toward zero);
        // t4 = -23929 + 3018 = -20911.
        assertArrayEquals(new long[] {-2446, 22135}, t1);
        assertArrayEquals(new long[] {-80, 770}, t2d);
        assertArrayEquals(new long[] {-20911}, t4d);
    }
}
