package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.EmitOptions;
import seedc.codegen.BitSerialTest.LowBitFixture;
import seedc.codegen.c.CBackend;
import seedc.fixed.FlashRowReads;
import seedc.fixed.FoldedQuantizes;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;

/**
 * The fact {@link FoldedQuantizes} (which the cost model prices by) against the C the Uno's backend writes: the ops it
 * says have no code of their own are exactly those whose place in predict.cpp holds one of the three comments the
 * backend writes for an op it folds into another's code, on a binary MLP (its pixels' quantize packed by the first
 * product on planes, the hidden batch-norm and sign compared where that product stores) and a binary CNN (each
 * convolution's bias and sign compared at its store).
 */
class FoldedQuantizesTest {
    @TempDir
    Path dir;

    /** The comments the C backends write in the place of an op with no code (CEmitter's quantize and fusedAway). */
    private static final List<String> NO_CODE = List.of("compared where the product above stores each element",
            "packed from its input where the product below packs its operand",
            "in the comparison of the quantize below (or where the product above stores)");

    @ParameterizedTest
    @ValueSource(strings = {"mlp-digits-w1a1i1", "cnn-digits-w1a1"})
    void theOpsWithoutCodeAreThoseTheCFolds(String name) throws Exception {
        LowBitFixture f = LowBitFixture.compiled(name, CBackend.ARDUINO);
        CBackend.ARDUINO.emit(f.fp(), f.model().weights(), EmitOptions.NONE, dir);
        String c = Files.readString(dir.resolve("predict.cpp"));
        Set<String> folded = new TreeSet<>();
        Matcher m = Pattern.compile("/\\* (\\w+) = \\w+\\([^\\n]*\\) \\*/(?=\\n\\s*/\\* ([^\\n]*?) \\*/)").matcher(c);
        while (m.find()) {
            if (NO_CODE.contains(m.group(2))) {
                folded.add(m.group(1));
            }
        }
        Set<String> fact = new TreeSet<>();
        FoldedQuantizes.priced(f.fp(), new QuantizedModel(f.fp(), f.model().weights()),
                FlashRowReads.inFlash(f.fp().program())).withoutCode().forEach(op -> fact.add(op.out().name()));
        assertFalse(folded.isEmpty(), "the C folds some op of " + name);
        assertEquals(folded, fact, name);
        // and at least one of them is a quantize
        Set<String> quantizes = new TreeSet<>();
        f.fp().program().forEachOp(op -> {
            if (op instanceof Op.Quantize) {
                quantizes.add(op.out().name());
            }
        });
        quantizes.retainAll(folded);
        assertFalse(quantizes.isEmpty(), "a quantize folded in " + name);
    }
}
