package seedc.fixed;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import seedc.analysis.Dataflow;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Real thresholds (docs/fixed-point-semantics.md, "quantize of an exact sum and a real bias"): a quantize of at most
 * two bits whose input is a sum of an exact product x and a parameter or constant b, broadcast per channel, with an
 * optional product by another one s in between (y = q(x s + b)), compares x itself with thresholds computed in double
 * arithmetic from the real values of b and s: for x exact on its grid of 2^-sx, x 2^-sx s + b >= t exactly when x >=
 * ceil((t - b) / s 2^sx) (s > 0; s < 0 turns the comparison round, s = 0 leaves b >= t). Rounding b (and s) at their
 * own types first, as the step-by-step semantics does, moves the comparison where the sum is near a threshold: a binary
 * CNN's bias of -1.3e-5 became 0, and every pixel whose sum was exactly 0 gave +1 where float gave -1 (issue 41).
 *
 * <p>x is exact when it is a convolution's or a matrix product's output read by nothing but the chain, of a quantized
 * activation and a parameter, summed plainly, whose pre-shifts lose no bit of either operand, whose shift into the
 * output loses none of any term (the terms' common power of two), and which never wraps (OverflowProof). Elsewhere x
 * is already rounded and the ops run step by step as before. The scale's and the bias's own values are still computed
 * (nothing else reads them); only the quantize's result changes. The backends compare x with the same thresholds,
 * each channel's steps over what x can hold read from {@link Chain#steps} (the C backends' Thresholds fuses every
 * such chain where the product stores its elements; the Verilog engine compares with ROMs of them).
 */
public final class RealThresholds {
    /**
     * A chain: the quantize, the product whose output x is, the scale (or null) and the bias op, the channels (the
     * known operands' common period: element i's channel is i mod channels), the least and largest x the product can
     * store, and per channel the thresholds on x ({@link #output}).
     */
    public record Chain(Op.Quantize quantize, Op product, Op scale, Op bias, Value x, int channels, long[] reach,
                        Channel[] perChannel, long[] levels) {
        /** The quantize's output for x in channel c. */
        public long output(int c, long x) {
            return levels[perChannel[c].level(x)];
        }

        /**
         * Channel c's step function over x in [lo, hi], what the backends compare: read from its thresholds, since
         * its output can change only where x reaches one of them (at t for x >= t; at t + 1 for x <= t, a negative
         * scale), so the outputs at lo and at those points within (lo, hi] are all of them. A point whose output
         * is the one before it (two thresholds at one x, or equal levels) is no change.
         */
        public ChannelSteps steps(int c, long lo, long hi) {
            Channel ch = perChannel[c];
            // x >= t changes the level at t, x <= t at t + 1 (t < hi: no overflow), a zero scale nowhere
            long[] points = ch.direction() == 0 ? new long[0] : LongStream.of(ch.theta())
                    .filter(t -> ch.direction() > 0 ? lo < t && t <= hi : lo <= t && t < hi)
                    .map(t -> ch.direction() > 0 ? t : t + 1).sorted().toArray();
            List<Long> at = new ArrayList<>(), y = new ArrayList<>(List.of(output(c, lo)));
            for (long x : points) {
                long o = output(c, x);
                if (o != y.getLast()) {
                    at.add(x);
                    y.add(o);
                }
            }
            return new ChannelSteps(at.stream().mapToLong(Long::longValue).toArray(),
                    y.stream().mapToLong(Long::longValue).toArray());
        }

        /** The quantize's outputs for x's elements, element i in channel i mod channels. */
        long[] outputs(long[] xs) {
            long[] o = new long[xs.length];
            for (int i = 0; i < xs.length; i++) {
                o[i] = output(i % channels, xs[i]);
            }
            return o;
        }
    }

    /**
     * One channel's step function over an interval of x: the x at which its output changes (ascending) and its
     * outputs, below the first change and from each.
     */
    public record ChannelSteps(long[] at, long[] outputs) {}

    /**
     * One channel's comparison: direction 1 (the level counts the thresholds x reaches), -1 (those x does not pass:
     * x <= theta, a negative scale) or 0 (a zero scale: the constant {@code fixedLevel}).
     */
    record Channel(int direction, long[] theta, int fixedLevel) {
        int level(long x) {
            if (direction == 0) {
                return fixedLevel;
            }
            int n = 0;
            for (long t : theta) {
                if (direction > 0 ? x >= t : x <= t) {
                    n++;
                }
            }
            return n;
        }
    }

    /** The most bits of a quantize compared so: its thresholds stay within what a fused comparison holds. */
    static final int MAX_BITS = 2;

    private RealThresholds() {}

    /** Every chain of the program, by its quantize; read through {@link QuantizedModel#realThresholds}, found once. */
    static Map<Op, Chain> of(FixedProgram fp, QuantizedModel qm) {
        Dataflow g = Dataflow.of(fp.program());
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        Map<Op, Chain> chains = new HashMap<>();
        fp.program().forEachOp(op -> {
            Chain c = op instanceof Op.Quantize q ? chain(fp, qm, g, defs, q) : null;
            if (c != null) {
                chains.put(op, c);
            }
        });
        return chains;
    }

    private static Chain chain(FixedProgram fp, QuantizedModel qm, Dataflow g, Map<Value, Op> defs, Op.Quantize q) {
        ChainLink bias = q.bits() > MAX_BITS || g.onlyReader(q.a()) != q ? null : ChainLink.bias(qm, g.def(q.a()));
        if (bias == null || bias.knownFirst() && bias.subtracts()) { // k - x turns the comparison round: not this rule
            return null;
        }
        ChainLink scale = ChainLink.scale(qm, g.def(bias.chained()));
        if (scale != null && g.onlyReader(bias.chained()) != bias.op()) {
            return null;
        }
        Value x = scale == null ? bias.chained() : scale.chained();
        Op reader = scale == null ? bias.op() : scale.op(), product = g.def(x);
        if (!(product instanceof Op.Conv2d || product instanceof Op.MatMul) || g.onlyReader(x) != reader
                || g.region(product) != g.region(q) || x.isInt() || fp.type(x).bits() > 16
                || x.size() != q.out().size()) {
            return null;
        }
        double[] s = scale == null ? new double[] {1} : qm.real(scale.known()), b = qm.real(bias.known());
        int channels = FixedArith.lcm(s.length, b.length);
        long[] reach = ExactProducts.reach(fp, qm, defs, product);
        if (reach == null || q.out().size() % channels != 0 || product.out().shape().last() % channels != 0) {
            return null;
        }
        OpParams.Quantize p = fp.params(q, OpParams.Quantize.class);
        Channel[] perChannel = new Channel[channels];
        for (int c = 0; c < channels; c++) {
            double bc = b[c % b.length];
            perChannel[c] = channel(q, fp.type(x).scale(), s[c % s.length], bias.subtracts() ? -bc : bc);
        }
        return new Chain(q, product, scale == null ? null : scale.op(), bias.op(), x, channels, reach, perChannel,
                p.levels());
    }

    /**
     * Channel (scale s, bias b) of a quantize on x at scale sx: threshold j (t = lo + (j + 1/2) step, the quantize's
     * real midpoints) is ceil((t - b) / s 2^sx) for s > 0, floor of the same for s < 0 (x at or below it passes).
     */
    static Channel channel(Op.Quantize q, int sx, double s, double b) {
        int n = (1 << q.bits()) - 1;
        long[] theta = new long[n];
        int fixed = 0;
        for (int j = 0; j < n; j++) {
            double t = q.lo() + (j + 0.5) * q.step();
            double at = Math.scalb((t - b) / s, sx);
            theta[j] = (long) (s > 0 ? Math.ceil(at) : Math.floor(at));
            fixed += b >= t ? 1 : 0;
        }
        return new Channel(s > 0 ? 1 : s < 0 ? -1 : 0, theta, fixed);
    }
}
