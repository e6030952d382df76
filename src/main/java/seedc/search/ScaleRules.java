package seedc.search;

import seedc.fixed.FixedArith;

/** SeeDot's auxiliary functions (Algorithm 1) for bitwidth B and maxscale P. */
public record ScaleRules(int bits, int maxscale) {

    /** The largest scale at which maxAbs fits in B bits: (B - 1) - ceil(log2 maxAbs), one less if it rounds up out of range. */
    public int getP(double maxAbs) {
        if (maxAbs <= 0 || Double.isNaN(maxAbs)) {
            return maxscale;
        }
        // An infinite range (e^x of an argument above ~709) gets the scale of the largest finite double,
        // which holds nothing: the run then shows the damage (wrap events, accuracy) instead of looping here.
        maxAbs = Math.min(maxAbs, Double.MAX_VALUE);
        int p = (bits - 1) - ceilLog2(maxAbs);
        while (Math.round(Math.scalb(maxAbs, p)) > (1L << (bits - 1)) - 1) {
            p--;
        }
        return p;
    }

    /**
     * How much larger than its real bound a fixed-point value may come out, from the rounding of its operands and
     * of every step before it: a sound scale keeps this much headroom first. It is not a proof: the driver checks the
     * chosen program's integers (seedc.fixed.OverflowProof) and lowers the scales the check still finds at risk.
     */
    public static final double SOUND_MARGIN = 1.0625;

    /** The largest scale at which every real in [-maxAbs, maxAbs], with the margin for rounding, fits B bits. */
    public int soundScale(double maxAbs) {
        return getP(maxAbs * SOUND_MARGIN);
    }

    /** ceil(log2 x) for a real x > 0. */
    public static int ceilLog2(double x) {
        int e = Math.getExponent(x);
        return x == Math.scalb(1.0, e) ? e : e + 1;
    }

    /** Scale of a product and the total pre-shift S_mul (each operand is shifted by S_mul / 2). */
    public record Mul(int scale, int shift) {}

    public Mul mulScale(int p1, int p2) {
        int s = bits;
        int pmul = (p1 - s / 2) + (p2 - s / 2);
        if (pmul < maxscale) {
            s = Math.max(bits - (maxscale - pmul), 0);
            pmul = (p1 - s / 2) + (p2 - s / 2);
        }
        return new Mul(pmul, s);
    }

    /** Scale after adding two values of scale p, and the shift S_add applied to both. */
    public record Sum(int scale, int shift) {}

    public Sum addScale(int p) {
        if (p - 1 < maxscale) {
            return new Sum(p, 0);
        }
        return new Sum(p - 1, 1);
    }

    /** Scale after summing n values of scale p with TreeSum, and the number of halving levels. */
    public Sum treeSumScale(int p, long n) {
        int s = FixedArith.ceilLog2(n);
        int padd = p - s;
        if (padd < maxscale) {
            s = Math.max(s - (maxscale - padd), 0);
            padd = p - s;
        }
        return new Sum(padd, s);
    }
}
