package seedc.bench;

import org.junit.jupiter.api.Assumptions;

/**
 * A tool a test needs is missing: under continuous integration ({@code CI=true}) a failure, so that a green build
 * never hides an untested target; elsewhere a skip whose reason names the tool.
 */
public final class MissingTool {
    private MissingTool() {}

    /** Whether this run is continuous integration's (the environment variable CI is "true"). */
    public static boolean underCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Fails (CI) or aborts the test (elsewhere) with {@code what}, which names the tool and its package. */
    public static <T> T fail(String what) {
        if (underCi()) {
            throw new AssertionError("CI=true and a tool is missing: " + what);
        }
        Assumptions.abort("skipped, a tool is missing: " + what);
        throw new AssertionError("unreachable");
    }
}
