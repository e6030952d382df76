package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.SquaredDistances;

/**
 * The fact {@link SquaredDistances} on ProtoNN fixtures whose distance the Uno halves by the sign flag or wraps: by
 * hand, each has one, the loop body's |WX - B[i]|^2 (t14, the product of del's transpose and del, del = WX - B[i]), by
 * the loop of del's form and width; the Uno's C computes it by one call of the runtime's loop
 * and writes no code for del, and a target without the idiom (x86) has none. Their integers on the Uno are
 * TrainedFixturesDifferentialTest's (simavr); the loops' own, AvrSquaredDistanceRowsTest's.
 */
class SquaredDistancesTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"protonn-gestures-8", "protonn-letter-26", "protonn-digits-10"})
    void theProtoNNDistanceIsOneLoopOnTheUno(String name) throws Exception {
        Fixtures.Compiled c = Fixtures.get(name, "shiftry");
        FixedProgram fp = c.fixed();
        List<SquaredDistances.Distance> uno = SquaredDistances.of(fp, calls(fp, c, IdiomCalls.Flags.ALL)).all();
        assertEquals(1, uno.size(), "one squared norm");
        SquaredDistances.Distance d = uno.get(0);
        assertEquals("t14", d.norm().out().name());
        assertEquals("del", d.sum().out().name());
        assertEquals("WX", d.a().name());
        // del's form's loop: halved at its width, or wrapped to 8 bits
        String fn = d.call() == null ? "sd_sumsq_subrow8"
                : "sd_sumsq_shrsubhalf" + fp.type(d.sum().out()).container() + "_row";
        assertEquals(fn, d.fn());
        assertEquals(List.of(), SquaredDistances.of(fp, calls(fp, c, IdiomCalls.Flags.NONE)).all(), "x86: none");
        CBackend.ARDUINO.emit(fp, c.model().weights(), EmitOptions.NONE, dir);
        String cText = Files.readString(dir.resolve("predict.cpp"));
        assertTrue(cText.contains("int64_t sd_sq = " + fn) || cText.contains("int32_t sd_sq = " + fn), "the call");
        assertTrue(cText.contains("/* del = Add(WX, t9) */\n        /* summed and squared where the squared norm below"
                + " reads it */"), "no code for del");
        // an exact sum of squares is never negative: where the product's width holds it, its finishing shift has no
        // sign to test (a 64-bit test is a library call on the AVR)
        OpParams.Mul p = fp.params(d.norm(), OpParams.Mul.class);
        assertEquals(d.sumBits() <= p.width(), !cText.contains("sd_sq < 0"), "sum " + d.sumBits() + " bits, width "
                + p.width() + ": " + cText.lines().filter(l -> l.contains("sd_sq")).toList());
    }

    private static IdiomCalls calls(FixedProgram fp, Fixtures.Compiled c, IdiomCalls.Flags flags) {
        return new IdiomCalls(fp, new FlashRowReads(fp, FlashRowReads.Storage.DENSE), flags,
                IdiomCalls.quantizedLazily(fp, c.model().weights()));
    }
}
