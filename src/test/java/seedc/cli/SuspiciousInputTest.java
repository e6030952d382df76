package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * Issue 11's silently accepted inputs (item 9) and late or unclear checks (items 10, 11): numeric options are
 * checked before any work, what cannot make sense is an error, what is probably a mistake a warning.
 * The model: W (3, 2) = [[1, 0], [0, 1], [1, 1]], so classes 0..2; rows are (label, x1, x2).
 */
class SuspiciousInputTest {
    @TempDir
    Path dir;

    @BeforeEach
    void model() throws IOException {
        CliRun.tinyClassifier(dir);
    }

    private void weights(double... w) throws IOException {
        Npy.write(dir.resolve("m/W.npy"), new NpyArray(new int[] {3, 2}, w));
    }

    private void data(String name, double... rows) throws IOException {
        Npy.write(dir.resolve(name), new NpyArray(new int[] {rows.length / 3, 3}, rows));
    }

    private CliRun seedc(String line) {
        return CliRun.of(dir, line);
    }

    private CliRun compile(String train, String more) {
        return seedc("compile {D}q.sd --model {D}m --train {D}" + train + " --test {D}d.npy --out {D}out --no-progress"
                + " --jobs 1" + more);
    }

    private void assertError(String expected, CliRun r) {
        assertEquals(1, r.status(), r.err());
        assertEquals(expected.replace("{D}", dir + "/") + "\n", r.err());
    }

    @Test
    void numericOptionsAreCheckedBeforeAnyWork() {
        // The model directory is missing: that would be the error if the options were read later.
        String compile = "compile {D}q.sd --model {D}nowhere --train {D}d.npy --test {D}d.npy --out {D}out";
        for (String drop : new String[] {"NaN", "-5", "101"}) {
            assertError("seedc: error: --max-accuracy-drop must be a number of points from 0 to 100, not "
                    + Double.parseDouble(drop), seedc(compile + " --max-accuracy-drop " + drop));
        }
        assertError("seedc: error: --jobs must be at least 1, not 0", seedc(compile + " --jobs 0"));
        assertError("seedc: error: --jobs must be at least 1, not -3",
                seedc("run {D}q.sd --model {D}nowhere --data {D}d.npy --jobs -3"));
    }

    @Test
    void anInfiniteRangeBoundIsALocatedError() throws IOException {
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0, 1e999] in\nargmax(X)\n");
        CliRun r = seedc("check {D}q.sd");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith(dir + "/q.sd:1:23: error: number 1e999 is too large\n"), r.err());
    }

    /** A literal that underflows to 0 is refused as one that overflows is; 0e-400 and 0.0 are zeros (issue 42). */
    @Test
    void aLiteralThatUnderflowsToZeroIsALocatedError() throws IOException {
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0, 1] in\nargmax(X * 1e-400)\n");
        CliRun r = seedc("check {D}q.sd");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith(dir + "/q.sd:2:12: error: number 1e-400 is too small: a double holds no"
                + " magnitude below 4.9e-324, so it would be 0 (write 0.0 if that is meant)\n"), r.err());
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0e-400, 1] in\nargmax(X * 0.0e5 + X)\n");
        assertEquals(0, seedc("check {D}q.sd").status());
    }

    @Test
    void fractionalLabelsAreAnError() throws IOException {
        data("f.npy", 0, 1, 0, 1.5, 0.5, 0.5);
        assertError("{D}f.npy: error: example 2: label 1.5 is not a class number (the model predicts 0..2)",
                seedc("run {D}q.sd --model {D}m --data {D}f.npy"));
    }

    @Test
    void labelsOutsideTheClassesAreAWarningOrWhenAllAreAnError() throws IOException {
        data("some.npy", 0, 1, 0, 7, 0.5, 0.5, -1, 0, 1);
        CliRun r = seedc("run {D}q.sd --model {D}m --data {D}some.npy");
        assertEquals(0, r.status(), r.err());
        assertEquals(dir + "/some.npy: warning: 2 of 3 labels outside the model's classes 0..2 (the first: example 2,"
                + " label 7); they count as misses\n", r.err());
        assertEquals("float accuracy: 33.33% (1/3)\n", r.out()); // row 1: W * (1, 0) = (1, 0, 1) -> 0, its label
        data("all.npy", 1, 1, 0, 3, 0.5, 0.5);
        data("all.npy", 3, 1, 0, 3, 0.5, 0.5);
        assertError("{D}all.npy: error: every label is outside the model's classes 0..2 (the first: 3); are the labels"
                + " numbered from 1, or is --labels wrong?", seedc("run {D}q.sd --model {D}m --data {D}all.npy"));
    }

    @Test
    void tinyOrEmptyTrainingSetsAreWarnedAbout() throws IOException {
        data("one.npy", 0, 1, 0);
        CliRun r = compile("one.npy", "");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains(dir + "/one.npy: warning: only 1 training example: the scales are chosen on"
                + " them, so other inputs may overflow or lose precision\n"), r.err());
        data("zeros.npy", 0, 0, 0, 2, 0, 0);
        CliRun z = compile("zeros.npy", "");
        assertTrue(z.err().contains(dir + "/zeros.npy: warning: every feature of every training example is 0"), z.err());
    }

    @Test
    void aTrainingValueFarBeyondItsColumnIsWarnedAboutAndCompiles() throws IOException {
        // Column 1 holds 1, 0.5, 0.25 (mean 0.583) and 1e300; every scale would follow the 1e300.
        data("big.npy", 0, 1, 0, 2, 0.5, 0.5, 2, 0.25, 1, 0, 1e300, 0);
        CliRun r = compile("big.npy", "");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains(dir + "/big.npy: warning: example 4: feature 1 is 1.00e+300, more than 10^6 times"
                + " the mean magnitude (0.583) of the other examples' values"), r.err());
    }

    @Test
    void anArduinoSketchFolderMustBeNamedAsItsSketch() {
        String d = dir + "/";
        CliRun r = CliRun.args("compile", d + "q.sd", "--model", d + "m", "--train", d + "d.npy", "--test", d + "d.npy",
                "--target", "arduino", "--out", d + "my sketch");
        assertEquals(1, r.status());
        assertEquals(dir + "/my sketch: error: is not a valid Arduino sketch name (letters, digits, '_', '-' and '.',"
                + " starting with a letter or digit), and the IDE opens a sketch only from a folder of its name; try"
                + " --out " + dir + "/my_sketch\n", r.err());
    }

    @Test
    void weightsFarOutsideTheirDeclaredRangeAreWarnedAbout() throws IOException {
        weights(1, 0, 0, 1e30, 1, 1);
        CliRun r = seedc("run {D}q.sd --model {D}m --data {D}d.npy");
        assertEquals(0, r.status(), r.err());
        assertEquals(dir + "/m/W.npy: warning: values lie in [0.00000, 1.00000e+30], outside the range [-1.00000,"
                + " 1.00000] the program declares for 'W'\n", r.err());
    }

    @Test
    void aConfigMeansFixedPointAndContradictsFloat() {
        assertEquals(0, compile("d.npy", "").status());
        CliRun r = seedc("run {D}q.sd --model {D}m --data {D}d.npy --config {D}out/report.json");
        assertEquals(0, r.status(), r.err());
        assertEquals("fixed-point accuracy: 100.00% (2/2)\n", r.out()); // rows: (1, 0) -> 0 and (.5, .5) -> 2
        assertError("seedc: error: --config gives a fixed-point program: use it with --encoding fixed (or leave"
                + " --encoding out)", seedc("run {D}q.sd --model {D}m --data {D}d.npy --encoding float --config"
                + " {D}out/report.json"));
    }

    @Test
    void aDeviceTooSmallForEveryProgramIsReportedBeforeTheSearch() {
        CliRun r = compile("d.npy", " --target arduino --device 2048:1000");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("seedc: error: the model does not fit the flash of 2048:1000 (2048 B RAM, 1000 B"
                + " flash) even with every value demoted to 8 bits: parameters and tables take "), r.err());
        assertTrue(r.err().contains(" B over"), r.err());
    }
}
