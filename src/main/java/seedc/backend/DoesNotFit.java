package seedc.backend;

import seedc.diag.UserError;

/**
 * A design that does not fit its FPGA's fabric: a user error that the driver completes with what to try (demoting
 * values leaves every engine in place: a larger device is what helps). A microcontroller's flash or RAM is refused as
 * {@link seedc.diag.TooLarge}.
 */
public final class DoesNotFit extends UserError {
    /** What the program does not fit. */
    public enum Short { FABRIC }

    private final Short what;

    public DoesNotFit(Short what, String message) {
        super("seedc: error: " + message);
        this.what = what;
    }

    public Short what() {
        return what;
    }
}
