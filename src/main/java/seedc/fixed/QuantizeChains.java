package seedc.fixed;

import java.util.Map;
import seedc.analysis.Dataflow;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Op.Quantize;
import seedc.ir.Op.VecKind;
import seedc.ir.Op.VecOp;
import seedc.ir.Value;

/**
 * How {@link FoldedQuantizes} finds its chains in one program: a scale and a bias followed by a quantize, y =
 * q(x <*> s + b) (a batch-norm: the scale a vector, an element-wise or a scalar product with a parameter, the bias a
 * vector or element-wise sum with one), per channel c of the known operands, is a step function of the integer x;
 * the steps come from the interpreter's kernels run on every value of x's type (8 or 16 bits) for each channel, a
 * wrap in the product or the sum (at x's extremes, beyond what the data reach) adding steps. Where the semantics
 * compares x itself with thresholds from the real bias and scale (RealThresholds: x an exact product), each
 * channel's steps are that rule's instead.
 */
final class QuantizeChains {
    private final FixedProgram fp;
    private final QuantizedModel qm;
    private final Dataflow g;
    private final Map<Value, Op> defs;
    private final Map<Op, RealThresholds.Chain> real;

    QuantizeChains(FixedProgram fp, QuantizedModel qm) {
        this.fp = fp;
        this.qm = qm;
        this.g = Dataflow.of(fp.program());
        this.defs = LowBitProducts.defs(fp.program());
        this.real = qm.realThresholds(fp);
    }

    /**
     * One op of a chain: its operand from the chain (x, or the product) and its known one (a parameter or constant,
     * broadcast by the kernel as it broadcasts any operand: element i reads i mod its length), in the op's order.
     */
    record Link(Op op, Value chained, long[] known, boolean knownFirst) {
        long[] run(long[] in, int c, FixedProgram fp) {
            long[] k = {known[c % known.length]};
            long[] a = knownFirst ? k : in, b = knownFirst ? in : k;
            int bits = fp.type(op.out()).bits();
            if (op instanceof VecOp v && v.kind() != VecKind.MUL || op instanceof Op.Add) {
                boolean subtract = OpFacts.subtracts(op);
                return FixedKernels.add(a, b, in.length, subtract, fp.params(op, OpParams.Add.class), bits,
                        WrapSite.IGNORE);
            }
            return FixedKernels.product(a, b, in.length, fp.params(op, OpParams.Mul.class), bits, WrapSite.IGNORE);
        }
    }

    /** The link with its known operand's stored integers, or null. */
    private Link link(ChainLink l) {
        return l == null ? null : new Link(l.op(), l.chained(), qm.stored(l.known()), l.knownFirst());
    }

    /** A one-bit quantize's chain of a scale and a bias compared by a loop of its own, or null. */
    FoldedQuantizes.Chain ownLoop(Quantize q) {
        Link bias = link(ChainLink.bias(qm, g.def(q.a())));
        Link scale = bias == null ? null : link(ChainLink.scale(qm, g.def(bias.chained())));
        if (scale == null || g.onlyReader(q.a()) != q || g.onlyReader(bias.chained()) != bias.op()
                || g.region(scale.op()) != g.region(q)) {
            return null;
        }
        return steps(q, null, scale, bias, scale.chained(), null, null);
    }

    /**
     * The chain from a convolution's or a matrix product's output through an optional scale and an optional bias to
     * q, each value read only by the next op and all in one region, or null. Its channels divide the product's
     * output channels (columns), so an element's channel follows from its output channel.
     */
    FoldedQuantizes.Chain atStore(Quantize q) {
        Value v = q.a();
        Op reader = q;
        Link[] links = new Link[2]; // the scale, then the bias: found from q backwards
        for (int i = 1; i >= 0; i--) {
            Link l = link(i == 1 ? ChainLink.bias(qm, g.def(v)) : ChainLink.scale(qm, g.def(v)));
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
        FoldedQuantizes.Chain c = steps(q, product, links[0], links[1], v, proven, real.get(q));
        return c == null || FoldedQuantizes.productChannels(product) % c.channels() != 0 ? null : c;
    }

    /**
     * Each channel's steps of the chain from x (in {@code proven}, {least, largest}, or null: anywhere in its type)
     * through scale and bias (either null: left out) to q, or null (more than {@link FoldedQuantizes#MAX_STEPS} in a
     * channel). Where the semantics compares x with real thresholds ({@code real}), each channel's steps are that
     * rule's ({@link RealThresholds.Chain#steps}); elsewhere the interpreter's kernels' on every x.
     */
    private FoldedQuantizes.Chain steps(Quantize q, Op product, Link scale, Link bias, Value x, long[] proven,
                                        RealThresholds.Chain real) {
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
        long[][] changes = new long[channels][], outputs = new long[channels][];
        for (int c = 0; c < channels; c++) {
            RealThresholds.ChannelSteps ch = real != null ? real.steps(c, range[0], range[1])
                    : kernels(fp, q, scale, bias, c, range);
            if (ch.at().length > FoldedQuantizes.MAX_STEPS) {
                return null;
            }
            changes[c] = ch.at();
            outputs[c] = ch.outputs();
        }
        return new FoldedQuantizes.Chain(product, scale == null ? null : scale.op(), bias == null ? null : bias.op(),
                q, x, channels, changes, outputs, range[0], proven);
    }

    /** Channel c's steps over x in {@code range} ({least, largest}): the interpreter's kernels on every x. */
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
        long[] changes = java.util.stream.IntStream.range(1, xs.length).filter(i -> y[i] != y[i - 1])
                .mapToLong(i -> xs[i]).toArray();
        long[] v = new long[changes.length + 1];
        v[0] = y[0];
        for (int j = 0; j < changes.length; j++) {
            v[j + 1] = y[(int) (changes[j] - xs[0])];
        }
        return new RealThresholds.ChannelSteps(changes, v);
    }
}
