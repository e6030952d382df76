package seedc.diag;

/**
 * Something the user should know that does not stop the command (UserError's counterpart): formatted once,
 * as "seedc: warning: MESSAGE", and printed by the CLI on stderr.
 */
public record Warning(String message) {
    public String text() {
        return "seedc: warning: " + message;
    }
}
