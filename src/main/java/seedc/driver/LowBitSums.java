package seedc.driver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import seedc.fixed.LowBitProducts;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The sums of low-bit products, whose scales the search takes from their sound ranges even under {@code --ranges
 * profiled}: a product of a quantized activation and few-level weights (or two quantized activations) has an
 * exact sum whose bound is close to what the training set shows, so a scale that holds the bound costs no bit the
 * sum has, while the profiled scale wraps beyond the training set's sums: then a quantize after the sum compares
 * at several steps a channel where one suffices, and every target pays for them. The element-wise chain from such a
 * sum to a quantize (a scale, a bias: compared where the sum is stored) is taken too, for the same reason.
 */
final class LowBitSums {
    /** Weights with at most this many distinct values make a low-bit operand (a 3-bit grid). */
    static final int MAX_WEIGHT_VALUES = 8;

    private LowBitSums() {}

    /** The values whose ranges are widened to their sound ones. */
    static List<Value> of(Program program, Map<String, double[]> weights) {
        Map<Value, Op> defs = LowBitProducts.defs(program);
        Map<Value, List<Op>> readers = new HashMap<>();
        program.forEachOp(op -> op.inputs().forEach(v -> readers.computeIfAbsent(v, k -> new ArrayList<>()).add(op)));
        Map<Value, String> params = new HashMap<>();
        program.params().forEach(p -> params.put(p.value(), p.name()));
        List<Value> out = new ArrayList<>();
        program.forEachOp(op -> {
            if (op instanceof Op.MatMul || op instanceof Op.Conv2d) {
                List<Value> in = op.inputs();
                boolean a = lowBit(in.get(0), defs, params, weights), b = lowBit(in.get(1), defs, params, weights);
                boolean quantized = LowBitProducts.quantized(in.get(0), defs) != null
                        || LowBitProducts.quantized(in.get(1), defs) != null;
                if (a && b && quantized) {
                    out.add(op.out());
                    out.addAll(chainToQuantize(op.out(), readers, params));
                }
            }
        });
        return out;
    }

    private static boolean lowBit(Value v, Map<Value, Op> defs, Map<Value, String> params,
                                  Map<String, double[]> weights) {
        if (LowBitProducts.quantized(v, defs) != null) {
            return true;
        }
        String name = params.get(v);
        return name != null && java.util.Arrays.stream(weights.get(name)).distinct().limit(MAX_WEIGHT_VALUES + 1)
                .count() <= MAX_WEIGHT_VALUES;
    }

    /**
     * The values of element-wise ops with a parameter (a scale, a bias) that lead from {@code sum}, each read only by
     * the next, to a quantize; none when the chain ends elsewhere.
     */
    private static List<Value> chainToQuantize(Value sum, Map<Value, List<Op>> readers, Map<Value, String> params) {
        List<Value> chain = new ArrayList<>();
        for (Value v = sum; ; ) {
            List<Op> r = readers.getOrDefault(v, List.of());
            if (r.size() != 1) {
                return List.of();
            }
            Op next = r.getFirst();
            Value read = v;
            if (next instanceof Op.Quantize) {
                return chain;
            }
            boolean scaleOrBias = (next instanceof Op.Hadamard || next instanceof Op.Add || next instanceof Op.VecOp
                    || next instanceof Op.ScalarMul) && next.inputs().stream().allMatch(x -> x == read || params.containsKey(x));
            if (!scaleOrBias) {
                return List.of();
            }
            v = next.out();
            chain.add(v);
        }
    }
}
