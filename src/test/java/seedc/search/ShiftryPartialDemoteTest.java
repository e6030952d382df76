package seedc.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
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

/**
 * Shiftry section 3, Table 1 ("Partial Demote"): each variable of W2 * (W1 * X + B1) + B2 demoted alone to
 * 8 bits, at the best of its four demoted scales (Algorithm 13), and the output t4 with its precision loss
 * |t4 - (-5.11167404)|. The paper prints both truncated to four decimals.
 *
 * <p>The paper's numbers follow from three rules of its arithmetic, which the first test checks on the rows
 * where only the first rule matters: (1) constants are truncated, not rounded (Pseudocode 2 and 4 store
 * W1[0][0] = 0.0421 * 2^14 = 689.8 as 689 and at 8 bits 0.0421 * 2^6 = 2.69 as 2); (2) scale shifts are
 * arithmetic shifts, rounding toward minus infinity; (3) when a sum's output scale is below both operands',
 * each operand is shifted to the output scale before the addition. seedc rounds constants to nearest and
 * shifts toward zero, as SeeDot's C division does (docs/fixed-point-semantics.md), and adds at the smaller
 * operand scale before converting the sum: the second test derives its results by hand.
 */
class ShiftryPartialDemoteTest {
    static final double FLOAT = -5.11167404;

    /** t2 = t1 + B1 / 2^3, t3 = (W2 x t2) / 2^14, t4 = t3 + B2 / 2^3: Pseudocode 2 after t1, paper's integers. */
    private static long pseudocode2FromT1(long[] t1, long[] w2, int w2Post) {
        long[] t2 = FixedKernels.add(t1, new long[] {-1048, 20283}, 2, false, new OpParams.Add(0, 3, 32, 0), 16, WrapSite.IGNORE);
        long[] t3 = FixedKernels.matmul(w2, t2, 1, 2, 1, new OpParams.Mul(0, 0, 32, 0, w2Post), 16, WrapSite.IGNORE);
        return FixedKernels.add(t3, new long[] {24150}, 1, false, new OpParams.Add(0, 3, 32, 0), 16, WrapSite.IGNORE)[0];
    }

    @Test
    void thePapersIntegersThroughSeedcsKernelsGiveTable1RowsW1W2AndX() {
        long[] w1 = {689, 3191, 16728, -13549}, x = {19587, -29351}, w2 = {-6586, -16596};
        OpParams.Mul t1Mul = new OpParams.Mul(0, 0, 32, 0, 15);
        // W1 at 8 bits, scale 6 (Pseudocode 4: 2, 12, 65, -52): t1 = (W1 x X) / 2^(6 + 13 - 12)
        //   = (2*19587 + 12*-29351, 65*19587 - 52*-29351) / 2^7 = (-313038, 2799407) / 128 = (-2445, 21870);
        // t2 = (-2445 - 131, 21870 + 2535) = (-2576, 24405); t3 = (-6586*-2576 - 16596*24405) / 2^14
        //   = -388059844 / 16384 = -23685; t4 = -23685 + 3018 = -20667 = -5.045654, loss 0.066020:
        // Table 1 says -5.0456 and 0.0660.
        long[] t1 = FixedKernels.matmul(new long[] {2, 12, 65, -52}, x, 2, 2, 1, new OpParams.Mul(0, 0, 32, 0, 7), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {-2445, 21870}, t1);
        assertEquals(-20667, pseudocode2FromT1(t1, w2, 14));
        // W2 at 8 bits, scale 6: -0.402 * 64 = -25.7 -> -25, -1.013 * 64 = -64.8 -> -64; with Pseudocode 2's
        // t2 = (-2577, 24670): t3 = (-25*-2577 - 64*24670) / 2^(6 + 12 - 12) = -1514455 / 64 = -23663;
        // t4 = -23663 + 3018 = -20645 = -5.040283, loss 0.071391: Table 1 says -5.0402 and 0.0713.
        t1 = FixedKernels.matmul(w1, x, 2, 2, 1, t1Mul, 16, WrapSite.IGNORE);
        assertEquals(-20645, pseudocode2FromT1(t1, new long[] {-25, -64}, 6));
        // X at 8 bits, scale 5 (Pseudocode 4: 76, -114): t1 = (W1 x X) / 2^(14 + 5 - 12)
        //   = (689*76 - 3191*114, 16728*76 + 13549*114) / 128 = (-311410, 2815914) / 128 = (-2432, 21999);
        // t2 = (-2563, 24534); t3 = (-6586*-2563 - 16596*24534) / 2^14 = -390286346 / 16384 = -23821;
        // t4 = -23821 + 3018 = -20803 = -5.078857, loss 0.032817: Table 1 says -5.0788 and 0.0328.
        long[] t1x = FixedKernels.matmul(w1, new long[] {76, -114}, 2, 2, 1, new OpParams.Mul(0, 0, 32, 0, 7), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {-2432, 21999}, t1x);
        assertEquals(-20803, pseudocode2FromT1(t1x, w2, 14));
    }

    /** One row of Table 1 in seedc: the demoted scale chosen and the raw t4 (at scale 12, or 4 when t4 is demoted). */
    record Row(String name, int scale, long raw, double loss) {}

    static List<Row> partialDemote(List<String> names) {
        Program p = SeeDotProgram.from(new SourceFile("ex.sd", ShiftryExampleTest.PROGRAM)).program();
        Profile prof = new Profile(p);
        new FloatInterpreter(p, ShiftryExampleTest.WEIGHTS).run(ShiftryExampleTest.X, prof);
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (Value v : p.values()) {
            bits[v.id()] = 16;
            scales[v.id()] = ShiftryStrategy.dataDrivenScale(prof.maxAbs(v), 16);
        }
        List<Row> rows = new ArrayList<>();
        for (String name : names) {
            Value v = ShiftryExampleTest.named(p, name);
            Row best = null;
            for (int s = scales[v.id()] - 8; s <= scales[v.id()] - 5; s++) { // Algorithm 13: demoteScale..+3
                int[] b = bits.clone(), sc = scales.clone();
                b[v.id()] = 8;
                sc[v.id()] = s;
                FixedProgram fp = ShiftryStrategy.assign(p, prof, b, sc, ShiftryLadder.shiftry(ContainerWidths.C));
                long raw = new FixedInterpreter(fp, new QuantizedModel(fp, ShiftryExampleTest.WEIGHTS))
                        .runRaw(ShiftryExampleTest.X)[0];
                double loss = Math.abs(fp.type(p.result()).toReal(raw) - FLOAT);
                if (best == null || loss < best.loss()) {
                    best = new Row(name, s, raw, loss);
                }
            }
            rows.add(best);
        }
        return rows;
    }

    @Test
    void seedcsPartialDemoteWorkedByHand() {
        // seedc's 16-bit integers (rounded): W1 = (690, 3192, 16728, -13550), B1 = (-1049, 20283),
        // X = (19587, -29352), W2 = (-6586, -16597), B2 = 24150; so t1 = (-80176554, 725370936) / 2^15
        // = (-2446, 22136), t2 = t1 + B1 / 2^3 = (-2446 - 131, 22136 + 2535) = (-2577, 24671),
        // t3 = (-6586*-2577 - 16597*24671) / 2^14 = -392492465 / 16384 = -23955, t4 = -23955 + 3018 = -20937.
        // Every demoted scale below is the largest of demoteScale..+3 at which the value fits in 8 bits; the
        // others wrap and lose far more. Table 1's scales are the same: Pseudocode 4 stores W1 at 6, B1 and
        // B2 at 7, X at 5; the temporaries (|t| up to 6.02) fit 8 bits only at scale 4.
        Map<String, long[]> expected = new LinkedHashMap<>(); // name -> {scale, raw t4}
        // W1 rounds to (3, 12, 65, -53) at 6 (0.0421 * 64 = 2.69; the paper truncates to 2, and 0.0660 loss):
        // t1 = (3*19587 - 12*29352, 65*19587 + 53*29352) / 2^7 = (-293463, 2828811) / 128 = (-2292, 22100);
        // t2 = (-2423, 24635); t3 = (-6586*-2423 - 16597*24635) / 2^14 = -392909217 / 16384 = -23981;
        // t4 = -23981 + 3018 = -20963 = -5.117920, loss 0.0062.
        expected.put("W1", new long[] {6, -20963});
        // W2 rounds to (-26, -65) at 6 (the paper truncates to (-25, -64): -5.0402, loss 0.0713):
        // t3 = (-26*-2577 - 65*24671) / 2^(6 + 12 - 12) = -1536613 / 64 = -24009; t4 = -20991 = -5.124756, 0.0131.
        expected.put("W2", new long[] {6, -20991});
        // B1 = (-4, 79) at 7; t2 is added at scale 7: t1 / 2^5 = (-76, 691), + B1 = (-80, 770), * 2^5 to 12:
        // (-2560, 24640); t3 = (-6586*-2560 - 16597*24640) / 2^14 = -392089920 / 16384 = -23931;
        // t4 = -20913 = -5.105713, loss 0.0060. The paper's integers give Pseudocode 3's -20911 this way
        // (ShiftryExampleTest); Table 1's -5.1022 = -20899 needs arithmetic shifts: t1 = (-2447, 22135),
        // t1 >> 5 = (-77, 691), t2 = (-81, 770), t3 = -12245454 >> 9 = -23917, t4 = -23917 + 3018 = -20899.
        expected.put("B1", new long[] {7, -20913});
        // B2 = round(0.737 * 128) = 94 at 7; t4 is added at scale 7: t3 / 2^5 = -748, -748 + 94 = -654,
        // * 2^5 = -20928 = -5.109375, loss 0.0023. The paper shifts -23953 >> 5 = -749: -655 * 32 = -20960,
        // Table 1's -5.1171 (0.0055).
        expected.put("B2", new long[] {7, -20928});
        // X rounds to (77, -115) at 5 (the paper truncates to (76, -114), see the first test):
        // t1 = (690*77 - 3192*115, 16728*77 + 13550*115) / 2^7 = (-313950, 2846306) / 128 = (-2452, 22236);
        // t2 = (-2583, 24771); t3 = (-6586*-2583 - 16597*24771) / 2^14 = -394112649 / 16384 = -24054;
        // t4 = -21036 = -5.135742, loss 0.0241.
        expected.put("X", new long[] {5, -21036});
        // t1 at 4: (-80176554, 725370936) / 2^(14 + 13 - 4) = (-9, 86); t2 is added at scale 4:
        // B1 / 2^11 = (0, 9), t2 = (-9, 95) * 2^8 = (-2304, 24320); t3 = -388464896 / 2^14 = -23710;
        // t4 = -20692 = -5.051758, loss 0.0599. With arithmetic shifts t1 = (-10, 86), B1 >> 11 = (-1, 9),
        // t2 = (-11, 95) * 2^8, t3 = -385068544 >> 14 = -23503 and t4 = -20485: Table 1's -5.0012 (0.1104).
        expected.put("t1", new long[] {4, -20692});
        // t2 at 4: seedc adds at scale 12 and converts the sum: (-2577, 24671) / 2^8 = (-10, 96);
        // t3 = (-6586*-10 - 16597*96) / 2^(14 + 4 - 12) = -1527452 / 64 = -23866; t4 = -20848 = -5.089844,
        // loss 0.0218. The paper shifts each operand to scale 4 before adding, (-10, 86) + (-1, 9), which
        // is t1's demoted t2: Table 1 repeats t1's row.
        expected.put("t2", new long[] {4, -20848});
        // t3 at 4: -392492465 / 2^(14 + 12 - 4) = -93; t4 is added at scale 4: -93 + 24150 / 2^11 = -93 + 11
        // = -82, * 2^8 = -20992 = -5.125, loss 0.0133. Arithmetic shifts: -94 + 11 = -83 = Table 1's -5.1875.
        expected.put("t3", new long[] {4, -20992});
        // t4 at 4: the sum -20937 at scale 12 converted: -20937 / 2^8 = -81 = -5.0625, loss 0.0492. The paper
        // shifts the operands first (-23953 >> 8 = -94, + 11 = -83): t3's row again.
        expected.put("t4", new long[] {4, -81});
        List<Row> rows = partialDemote(List.copyOf(expected.keySet()));
        for (Row r : rows) {
            long[] e = expected.get(r.name());
            assertEquals(e[0], r.scale(), r.name() + " scale");
            assertEquals(e[1], r.raw(), r.name() + " t4");
        }
        // Stage III's order, least loss first. The paper's, from its truncated integers: B2, B1, X, W1, W2, t3,
        // t4, t1, t2. Rounding to nearest cuts W1's loss from 0.0660 to 0.0062 and W2's from 0.0713 to 0.0131
        // but X's only from 0.0328 to 0.0241, so X moves behind them; the temporaries reorder by the shift
        // rules above. B2 and B1, the least damaging, lead both orders.
        List<String> order = rows.stream().sorted(Comparator.comparingDouble(Row::loss)).map(Row::name).toList();
        assertEquals(List.of("B2", "B1", "W1", "W2", "t3", "t2", "X", "t4", "t1"), order);
    }
}
