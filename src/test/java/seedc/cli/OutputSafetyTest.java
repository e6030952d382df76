package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;

/** Issue 11's lost-file defects as regression cases: no user file is overwritten, no output is mixed or half. */
class OutputSafetyTest {
    record Run(int status, String out, String err) {}

    @TempDir
    Path dir;

    @BeforeEach
    void model() throws IOException {
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0, 1] in\nlet W = (3, 2) in [-1, 1] in\nargmax(W * X)\n");
        Files.createDirectories(dir.resolve("m"));
        Npy.write(dir.resolve("m/W.npy"), new NpyArray(new int[] {3, 2}, new double[] {1, 0, 0, 1, 1, 1}));
        Npy.write(dir.resolve("d.npy"), new NpyArray(new int[] {2, 3}, new double[] {0, 1, 0, 2, 0.5, 0.5}));
    }

    private Run seedc(String line) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int status = Main.execute(line.replace("{D}", dir + "/").split(" "), new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Run(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private Run compile(String out, String more) {
        return seedc("compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --jobs 1 --no-progress --out " + out
                + more);
    }

    private List<String> files(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aUserFolderWithAReportJsonIsNotTakenForSeedcs() throws IOException {
        Path p = Files.createDirectories(dir.resolve("p"));
        Files.writeString(p.resolve("report.json"), "{}");
        Files.writeString(p.resolve("Makefile"), "mine");
        Run r = compile(p.toString(), "");
        assertEquals(1, r.status());
        assertEquals(p + ": error: exists, is not empty and was not written by seedc (it has no .seedc-output"
                + " marker); give a new or empty directory (seedc never overwrites files it did not write)\n", r.err());
        assertEquals("mine", Files.readString(p.resolve("Makefile")));
        assertEquals("{}", Files.readString(p.resolve("report.json")));
        assertEquals(List.of("Makefile", "report.json"), files(p));
    }

    @Test
    void aRecompileForAnotherTargetReplacesTheWholeFolder() throws IOException {
        Path out = dir.resolve("out");
        assertEquals(0, compile(out.toString(), " --target x86").status());
        assertTrue(Files.exists(out.resolve("main.c")));
        Run r = compile(out.toString(), " --target arduino");
        assertEquals(0, r.status(), r.err());
        assertFalse(Files.exists(out.resolve("main.c")), "the x86 predictor's main.c is gone");
        assertFalse(Files.exists(out.resolve("predict.c")));
        assertTrue(Files.exists(out.resolve("predict.cpp")));
        assertEquals(List.of("m", "out", "q.sd", "d.npy").stream().sorted().toList(), files(dir),
                "no temporary or lock file is left beside it");
    }

    @Test
    void aFailedCompileLeavesNothing() throws IOException {
        Files.writeString(dir.resolve("bad.sd"), "let X = (2, 1) in [0, 1] in\nargmax(W * X)\n");
        Run r = seedc("compile {D}bad.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}out");
        assertEquals(1, r.status());
        assertFalse(Files.exists(dir.resolve("out")));
        assertEquals(List.of("bad.sd", "d.npy", "m", "q.sd"), files(dir));
    }

    @Test
    void anEarlierOutputHoldingAnInputIsNotReplaced() throws IOException {
        Path out = dir.resolve("out");
        assertEquals(0, compile(out.toString(), "").status());
        Files.copy(dir.resolve("d.npy"), out.resolve("d.npy"));
        Run r = seedc("compile {D}q.sd --model {D}m --train {D}out/d.npy --test {D}d.npy --jobs 1 --out {D}out");
        assertEquals(1, r.status());
        assertEquals(out + ": error: holds " + out.resolve("d.npy") + ", an input of this run; give another"
                + " output directory\n", r.err());
        assertTrue(Files.exists(out.resolve("d.npy")));
    }

    @Test
    void aSecondSeedcWritingTheSameFolderFailsClearly() throws IOException {
        Path lock = dir.resolve(".out.seedc-lock");
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = ch.tryLock()) {
            Run r = compile(dir.resolve("out").toString(), "");
            assertEquals(1, r.status());
            assertEquals(dir.resolve("out") + ": error: another seedc is writing this directory now; wait for"
                    + " it or give another directory\n", r.err());
        }
    }

    @Test
    void anOutFolderThatCannotBeCreatedIsAUserError() throws IOException {
        Files.writeString(dir.resolve("file"), "x");
        Run r = compile(dir.resolve("file/out").toString(), "");
        assertEquals(1, r.status(), r.err());
        assertTrue(r.err().startsWith(dir.resolve("file/out") + ": error: cannot be created: "), r.err());
        Run onFile = compile(dir.resolve("file").toString(), "");
        assertEquals(dir.resolve("file") + ": error: exists and is not a directory\n", onFile.err());
    }

    @Test
    void predictionsNeverOverwriteAnInputOfTheRun() throws IOException {
        byte[] data = Files.readAllBytes(dir.resolve("d.npy"));
        for (String target : List.of("d.npy", "q.sd", "m/W.npy")) {
            Run r = seedc("run {D}q.sd --model {D}m --data {D}d.npy --predictions {D}" + target);
            assertEquals(1, r.status(), target);
            assertTrue(r.err().contains(": is an input of this run"), r.err());
        }
        assertTrue(java.util.Arrays.equals(data, Files.readAllBytes(dir.resolve("d.npy"))));
        Run ok = seedc("run {D}q.sd --model {D}m --data {D}d.npy --predictions {D}p.txt");
        assertEquals(0, ok.status(), ok.err());
        // W * (1, 0) = (1, 0, 1): the first maximum, 0; W * (0.5, 0.5) = (0.5, 0.5, 1): 2.
        assertEquals("0\n2\n", Files.readString(dir.resolve("p.txt")));
    }

    @Test
    void demoRefusesAUserFolderAndAFile() throws IOException {
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "keep");
        Run r = seedc("demo --out " + mine);
        assertEquals(1, r.status());
        assertTrue(r.err().contains("exists, is not empty and was not written by seedc"), r.err());
        assertEquals(List.of("notes.txt"), files(mine));
        Run onFile = seedc("demo --out {D}q.sd");
        assertEquals(1, onFile.status());
        assertEquals(dir.resolve("q.sd") + ": error: exists and is not a directory\n", onFile.err());
    }
}
