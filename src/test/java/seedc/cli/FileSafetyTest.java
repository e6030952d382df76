package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 42's lost-file cases: links into outputs, devices and FIFOs as outputs, the user's files in an output. */
class FileSafetyTest {
    @TempDir
    Path dir;

    @BeforeEach
    void model() throws IOException {
        CliRun.tinyClassifier(dir);
    }

    private CliRun compile(String out, String more) {
        return CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --jobs 1 --no-progress"
                + " --out " + out + more);
    }

    private Path earlierOutput() throws IOException {
        Path out = dir.resolve("out");
        CliRun r = compile(out.toString(), " --target x86");
        assertEquals(0, r.status(), r.err());
        return out;
    }

    /** The file type as `stat` names it, independently of seedc's own RealPaths. */
    private static String type(Path p) throws Exception {
        Process st = new ProcessBuilder("stat", "-c", "%F", p.toString()).start();
        String t = new String(st.getInputStream().readAllBytes()).strip();
        assertEquals(0, st.waitFor());
        return t;
    }

    private Path fifo(String name) throws Exception {
        Path p = dir.resolve(name);
        assertEquals(0, new ProcessBuilder("mkfifo", p.toString()).start().waitFor());
        return p;
    }

    @ParameterizedTest(name = "--{0}")
    @ValueSource(strings = {"train", "test", "model"})
    void anInputLinkedIntoTheOutputIsRefused(String option) throws Exception {
        Path out = earlierOutput();
        byte[] data = Files.readAllBytes(dir.resolve("d.npy"));
        Files.copy(dir.resolve("d.npy"), out.resolve("d.npy"));
        Files.copy(dir.resolve("m/W.npy"), out.resolve("W.npy"));
        Path link = option.equals("model") ? Files.createSymbolicLink(dir.resolve("ml"), out)
                : Files.createSymbolicLink(dir.resolve("dl.npy"), out.resolve("d.npy"));
        String line = "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --jobs 1 --out {D}out"
                .replace("--" + option + " {D}" + (option.equals("model") ? "m" : "d.npy"), "--" + option + " " + link);
        CliRun r = CliRun.of(dir, line);
        assertEquals(1, r.status());
        String real = option.equals("model") ? out.toString() : out.resolve("d.npy").toString();
        assertEquals(out + ": error: holds " + real + " (which " + link + " links to), an input of this run; give"
                + " another output directory\n", r.err());
        assertArrayEquals(data, Files.readAllBytes(out.resolve("d.npy")));
        assertTrue(Files.exists(out.resolve("main.c")), "the earlier output is left as it was");
    }

    @Test
    void aLinkInTheModelFolderCountsToo() throws Exception {
        Path out = earlierOutput();
        Files.move(dir.resolve("m/W.npy"), out.resolve("W.npy"));
        Files.createSymbolicLink(dir.resolve("m/W.npy"), out.resolve("W.npy"));
        CliRun r = compile(out.toString(), "");
        assertEquals(1, r.status());
        assertEquals(out + ": error: holds " + out.resolve("W.npy") + " (which " + dir.resolve("m/W.npy")
                + " links to), an input of this run; give another output directory\n", r.err());
        assertTrue(Files.isRegularFile(out.resolve("W.npy"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void predictionsOntoALinkToADeviceAreRefused() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("p.txt"), Path.of("/dev/null"));
        CliRun r = CliRun.of(dir, "run {D}q.sd --model {D}m --data {D}d.npy --predictions " + link);
        assertEquals(1, r.status());
        assertEquals(link + ": error: is a link to /dev/null, a character device, not a regular file; seedc writes"
                + " only regular files or new paths (replacing it would destroy it)\n", r.err());
        assertEquals("", r.out(), "refused before the run");
        assertEquals("character special file", type(Path.of("/dev/null")));
        assertEquals(Path.of("/dev/null"), Files.readSymbolicLink(link));
    }

    @Test
    void predictionsAndParetoOntoAFifoAreRefused() throws Exception {
        Path fifo = fifo("p.fifo");
        String message = fifo + ": error: is a FIFO (named pipe), not a regular file; seedc writes only regular files"
                + " or new paths (replacing it would destroy it)\n";
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            CliRun run = CliRun.of(dir, "run {D}q.sd --model {D}m --data {D}d.npy --predictions " + fifo);
            assertEquals(1, run.status());
            assertEquals(message, run.err());
            CliRun pareto = compile(dir.resolve("out").toString(), " --pareto " + fifo);
            assertEquals(1, pareto.status());
            assertEquals(message, pareto.err());
        });
        assertEquals("fifo", type(fifo));
        assertFalse(Files.exists(dir.resolve("out")), "refused before anything was written");
    }

    @Test
    void predictionsThroughALinkToAFileReplaceThatFileAndKeepTheLink() throws Exception {
        Path real = Files.writeString(dir.resolve("real.txt"), "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("p.txt"), real);
        CliRun r = CliRun.of(dir, "run {D}q.sd --model {D}m --data {D}d.npy --predictions " + link);
        assertEquals(0, r.status(), r.err());
        assertEquals("0\n2\n", Files.readString(real)); // argmax of (1, 0, 1) and of (.5, .5, 1)
        assertEquals(real, Files.readSymbolicLink(link));
        Files.delete(real);
        CliRun dangling = CliRun.of(dir, "run {D}q.sd --model {D}m --data {D}d.npy --predictions " + link);
        assertEquals(1, dangling.status());
        assertEquals(link + ": error: is a symbolic link to a path that does not exist; give a regular file or a new"
                + " path\n", dangling.err());
    }

    @Test
    void aRecompileIntoAnOutputHoldingTheUsersFilesIsRefused() throws Exception {
        Path out = earlierOutput();
        Files.writeString(out.resolve("notes.txt"), "mine\n");
        String mainC = Files.readString(out.resolve("main.c")) + "/* my edit */\n";
        Files.writeString(out.resolve("main.c"), mainC);
        Files.createDirectories(out.resolve("data"));
        CliRun r = compile(out.toString(), " --target x86");
        assertEquals(1, r.status());
        assertEquals(out + ": error: holds 3 files seedc did not write: data/, main.c (changed since seedc wrote it),"
                + " notes.txt; seedc replaces its output folders as a whole and never deletes your files: move them"
                + " out, or give another directory\n", r.err());
        assertEquals("mine\n", Files.readString(out.resolve("notes.txt")));
        assertEquals(mainC, Files.readString(out.resolve("main.c")));
        assertTrue(Files.isDirectory(out.resolve("data")));
        Files.delete(out.resolve("notes.txt"));
        Files.delete(out.resolve("main.c"));
        Files.delete(out.resolve("data"));
        CliRun again = compile(out.toString(), " --target x86");
        assertEquals(0, again.status(), "a file seedc wrote and the user deleted is no reason to refuse: " + again.err());
    }

    /** What `make` builds from seedc's own Makefile is seedc's; built from an edited Makefile it is the user's. */
    @Test
    void whatSeedcsMakefileBuildsIsReplacedWithTheFolder() throws Exception {
        Path out = earlierOutput();
        Files.writeString(out.resolve("predictor"), "a binary make built\n");
        CliRun r = compile(out.toString(), " --target x86");
        assertEquals(0, r.status(), r.err());
        assertFalse(Files.exists(out.resolve("predictor")));
        Files.writeString(out.resolve("predictor"), "a binary make built\n");
        Files.writeString(out.resolve("Makefile"), "# mine\n", java.nio.file.StandardOpenOption.APPEND);
        CliRun edited = compile(out.toString(), " --target x86");
        assertEquals(1, edited.status());
        assertTrue(edited.err().startsWith(out + ": error: holds 2 files seedc did not write: Makefile (changed since"
                + " seedc wrote it), predictor;"), edited.err());
    }

    @Test
    void anOutputOfAnEarlierSeedcWithoutAListIsRefused() throws Exception {
        Path out = Files.createDirectories(dir.resolve("old"));
        Files.writeString(out.resolve(".seedc-output"), "This folder was written by seedc. Writing to it again with"
                + " seedc replaces it as a whole.\n");
        Files.writeString(out.resolve("main.c"), "edited\n");
        CliRun r = compile(out.toString(), "");
        assertEquals(1, r.status());
        assertEquals(out + ": error: was written by an earlier seedc, which kept no list of its files, so seedc"
                + " cannot tell yours from its own; move out what you want to keep and delete it, or give another"
                + " directory\n", r.err());
        assertEquals("edited\n", Files.readString(out.resolve("main.c")));
    }

    @Test
    void anOutLinkWritesTheFolderItNamesAndKeepsTheLink() throws Exception {
        Path out = earlierOutput();
        Path link = Files.createSymbolicLink(dir.resolve("outlink"), out);
        CliRun r = compile(link.toString(), " --target arduino");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.exists(out.resolve("predict.cpp")), "the arduino build replaced the x86 one in " + out);
        assertFalse(Files.exists(out.resolve("main.c")));
    }

    @Test
    void aStaleLockAndTemporaryFolderAreNotedAndRemoved() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path lock = Files.writeString(dir.resolve(".out.seedc-lock"), gone.pid() + "\n");
        Path temp = Files.createDirectories(dir.resolve(".out.seedc-tmp-123/out"));
        CliRun r = compile(dir.resolve("out").toString(), "");
        assertEquals(0, r.status(), r.err());
        Path out = dir.resolve("out");
        assertTrue(r.err().contains(out + ": note: removed a stale lock, " + lock + ", left by seedc process "
                + gone.pid() + ", which is no longer running\n"), r.err());
        assertTrue(r.err().contains(out + ": note: removed " + temp.getParent() + ", left by an interrupted seedc\n"),
                r.err());
        assertEquals(List.of("d.npy", "m", "out", "q.sd"), names(dir));
    }

    @Test
    void aLockThatIsALinkOrAFifoIsRefusedAndKept() throws Exception {
        Path mine = Files.writeString(dir.resolve("mine.txt"), "mine\n");
        Path lock = Files.createSymbolicLink(dir.resolve(".out.seedc-lock"), mine);
        CliRun r = compile(dir.resolve("out").toString(), "");
        assertEquals(1, r.status());
        assertEquals(dir.resolve("out") + ": error: cannot be locked: " + lock + " is a symbolic link, not a lock seedc"
                + " wrote; remove it\n", r.err());
        assertEquals("mine\n", Files.readString(mine));
        assertTrue(Files.isSymbolicLink(lock));
        Files.delete(lock);
        fifo(".out.seedc-lock");
        CliRun onFifo = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> compile(dir.resolve("out").toString(), ""));
        assertEquals(dir.resolve("out") + ": error: cannot be locked: " + lock + " is a FIFO (named pipe), not a lock"
                + " seedc wrote; remove it\n", onFifo.err());
        assertEquals("fifo", type(lock));
    }

    @Test
    void demoOntoAnEarlierOutputReplacesIt() throws Exception {
        Path out = earlierOutput();
        CliRun r = CliRun.of(dir, "demo --out " + out);
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of(".seedc-output", "out", DemoCommand.EXAMPLE), names(out), "none of the x86 build is left");
        Files.writeString(out.resolve("notes.txt"), "mine\n");
        CliRun again = CliRun.of(dir, "demo --out " + out);
        assertEquals(1, again.status());
        assertTrue(again.err().startsWith(out + ": error: holds a file seedc did not write: notes.txt;"), again.err());
        assertEquals("mine\n", Files.readString(out.resolve("notes.txt")));
    }

    @Test
    void importRefusesItsInputLinkedIntoTheOutput() throws Exception {
        Path onnx = Path.of("src/test/resources/fixtures/onnx/mlp-digits-10.onnx").toAbsolutePath();
        Path imp = dir.resolve("imp");
        CliRun first = CliRun.args("import", onnx.toString(), "--out", imp.toString());
        assertEquals(0, first.status(), first.err());
        Files.copy(onnx, imp.resolve("model.onnx"));
        Path link = Files.createSymbolicLink(dir.resolve("model.onnx"), imp.resolve("model.onnx"));
        CliRun r = CliRun.args("import", link.toString(), "--out", imp.toString());
        assertEquals(1, r.status());
        assertEquals(imp + ": error: holds " + imp.resolve("model.onnx") + " (which " + link + " links to), an input"
                + " of this run; give another output directory\n", r.err());
        assertArrayEquals(Files.readAllBytes(onnx), Files.readAllBytes(imp.resolve("model.onnx")));
    }

    @Test
    void aParetoCsvInsideTheOutputIsListedAsSeedcs() throws Exception {
        Path out = dir.resolve("out");
        for (int run = 1; run <= 2; run++) {
            CliRun r = compile(out.toString(), " --pareto " + out.resolve("frontier.csv"));
            assertEquals(0, r.status(), "run " + run + ": " + r.err());
        }
        assertTrue(Files.isRegularFile(out.resolve("frontier.csv")));
        assertTrue(Files.readString(out.resolve(".seedc-output")).contains("  frontier.csv\n"));
    }

    /** bench wrote --pareto inside --out before its commit replaced the folder, which dropped the CSV. */
    @Test
    void benchKeepsAParetoCsvInsideItsOutput() throws Exception {
        Path out = dir.resolve("b");
        for (int run = 1; run <= 2; run++) {
            CliRun r = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --examples 2"
                    + " --no-float --no-progress --jobs 1 --out {D}b --pareto {D}b/front.csv");
            assertEquals(0, r.status(), "run " + run + ": " + r.err());
            assertTrue(Files.readString(out.resolve("front.csv")).contains(",measured_cycles,"), "run " + run);
        }
        assertTrue(Files.readString(out.resolve(".seedc-output")).contains("  front.csv\n"));
    }

    /**
     * A compile stopped by SIGTERM while it holds the folder (its --train is a FIFO nobody writes, so it waits
     * inside the lock): the shutdown hook removes the lock and the hidden sibling; the earlier output is untouched.
     */
    @Test
    void anInterruptedRunLeavesNoSiblings() throws Exception {
        Path out = earlierOutput();
        byte[] mainC = Files.readAllBytes(out.resolve("main.c"));
        Path train = fifo("train.npy");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "seedc.cli.Main", "compile",
                dir.resolve("q.sd").toString(), "--model", dir.resolve("m").toString(), "--train", train.toString(),
                "--test", dir.resolve("d.npy").toString(), "--target", "x86", "--jobs", "1", "--no-progress", "--out",
                out.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
            while (names(dir).stream().noneMatch(n -> n.startsWith(".out.seedc-tmp-")) && System.nanoTime() < deadline) {
                assertTrue(p.isAlive(), "the compile ended before it took the folder");
                Thread.sleep(100);
            }
            assertTrue(names(dir).contains(".out.seedc-lock"), names(dir).toString());
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertEquals(List.of("d.npy", "m", "out", "q.sd", "train.npy"), names(dir));
        assertArrayEquals(mainC, Files.readAllBytes(out.resolve("main.c")));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
