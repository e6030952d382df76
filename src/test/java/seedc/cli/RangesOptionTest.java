package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.report.Report;

/** {@code --ranges}: the ranges in report.json in every mode, and the errors a user can make with it. */
class RangesOptionTest {
    @TempDir
    Path tmp;

    /** Runs seedc; returns status, stdout and stderr. */
    private String[] run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int status = Main.execute(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(status), o.toString(StandardCharsets.UTF_8),
                e.toString(StandardCharsets.UTF_8)};
    }

    /** A model of W * X for X in the declared range, with data inside it. */
    private Path model(String program) throws Exception {
        Path d = Files.createDirectories(tmp.resolve("m"));
        Files.writeString(d.resolve("p.sd"), program);
        Npy.write(d.resolve("W.npy"), new NpyArray(new int[] {1, 2}, new double[] {1, -1}));
        Npy.write(d.resolve("data.npy"), new NpyArray(new int[] {4, 3},
                new double[] {0, 1, 2, 1, 2, 1, 0, 0.5, 0.5, 1, 3, 0}));
        return d;
    }

    private String[] compile(Path d, String... extra) {
        String[] base = {"compile", d.resolve("p.sd").toString(), "--model", d.toString(), "--train",
                d.resolve("data.npy").toString(), "--test", d.resolve("data.npy").toString(), "--no-progress",
                "--jobs", "1", "--out", tmp.resolve("out").toString()};
        String[] all = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return run(all);
    }

    /** W * X = x0 - x1 for X in [0, 4]^2: the sound range is [-4, 4], the profiled one what the four rows give. */
    @Test
    void reportJsonHasBothRangesOfEveryValue() throws Exception {
        Path d = model("let X = (2, 1) in [0.0, 4.0] in let W = (1, 2) in [-1, 1] in W * X");
        String[] r = compile(d);
        assertEquals("0", r[0], r[2]);
        JsonNode wx = null;
        for (JsonNode v : Report.JSON.readTree(tmp.resolve("out/report.json").toFile()).get("values")) {
            if (v.get("soundRange").get(0).asDouble() == -4.0 || v.get("soundRange").get(0).asDouble() < -3.99) {
                wx = v;
            }
        }
        assertTrue(wx != null, r[1]);
        assertEquals(4.0, wx.get("soundRange").get(1).asDouble(), 1e-9);
        assertEquals(-1.0, wx.get("profiledRange").get(0).asDouble(), 1e-9); // the row (1, 2)
        assertEquals(3.0, wx.get("profiledRange").get(1).asDouble(), 1e-9); // the row (3, 0)
    }

    @Test
    void soundRangesNameAValueTheyCannotBound() throws Exception {
        Path d = model("let X = (2, 1) in [0.0, 10000.0] in\nlet W = (1, 2) in [-1, 1] in\nexp(W * X)");
        String[] r = compile(d, "--ranges", "sound");
        assertEquals("1", r[0]);
        assertTrue(r[2].contains("\n" + d.resolve("p.sd") + ":3:1: error: --ranges sound cannot bound"), r[2]);
        assertTrue(r[2].contains("e^x of an argument up to"), r[2]);
        assertFalse(r[2].contains("Exception"), r[2]);
        assertFalse(Files.exists(tmp.resolve("out")), "nothing written on an error");
    }

    @Test
    void anUnknownModeIsAnError() throws Exception {
        Path d = model("let X = (2, 1) in [0.0, 4.0] in let W = (1, 2) in [-1, 1] in W * X");
        String[] r = compile(d, "--ranges", "tight");
        assertEquals("1", r[0]);
        assertEquals("seedc: error: --ranges must be profiled or sound, not 'tight'\n", r[2]);
    }

    /** W holds 1 and -1 where the program declares [-0.5, 0.5]: a warning, and under --ranges sound an error. */
    @Test
    void aParameterOutsideItsDeclaredRangeIsAnErrorUnderSound() throws Exception {
        Path d = model("let X = (2, 1) in [0.0, 4.0] in let W = (1, 2) in [-0.5, 0.5] in W * X");
        String[] warned = compile(d);
        assertEquals("0", warned[0], warned[2]);
        assertTrue(warned[2].contains(d.resolve("W.npy") + ": warning: values lie in [-1.00000, 1.00000], outside the range"),
                warned[2]);
        Files.walk(tmp.resolve("out")).sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        String[] refused = compile(d, "--ranges", "sound");
        assertEquals("1", refused[0]);
        assertTrue(refused[2].contains(d.resolve("W.npy") + ": error: values lie in [-1.00000, 1.00000], outside the range"),
                refused[2]);
    }
}
