package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;

/**
 * The stages' progress bars as a user sees them, from a separate JVM (the bars go to the process's own stderr)
 * with every bar asked to appear at once (seedc.progress.delayMillis=0), so nothing depends on timing: with its
 * output in files, 'seedc compile' and 'seedc run' draw nothing; on a terminal (util-linux's script gives one),
 * compile draws one bar per stage and stage IV's bar ends at its total once.
 */
class ProgressOutputTest {
    private static final Path FIXTURE = FixtureAccuracyTest.modelDir("protonn-wine-3");

    @TempDir
    Path dir;

    /** The command line of seedc in a new JVM on the test's class path. */
    private static List<String> seedc(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dseedc.progress.delayMillis=0",
                "-cp", System.getProperty("java.class.path"), "seedc.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private List<String> compile(String out) {
        return seedc("compile", FIXTURE.resolve("input.sd").toString(), "--model", FIXTURE.toString(),
                "--train", FIXTURE.resolve("train.npy").toString(), "--test", FIXTURE.resolve("test.npy").toString(),
                "--out", dir.resolve(out).toString(), "--jobs", "2");
    }

    /** Runs {@code cmd} with stdin from /dev/null and stdout and stderr in files; both, after exit 0. */
    private String run(List<String> cmd) throws IOException, InterruptedException {
        Path out = dir.resolve("stdout.txt"), err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "seedc did not finish");
        String both = Files.readString(out) + Files.readString(err);
        assertEquals(0, p.exitValue(), both);
        return both;
    }

    /** Bar characters: the library's carriage returns, frame and blocks. */
    private static boolean hasBar(String s) {
        return s.contains("\r") || s.contains("│") || s.contains("█");
    }

    @Test
    void noBarWhenTheOutputIsNotATerminal() throws Exception {
        String compile = run(compile("out"));
        assertTrue(compile.contains("time per stage"), compile);
        assertFalse(hasBar(compile), compile);
        String runOutput = run(seedc("run", FIXTURE.resolve("input.sd").toString(), "--model", FIXTURE.toString(),
                "--data", FIXTURE.resolve("test.npy").toString()));
        assertTrue(runOutput.startsWith("float accuracy: "), runOutput);
        assertFalse(hasBar(runOutput), runOutput);
    }

    @Test
    void oneBarPerStageOnATerminal() throws Exception {
        RequiredTool.command("/usr/bin/script", "bsdutils"); // util-linux's script gives the terminal
        String command = String.join(" ", compile("tty").stream().map(a -> "'" + a + "'").toList());
        String terminal = run(List.of("/usr/bin/script", "-qec", command, "/dev/null"));
        assertTrue(hasBar(terminal), terminal);
        for (String stage : List.of("load", "profile", "float runs", "stage II: input scale",
                "stage III: demote each value", "stage IV: cumulative demotion", "fixed runs", "emit")) {
            assertTrue(terminal.contains(stage + " "), stage + " has no bar:\n" + terminal);
        }
        // Stage IV: one bar for all its demotions (it was one bar of 1 step per demotion), drawn with one total.
        Matcher m = Pattern.compile("stage IV: cumulative demotion[^\r\n]*? (\\d+)/(\\d+) \\(").matcher(terminal);
        Set<String> totals = new HashSet<>();
        while (m.find()) {
            totals.add(m.group(2));
        }
        assertEquals(1, totals.size(), terminal);
        assertTrue(Integer.parseInt(totals.iterator().next()) > 1, terminal);
    }
}
