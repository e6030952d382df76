package seedc.diag;

/**
 * A mistake in something the user gave us (a program, a weight file, a data set, an option).
 * The message is complete and ready to print ("file:line:col: error: ..." or "file: error: ...");
 * the CLI prints it without a stack trace and exits with status 1.
 */
public class UserError extends RuntimeException {
    public UserError(String message) {
        super(message, null, false, false);
    }

    /** An error about no one file (an option, a combination of inputs): "seedc: error: MESSAGE". */
    public static UserError of(String message) {
        return new UserError("seedc: error: " + message);
    }

    /** An error about a whole file: "FILE: error: MESSAGE". */
    public static UserError inFile(Object file, String message) {
        return new UserError(file + ": error: " + message);
    }
}
