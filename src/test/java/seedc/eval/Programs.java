package seedc.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;

/** Runs inline SeeDot programs through the front end and the float interpreter. */
final class Programs {
    private Programs() {}

    static final double EPS = 1e-12;

    /** Weights by name, row-major: w("A", 1, 2, "B", 3) */
    static Map<String, double[]> w(Object... nameThenValues) {
        Map<String, double[]> m = new HashMap<>();
        for (int i = 0; i < nameThenValues.length; i += 2) {
            m.put((String) nameThenValues[i], (double[]) nameThenValues[i + 1]);
        }
        return m;
    }

    static double[] v(double... values) {
        return values;
    }

    static Result run(String program, Map<String, double[]> weights, double[] input) {
        SeeDotProgram lp = SeeDotProgram.from(new SourceFile("t.sd", program));
        return new FloatInterpreter(lp.program(), weights).run(input, null);
    }

    /** The output tensor of a real-valued program, checked element by element. */
    static void assertOutput(double[] expected, String program, Map<String, double[]> weights, double[] input) {
        Result r = run(program, weights, input);
        assertFalse(r.isLabel(), "expected a real-valued program");
        assertArrayEquals(expected, r.output(), EPS, program);
    }

    static void assertOutput(double[] expected, String program, Map<String, double[]> weights) {
        assertOutput(expected, program, weights, new double[0]);
    }

    static void assertLabel(long expected, String program, Map<String, double[]> weights, double[] input) {
        Result r = run(program, weights, input);
        assertTrue(r.isLabel(), "expected an int program");
        assertEquals(expected, r.label(), program);
    }
}
