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
        // WX = W XX is read by del alone: a halved distance's rounding shift of WX is applied once, in place, after
        // WX's definition, and the loop reads WX unshifted (each element is shifted once either way)
        boolean hoisted = d.call() != null && d.call().aShift() > 0;
        assertEquals(hoisted, d.aShiftedOnce());
        assertEquals(hoisted || d.call() == null ? 0 : d.call().aShift(), d.loopAShift());
        String once = "v_WX[k] = sd_shr" + d.bits() + "(v_WX[k], " + (hoisted ? d.call().aShift() : 0) + ");";
        assertEquals(hoisted, cText.contains(once), once);
        if (hoisted) {
            assertTrue(cText.indexOf("/* WX = ") < cText.indexOf(once) && cText.indexOf(once) < cText.indexOf(fn + "("),
                    "after WX, before the loop");
            assertTrue(cText.contains(fn + "((const int" + d.bits() + "_t *)v_WX, sd_next1, " + d.a().size() + ", 0, "),
                    "the loop shifts nothing");
        }
        // an exact sum of squares is never negative: where the product's width holds it, its finishing shift has no
        // sign to test (a 64-bit test is a library call on the AVR)
        OpParams.Mul p = fp.params(d.norm(), OpParams.Mul.class);
        assertEquals(d.sumBits() <= p.width(), !cText.contains("sd_sq < 0"), "sum " + d.sumBits() + " bits, width "
                + p.width() + ": " + cText.lines().filter(l -> l.contains("sd_sq")).toList());
    }

    /**
     * protonn-gestures-8 with WX read once more (its squared norm scales the scores: the same classes, since it is
     * positive) compiled for the Uno: its distance's loop still shifts WX by 1 (as the fixture's did before the shift
     * was applied once), and WX keeps its values, since another op reads them.
     */
    @org.junit.jupiter.api.Test
    void aDistanceOperandReadElsewhereIsShiftedInTheLoop() throws Exception {
        Path model = Files.createDirectories(dir.resolve("model"));
        Path fixture = Fixtures.dir("protonn-gestures-8");
        for (String f : List.of("W.npy", "B.npy", "Z.npy", "train.npy", "test.npy")) {
            Files.copy(fixture.resolve(f), model.resolve(f));
        }
        String sd = Files.readString(fixture.resolve("input.sd"));
        assertTrue(sd.strip().endsWith("argmax(res)"), sd);
        Files.writeString(model.resolve("input.sd"), sd.strip().replaceFirst("argmax\\(res\\)$",
                "let s = WX^T * WX in\nargmax(res * s)\n"));
        Path out = dir.resolve("out");
        DifferentialTest.Cli c = DifferentialTest.cli("compile", model.resolve("input.sd").toString(), "--model",
                model.toString(), "--train", model.resolve("train.npy").toString(), "--test",
                model.resolve("test.npy").toString(), "--target", "arduino", "--out", out.toString(), "--jobs", "2",
                "--no-progress");
        assertEquals(0, c.status(), c.err());
        String cText = Files.readString(out.resolve("predict.cpp"));
        assertTrue(cText.contains("sd_sumsq_shrsubhalf16_row((const int16_t *)v_WX, sd_next1, 16, 1, 0)"),
                cText.lines().filter(l -> l.contains("sd_sq =")).toList().toString());
        assertTrue(!cText.contains("sd_shr16(v_WX"), "WX shifted in place");
    }

    private static IdiomCalls calls(FixedProgram fp, Fixtures.Compiled c, IdiomCalls.Flags flags) {
        return new IdiomCalls(fp, new FlashRowReads(fp, FlashRowReads.Storage.DENSE), flags,
                IdiomCalls.quantizedLazily(fp, c.model().weights()));
    }
}
