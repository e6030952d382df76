package seedc.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The integers a case runs on. Every operand read from the input gets the extreme patterns (all min,
 * all max, all 0, all -1, all 1, min/max alternating both ways), the same on every operand and then
 * crossed (one at max, the other at min, ...), then random examples in which each operand is drawn
 * uniformly, near zero, or element by element from the extremes and their neighbours.
 */
final class Examples {
    private Examples() {}

    /** The integers an operand may hold (its type's range, narrowed where the case or the input layout needs). */
    record Domain(int size, long lo, long hi) {
        long clamp(long v) {
            return Math.max(lo, Math.min(hi, v));
        }

        long uniform(Random r) {
            return lo + Math.floorMod(r.nextLong(), hi - lo + 1);
        }

        /** Uniform in [-2^k, 2^k] for a random k: small magnitudes, where rounding toward zero shows. */
        long small(Random r) {
            int k = r.nextInt(64 - Long.numberOfLeadingZeros(Math.max(1, hi - lo)));
            long m = 1L << k;
            return clamp(-m + Math.floorMod(r.nextLong(), 2 * m + 1));
        }

        long extreme(Random r) {
            return switch (r.nextInt(9)) {
                case 0, 1 -> lo;
                case 2, 3 -> hi;
                case 4 -> clamp(0);
                case 5 -> clamp(-1);
                case 6 -> clamp(1);
                case 7 -> clamp(lo + 1);
                default -> clamp(hi - 1);
            };
        }
    }

    private enum Pattern { MIN, MAX, ZERO, MINUS_ONE, ONE, MIN_MAX, MAX_MIN }

    private static long[] fill(Domain d, Pattern p) {
        long[] v = new long[d.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (p) {
                case MIN -> d.lo();
                case MAX -> d.hi();
                case ZERO -> d.clamp(0);
                case MINUS_ONE -> d.clamp(-1);
                case ONE -> d.clamp(1);
                case MIN_MAX -> i % 2 == 0 ? d.lo() : d.hi();
                case MAX_MIN -> i % 2 == 0 ? d.hi() : d.lo();
            };
        }
        return v;
    }

    /** Per example, the values of every operand (in the order of {@code domains}). */
    static List<long[][]> generate(List<Domain> domains, int random, Random r) {
        List<long[][]> out = new ArrayList<>();
        int n = domains.size();
        for (Pattern p : Pattern.values()) {
            out.add(same(domains, p));
        }
        if (n > 1) {
            Pattern[][] crossed = {{Pattern.MAX, Pattern.MIN}, {Pattern.MIN, Pattern.MAX}, {Pattern.MIN_MAX, Pattern.MAX},
                {Pattern.MAX, Pattern.MIN_MAX}, {Pattern.MIN, Pattern.MINUS_ONE}, {Pattern.MINUS_ONE, Pattern.MIN}};
            for (Pattern[] c : crossed) {
                long[][] e = new long[n][];
                for (int i = 0; i < n; i++) {
                    e[i] = fill(domains.get(i), c[i % 2]);
                }
                out.add(e);
            }
        }
        for (int k = 0; k < random; k++) {
            long[][] e = new long[n][];
            for (int i = 0; i < n; i++) {
                Domain d = domains.get(i);
                int mode = r.nextInt(3);
                e[i] = new long[d.size()];
                for (int j = 0; j < d.size(); j++) {
                    e[i][j] = mode == 0 ? d.uniform(r) : mode == 1 ? d.small(r) : r.nextInt(4) == 0 ? d.uniform(r) : d.extreme(r);
                }
            }
            out.add(e);
        }
        return out;
    }

    private static long[][] same(List<Domain> domains, Pattern p) {
        long[][] e = new long[domains.size()][];
        for (int i = 0; i < e.length; i++) {
            e[i] = fill(domains.get(i), p);
        }
        return e;
    }

    /** A parameter's integers: extremes, their neighbours and random values; mostly zeros when sparse. */
    static long[] param(Domain d, boolean sparse, Random r) {
        long[] v = new long[d.size()];
        for (int i = 0; i < v.length; i++) {
            if (sparse && r.nextInt(3) > 0) {
                v[i] = 0;
            } else {
                int k = r.nextInt(3);
                v[i] = k == 0 ? d.extreme(r) : k == 1 ? d.small(r) : d.uniform(r);
            }
        }
        if (v.length > 2) { // both extremes at least once
            v[r.nextInt(v.length)] = d.lo();
            v[r.nextInt(v.length)] = d.hi();
        }
        return v;
    }
}
