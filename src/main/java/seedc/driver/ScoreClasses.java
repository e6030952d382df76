package seedc.driver;

import java.io.PrintWriter;
import java.util.List;
import seedc.eval.Result;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.search.Metric;

/**
 * A classifier exported without a head: its output is K scores (a PyTorch model's logits) and every label of its data
 * sets is a class, an integer in [0, K). Such a model is compiled as its argmax (as --argmax would), so that run,
 * compile and bench report its accuracy and the search chooses by it, as for any classifier: the user measures a
 * classifier by its accuracy. The scores' own error is reported beside it ({@link #scoresError}).
 */
public final class ScoreClasses {
    private ScoreClasses() {}

    /** A model read as classes: {@code classes} K, or 0 when it was not (it is returned as it was). */
    public record Read(FloatModel model, int classes) {}

    /** Reads a model's scores as classes; the front end knows how (an ONNX import: as with --argmax). */
    @FunctionalInterface
    public interface Reader {
        /** The model read as classes when {@link #classes} fits; else the model as given, with 0 classes. */
        Read read(FloatModel model, List<DataSet> sets, PrintWriter err);

        /** A front end that reads no scores as classes (a SeeDot program says argmax itself). */
        Reader NONE = (model, sets, err) -> new Read(model, 0);
    }

    /**
     * K when the program's result is K >= 2 real scores (a tensor with at most one dimension above 1) and each data
     * set has one label column whose every value is an integer in [0, K); else 0.
     */
    public static int classes(Program program, List<DataSet> sets) {
        if (program.result().isInt()) {
            return 0;
        }
        int[] dims = program.result().shape().dims();
        long above = java.util.Arrays.stream(dims).filter(d -> d > 1).count();
        int k = program.result().size();
        if (above != 1 || k < 2) {
            return 0;
        }
        boolean anyRow = false;
        for (DataSet set : sets) {
            if (set == null) {
                continue;
            }
            for (double[] labels : set.labels()) {
                if (labels.length != 1 || labels[0] != Math.rint(labels[0]) || labels[0] < 0 || labels[0] >= k) {
                    return 0;
                }
                anyRow = true;
            }
        }
        return anyRow ? k : 0;
    }

    /** What run, compile and bench say when they read the scores as classes. */
    public static String note(int classes) {
        return "the output's " + classes + " scores read as classes: every label is an integer in [0, " + classes
                + "); reporting the accuracy of their argmax (the program returns it, as with --argmax)";
    }

    /**
     * The relative RMS error of the fixed scores against float's, as a tensor output's error is measured (search.Metric's
     * score error of the scores as the output); null when a result carries no scores.
     */
    public static Double scoresError(Result[] floatResults, Result[] fixed) {
        Result[] f = new Result[fixed.length], q = new Result[fixed.length];
        for (int i = 0; i < fixed.length; i++) {
            if (floatResults[i].scores() == null || fixed[i].scores() == null) {
                return null;
            }
            f[i] = Result.tensor(floatResults[i].scores());
            q[i] = Result.tensor(fixed[i].scores());
        }
        return Metric.scoreError(f, q);
    }
}
