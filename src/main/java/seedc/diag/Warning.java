package seedc.diag;

/**
 * Something the user should know that does not stop the command (UserError's counterpart): formatted once,
 * as "FILE: warning: MESSAGE" when it is about one file, else "seedc: warning: MESSAGE", and printed by the
 * CLI on stderr.
 */
public record Warning(String where, String message) {
    public Warning(String message) {
        this(null, message);
    }

    /** A warning about one file (a data set, a model directory). */
    public static Warning inFile(Object file, String message) {
        return new Warning(String.valueOf(file), message);
    }

    public String text() {
        return (where == null ? "seedc" : where) + ": warning: " + message;
    }
}
