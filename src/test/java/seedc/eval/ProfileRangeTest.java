package seedc.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Value;

/**
 * The exp range SeeDot's table covers keeps the largest arguments: on ProtoNN most arguments are far
 * prototypes (very negative), and the few near 0 decide the class.
 */
class ProfileRangeTest {
    private static final int FAR = 950, NEAR = 50;

    @Test
    void rangeBelowMaxEndsAtTheLargestArgumentAndHoldsTheFraction() {
        SeeDotProgram p = SeeDotProgram.from(new SourceFile("t.sd", "let X = (1, 1) in [-100.0, 0.0] in exp(X)"));
        Profile profile = new Profile(p.program());
        FloatInterpreter interpreter = new FloatInterpreter(p.program(), Map.of());
        double[] args = new double[FAR + NEAR];
        for (int i = 0; i < FAR; i++) {
            args[i] = -100 + 50.0 * i / (FAR - 1); // far: [-100, -50]
        }
        for (int i = 0; i < NEAR; i++) {
            args[FAR + i] = -1 + 1.0 * i / (NEAR - 1); // near: [-1, 0]
        }
        for (double a : args) {
            interpreter.run(new double[] {a}, profile);
        }
        Value x = p.program().input();
        double[] r = profile.rangeBelowMax(x, 0.90);
        // 10% of 1,000 sorted arguments are left out at the bottom: the 100 smallest, all far ones.
        assertEquals(0.0, r[1], 0.0);
        assertEquals(-100 + 50.0 * 100 / (FAR - 1), r[0], 1e-12);
        long inside = java.util.Arrays.stream(args).filter(a -> a >= r[0] && a <= r[1]).count();
        assertTrue(inside >= 900, inside + " of 1000 inside");
    }
}
