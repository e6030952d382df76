package seedc.search;

import seedc.eval.Result;
import seedc.io.DataSet;

/**
 * How a fixed-point candidate is scored against the labels and the float model (lower loss is better). A program
 * whose result is a tensor has no labels to count: under every metric its loss is the relative RMS error of its
 * outputs ({@link #scoreError}), and an example weighs its squared error.
 */
public enum Metric {
    /** 1 - accuracy against the labels. */
    ACCURACY,
    /** Fraction of examples where fixed and float predictions differ. */
    DISAGREEMENT,
    /** Fraction of examples where float was right and fixed differs from it (the reference tool's default). */
    REDUCED_DISAGREEMENT;

    /**
     * The default of compile's and bench's --metric, one constant so that bench measures the program compile
     * would choose (they differed once: bench searched by accuracy and chose programs compile never would).
     */
    public static final String DEFAULT_ID = "reduced-disagreement";

    /** The metric a name stands for (its id, or an older short name), if any. */
    public static java.util.Optional<Metric> byId(String s) {
        return java.util.Optional.ofNullable(switch (s.toLowerCase(java.util.Locale.ROOT).replace('_', '-')) {
            case "accuracy", "acc" -> ACCURACY;
            case "disagreement", "disagree" -> DISAGREEMENT;
            case "reduced-disagreement", "red-disagree", "reduced" -> REDUCED_DISAGREEMENT;
            default -> null;
        });
    }

    /** The name on the command line and in report.json. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    public double loss(DataSet data, Result[] floatResults, Result[] fixed) {
        if (fixed.length > 0 && !floatResults[0].isLabel()) {
            return scoreError(floatResults, fixed);
        }
        double bad = 0;
        for (int i = 0; i < fixed.length; i++) {
            bad += badness(data.labels()[i][0], floatResults[i], fixed[i]);
        }
        return fixed.length == 0 ? 0 : bad / fixed.length;
    }

    /**
     * How much one example counts against the candidate, never negative, so that a running sum only grows: 1 or 0
     * for a label (the loss is the fraction of examples that count), the squared error of an output tensor (the
     * loss grows with the sum).
     */
    double badness(double labelValue, Result floatResult, Result fixed) {
        return floatResult.isLabel() ? (bad(labelValue, floatResult, fixed) ? 1 : 0)
                : squaredError(floatResult.output(), fixed.output());
    }

    /** One example's sum of squared differences: scoreError adds these in example order, as a race does. */
    private static double squaredError(double[] f, double[] q) {
        double err = 0;
        for (int k = 0; k < f.length; k++) {
            err += (f[k] - q[k]) * (f[k] - q[k]);
        }
        return err;
    }

    /** Whether one example of a classifier counts against the candidate. */
    boolean bad(double labelValue, Result floatResult, Result fixed) {
        long label = Math.round(labelValue);
        boolean differs = !same(fixed, floatResult);
        return switch (this) {
            case ACCURACY -> fixed.label() != label || !fixed.isLabel();
            case DISAGREEMENT -> differs;
            case REDUCED_DISAGREEMENT -> differs && floatResult.label() == label;
        };
    }

    /**
     * How far the fixed decision values (argmax scores or output tensor) are from float's, relative to
     * their spread: sqrt(sum (fixed - float)^2 / sum (float - c)^2) over the data set, where c is the mean of the
     * example's scores for argmax (which a common shift does not change) and 0 for an output tensor (a one-number
     * output has no spread around its mean). Labels can hide damage (an example far from the decision boundary
     * keeps its label); this cannot. 0 when the program has no decision values.
     */
    public static double scoreError(Result[] floatResults, Result[] fixed) {
        double err = 0, spread = 0;
        for (int i = 0; i < fixed.length; i++) {
            double[] f = floatResults[i].decisionValues(), q = fixed[i].decisionValues();
            if (f == null || q == null) {
                continue;
            }
            double mean = 0;
            for (double y : f) {
                mean += floatResults[i].isLabel() ? y / f.length : 0;
            }
            err += squaredError(f, q);
            for (double y : f) {
                spread += (y - mean) * (y - mean);
            }
        }
        return spread == 0 ? (err == 0 ? 0 : Double.POSITIVE_INFINITY) : Math.sqrt(err / spread);
    }

    private static boolean same(Result a, Result b) {
        return a.isLabel() && b.isLabel() ? a.label() == b.label() : java.util.Arrays.equals(a.output(), b.output());
    }
}
