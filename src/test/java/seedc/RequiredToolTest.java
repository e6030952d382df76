package seedc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A missing tool fails under CI and is a skip naming the tool and its package elsewhere. */
class RequiredToolTest {
    @Test
    void aMissingToolFailsInCiAndSkipsNamingItElsewhere() {
        AssertionFailedError ci = assertThrows(AssertionFailedError.class,
                () -> RequiredTool.missing("frobnicate", "frob-tools", true));
        assertTrue(ci.getMessage().startsWith("CI=true: frobnicate is missing (Debian package frob-tools;"),
                ci.getMessage());
        TestAbortedException local = assertThrows(TestAbortedException.class,
                () -> RequiredTool.missing("frobnicate", "frob-tools", false));
        assertTrue(local.getMessage().contains("frobnicate is missing (Debian package frob-tools;"), local.getMessage());
    }

    @Test
    void toolsAreFoundOnThePathOrByTheirPath() {
        // sh is on every PATH of a POSIX system; a name with a slash is taken as a path
        assertTrue(RequiredTool.onPath("sh"));
        assertTrue(RequiredTool.onPath("/bin/sh"));
        assertEquals(false, RequiredTool.onPath("seedc-no-such-tool-45"));
        assertEquals(false, RequiredTool.onPath("/nonexistent/seedc-no-such-tool-45"));
    }
}
