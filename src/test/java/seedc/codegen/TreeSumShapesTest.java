package seedc.codegen;

import java.nio.file.Path;
import java.util.IdentityHashMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;

/**
 * The C computes TreeSum without an array of terms, as whole blocks of 2^T terms plus the subtrees of
 * the binary digits of the rest. The fixtures' own halving counts exercise few of those shapes, so here
 * every matrix product and convolution of a fixture gets another T (with n = 1, 8, 9, 10, 16, 32, 64, 65
 * and 72 terms, rests of one and two subtrees appear), and the x86 build must still equal the interpreter.
 */
class TreeSumShapesTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"protonn-digits-10, 3", "bonsai-digits-10, 7", "bonsai-digits-10, 2", "cnn-digits-10, 4",
        "cnn-digits-10, 7", "fastgrnn-digits-10, 3"})
    void everyHalvingCountMatchesTheInterpreter(String name, int treeShift) throws Exception {
        Fixtures.Compiled c = Fixtures.get(name);
        FixedProgram fp = c.fixed();
        IdentityHashMap<Op, OpParams> params = new IdentityHashMap<>(fp.params());
        params.replaceAll((op, p) -> (op instanceof Op.MatMul || op instanceof Op.Conv2d) && p instanceof OpParams.Mul m
                ? new OpParams.Mul(m.shrA(), m.shrB(), m.width(), treeShift, m.post()) : p);
        FixedProgram shifted = new FixedProgram(fp.program(), fp.types(), params, fp.strategy(), fp.bitwidth(),
                fp.maxscale());
        X86DifferentialTest.assertHostMatches(dir, shifted, c.model(), c.test(), 40);
    }
}
