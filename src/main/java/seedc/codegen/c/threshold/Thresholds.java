package seedc.codegen.c.threshold;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.fixed.FixedProgram;
import seedc.fixed.FoldedQuantizes;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op.Quantize;
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
 * at the product's store (the rule's conditions include this one's). Which chains fold, and their steps, is the IR's
 * fact {@link FoldedQuantizes} (which the cost model prices by too); this class pads the steps for the comparisons
 * and says what the folds leave unstored. The product and the sum then take no code and
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
    static final int MAX_STEPS = FoldedQuantizes.MAX_STEPS;

    public static final Thresholds NONE = new Thresholds(Map.of(), null);

    private final Map<Op, Chain> bySign;
    /** The fact the chains are read from (null for {@link #NONE}). */
    private final FoldedQuantizes folds;

    private Thresholds(Map<Op, Chain> bySign, FoldedQuantizes folds) {
        this.bySign = bySign;
        this.folds = folds;
    }

    /** The chains of the program that {@link FoldedQuantizes} folds, their steps padded for the comparisons. */
    public static Thresholds of(FixedProgram fp, QuantizedModel qm) {
        FoldedQuantizes folds = FoldedQuantizes.of(fp, qm);
        Map<Op, Chain> chains = new HashMap<>();
        for (FoldedQuantizes.Chain c : folds.chains()) {
            Steps s = Steps.padded(c.changes(), c.outputs(), c.min());
            chains.put(c.quantize(), new Chain(c.product(), c.scale(), c.bias(), c.quantize(), c.x(), c.channels(),
                    s.steps(), s.at(), s.values(), c.proven()));
        }
        return new Thresholds(chains, folds);
    }

    /** The fact these chains come from: what a product on planes packs is read from it too (PackedSources). */
    public FoldedQuantizes folds() {
        return folds;
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
        return FoldedQuantizes.productChannels(product);
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
}
