package seedc.bench;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.fixed.QuantizedModel;
import seedc.ir.Block;
import seedc.ir.Op;
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
        long n = 0;
        for (Op op : b.ops()) {
            n += switch (op) {
                case Op.MatMul m -> (long) m.a().shape().dim(0) * m.a().shape().dim(1) * m.b().shape().dim(1);
                case Op.SparseMatMul m -> params.containsKey(m.a())
                        ? nonZeros(qm.param(params.get(m.a()).paramName())) : m.a().size();
                case Op.Conv2d c -> conv(c);
                case Op.ScalarMul m -> m.out().size();
                case Op.Hadamard h -> h.out().size();
                case Op.VecOp v -> v.kind() == Op.VecKind.MUL ? v.out().size() : 0;
                case Op.SumLoop s -> (long) (s.to() - s.from()) * count(s.body(), qm, params);
                case Op.Loop l -> (long) (l.to() - l.from()) * count(l.body(), qm, params);
                default -> 0L;
            };
        }
        return n;
    }

    private static long nonZeros(long[] values) {
        long n = 0;
        for (long v : values) {
            n += v != 0 ? 1 : 0;
        }
        return n;
    }

    /** Taps inside the input, times the input channels of a group, for every output element. */
    private static long conv(Op.Conv2d c) {
        Window w = c.window();
        int h = c.x().shape().dim(1), wd = c.x().shape().dim(2);
        int kh = c.filter().shape().dim(1), kw = c.filter().shape().dim(2), cig = c.filter().shape().dim(3);
        int oh = c.out().shape().dim(1), ow = c.out().shape().dim(2), oc = c.out().shape().dim(3);
        long rows = 0, cols = 0;
        for (int y = 0; y < oh; y++) {
            for (int i = 0; i < kh; i++) {
                int yi = y * w.sh() - w.pt() + i * w.dh();
                rows += yi >= 0 && yi < h ? 1 : 0;
            }
        }
        for (int x = 0; x < ow; x++) {
            for (int j = 0; j < kw; j++) {
                int xi = x * w.sw() - w.pl() + j * w.dw();
                cols += xi >= 0 && xi < wd ? 1 : 0;
            }
        }
        return (long) c.x().shape().dim(0) * rows * cols * cig * oc;
    }
}
