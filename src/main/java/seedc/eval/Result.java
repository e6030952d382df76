package seedc.eval;

/** One example's result: a label (int programs) or an output tensor (real programs). */
public record Result(long label, double[] output) {
    public static Result label(long label) {
        return new Result(label, null);
    }

    public static Result tensor(double[] output) {
        return new Result(0, output.clone());
    }

    public boolean isLabel() {
        return output == null;
    }
}
