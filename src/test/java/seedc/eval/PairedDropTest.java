package seedc.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import seedc.io.DataSet;

/** The rows a program loses and gains against float's, and the drop's paired standard error, worked by hand. */
class PairedDropTest {
    private static DataSet labelled(int... labels) {
        double[][] l = new double[labels.length][], x = new double[labels.length][];
        for (int i = 0; i < labels.length; i++) {
            l[i] = new double[] {labels[i]};
            x[i] = new double[] {0};
        }
        return new DataSet(1, l, x);
    }

    private static Result[] predicted(int... classes) {
        Result[] r = new Result[classes.length];
        for (int i = 0; i < classes.length; i++) {
            r[i] = Result.label(classes[i]);
        }
        return r;
    }

    /**
     * Ten rows of classes 0..2. Float right on rows 0-7; the program wrong on rows 1 and 2 (lost), right on row 8
     * where float is wrong (gained), and on row 9 both wrong with different classes (neither). Drop: (2 - 1) / 10 =
     * 10 points; the rows' differences d are 1, 1, -1 and seven 0: sum d^2 = 3, sum d = 1, so the standard error is
     * 100 * sqrt(3 - 1/10) / 10 = 10 * sqrt(2.9) = 17.029...
     */
    @Test
    void countsLostAndGainedRowsAndTheirStandardError() {
        DataSet data = labelled(0, 1, 2, 0, 1, 2, 0, 1, 2, 0);
        Result[] floats = predicted(0, 1, 2, 0, 1, 2, 0, 1, 0, 1);
        Result[] fixed = predicted(0, 2, 0, 0, 1, 2, 0, 1, 2, 2);
        PairedDrop d = PairedDrop.of(data, floats, fixed);
        assertEquals(new PairedDrop(10, 2, 1), d);
        assertEquals(10.0, d.points(), 1e-12);
        assertEquals(10 * Math.sqrt(2.9), d.standardError(), 1e-12);
    }

    /** 400 rows, 12 lost and 5 gained (protonn-gestures-8's test rows): 1.75 +- sqrt(17 - 49/400) / 4 = 1.027... */
    @Test
    void aTestSetOfFourHundredRows() {
        PairedDrop d = new PairedDrop(400, 12, 5);
        assertEquals(1.75, d.points(), 1e-12);
        assertEquals(Math.sqrt(17 - 49.0 / 400) / 4, d.standardError(), 1e-12);
    }

    /** How the reports name the rows: a single row lost is "1 row lost" (the warning once said "the 1 rows lost"). */
    @Test
    void theRowsAreNamedWithTheirNumber() {
        assertEquals("12 rows lost, 5 gained", new PairedDrop(400, 12, 5).lostAndGained());
        assertEquals("1 row lost, 0 gained", new PairedDrop(360, 1, 0).lostAndGained());
    }

    /** No row differs: no drop and no error; a tensor result has no rows to count. */
    @Test
    void nothingDiffersAndTensorsAreNotCounted() {
        assertEquals(0.0, new PairedDrop(360, 0, 0).standardError());
        assertNull(PairedDrop.of(labelled(0), new Result[] {Result.tensor(new double[] {1})},
                new Result[] {Result.tensor(new double[] {1})}));
    }
}
