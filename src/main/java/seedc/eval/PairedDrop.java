package seedc.eval;

import seedc.io.DataSet;

/**
 * A program's accuracy against float's on the same rows, counted row by row: of {@code rows}, the rows float gets
 * right and the program gets wrong ({@code lost}) and the other way ({@code gained}). The drop in points is their
 * difference; its standard error is the paired one, from those rows alone, since the rows where both are right or both
 * wrong move neither figure. Why report it: on a few hundred rows one row is a quarter of a point, so a drop of 1.75
 * with 23 rows differing is 1.75 +- 1.03 (protonn-gestures-8's 400 test rows), and a user comparing it with
 * {@code --max-accuracy-drop} needs both figures (BENCHMARKS.md, "Accuracy lost on the population").
 */
public record PairedDrop(int rows, int lost, int gained) {
    /** The rows of {@code data} counted for a classifier's results, or null when they are tensors (no labels). */
    public static PairedDrop of(DataSet data, Result[] floatResults, Result[] fixed) {
        if (fixed.length == 0 || !floatResults[0].isLabel()) {
            return null;
        }
        int lost = 0, gained = 0;
        for (int i = 0; i < fixed.length; i++) {
            long label = Math.round(data.labels()[i][0]);
            boolean floatRight = floatResults[i].label() == label;
            boolean fixedRight = fixed[i].isLabel() && fixed[i].label() == label;
            if (floatRight && !fixedRight) {
                lost++;
            } else if (fixedRight && !floatRight) {
                gained++;
            }
        }
        return new PairedDrop(fixed.length, lost, gained);
    }

    /** The rows as the reports name them: "12 rows lost, 5 gained" (one row: "1 row lost"). */
    public String lostAndGained() {
        return lost + (lost == 1 ? " row" : " rows") + " lost, " + gained + " gained";
    }

    /** Float's accuracy less the program's, in points. */
    public double points() {
        return rows == 0 ? 0 : 100.0 * (lost - gained) / rows;
    }

    /**
     * The paired standard error of {@link #points()}: each row's difference d is 1 (lost), -1 (gained) or 0, and the
     * error of their mean is sqrt(sum d^2 - (sum d)^2 / n) / n, in points.
     */
    public double standardError() {
        if (rows == 0) {
            return 0;
        }
        double sum = lost - gained, squares = lost + gained;
        return 100.0 * Math.sqrt(Math.max(0, squares - sum * sum / rows)) / rows;
    }
}
