package seedc.fixed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import seedc.analysis.ParameterGrids;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Which operands of which ops the C reads from a packed copy of a parameter (WeightStorage PACKED: each element an
 * index of k bits into the table of the copy's distinct values, or, with at most 4 values, a selection among
 * literals: {@code sd_sel3(sd_ix2(p_FCb_pk, k), -1, 0, 1)}), by {@link FlashRowReads#packedBits}: the decision the
 * C backends' Constants stores by (an internal error there if a copy it packs disagrees). The cost model
 * (seedc.cost.PackedReadWork) prices those reads by terms of their own; it prices a program before its storage is
 * decided, so it reads the storage {@link #autoStorage} gives, the compile's rule for {@code --weight-storage auto}.
 *
 * <p>The ops: each op's operands in flash that are a parameter's (or a view of one), each shifted as the op's
 * parameters say (an element-wise sum's shrA and shrB, a product's); a product reads its operand once per MAC, any
 * other op once per element of its result. A copy of one value is a literal in the code: no read. Products the C computes on bit planes or by subset sums read their weights
 * through planes and tables instead, and a quantize folded into another op's code reads nothing: the caller, which
 * knows those kernels, leaves them out.
 */
public final class PackedReads {
    /** The grids of the float weights, by array (the search prices many programs of one model's weights). */
    private static final Map<double[], ParameterGrids.Grid> GRIDS = new WeakHashMap<>();

    /**
     * One operand an op reads from a packed copy: its position among the op's inputs, the copy's index bits (1, 2, 4
     * or 8), and whether it is read once per MAC (a product's operand) or once per element of the result.
     */
    public record Read(int operand, int indexBits, boolean perMac) {}

    private final FixedProgram fp;
    private final FlashRowReads rows;

    public PackedReads(FixedProgram fp, FlashRowReads.Storage storage) {
        this.fp = fp;
        this.rows = new FlashRowReads(fp, storage);
    }

    /**
     * The storage the compile gives {@code fp}'s parameters when asked for none (Pipeline.storage, ChosenValues'
     * parameterStorage): packed when some parameter's float values lie on a grid (ParameterGrids) that takes fewer
     * bytes than its chosen type, else dense. Weights quantized by --weight-bits lie on such grids, so this also
     * packs those; an explicit --weight-storage is not known here.
     */
    public static FlashRowReads.Storage autoStorage(FixedProgram fp, Map<String, double[]> weights) {
        for (Program.Param p : fp.program().params()) {
            double[] w = weights.get(p.name());
            ParameterGrids.Grid g;
            synchronized (GRIDS) {
                g = GRIDS.computeIfAbsent(w, k -> ParameterGrids.of(p.name(), k));
            }
            if (ParameterGrids.packedSmaller(g, fp.type(p.value()).bits())) {
                return new FlashRowReads.Storage(true, new QuantizedModel(fp, weights));
            }
        }
        return FlashRowReads.Storage.DENSE;
    }

    /** The operands {@code op} (not a loop) reads from packed copies, in input order; empty for most ops. */
    public List<Read> of(Op op) {
        if (op instanceof Op.Loop || op instanceof Op.SumLoop || op instanceof Op.SparseMatMul
                || op instanceof Op.Index) {
            return List.of(); // a loop's body ops read for it; sparse lists are never packed; an Index is a view
        }
        List<Read> out = new ArrayList<>(1);
        List<Value> in = op.inputs();
        boolean product = OpParams.kindFor(op) == OpParams.Mul.class; // read once per MAC
        for (int i = 0; i < in.size(); i++) {
            int shift = OpParamsShifts.shift(fp, op, i);
            int bits = rows.packedBits(in.get(i), shift);
            if (bits > 0 && rows.packedValues(in.get(i), shift) > 1) { // one value: a literal, nothing read
                out.add(new Read(i, bits, product));
            }
        }
        return out;
    }

    /** The flash rows of the program under the same storage (the copies' decisions). */
    public FlashRowReads rows() {
        return rows;
    }

    /** The shift of an op's operand as its parameters give it. */
    private static final class OpParamsShifts {
        static int shift(FixedProgram fp, Op op, int operand) {
            return switch (fp.paramMap().get(op)) {
                case OpParams.Add a -> operand == 0 ? a.shrA() : operand == 1 ? a.shrB() : 0;
                case OpParams.Mul m -> operand == 0 ? m.shrA() : operand == 1 ? m.shrB() : 0;
                case OpParams.Exp e -> 0;
                case OpParams.Activation a -> 0;
                case OpParams.Quantize q -> 0;
                case null -> 0;
            };
        }
    }
}
