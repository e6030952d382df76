package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;
import seedc.bench.CortexMRuns;

/**
 * Every command README.md and docs/ mark runnable is run, and its output must still read as the page shows it
 * (issue 44: "the docs cannot drift from the tool"). A runnable block is a fenced {@code console} block right after
 * a line {@code <!-- runnable -->}: lines starting with {@code $ } are commands, the lines below one its expected
 * output (stdout and stderr together). A line {@code ...} stands for any number of lines, and {@code ...} inside a
 * line for any text (figures that vary: a temporary folder's name, a time); trailing spaces do not count. A command
 * must exit 0, unless its output ends with the line {@code [exit N]}. Each block runs in a fresh folder of its own
 * holding a copy of the fixtures (src/test/resources/fixtures) and a {@code ./seedc} that runs this build's classes,
 * as one bash script (a variable set by one line is seen by the next), so nothing is written into the repository.
 * Blocks run side by side: most of their time is spent waiting on avr-gcc, simavr, Unicorn and Icarus.
 */
class RunnableDocsTest {
    static final String MARK = "<!-- runnable -->";
    private static final String COMMAND_END = "@@seedc-docs-command-end ";
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    /** One runnable block: where it is, its commands and each one's expected lines. */
    record Block(Path page, int line, List<String> commands, List<List<String>> expected) {
        String where() {
            return page + ":" + line;
        }
    }

    @Test
    void everyRunnableCommandInTheDocsStillPrintsWhatTheDocsShow(@TempDir Path dir) throws Exception {
        RequiredTool.command("gcc", "gcc");
        RequiredTool.command("make", "make");
        RequiredTool.command("avr-gcc", "gcc-avr");
        RequiredTool.command("simavr", "simavr");
        RequiredTool.command("iverilog", "iverilog");
        RequiredTool.pythonModule("numpy", "python3-numpy");
        CortexMRuns.tools();
        List<Block> blocks = new ArrayList<>();
        for (Path page : pages()) {
            blocks.addAll(blocks(page));
        }
        assertTrue(blocks.stream().filter(b -> b.page().toString().equals("README.md")).count() >= 3,
                "README's three walkthroughs are runnable: " + blocks);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, blocks.size()));
        try {
            List<Future<String>> runs = new ArrayList<>();
            for (int i = 0; i < blocks.size(); i++) {
                Block b = blocks.get(i);
                Path home = Files.createDirectories(dir.resolve("block" + i));
                runs.add(pool.submit(() -> run(b, home)));
            }
            List<String> failures = new ArrayList<>();
            for (Future<String> f : runs) {
                String failure = f.get(15, TimeUnit.MINUTES); // a hang guard, not a measurement
                if (failure != null) {
                    failures.add(failure);
                }
            }
            assertEquals(List.of(), failures);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The matching rules the docs are written to, on cases worked by hand. */
    @Test
    void ellipsesStandForLinesAndTextAndNothingElseVaries() {
        assertTrue(matches(List.of("a", "...", "d"), List.of("a", "b", "c", "d")));
        assertTrue(matches(List.of("a", "...", "b"), List.of("a", "b")), "... may stand for no line");
        assertTrue(matches(List.of("took ... s", "done"), List.of("took 3.52 s", "done  ")));
        assertFalse(matches(List.of("a", "d"), List.of("a", "b", "d")), "a line the page does not show");
        assertFalse(matches(List.of("a", "b"), List.of("a")), "a line that was not printed");
        assertFalse(matches(List.of("95.56%"), List.of("95.57%")));
        assertFalse(matches(List.of("x.y"), List.of("xzy")), "the page's text is literal, not a pattern");
    }

    /** A block whose command prints something else, or fails, is reported with what it printed. */
    @Test
    void aCommandWhoseOutputChangedOrThatFailedIsReported(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("page.md");
        Files.writeString(page, String.join("\n", "text", MARK, "```console", "$ V=two", "$ echo one; echo $V",
                "one", "two", "$ echo three", "four", "$ false", "```", "", MARK, "```console", "$ false", "[exit 1]",
                "$ cd src/test/resources/fixtures && ls -d models", "models", "```", ""));
        List<Block> blocks = blocks(page);
        assertEquals(2, blocks.size());
        assertEquals(List.of("V=two", "echo one; echo $V", "echo three", "false"), blocks.get(0).commands());
        String failure = run(blocks.get(0), Files.createDirectories(dir.resolve("a")));
        assertTrue(failure != null && failure.contains("$ echo three\n--- the page shows:\nfour\n[exit 0]\n"
                + "--- it printed:\nthree\n[exit 0]") && failure.contains("$ false\n--- the page shows:\n[exit 0]\n"
                + "--- it printed:\n[exit 1]") && !failure.contains("echo one"), failure);
        assertEquals(null, run(blocks.get(1), Files.createDirectories(dir.resolve("b"))));
    }

    /** README.md and every page under docs/. */
    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The runnable blocks of a page, in order. */
    static List<Block> blocks(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().equals(MARK)) {
                continue;
            }
            if (i + 1 >= lines.size() || !lines.get(i + 1).strip().equals("```console")) {
                fail(page + ":" + (i + 1) + ": " + MARK + " must be followed by a ```console block");
            }
            List<String> commands = new ArrayList<>();
            List<List<String>> expected = new ArrayList<>();
            int j = i + 2;
            for (; j < lines.size() && !lines.get(j).strip().equals("```"); j++) {
                String line = lines.get(j);
                if (line.startsWith("$ ")) {
                    commands.add(line.substring(2));
                    expected.add(new ArrayList<>());
                } else if (commands.isEmpty()) {
                    fail(page + ":" + (j + 1) + ": a runnable block starts with a command line ('$ ...')");
                } else {
                    expected.get(expected.size() - 1).add(line);
                }
            }
            out.add(new Block(page, i + 1, commands, expected));
            i = j;
        }
        return out;
    }

    /** Runs a block in {@code home}; null when every command printed what the page shows, else what differs. */
    static String run(Block block, Path home) throws IOException, InterruptedException {
        copyTree(FIXTURES, home.resolve(FIXTURES));
        // as the launcher runs the jar: protobuf-java's and JLine's access allowed where the JDK would warn
        int jdk = Runtime.version().feature();
        String allow = (jdk >= 22 ? " --enable-native-access=ALL-UNNAMED" : "")
                + (jdk >= 23 ? " --sun-misc-unsafe-memory-access=allow" : "");
        String launcher = "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -XX:+UseParallelGC -Xmx2g" + allow + " -cp '" + System.getProperty("java.class.path")
                + "' seedc.cli.Main \"$@\"\n";
        // Why bash writes ./seedc and not this JVM: blocks run side by side, and a process another block's thread
        // forks while this thread holds ./seedc open for writing inherits that descriptor; exec'ing ./seedc then
        // fails with "Text file busy" (ETXTBSY). The block's own single-threaded bash closes it before any command.
        StringBuilder script = new StringBuilder("cat > seedc <<'@@seedc-docs-launcher'\n").append(launcher)
                .append("@@seedc-docs-launcher\nchmod +x seedc\n");
        for (String command : block.commands()) {
            // the group keeps a comment at the command's end from swallowing the redirection
            script.append("{ ").append(command).append("\n} 2>&1\nseedc_docs_status=$?; echo; echo \"").append(COMMAND_END)
                    .append("$seedc_docs_status\"\n");
        }
        Path log = home.resolve("output.txt");
        Process p = new ProcessBuilder("bash", "-c", script.toString()).directory(home.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(15, TimeUnit.MINUTES)) { // a hang guard, not a measurement
            p.destroyForcibly();
            return block.where() + ": did not finish";
        }
        List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
        StringBuilder failures = new StringBuilder();
        int from = 0;
        for (int k = 0; k < block.commands().size(); k++) {
            int end = from;
            while (end < all.size() && !all.get(end).startsWith(COMMAND_END)) {
                end++;
            }
            if (end == all.size()) {
                return block.where() + ": the block stopped before '" + block.commands().get(k) + "'\n"
                        + String.join("\n", all);
            }
            int status = Integer.parseInt(all.get(end).substring(COMMAND_END.length()).strip());
            List<String> actual = new ArrayList<>(all.subList(from, end - 1)); // the echo's empty line
            actual.add("[exit " + status + "]");
            List<String> want = new ArrayList<>(block.expected().get(k));
            if (want.isEmpty() || !want.get(want.size() - 1).matches("\\[exit \\d+\\]")) {
                want.add("[exit 0]");
            }
            if (!matches(want, actual)) {
                failures.append(block.where()).append(": $ ").append(block.commands().get(k))
                        .append("\n--- the page shows:\n").append(String.join("\n", want))
                        .append("\n--- it printed:\n").append(String.join("\n", actual)).append('\n');
            }
            from = end + 1;
        }
        return failures.isEmpty() ? null : failures.toString();
    }

    /** Whether {@code actual} reads as {@code want}: "..." lines for any lines, "..." in a line for any text. */
    static boolean matches(List<String> want, List<String> actual) {
        return matchFrom(want, 0, actual, 0, new Boolean[want.size() + 1][actual.size() + 1]);
    }

    private static boolean matchFrom(List<String> want, int w, List<String> actual, int a, Boolean[][] memo) {
        if (memo[w][a] != null) {
            return memo[w][a];
        }
        boolean result;
        if (w == want.size()) {
            result = a == actual.size();
        } else if (want.get(w).strip().equals("...")) {
            result = matchFrom(want, w + 1, actual, a, memo) || a < actual.size() && matchFrom(want, w, actual, a + 1, memo);
        } else {
            result = a < actual.size() && lineMatches(want.get(w), actual.get(a)) && matchFrom(want, w + 1, actual, a + 1, memo);
        }
        memo[w][a] = result;
        return result;
    }

    static boolean lineMatches(String want, String actual) {
        String[] parts = want.stripTrailing().split("\\.\\.\\.", -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            regex.append(i == 0 ? "" : ".*").append(Pattern.quote(parts[i]));
        }
        return actual.stripTrailing().matches(regex.toString());
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
