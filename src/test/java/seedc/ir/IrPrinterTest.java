package seedc.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.fixed.ContainerWidths;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.search.SeeDotStrategy;

class IrPrinterTest {
    static final String SOURCE = """
            let x = [1.0; 2.0] in
            let w = [[0.5, -0.25]] in
            let s = $(i = [0:2]) (w * x) in
            argmax(w * x + s)
            """;

    private static Program program() {
        return SeeDotProgram.from(new SourceFile("t.sd", SOURCE)).program();
    }

    @Test
    void printsShapesAndLoopsIndented() {
        String text = IrPrinter.print(program());
        String[] lines = text.split("\n");
        assertEquals("x : real(2, 1) = const[2]", lines[0]);
        assertEquals("w : real(1, 2) = const[2]", lines[1]);
        assertEquals(true, text.contains("= sum i in [0, 2)\n  "), text);
        assertEquals(true, text.contains("  yield "), text);
        assertEquals(true, text.contains(" : int in [0, 0] = argmax "), text);
        assertEquals("return " + program().result().name(), lines[lines.length - 1]);
    }

    @Test
    void fixedTextShowsTypesAndProductConstants() {
        Program p = program();
        Profile profile = new Profile(p);
        new FloatInterpreter(p, Map.of()).run(new double[0], profile);
        FixedProgram fp = SeeDotStrategy.assign(p, profile, Map.of(), ContainerWidths.C, 8, 5);
        String text = fp.irText();
        // x: max 2.0 -> GetP = 7 - 2 = 5 (2.0 * 2^6 = 128 would not fit); w: max 0.5 -> 7 - (-1) = 8, but
        // 0.5 * 2^8 = 128 does not fit, so 7.
        assertEquals(true, text.contains("x : real(2, 1) int8@5 = const[2]"), text);
        assertEquals(true, text.contains("w : real(1, 2) int8@7 = const[2]"), text);
        // MulScale(7, 5) at B = 8, P = 5: (7 - 4) + (5 - 4) = 4 < 5, so S = 8 - 1 = 7, each operand >> 3.
        assertEquals(true, text.contains("{mul: operands >> 3, 3; int8 terms;"), text);
    }
}
