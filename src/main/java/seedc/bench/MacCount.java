package seedc.bench;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.fixed.QuantizedModel;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;
import seedc.ir.Window;

/**
 * The multiply-accumulate count of one inference: the floor any implementation of the model has to
 * pay, against which the measured cycles are compared (cycles per MAC). One MAC per term of a matrix
 * product, per non-zero of a sparse product, per convolution tap inside the input (padding taps are
 * zeros and need no multiply) and per element of an element-wise or scalar product; a loop's body
 * counts once per iteration. Every op of the program runs (a conditional evaluates both branches),
 * so the count is the same for every input.
 */
public final class MacCount {
    private MacCount() {}

    public static long of(QuantizedModel qm) {
        Map<Value, Op.Param> params = new IdentityHashMap<>();
        qm.program().program().forEachOp(op -> {
            if (op instanceof Op.Param p) {
                params.put(p.out(), p);
            }
        });
        return count(qm.program().program().body(), qm, params);
    }

    private static long count(Block b, QuantizedModel qm, Map<Value, Op.Param> params) {
        return OpFacts.macs(b, m -> params.containsKey(m.a()) ? nonZeros(qm.param(params.get(m.a()).paramName()))
                : m.a().size());
    }

    private static long nonZeros(long[] values) {
        long n = 0;
        for (long v : values) {
            n += v != 0 ? 1 : 0;
        }
        return n;
    }
}
