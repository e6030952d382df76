package seedc.rewrite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.analysis.Dataflow;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Per-feature input scaling, folded into the first product: a model that reads raw features of very
 * different magnitudes (a breast-cancer row holds areas near 4,000 and fractal dimensions near 0.05) has
 * one input type, whose scale the largest feature sets, so the small features keep few or no bits; and
 * trained weights compensate (the columns for small features are large), so one weight scale loses the
 * small columns too. Feeding {@code x[j] * 2^s[j]} and scaling column j of every product {@code W * X} by
 * {@code 2^-s[j]} computes the same products exactly (powers of two) while every feature and every column
 * uses its type's bits. The shifts bring each feature's training maximum within a factor 2 of the largest
 * magnitude (the declared range's, up to twice the data's, or the data's).
 *
 * <p>It applies when every read of the input X (an (n, 1) column, possibly through reshapes to the same
 * shape) is the right operand of a product whose left operand is a parameter read nowhere else, and when
 * the features' magnitudes differ by at least 2^{@value #MIN_SPREAD}: narrower spreads cost fewer bits than
 * the change is worth, and keep programs on normalized data exactly as they were.
 */
public final class InputShifts {
    /** The smallest spread of the features' magnitudes (in binary orders) worth the rewrite. */
    public static final int MIN_SPREAD = 6;
    /** No feature is scaled up by more: beyond it the column's weights would leave a double's normal range. */
    static final int MAX_SHIFT = 24;

    private InputShifts() {}

    /** The shifts for {@code model} on {@code train}: empty when the rewrite does not apply or is not worth it. */
    public static int[] choose(FloatModel model, DataSet train) {
        Program p = model.program();
        if (foldedParams(p) == null) {
            return new int[0];
        }
        double[] max = featureMaxAbs(train, p.input().size());
        double dataTop = 0;
        for (double m : max) {
            dataTop = Double.isFinite(m) ? Math.max(dataTop, m) : dataTop; // rows with Inf or NaN are the data's fault, reported elsewhere
        }
        // The declared range may reach beyond the data (rows not in the training set), but not without bound: a
        // declared [0, 1e308] would shift every feature by MAX_SHIFT, far past what the input's type holds, and the
        // input would wrap on its own training rows. Within a factor 2 of the data, as the shifts aim for.
        double top = Math.max(dataTop, Math.min(Math.max(Math.abs(p.inputLo()), Math.abs(p.inputHi())), 2 * dataTop));
        int[] shifts = new int[max.length];
        int largest = 0, smallest = Integer.MAX_VALUE;
        for (int j = 0; j < max.length; j++) {
            // floor keeps m * 2^s <= top, so the shifted input stays in the range the program declared; a feature
            // so small that top / m overflows gets the largest shift
            shifts[j] = !(max[j] > 0) ? 0 : !Double.isFinite(top / max[j]) ? MAX_SHIFT
                    : Math.min(MAX_SHIFT, Math.max(0, (int) Math.floor(Math.log(top / max[j]) / Math.log(2))));
            largest = Math.max(largest, shifts[j]);
            smallest = max[j] > 0 ? Math.min(smallest, shifts[j]) : smallest;
        }
        return largest - smallest >= MIN_SPREAD ? shifts : new int[0];
    }

    /** {@link #choose} then {@link #apply}: the model as the rest of the pipeline should compile it. */
    public static FloatModel fold(FloatModel model, DataSet train) {
        return apply(model, choose(model, train));
    }

    /**
     * The same model reading {@code x[j] * 2^shifts[j]}, with the products' columns scaled back (empty
     * shifts: the model itself). A report's shifts are applied again with this when it is run.
     */
    public static FloatModel apply(FloatModel model, int[] shifts) {
        if (shifts == null || shifts.length == 0) {
            return model;
        }
        Program p = model.program();
        List<String> folded = foldedParams(p);
        if (folded == null || shifts.length != p.input().size()) {
            throw new IllegalArgumentException("input shifts do not apply to this program");
        }
        Map<String, double[]> weights = new LinkedHashMap<>(model.weights());
        List<Program.Param> params = new ArrayList<>();
        for (Program.Param pa : p.params()) {
            if (folded.contains(pa.name())) {
                double[] w = scaleColumns(weights.get(pa.name()), shifts);
                weights.put(pa.name(), w);
                pa = new Program.Param(pa.value(), pa.name(), pa.shape(), min(w), max(w), pa.sparse());
            }
            params.add(pa);
        }
        double top = Math.max(Math.abs(p.inputLo()), Math.abs(p.inputHi()));
        double lo = p.inputLo() < 0 ? -top : p.inputLo(), hi = p.inputHi() > 0 ? top : p.inputHi();
        Program shifted = new Program(p.body(), p.result(), p.input(), lo, hi, shifts.clone(), List.copyOf(params),
                p.valueCount());
        return new FloatModel(shifted, weights);
    }

    /**
     * The parameters whose columns absorb the shifts, or null when some read of the input is not a
     * product with a parameter read only there.
     */
    static List<String> foldedParams(Program p) {
        Value x = p.input();
        if (x == null || x.shape().rank() != 2 || x.shape().dim(1) != 1) {
            return null;
        }
        Dataflow flow = Dataflow.of(p);
        List<Value> columns = new ArrayList<>();
        List<String> params = new ArrayList<>();
        columns.add(x);
        for (int i = 0; i < columns.size(); i++) {
            for (Dataflow.Use u : flow.uses(columns.get(i))) {
                if (!(u.op() instanceof Op op) || !readsAsColumn(op, columns.get(i), columns, params, flow)) {
                    return null;
                }
            }
        }
        return params;
    }

    /** Whether {@code op} reads the input column {@code v} in a way the shifts fold into; records what it finds. */
    private static boolean readsAsColumn(Op op, Value v, List<Value> columns, List<String> params, Dataflow flow) {
        if (op instanceof Op.Reshape r && r.out().shape().equals(v.shape())) {
            columns.add(r.out()); // the same column: an (n, 1) reshape keeps the element order
            return true;
        }
        Value left = op instanceof Op.MatMul m && m.b() == v && m.a() != v ? m.a()
                : op instanceof Op.SparseMatMul m && m.b() == v && m.a() != v ? m.a() : null;
        if (left == null || !(flow.def(left) instanceof Op.Param pa) || flow.uses(left).size() != 1) {
            return false;
        }
        params.add(pa.paramName());
        return true;
    }

    /** Column j of a row-major (rows, n) matrix times 2^-shifts[j]. */
    private static double[] scaleColumns(double[] w, int[] shifts) {
        double[] out = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            out[i] = Math.scalb(w[i], -shifts[i % shifts.length]);
        }
        return out;
    }

    private static double[] featureMaxAbs(DataSet train, int n) {
        double[] max = new double[n];
        for (double[] row : train.features()) {
            for (int j = 0; j < n; j++) {
                max[j] = Math.max(max[j], Math.abs(row[j]));
            }
        }
        return max;
    }

    private static double min(double[] w) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : w) {
            m = Math.min(m, v);
        }
        return m;
    }

    private static double max(double[] w) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : w) {
            m = Math.max(m, v);
        }
        return m;
    }
}
