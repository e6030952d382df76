package seedc.codegen.c.lowbit;

import seedc.codegen.c.threshold.ExactSum;
import seedc.codegen.c.threshold.Steps;
import seedc.codegen.c.threshold.Thresholds;
import seedc.fixed.OpParams;
import seedc.ir.Op;

/**
 * A quantize compared at a plane product's store, moved onto the product's count: the sum is T = (c + f_pc pc + f_sq
 * sq + f_r r_f) / D (PlaneSum, ExactSum; r_f row f's value numbers' sum), and the quantize's output reaches its level
 * i from T = t_{f,i} on (Steps over T, cut to what the product can store), so from u = alpha pc + beta sq + bias >=
 * theta_{f,i} = ceil((D t_{f,i} - c - f_r r_f) / g) + bias on, with alpha = f_pc / g and beta = f_sq / g (g their
 * common divisor). A kernel computes u as (pc << shift) + k, k = beta sq + bias per activation vector, and counts the
 * thresholds it reaches: the output's level number. The bias puts u in [0, most] for every sq from 0 to its bound
 * and 0 <= pc <= r sq (r the weights' largest value number); a level reached from the start has theta 0, one never
 * reached most + 1.
 *
 * A padded window of sign activations (PlaneProduct.padMask) takes its padding taps out of the sum by terms that
 * depend only on the output pixel's class (PadClasses): each class has its own thresholds.
 *
 * @param classes the pixel classes (1 without a padding list)
 * @param at at[k vectors + f][i - 1]: theta_{f,i} of class k for levels i = 1..m
 */
public record CountThresholds(int shift, long beta, long bias, long most, int classes, long[][] at) {
    /**
     * The thresholds of product p's chain c whose outputs are {@code levels} (ascending), u at most {@code limit} (the
     * product's multiplication {@code mul}, its output's bits {@code outBits});
     * null when the sum is not exact, alpha is no power of two up to 8, u's range exceeds the limit, or a channel's
     * outputs are not its levels in ascending order.
     */
    public static CountThresholds of(PlaneProduct p, OpParams.Mul mul, int outBits, Thresholds.Chain c, long[] levels,
                                     long limit) {
        PlaneSum all = PlaneSum.of(p, "codes", "f");
        ExactSum exact = all.exact(mul.width(), true);
        if (exact == null || exact.twos() > 30 || exact.factor() > 1L << 30) {
            return null;
        }
        Steps onT = all.stepsOver(exact, mul, outBits, c);
        long fpc = all.pc().factor(), fsq = all.sq().factor();
        long g = java.math.BigInteger.valueOf(fpc).gcd(java.math.BigInteger.valueOf(fsq)).longValueExact();
        if (onT == null || fpc <= 0 || Long.bitCount(fpc / g) != 1 || fpc / g > 8) {
            return null;
        }
        long alpha = fpc / g, beta = fsq / g, top = all.sq().max(), r = p.weight().count() - 1;
        // u is linear over 0 <= sq <= top, 0 <= pc <= r sq (pc = sum q_t r_t, each r_t <= r): its corners
        long lo = Math.min(0, Math.min(beta * top, (alpha * r + beta) * top));
        long hi = Math.max(0, Math.max(beta * top, (alpha * r + beta) * top));
        if (hi - lo > limit) {
            return null;
        }
        long d = exact.factor() << exact.twos(), fr = all.codes().factor();
        long[] codes = BitPlaneWeights.codeSums(p);
        long[] padding = padding(p, all, codes.length);
        int classes = padding.length / codes.length;
        long[][] at = new long[padding.length][levels.length - 1];
        for (int e = 0; e < padding.length; e++) {
            int f = e % codes.length;
            long[] from = reached(onT, f % c.channels(), levels);
            if (from == null) {
                return null;
            }
            for (int i = 1; i < levels.length; i++) {
                long t = from[i];
                long theta = t == Long.MIN_VALUE ? lo : t == Long.MAX_VALUE ? hi + 1
                        : Math.ceilDiv(d * t - all.constant() - fr * codes[f] - padding[e], g);
                at[e][i - 1] = Math.clamp(theta, lo, hi + 1) - lo;
            }
        }
        return new CountThresholds(Long.numberOfTrailingZeros(alpha), beta, -lo, hi - lo, classes, at);
    }

    /**
     * The padding's part of each pixel class's sums (PadClasses), row f of class k at k vectors + f: f_np np_k + f_pp
     * pp_{k,f}; one class of zeros for a product without a padding list.
     */
    private static long[] padding(PlaneProduct p, PlaneSum all, int vectors) {
        if (!p.padMask()) {
            return new long[vectors];
        }
        Op.Conv2d c = (Op.Conv2d) p.op();
        PadClasses classes = PadClasses.of(c);
        long[] pp = classes.paddingSums(BitPlaneWeights.tapCodeSums(p), vectors);
        long[] np = classes.paddingSums(new long[p.taps()], 1, c.filter().shape().dim(3));
        long fnp = all.np().factor(), fpp = all.pp().factor();
        long[] out = new long[pp.length];
        for (int e = 0; e < out.length; e++) {
            out[e] = fnp * np[e / vectors] + fpp * pp[e];
        }
        return out;
    }

    /**
     * The bytes a kernel reads in flash: each of the {@code rows}' {@code rowBytes} bytes, then its thresholds in
     * {@code bytes} bytes each (little-endian); the rows again for each further pixel class.
     */
    public long[] afterRows(long[] rows, int rowBytes, int bytes) {
        int stride = rowBytes + at[0].length * bytes, vectors = at.length / classes;
        long[] table = new long[at.length * stride];
        for (int f = 0; f < at.length; f++) {
            System.arraycopy(rows, f % vectors * rowBytes, table, f * stride, rowBytes);
            for (int i = 0; i < at[f].length; i++) {
                for (int b = 0; b < bytes; b++) {
                    table[f * stride + rowBytes + i * bytes + b] = at[f][i] >> 8 * b & 0xff;
                }
            }
        }
        return table;
    }

    /**
     * Every window's comparisons at once: for each pattern of {@code terms} one-bit activations (bit t: element t),
     * the bits each of the rows' first threshold gives, u = (pc << shift) + beta sq + bias >= theta_f with pc the
     * pattern's ones where row f (its {@code rowBytes} bytes in {@code rows}, bit t of byte t / 8) has ones and sq
     * the pattern's ones: row f's bit at bit f % 8 of the pattern's byte f / 8, as the rows kernel writes them.
     */
    public long[] patterns(long[] rows, int rowBytes, int terms) {
        int n = at.length, out = n / 8;
        long[] table = new long[(1 << terms) * out];
        for (int q = 0; q < 1 << terms; q++) {
            long sq = Integer.bitCount(q);
            for (int f = 0; f < n; f++) {
                long pc = 0;
                for (int t = 0; t < terms; t++) {
                    pc += q >> t & rows[f * rowBytes + t / 8] >> t % 8 & 1;
                }
                if ((pc << shift) + beta * sq + bias >= at[f][0]) {
                    table[q * out + f / 8] |= 1L << f % 8;
                }
            }
        }
        return table;
    }

    /** k = beta sq + bias, C text in unsigned arithmetic (the kernel takes it modulo its width), sq the level sum. */
    public String offset() {
        long b = Math.abs(beta);
        return bias + "u" + (beta == 0 ? "" : (beta < 0 ? " - " : " + ") + (b == 1 ? "" : b + "u * ") + "sq");
    }

    /**
     * from[i]: the least T from which channel ch's output is at least levels[i] (Long.MIN_VALUE: from the start,
     * Long.MAX_VALUE: never); null when an output is none of the levels or a step goes down.
     */
    private static long[] reached(Steps s, int ch, long[] levels) {
        int k = s.steps();
        long[] from = new long[levels.length];
        java.util.Arrays.fill(from, Long.MAX_VALUE);
        int level = -1;
        for (int j = 0; j <= k; j++) {
            int next = java.util.Arrays.binarySearch(levels, s.values()[ch * (k + 1) + j]);
            if (next < 0 || next < level) {
                return null;
            }
            for (int i = level + 1; i <= next; i++) {
                from[i] = j == 0 ? Long.MIN_VALUE : s.at()[ch * k + j - 1];
            }
            level = Math.max(level, next);
        }
        return from;
    }
}
