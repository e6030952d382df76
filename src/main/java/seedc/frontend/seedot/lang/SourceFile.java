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
            String line = lines.get(pos.line() - 1).replace('\t', ' ');
            int caret = Math.max(0, Math.min(pos.col() - 1, line.length()));
            if (line.length() > SHOWN) { // a machine-made one-line program: show the part around the column
                int start = Math.max(0, Math.min(caret - SHOWN / 2, line.length() - SHOWN));
                String head = start > 0 ? "..." : "", tail = start + SHOWN < line.length() ? "..." : "";
                line = head + line.substring(start, start + SHOWN) + tail;
                caret = caret - start + head.length();
            }
            sb.append('\n').append(line).append('\n').append(" ".repeat(caret)).append('^');
        }
        return sb.toString();
    }

    /** The most characters of a source line an error shows (a 1 MiB line would otherwise be printed whole). */
    static final int SHOWN = 240;

    public UserError error(Pos pos, String message) {
        return new UserError(format(pos, message));
    }
}
