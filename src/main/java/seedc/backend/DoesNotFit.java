package seedc.backend;

import seedc.diag.UserError;

/**
 * A program that does not fit its device: a user error that the command line may complete with what to try, which
 * depends on what is short: a microcontroller's flash (Shiftry can demote values until the model fits) or an FPGA's
 * fabric (demoting values leaves every engine in place: a larger device is what helps).
 */
public final class DoesNotFit extends UserError {
    /** What the program does not fit. */
    public enum Short { FLASH, FABRIC }

    private final Short what;

    public DoesNotFit(Short what, String message) {
        super("seedc: error: " + message);
        this.what = what;
    }

    public Short what() {
        return what;
    }
}
