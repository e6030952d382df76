package seedc.driver;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import seedc.diag.UserError;
import seedc.diag.Warning;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Suspicious inputs, caught before any work: what cannot make sense is a user error, what may be meant
 * but is probably a mistake is a warning. Each check reads only what it names.
 */
public final class InputChecks {
    /** Fewer training examples than this get a warning: the scales are chosen on them. */
    static final int FEW_EXAMPLES = 10;

    private InputChecks() {}

    /**
     * The labels (first label column) of a classifier's data set: each must be a class number. A fractional label
     * is an error (it can never be predicted); labels outside 0..classes-1 count as misses, so some of them are a
     * warning and all of them an error (accuracy would be 0 whatever seedc did).
     */
    public static List<Warning> labels(Program program, Path file, DataSet data) {
        Value scores = program.decisionScores();
        if (!program.result().isInt() || scores == null || data.size() == 0) {
            return List.of();
        }
        int classes = scores.size();
        int outside = 0, firstRow = -1;
        for (int i = 0; i < data.size(); i++) {
            double label = data.labels()[i][0];
            if (label != Math.rint(label)) {
                throw UserError.inFile(file, "example " + (i + 1) + ": label " + label + " is not a class number (the"
                        + " model predicts 0.." + (classes - 1) + ")");
            }
            if (label < 0 || label >= classes) {
                outside++;
                firstRow = firstRow < 0 ? i : firstRow;
            }
        }
        if (outside == 0) {
            return List.of();
        }
        String what = "labels outside the model's classes 0.." + (classes - 1) + " (the first: example "
                + (firstRow + 1) + ", label " + (long) data.labels()[firstRow][0] + ")";
        if (outside == data.size()) {
            throw UserError.inFile(file, "every label is outside the model's classes 0.." + (classes - 1) + " (the first:"
                    + " " + (long) data.labels()[0][0] + "); are the labels numbered from 1, or is --labels wrong?");
        }
        return List.of(Warning.inFile(file, outside + " of " + data.size() + " " + what + "; they count as misses"));
    }

    /** A training set too small or without information to choose scales on. */
    public static List<Warning> training(Path file, DataSet train) {
        List<Warning> out = new ArrayList<>();
        if (train.size() == 0) {
            throw UserError.inFile(file, "no examples: the scales are chosen on the training set");
        }
        if (train.size() < FEW_EXAMPLES) {
            out.add(Warning.inFile(file, "only " + train.size() + " training example" + (train.size() == 1 ? "" : "s")
                    + ": the scales are chosen on them, so other inputs may overflow or lose precision"));
        }
        if (train.featureCount() > 0 && allZero(train)) {
            out.add(Warning.inFile(file, "every feature of every training example is 0: the scales are chosen"
                    + " on inputs that carry no information"));
        }
        outlier(file, train).ifPresent(out::add);
        return out;
    }

    /** A feature this many times the mean magnitude of the rest of its column is taken for a broken row. */
    static final double OUTLIER_RATIO = 1e6;

    /**
     * The first training value far beyond the rest of its column (a 1e300 in a column of pixels): the input's
     * scale follows the largest value, so every other example would lose its precision to it.
     */
    private static java.util.Optional<Warning> outlier(Path file, DataSet train) {
        int n = train.size();
        for (int j = 0; j < train.featureCount() && n > 1; j++) {
            double max = 0;
            int at = 0;
            for (int i = 0; i < n; i++) {
                double a = Math.abs(train.features()[i][j]);
                if (a > max) {
                    max = a;
                    at = i;
                }
            }
            double rest = 0; // summed apart: 1e300 + 1.75 - 1e300 would be 0
            for (int i = 0; i < n; i++) {
                rest += i == at ? 0 : Math.abs(train.features()[i][j]);
            }
            double restMean = rest / (n - 1);
            if (restMean > 0 && max > OUTLIER_RATIO * restMean) {
                return java.util.Optional.of(Warning.inFile(file, String.format(Locale.ROOT, "example %d: feature %d"
                        + " is %.3g, more than 10^6 times the mean magnitude (%.3g) of the other examples' values; the"
                        + " input's scale follows it, so every other example loses precision (remove or clip it)",
                        at + 1, j + 1, train.features()[at][j], restMean)));
            }
        }
        return java.util.Optional.empty();
    }

    /** Parameters whose values leave the range their declaration states (the scale rules trust it). */
    public static List<Warning> parameters(FloatModel model, Path modelDir) {
        List<Warning> out = new ArrayList<>();
        for (Program.Param p : model.program().params()) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (double v : model.weights().get(p.name())) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            // Declarations round their bounds (to 6 digits in the trainers' output), so only an excursion beyond
            // 1% of the bound's magnitude is a mismatch worth a word.
            double slack = 0.01 * Math.max(Math.abs(p.lo()), Math.abs(p.hi()));
            if (lo < p.lo() - slack || hi > p.hi() + slack) {
                out.add(Warning.inFile(modelDir.resolve(p.name() + ".npy"), String.format(Locale.ROOT,
                        "values lie in [%.6g, %.6g], outside the range [%.6g, %.6g] the program declares for '%s'",
                        lo, hi, p.lo(), p.hi(), p.name())));
            }
        }
        return out;
    }

    private static boolean allZero(DataSet d) {
        for (double[] row : d.features()) {
            for (double v : row) {
                if (v != 0) {
                    return false;
                }
            }
        }
        return true;
    }
}
