package seedc.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.function.Executable;
import seedc.diag.UserError;

/** Assertions about user errors. */
final class Expect {
    private Expect() {}

    /** Asserts that {@code action} throws exactly a {@link UserError} with exactly {@code message}. */
    static void userError(String message, Executable action) {
        UserError e = assertThrows(UserError.class, action);
        assertEquals(UserError.class, e.getClass());
        assertEquals(message, e.getMessage());
    }
}
