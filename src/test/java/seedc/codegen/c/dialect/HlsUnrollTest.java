package seedc.codegen.c.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.search.SeeDotStrategy;

/**
 * SeeDot's unroll hints on (X - B) + C over 10 elements at 16 bits: the input copy (16 LUTs an element) and two
 * additions in 16-bit temporaries (16 LUTs an element each), 48 LUTs without unrolling.
 */
class HlsUnrollTest {
    private static final Map<String, double[]> WEIGHTS = Map.of("B", new double[10], "C", new double[10]);

    private static FixedProgram program() {
        Program p = SeeDotProgram.from(new SourceFile("h.sd", "let X = (10, 1) in [-1, 1] in let B = (10, 1) in"
                + " [-1, 1] in let C = (10, 1) in [-1, 1] in (X - B) + C")).program();
        Profile prof = new Profile(p);
        new FloatInterpreter(p, WEIGHTS).run(new double[10], prof);
        FixedProgram fp = SeeDotStrategy.assign(p, prof, WEIGHTS, ContainerWidths.C, 16, 12);
        p.forEachOp(op -> {
            if (op instanceof Op.Add) {
                assertEquals(16, fp.params(op, OpParams.Add.class).width(), "the example's premise");
            }
        });
        return fp;
    }

    private static List<Integer> factors(int luts) {
        return HlsUnroll.choose(program(), new Device.Fabric(luts, 0, 0, 0)).choices().stream()
                .map(HlsUnroll.Choice::factor).toList();
    }

    /**
     * 48 + 16 x 9 + 16 x 5 LUTs: 224 to spare. The input copy takes all 10 (9 more elements, 144), the first
     * addition 5 more (80, all that is left), the second none.
     */
    @Test
    void eachLoopInProgramOrderTakesWhatIsLeft() {
        assertEquals(List.of(10, 6, 1), factors(48 + 16 * 9 + 16 * 5));
        assertEquals(List.of(10, 10, 10), factors(480));
        assertEquals(List.of(1, 1, 1), factors(48));
        assertEquals(List.of(2, 1, 1), factors(48 + 16 + 15));
    }

    @Test
    void aDesignLargerThanTheDeviceAtFactorOneIsAnError() {
        DoesNotFit e = assertThrows(DoesNotFit.class, () -> factors(47));
        assertEquals("seedc: error: the design does not fit 47 LUTs even without unrolling: its ops take about 48"
                + " LUTs (the largest, X, about 16)", e.getMessage());
    }
}
