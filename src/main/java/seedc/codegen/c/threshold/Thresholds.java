package seedc.codegen.c.threshold;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.analysis.Dataflow;
import seedc.fixed.ChainLink;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedKernels;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.fixed.ProductReach;
import seedc.fixed.QuantizedModel;
import seedc.fixed.RealThresholds;
import seedc.fixed.WrapSite;
import seedc.ir.Op.Quantize;
import seedc.ir.Op.VecKind;
import seedc.ir.Op.VecOp;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * A scale and a bias followed by sign (or any one-bit quantize) as one comparison per element (Zac 4.3): y =
 * q(x <*> s + b) (a batch-norm: the scale a vector, an element-wise or a scalar product with a parameter, the bias a
 * vector or element-wise sum with one), per channel c of the known operands, is a step function of the integer x,
 * so it is x >= T[c] ? B[c] : A[c]. The thresholds come from the integers themselves: the interpreter's kernels
 * (product, add, quantize) run on every value of x's type (8 or 16 bits) for each channel, and each change of the
 * output is a step; a wrap in the product or the sum (at x's extremes, beyond what the data reach) adds steps, and
 * a channel with more than {@link #MAX_STEPS} leaves the chain as it was. So the comparison gives the integers the
 * three ops give, by construction. Where the semantics compares x itself with thresholds from the real bias and scale
 * (RealThresholds: x an exact product), each channel's outputs are that rule's instead, and the chain is always fused
 * at the product's store (the rule's conditions include this one's). The product and the sum then take no code and
 * no RAM: x lives until the comparison reads it ({@link #extraReads}), the two intermediate values are not stored
 * ({@link #unstored}).
 *
 * <p>When x is a convolution's or a matrix product's output read by nothing else, the comparison is made where the
 * product stores each element, for a quantize of any width and with the scale, the bias or both left out: then x
 * is not stored either, and y is written by the product ({@link #writtenEarlier}). A binary CNN's first convolution
 * thus needs its 8-bit signs in RAM, not its 16-bit sums (cnn-digits-w1a1 on the Uno: 2,048 B of sums did not fit),
 * and a binary MLP's hidden layer is compared as each sum is made (mlp-digits-w1a1i1: no loop over x of its own).
 */
public final class Thresholds {
    /**
     * A fused chain: x, the known operands' common period (channels), and per channel c its steps: thresholds
     * {@code at[c * steps + j]} ascending and the outputs {@code values[c * (steps + 1) + j]} below the first, then
     * from each (a channel with fewer steps repeats its last; one with none has one at x's minimum). A single step
     * where nothing wraps; a wrap in the product or the sum turns the output back, a step more each time. Where
     * proven, {@code proven} is what the product can store ({least, largest}): the steps hold there only.
     */
    public record Chain(Op product, Op scale, Op bias, Quantize sign, Value x, int channels, int steps, long[] at,
                        long[] values, long[] proven) {
        /** The ops the comparison replaces: the scale and the bias, those the chain has. */
        List<Op> links() {
            return java.util.stream.Stream.of(scale, bias).filter(java.util.Objects::nonNull).toList();
        }
    }

    /** The most steps a fused channel may have: more and the comparisons cost what the ops do. */
    static final int MAX_STEPS = 4;

    public static final Thresholds NONE = new Thresholds(Map.of());

    private final Map<Op, Chain> bySign;

    private Thresholds(Map<Op, Chain> bySign) {
        this.bySign = bySign;
    }

    /** The chains of the program whose every channel has at most {@link #MAX_STEPS} steps. */
    public static Thresholds of(FixedProgram fp, QuantizedModel qm) {
        Dataflow g = Dataflow.of(fp.program());
        Map<Op, Chain> chains = new HashMap<>();
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        Map<Op, RealThresholds.Chain> real = qm.realThresholds(fp);
        fp.program().forEachOp(op -> {
            if (op instanceof Quantize q) {
                Chain c = atStore(fp, qm, g, defs, q, real.get(q));
                c = c == null && q.bits() == 1 ? chain(fp, qm, g, q) : c;
                if (c != null) {
                    chains.put(q, c);
                }
            }
        });
        return new Thresholds(chains);
    }

    /** The fused chain ending at this quantize, or null. */
    public Chain at(Op sign) {
        return bySign.get(sign);
    }

    /** The chain compared where this convolution or matrix product stores its elements, or null. */
    public Chain storedBy(Op product) {
        return bySign.values().stream().filter(c -> product.equals(c.product())).findFirst().orElse(null);
    }

    /**
     * The channels of a product's output, which a chain at its store divides: its last axis (a convolution's output
     * channels, a matrix product's columns; element i's channel is i mod the chain's channels).
     */
    public static int productChannels(Op product) {
        return product.out().shape().last();
    }

    /** Whether the op is a fused chain's product or sum, which the comparison replaces. */
    public boolean skips(Op op) {
        return bySign.values().stream().anyMatch(c -> c.links().contains(op));
    }

    /** What each comparison reads beyond its op's operands: x, until then (a convolution's store reads nothing). */
    public Map<Op, List<Value>> extraReads() {
        Map<Op, List<Value>> m = new HashMap<>();
        bySign.forEach((q, c) -> m.put(q, c.product() == null ? List.of(c.x()) : List.of()));
        return m;
    }

    /** The fused chains' intermediate values (and a convolution's x): never written, so they take no RAM. */
    public Set<Value> unstored() {
        Set<Value> s = new HashSet<>();
        bySign.values().forEach(c -> {
            c.links().forEach(op -> s.add(op.out()));
            if (c.product() != null) {
                s.add(c.x());
            }
        });
        return s;
    }

    /** The outputs a convolution writes where its chain is compared, each with that convolution. */
    public Map<Value, Op> writtenEarlier() {
        Map<Value, Op> m = new HashMap<>();
        bySign.values().stream().filter(c -> c.product() != null).forEach(c -> m.put(c.sign().out(), c.product()));
        return m;
    }

    /**
     * One op of a chain: its operand from the chain (x, or the product) and its known one (a parameter or constant,
     * broadcast by the kernel as it broadcasts any operand: element i reads i mod its length), in the op's order.
     */
    private record Link(Op op, Value chained, long[] known, boolean knownFirst) {
        long[] run(long[] in, int c, FixedProgram fp) {
            long[] k = {known[c % known.length]};
            long[] a = knownFirst ? k : in, b = knownFirst ? in : k;
            int bits = fp.type(op.out()).bits();
            if (op instanceof VecOp v && v.kind() != VecKind.MUL || op instanceof Op.Add) {
                boolean subtract = op instanceof VecOp v ? v.kind() == VecKind.SUB : ((Op.Add) op).subtract();
                return FixedKernels.add(a, b, in.length, subtract, fp.params(op, OpParams.Add.class), bits,
                        WrapSite.IGNORE);
            }
            return FixedKernels.product(a, b, in.length, fp.params(op, OpParams.Mul.class), bits, WrapSite.IGNORE);
        }
    }

    /** A product (vector, element-wise or scalar) of a known operand, or null (ChainLink's rule). */
    private static Link scale(QuantizedModel qm, Op op) {
        return link(qm, ChainLink.scale(qm, op));
    }

    /** A sum (vector or element-wise) with a known operand, or null (ChainLink's rule). */
    private static Link bias(QuantizedModel qm, Op op) {
        return link(qm, ChainLink.bias(qm, op));
    }

    /** The link with its known operand's stored integers. */
    private static Link link(QuantizedModel qm, ChainLink l) {
        return l == null ? null : new Link(l.op(), l.chained(), qm.stored(l.known()), l.knownFirst());
    }

    private static Chain chain(FixedProgram fp, QuantizedModel qm, Dataflow g, Quantize q) {
        Link bias = bias(qm, g.def(q.a()));
        Link scale = bias == null ? null : scale(qm, g.def(bias.chained()));
        if (scale == null || g.onlyReader(q.a()) != q || g.onlyReader(bias.chained()) != bias.op()
                || g.region(scale.op()) != g.region(q)) {
            return null;
        }
        return steps(fp, q, null, scale, bias, scale.chained(), null, null);
    }

    /**
     * The chain from a convolution's or a matrix product's output through an optional scale and an optional bias to
     * q, each value read only by the next op and all in one region, or null. Its channels divide the product's
     * output channels (columns), so an element's channel follows from its output channel.
     */
    private static Chain atStore(FixedProgram fp, QuantizedModel qm, Dataflow g, Map<Value, Op> defs, Quantize q,
                                 RealThresholds.Chain real) {
        Value v = q.a();
        Op reader = q;
        Link[] links = new Link[2]; // the scale, then the bias: found from q backwards
        for (int i = 1; i >= 0; i--) {
            Link l = i == 1 ? bias(qm, g.def(v)) : scale(qm, g.def(v));
            if (l != null) {
                if (g.onlyReader(v) != reader) {
                    return null;
                }
                links[i] = l;
                reader = l.op();
                v = l.chained();
            }
        }
        Op product = g.def(v);
        if (!(product instanceof Op.Conv2d || product instanceof Op.MatMul) || g.onlyReader(v) != reader
                || g.region(product) != g.region(q)) {
            return null;
        }
        // the x the product can store (a quantized operand's levels times a parameter): the steps beyond it are never
        // compared, so a binary MLP's sum is compared once where a scale that wraps at x's extremes gave three steps,
        // and a 2-bit MLP's batch-norm fused where its wraps gave up to 11. For an exact product, the range the real
        // thresholds of the interpreter and the Verilog ROMs read (ProductReach)
        long[] proven = ProductReach.of(fp, qm, defs, product);
        Chain c = steps(fp, q, product, links[0], links[1], v, proven, real);
        return c == null || productChannels(product) % c.channels() != 0 ? null : c;
    }

    /**
     * Each channel's steps of the chain from x (in {@code proven}, {least, largest}, or null: anywhere in its type)
     * through scale and bias (either null: left out) to q, or null. Where the semantics compares x with real
     * thresholds ({@code real}, RealThresholds: an exact product, a bias), each channel's steps are that rule's
     * ({@link RealThresholds.Chain#steps}, read from its thresholds); elsewhere the interpreter's kernels' on every x.
     */
    private static Chain steps(FixedProgram fp, Quantize q, Op product, Link scale, Link bias, Value x,
                               long[] proven, RealThresholds.Chain real) {
        FixedType tx = fp.type(x);
        long[] range = proven == null ? new long[] {tx.min(), tx.max()}
                : new long[] {Math.max(tx.min(), proven[0]), Math.min(tx.max(), proven[1])};
        if (x.isInt() || tx.bits() > 16 || x.size() != q.out().size() || range[0] > range[1]) {
            return null;
        }
        int channels = FixedArith.lcm(scale == null ? 1 : scale.known().length, bias == null ? 1 : bias.known().length);
        if (q.out().size() % channels != 0) {
            return null;
        }
        long[][] steps = new long[channels][], outputs = new long[channels][];
        for (int c = 0; c < channels; c++) {
            RealThresholds.ChannelSteps ch = real != null ? real.steps(c, range[0], range[1])
                    : kernels(fp, q, scale, bias, c, range);
            if (ch.at().length > MAX_STEPS) {
                return null;
            }
            steps[c] = ch.at();
            outputs[c] = ch.outputs();
        }
        Steps s = Steps.padded(steps, outputs, range[0]);
        return new Chain(product, scale == null ? null : scale.op(), bias == null ? null : bias.op(), q, x, channels,
                s.steps(), s.at(), s.values(), proven);
    }

    /**
     * Channel c's steps over x in {@code range} ({least, largest}) as the interpreter's kernels give its outputs, the
     * ops one after another on every x.
     */
    private static RealThresholds.ChannelSteps kernels(FixedProgram fp, Quantize q, Link scale, Link bias, int c,
                                                       long[] range) {
        long[] xs = java.util.stream.LongStream.rangeClosed(range[0], range[1]).toArray();
        long[] t1 = scale == null ? xs : scale.run(xs, c, fp);
        long[] t2 = bias == null ? t1 : bias.run(t1, c, fp);
        OpParams.Quantize p = fp.params(q, OpParams.Quantize.class);
        long[] y = new long[xs.length];
        for (int i = 0; i < xs.length; i++) {
            y[i] = FixedKernels.quantize(t2[i], p);
        }
        long[] changes = changes(xs, y);
        return new RealThresholds.ChannelSteps(changes, outputsFrom(xs, y, changes));
    }

    /** The inputs (ascending {@code xs}) at which the outputs {@code y} change. */
    private static long[] changes(long[] xs, long[] y) {
        return java.util.stream.IntStream.range(1, xs.length).filter(i -> y[i] != y[i - 1]).mapToLong(i -> xs[i])
                .toArray();
    }

    /** The output below the first change, then from each. */
    private static long[] outputsFrom(long[] xs, long[] y, long[] changes) {
        long[] v = new long[changes.length + 1];
        v[0] = y[0];
        for (int j = 0; j < changes.length; j++) {
            v[j + 1] = y[(int) (changes[j] - xs[0])];
        }
        return v;
    }
}
