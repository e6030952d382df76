package seedc;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The one place a test meets a missing outside tool (issue 45: "a missing tool is a failure in CI, never a skip;
 * locally a skip names the tool"). Under {@code CI=true} (set by .ci/run) a missing tool fails the test; elsewhere
 * the test is skipped with the tool's name and the Debian package that gives it, so a green CI run means every
 * test ran. ./run-tests installs every package named here.
 */
public final class RequiredTool {
    private RequiredTool() {}

    /** True when the environment says this is a CI run ({@code CI=true}, as .ci/run and most CI services set). */
    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /**
     * The command {@code tool} (a name looked up on PATH, or an absolute path) must be executable: else the test
     * fails under CI and is skipped elsewhere, naming the tool and {@code debianPackage}. Nothing is run: some
     * tools (iverilog) answer no --version.
     */
    public static void command(String tool, String debianPackage) {
        if (!onPath(tool)) {
            missing(tool, debianPackage, inCi());
        }
    }

    /** The file {@code file} (a header, a data set a package installs) must exist; as {@link #command}. */
    public static void file(Path file, String debianPackage) {
        if (!Files.exists(file)) {
            missing(file.toString(), debianPackage, inCi());
        }
    }

    /** {@code python3 -c "import module"} must succeed; as {@link #command}. */
    public static void pythonModule(String module, String debianPackage) {
        command("python3", "python3");
        boolean ok;
        try {
            Process p = new ProcessBuilder("python3", "-c", "import " + module).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            ok = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            ok = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ok = false;
        }
        if (!ok) {
            missing("the Python module " + module, debianPackage, inCi());
        }
    }

    /** Whether {@code tool} is an executable path, or a name found executable in a PATH folder. */
    public static boolean onPath(String tool) {
        if (tool.contains("/")) {
            return Files.isExecutable(Path.of(tool));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String folder : path.split(File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, tool))) {
                return true;
            }
        }
        return false;
    }

    /** The message both outcomes give. */
    static String message(String what, String debianPackage) {
        return what + " is missing (Debian package " + debianPackage + "; ./run-tests installs it)";
    }

    /**
     * A tool found missing otherwise (a check of its own, an install that failed): fails under CI, else skips; as
     * {@link #command}.
     */
    public static void missing(String what, String debianPackage) {
        missing(what, debianPackage, inCi());
    }

    /** Fails when {@code ci}, else aborts the test (a skip); both name {@code what} and its package. */
    static void missing(String what, String debianPackage, boolean ci) {
        String message = message(what, debianPackage);
        if (ci) {
            fail("CI=true: " + message + "; in CI a missing tool fails the test instead of skipping it");
        }
        Assumptions.abort("skipped: " + message);
    }
}
