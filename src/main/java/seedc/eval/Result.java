package seedc.eval;

/**
 * One example's result: a label (int programs) or an output tensor (real programs). A label computed
 * as an argmax also carries the scores it was taken over (see {@link seedc.ir.Program#decisionScores()}).
 */
public record Result(long label, double[] output, double[] scores) {
    public static Result label(long label) {
        return new Result(label, null, null);
    }

    public static Result label(long label, double[] scores) {
        return new Result(label, null, scores);
    }

    public static Result tensor(double[] output) {
        return new Result(0, output.clone(), null);
    }

    /** The real values a prediction is read from: the argmax scores, or the output tensor; null if none. */
    public double[] decisionValues() {
        return output != null ? output : scores;
    }

    /** The results at {@code rows}, in that order: a subset of a data set's results beside DataSet#rows. */
    public static Result[] at(Result[] results, int[] rows) {
        Result[] r = new Result[rows.length];
        for (int k = 0; k < rows.length; k++) {
            r[k] = results[rows[k]];
        }
        return r;
    }

    public boolean isLabel() {
        return output == null;
    }
}
