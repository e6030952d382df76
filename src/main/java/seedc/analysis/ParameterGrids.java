package seedc.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import seedc.ir.Program;

/**
 * Which storage a parameter's values already allow (Zac 4.1, models trained that way): a k-bit grid a q + b (q an
 * integer in [0, 2^k), k < 8: binary, ternary and other few-level weights), powers of two (a sign and a shift), or a
 * codebook of at most 256 distinct values (k-bit indices into a table). Exact: every value must lie on the grid, as
 * the doubles read from the weights' float32 or float64 files.
 *
 * <p>Takes a {@link Program}'s parameters and their weights; gives one {@link Grid} per parameter.
 */
public final class ParameterGrids {
    private ParameterGrids() {}

    /** How a parameter can be stored. */
    public enum Kind {
        /** a q + b, q a k-bit unsigned integer. */
        GRID,
        /** 0 or +/- 2^e, e in a range of 2^(bits - 1) - 1 exponents (zero takes the last code). */
        POWERS_OF_TWO,
        /** k-bit indices into a table of the distinct values. */
        CODEBOOK,
        /** Nothing smaller than the values themselves. */
        DENSE;

        /** The name in report.json: grid, powersOfTwo, codebook, dense. */
        public String id() {
            return this == POWERS_OF_TWO ? "powersOfTwo" : name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A parameter's storage: kind, bits per element, and the distinct values it holds. */
    public record Grid(String parameter, Kind kind, int bits, int distinct, int elements) {
        /** Bytes of the elements packed at {@code bits} (a codebook's table not counted). */
        public long packedBytes() {
            return ((long) elements * bits + 7) / 8;
        }
    }

    /**
     * Whether the parameter of grid {@code g} takes fewer bytes stored on its grid (a codebook with its table of
     * distinct values at the chosen type) than at its chosen type of {@code typeBits} bits: the parameters that make
     * the compile's automatic storage pack (report.json's parameterStorage).
     */
    public static boolean packedSmaller(Grid g, int typeBits) {
        return g.kind() != Kind.DENSE && packedBytes(g, typeBits) < (long) g.elements() * typeBits / 8;
    }

    /** The bytes of the parameter of grid {@code g} stored on it, a codebook's table at {@code typeBits} included. */
    public static long packedBytes(Grid g, int typeBits) {
        long table = g.kind() == Kind.CODEBOOK ? (long) g.distinct() * typeBits / 8 : 0;
        return g.packedBytes() + table;
    }

    /** The storage every parameter of {@code program} allows. */
    public static List<Grid> of(Program program, Map<String, double[]> weights) {
        List<Grid> out = new ArrayList<>();
        for (Program.Param p : program.params()) {
            out.add(of(p.name(), weights.get(p.name())));
        }
        return out;
    }

    /** The storage one parameter's values {@code w} allow. */
    public static Grid of(String name, double[] w) {
        TreeSet<Double> distinct = new TreeSet<>();
        for (double v : w) {
            distinct.add(v == 0 ? 0.0 : v); // -0.0 and 0.0 are one value
            if (distinct.size() > 256) {
                return new Grid(name, Kind.DENSE, 0, distinct.size(), w.length);
            }
        }
        int d = distinct.size();
        int gridBits = gridBits(distinct);
        if (gridBits > 0 && gridBits < 8) {
            return new Grid(name, Kind.GRID, gridBits, d, w.length);
        }
        int powerBits = powerOfTwoBits(distinct);
        int codeBits = Math.max(1, ceilLog2(d));
        if (powerBits > 0 && powerBits <= codeBits) {
            return new Grid(name, Kind.POWERS_OF_TWO, powerBits, d, w.length);
        }
        return new Grid(name, Kind.CODEBOOK, codeBits, d, w.length);
    }

    /**
     * The k of the smallest k-bit grid a q + b holding every value (a the smallest gap between neighbours, b the
     * smallest value), or 0 when the values are not on one.
     */
    private static int gridBits(TreeSet<Double> v) {
        if (v.size() == 1) {
            return 1;
        }
        double lo = v.first(), step = Double.POSITIVE_INFINITY, prev = lo;
        for (double x : v.tailSet(lo, false)) {
            step = Math.min(step, x - prev);
            prev = x;
        }
        long top = 0;
        for (double x : v) {
            double q = (x - lo) / step;
            if (Math.abs(q - Math.rint(q)) > 1e-6) {
                return 0;
            }
            top = Math.max(top, Math.round(q));
        }
        return Math.max(1, ceilLog2(top + 1));
    }

    /** Bits for a sign, an exponent code and zero when every value is 0 or +/- a power of two; else 0. */
    private static int powerOfTwoBits(TreeSet<Double> v) {
        TreeSet<Integer> exponents = new TreeSet<>();
        for (double x : v) {
            if (x == 0) {
                continue;
            }
            double a = Math.abs(x);
            if (a != Math.scalb(1.0, Math.getExponent(a))) {
                return 0;
            }
            exponents.add(Math.getExponent(a));
        }
        if (exponents.isEmpty()) {
            return 0;
        }
        int span = exponents.last() - exponents.first() + 1;
        return 1 + ceilLog2(span + 1); // the exponent's codes and one for zero
    }

    private static int ceilLog2(long n) {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }
}
