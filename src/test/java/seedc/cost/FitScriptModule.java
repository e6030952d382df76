package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import seedc.RequiredTool;

/** Runs Python lines against scripts/fit-cycle-model loaded as the module {@code module}, for the script's tests. */
final class FitScriptModule {
    private FitScriptModule() {}

    private static final String LOAD = String.join("\n",
            "import importlib.machinery, importlib.util, json, sys",
            "loader = importlib.machinery.SourceFileLoader('fit', 'scripts/fit-cycle-model')",
            "module = importlib.util.module_from_spec(importlib.util.spec_from_loader('fit', loader))",
            "loader.exec_module(module)", "");

    /**
     * What {@code lines} print on standard output, run after the script is loaded (its standard error apart, so that a
     * warning cannot mix into what a test parses; a failing run fails the test with it).
     */
    static String run(String... lines) throws Exception {
        RequiredTool.command("/usr/bin/python3", "python3");
        RequiredTool.pythonModule("numpy", "python3-numpy");
        RequiredTool.pythonModule("scipy", "python3-scipy");
        Path stderr = Files.createTempFile("seedc-fit-script-", ".txt");
        try {
            Process p = new ProcessBuilder("/usr/bin/python3", "-c", LOAD + String.join("\n", lines))
                    .directory(Path.of(".").toFile()).redirectError(stderr.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the fit script did not finish in 120 s");
            assertEquals(0, p.exitValue(), () -> "python3 failed: " + out + readOrSay(stderr));
            return out;
        } finally {
            Files.deleteIfExists(stderr);
        }
    }

    /** A Python string literal of {@code path} (single-quoted; the test's own paths hold no quote or backslash). */
    static String literal(Path path) {
        return "'" + path.toAbsolutePath() + "'";
    }

    private static String readOrSay(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
