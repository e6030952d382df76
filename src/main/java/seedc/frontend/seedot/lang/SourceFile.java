package seedc.frontend.seedot.lang;

import seedc.diag.Pos;
import java.util.List;
import seedc.diag.UserError;

/** A program's text and the name it is reported under; formats positioned diagnostics. */
public record SourceFile(String name, String text) {

    public List<String> lines() {
        return text.lines().toList();
    }

    /** "file:line:col: error: message" followed by the offending line and a caret. */
    public String format(Pos pos, String message) {
        StringBuilder sb = new StringBuilder();
        sb.append(name).append(':').append(pos.line()).append(':').append(pos.col())
          .append(": error: ").append(message);
        List<String> lines = lines();
        if (pos.line() >= 1 && pos.line() <= lines.size()) {
            String line = lines.get(pos.line() - 1);
            sb.append('\n').append(line.replace('\t', ' ')).append('\n');
            sb.append(" ".repeat(Math.max(0, Math.min(pos.col() - 1, line.length())))).append('^');
        }
        return sb.toString();
    }

    public UserError error(Pos pos, String message) {
        return new UserError(format(pos, message));
    }
}
