package seedc.backend;

import seedc.diag.UserError;

/** A program that does not fit its device: a user error that the command line may complete with what to try. */
public final class DoesNotFit extends UserError {
    public DoesNotFit(String message) {
        super("seedc: error: " + message);
    }
}
