package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import seedc.RequiredTool;

/** Runs Python lines against scripts/fit-cycle-model loaded as the module {@code module}, for the script's tests. */
final class FitScriptModule {
    private FitScriptModule() {}

    private static final String LOAD = String.join("\n",
            "import importlib.machinery, importlib.util",
            "loader = importlib.machinery.SourceFileLoader('fit', 'scripts/fit-cycle-model')",
            "module = importlib.util.module_from_spec(importlib.util.spec_from_loader('fit', loader))",
            "loader.exec_module(module)", "");

    /** What {@code lines} print, run after the script is loaded (a failing run fails the test with its output). */
    static String run(String... lines) throws Exception {
        RequiredTool.command("/usr/bin/python3", "python3");
        RequiredTool.pythonModule("numpy", "python3-numpy");
        RequiredTool.pythonModule("scipy", "python3-scipy");
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", LOAD + String.join("\n", lines))
                .directory(Path.of(".").toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the fit script did not load in 120 s");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
