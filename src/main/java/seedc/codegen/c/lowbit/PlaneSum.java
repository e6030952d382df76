package seedc.codegen.c.lowbit;

import java.util.ArrayList;
import java.util.List;
import seedc.codegen.c.threshold.ExactSum;
import seedc.codegen.c.threshold.Steps;
import seedc.codegen.c.threshold.Stored;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FixedArith;
import seedc.fixed.OpParams;

/**
 * The sum of one output of a product on planes (BitSerial), as C counts with constant factors:
 *
 * <pre>  n a0 b0 + a0 db sum r + b0 da sum q + da db popcounts</pre>
 *
 * (sum r: the weight vector's value numbers' sum, from a table; sum q: the activation's level numbers' sum, sq; the
 * popcounts weighted by 2^(i+j), pc), and for a padded window whose padding is listed, the padding taps' a0 (b0 + db
 * r_t) taken out again (their count np, their weights' value numbers pp). The emitter writes it; the analyses that
 * compare it before it is written (PackedSigns) read the same terms.
 *
 * @param terms the value numbers' sum, sq, pc, then np and pp when the window lists its padding
 * @param bound |sum| <= n max|a| max|w|
 */
public record PlaneSum(long constant, List<Term> terms, double bound) {
    /** The sum of vector f's output ({@code codes}: the value numbers' sums' table, its C name). */
    public static PlaneSum of(PlaneProduct p, String codes, String f) {
        seedc.fixed.LowBitProducts.Levels a = p.activation(), b = p.weight();
        long k = p.terms();
        List<Term> list = new ArrayList<>(List.of(
                new Term("SD_R16(" + codes + ", " + f + ")", (b.count() - 1) * k, a.base() * b.step()),
                new Term("sq", (a.count() - 1) * k, b.base() * a.step()),
                new Term("pc", ((1L << a.planes()) - 1) * ((1L << b.planes()) - 1) * k, a.step() * b.step())));
        if (p.padMask()) {
            list.add(new Term("np", k, -a.base() * b.base()));
            list.add(new Term("pp", ((1L << b.planes()) - 1) * k, -a.base() * b.step()));
        }
        double bound = k * Math.max(Math.abs((double) a.base()), Math.abs((double) a.top()))
                * Math.max(Math.abs((double) b.base()), Math.abs((double) b.top()));
        return new PlaneSum(k * a.base() * b.base(), List.copyOf(list), bound);
    }

    Term codes() {
        return terms.get(0);
    }

    Term sq() {
        return terms.get(1);
    }

    public Term pc() {
        return terms.get(2);
    }

    /** A padded window's count of padding taps' elements (null unpadded). */
    Term np() {
        return terms.size() > 3 ? terms.get(3) : null;
    }

    /** A padded window's padding taps' value numbers (null unpadded). */
    public Term pp() {
        return terms.size() > 4 ? terms.get(4) : null;
    }

    /**
     * The sum with its factors' common divisor out (ExactSum), when it never wraps in the product's width W (|sum|
     * below 2^(W-1)); else null. {@code compared}: the sum is only compared with thresholds where it is stored.
     */
    public ExactSum exact(int width, boolean compared) {
        if (bound >= Math.min(0x1p60, Math.scalb(1.0, width - 1))) {
            return null;
        }
        return ExactSum.of(constant, terms.stream().map(Term::value).toList(), terms.stream().map(Term::factor).toList(),
                bound, compared);
    }

    /** The exact sum held in {@code name}, finished into an output of {@code outBits} (Stored.exact). */
    public Stored stored(String name, ExactSum sum, OpParams.Mul mul, int outBits) {
        return Stored.exact(name, sum.sum(), sum.factor(), mul.post() - sum.twos(), outBits,
                bound / Math.scalb((double) sum.factor(), sum.twos()));
    }

    /**
     * Chain c's steps over the exact sum held (Steps.overSum), cut to what the product can store, or null when they
     * are not known.
     */
    Steps stepsOver(ExactSum sum, OpParams.Mul mul, int outBits, Thresholds.Chain c) {
        return Steps.of(c).overSum(stored("acc", sum, mul, outBits).within(c.proven()));
    }

    /** A count of the sum (a C expression from 0 to {@code max}) and its factor. */
    public record Term(String count, long max, long factor) {
        public IntExpr value() {
            return IntExpr.of(count, FixedArith.signedBits(max));
        }

        /** The unsigned type the count is summed in: 16 bits when its largest value fits (the AVR's registers). */
        public String ctype() {
            return max < 0x10000 ? "uint16_t" : "uint32_t";
        }

        /** count += popcount * 2^shift (never beyond max, so never wrapping). */
        public void accumulate(CWriter w, String popcount, int shift) {
            w.line(count + " = (" + ctype() + ")(" + count + " + ((" + ctype() + ")" + popcount
                    + (shift == 0 ? "" : " << " + shift) + "));");
        }
    }
}
