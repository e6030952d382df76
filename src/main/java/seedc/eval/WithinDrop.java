package seedc.eval;

/**
 * Whether an accuracy is within {@code --max-accuracy-drop} of float's, the test every limit on accuracy shares (the
 * search's stage IV on the rows that choose, its held-out judge and the frontier's faster programs; the report's
 * warning that the test rows lost more). Accuracies are percentages of row
 * counts, {@code 100.0 * (correct / total)}, so a program that loses exactly the limit's rows can land a rounding error
 * below {@code float - maxDrop}: 827 of 1000 rows is 82.69999999999999 and 837 of 1000 less 1.0 is 82.7, so a loss
 * of exactly 1.00 point was refused on 142 of the 991 possible counts of 1000 rows (found on a ProtoNN of
 * fixtures/unseen, whose 11.7x program lost 10 of its 1,000 validation rows). Two distinct accuracies of n rows differ
 * by at least 100 / n, far above the slack allowed here.
 */
public final class WithinDrop {
    /** Far below one row of any data set (100 / n), far above a double's rounding of a percentage. */
    public static final double SLACK = 1e-9;

    private WithinDrop() {}

    public static boolean within(double accuracy, double floatAccuracy, double maxDrop) {
        return accuracy >= floatAccuracy - maxDrop - SLACK;
    }
}
