package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedKernels;
import seedc.fixed.WrapSite;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;

/**
 * Two-table exponentiation measured against Math.exp over every representable input of its range.
 * The bounds are the measured maxima rounded up a little; the measured numbers are in the messages.
 */
class ExpTableTest {

    /** Largest relative error of lookup(x) (at scale sf + sg) over inputs lo..hi (at scale sIn) with e^x >= floor. */
    private static double[] errors(ExpTable t, long lo, long hi, double floor) {
        double maxRel = 0, maxAbs = 0, worst = Double.NaN;
        int scale = t.sf() + t.sg();
        for (long x = lo; x <= hi; x++) {
            double exact = Math.exp(Math.scalb((double) x, -t.sIn()));
            double got = Math.scalb((double) t.lookup(x), -scale);
            maxAbs = Math.max(maxAbs, Math.abs(got - exact));
            if (exact >= floor) {
                double rel = Math.abs(got - exact) / exact;
                if (rel > maxRel) {
                    maxRel = rel;
                    worst = Math.scalb((double) x, -t.sIn());
                }
            }
        }
        return new double[] {maxRel, worst, maxAbs};
    }

    private static String describe(String what, double[] e) {
        return String.format(Locale.ROOT, "%s: max relative error %.3e (at x = %.5f), max absolute error %.3e",
                what, e[0], e[1], e[2]);
    }

    @Test
    void negativeExpTableFor16BitTanhAndSigmoid() {
        ExpTable t = TableDesign.of(16).negativeExp();
        assertEquals(11, t.sIn());
        assertEquals(-32767, t.mQ()); // (-16, 0] at scale 11: 0 included, -32768 clamps to -32767
        assertEquals(0, t.drop());
        assertEquals(256, t.tf().length);
        assertEquals(128, t.tg().length);
        assertEquals((256 + 128) * 2, t.bytes());

        // Over the whole range e^x goes down to e^-16 ~ 1e-7, below the tables' resolution 2^-14:
        // the absolute error is what tanh and sigmoid see.
        double[] all = errors(t, -32767, 0, 0);
        System.out.println(describe("negativeExpTable(16) on (-16, 0]", all));
        assertTrue(all[2] < Math.scalb(1.0, -14), describe("negativeExpTable(16) on (-16, 0]", all)); // < 1 LSB of 2^-14
        // Where e^x >= 2^-4 (x >= -2.77) the relative error is small.
        double[] upper = errors(t, -32767, 0, 1.0 / 16);
        System.out.println(describe("negativeExpTable(16) where e^x >= 1/16", upper));
        assertTrue(upper[0] < 1.0e-3, describe("negativeExpTable(16) where e^x >= 1/16", upper));
        // Everywhere: the entries never exceed the 16-bit range and e^0 is exact.
        for (long v : t.tf()) {
            assertTrue(v >= 0 && v <= 32767);
        }
        for (long v : t.tg()) {
            assertTrue(v >= 0 && v <= 32767);
        }
        // e^0 is inside the range (not clamped to e^-2^-11): tf[255] * tg[127], each rounded at scale 14
        assertEquals(1 << 14, t.lookup(0) >> 14, 1, "e^0 at scale 14: " + t.lookup(0) + " / 2^14");
        assertTrue(t.lookup(0) > t.lookup(-1), "e^0 > e^-2^-11");
    }

    @Test
    void negativeExpTableFor8Bits() {
        ExpTable t = TableDesign.of(8).negativeExp();
        assertEquals(4, t.sIn());
        assertEquals(-127, t.mQ()); // (-8, 0] at scale 4
        assertEquals(0, t.drop());
        assertEquals(128, t.tf().length);
        assertEquals(128, t.bytes()); // one table of 128 8-bit entries
        assertEquals(64, t.lookup(0)); // e^0 = 1 at scale 6, exactly
        assertEquals(60, t.lookup(-1)); // e^(-1/16) * 64 = 60.1
        assertEquals(t.lookup(-127), t.lookup(-128));
        double[] all = errors(t, -127, 0, 0);
        System.out.println(describe("negativeExpTable(8) on (-8, 0]", all));
        assertTrue(all[2] <= 0.5 / 64 + 1e-12, describe("negativeExpTable(8) on (-8, 0]", all)); // rounding only
        OpParams.Activation p = new OpParams.Activation(t, 0);
        FixedType out = new FixedType(8, 6);
        assertEquals(0, FixedKernels.tanh(0, p, out, WrapSite.IGNORE));
        assertEquals(32, FixedKernels.sigmoid(0, p, out, WrapSite.IGNORE));
        double maxTanh = 0, maxSig = 0;
        for (long x = -128; x <= 127; x++) {
            double r = Math.scalb((double) x, -4);
            maxTanh = Math.max(maxTanh, Math.abs(out.toReal(FixedKernels.tanh(x, p, out, WrapSite.IGNORE)) - Math.tanh(r)));
            maxSig = Math.max(maxSig, Math.abs(out.toReal(FixedKernels.sigmoid(x, p, out, WrapSite.IGNORE)) - 1 / (1 + Math.exp(-r))));
        }
        String m = String.format(Locale.ROOT, "8-bit tanh max abs error %.3e, sigmoid %.3e (output scale 6, 2^-6 = %.3e)",
                maxTanh, maxSig, Math.scalb(1.0, -6));
        System.out.println(m);
        assertTrue(maxTanh < 0.04 && maxSig < 0.03, m);
    }

    @Test
    void tanhAndSigmoidFromTheNegativeTable() {
        ExpTable t = TableDesign.of(16).negativeExp();
        OpParams.Activation p = new OpParams.Activation(t, 0);
        FixedType out = new FixedType(16, 14);
        double maxTanh = 0, maxSig = 0;
        for (long x = -32768; x <= 32767; x++) {
            double r = Math.scalb((double) x, -11);
            maxTanh = Math.max(maxTanh, Math.abs(out.toReal(FixedKernels.tanh(x, p, out, WrapSite.IGNORE)) - Math.tanh(r)));
            maxSig = Math.max(maxSig, Math.abs(out.toReal(FixedKernels.sigmoid(x, p, out, WrapSite.IGNORE)) - 1 / (1 + Math.exp(-r))));
        }
        String m = String.format(Locale.ROOT, "16-bit tanh max abs error %.3e, sigmoid %.3e (output scale 14, 2^-14 = %.3e)",
                maxTanh, maxSig, Math.scalb(1.0, -14));
        System.out.println(m);
        assertTrue(maxTanh < 4.0e-4 && maxSig < 2.0e-4, m);
        assertEquals(0, FixedKernels.tanh(0, p, out, WrapSite.IGNORE));
        assertEquals(8192, FixedKernels.sigmoid(0, p, out, WrapSite.IGNORE), 1); // 1/2 at scale 14 (e^0 = tf[255] * tg[127])
    }

    @Test
    void seeDotExpTableOnMinusTenToZero() {
        // As SeeDotStrategy builds it for a profiled range [-10, 0] at input scale 11, 16 bits, T = 6.
        int sIn = 11, tBits = 6;
        double lo = -10, hi = 0;
        ScaleRules entries = new ScaleRules(16, 0);
        ExpTable probe = ExpTable.build(sIn, lo, hi, tBits, tBits, 0, 0, 64);
        double tgMax = Math.exp(Math.scalb((double) (((1L << tBits) - 1) << probe.drop()), -sIn));
        int sf = entries.getP(Math.exp(hi)), sg = entries.getP(tgMax);
        assertEquals(14, sf);
        assertEquals(14, sg);
        ExpTable t = ExpTable.build(sIn, lo, hi, tBits, tBits, sf, sg, 16);
        assertEquals(-20480, t.mQ());
        assertEquals(3, t.drop()); // span 20480 needs 15 bits: 6 + 6 + 3 dropped
        assertEquals(2 * 64 * 2, t.bytes()); // two tables of 2^T 16-bit entries: 256 bytes, as in the paper

        double[] all = errors(t, -20480, 0, 0);
        System.out.println(describe("SeeDot exp table [-10, 0] sIn 11 T 6", all));
        // Tf holds e^x at scale 14 = getP(e^0): e^-10 * 2^14 = 0.74, so the bottom of the range is coarse.
        assertTrue(all[0] < 0.40, describe("SeeDot exp table [-10, 0] sIn 11 T 6", all));
        assertTrue(all[2] < 2.5e-3, describe("SeeDot exp table [-10, 0] sIn 11 T 6", all));
        double[] upper = errors(t, -20480, 0, Math.exp(-4));
        System.out.println(describe("SeeDot exp table [-10, 0] where x >= -4", upper));
        assertTrue(upper[0] < 4.0e-3, describe("SeeDot exp table [-10, 0] where x >= -4", upper));
        // Outside the range the argument is clamped to its ends.
        assertEquals(t.lookup(-20480), t.lookup(-30000));
        assertEquals(t.lookup(-20480 + (1L << 15) - 1), t.lookup(32767));
    }
}
