package seedc.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import seedc.diag.HeapNeed;
import seedc.diag.UserError;

/**
 * Reads a CSV or TSV file of numbers into rows.
 *
 * <p>Blank lines are skipped. The first row is a header (and skipped) only when none of its fields
 * is a number, so a mistyped number in the first data row is reported rather than silently dropped.
 * Every row, header included, must have as many fields as the first data row. Fields are trimmed
 * and may be wrapped in double quotes. Positions in messages are {@code FILE:LINE:COL}, with the
 * 1-based line number and 1-based character column; the message also names the 1-based field.
 */
final class DelimitedText {
    private DelimitedText() {}

    /** One field of a line: its trimmed text and the 1-based character column where it starts. */
    private record Field(String text, int column) {}

    static double[][] read(Path file, char delimiter) {
        return read(file, delimiter, 0, "");
    }

    /**
     * The same, every data row holding {@code expected} fields (0: as many as the first data row), {@code why} saying
     * what they are: a row of another width is refused at its own line, as the generated predictor refuses it (it
     * knows the width from the model; checking against the first row instead named another line than it does).
     */
    static double[][] read(Path file, char delimiter, int expected, String why) {
        String text = FileAccess.readText(file);
        if (text.startsWith("\uFEFF")) text = text.substring(1); // byte-order mark from spreadsheet exports
        checkHeap(file, text, delimiter);
        List<double[]> rows = new ArrayList<>();
        int columns = -1;
        int headerLine = 0;
        List<Field> header = List.of();
        int lineNo = 0;
        for (int start = 0; start < text.length(); ) {
            int end = text.indexOf('\n', start);
            if (end < 0) end = text.length();
            String line = text.substring(start, end > start && text.charAt(end - 1) == '\r' ? end - 1 : end);
            start = end + 1;
            lineNo++;
            if (line.indexOf('\0') >= 0) {
                throw new UserError(file + ":" + lineNo + ": error: contains a NUL byte; this is not a text file");
            }
            if (line.isBlank()) continue;
            List<Field> fields = split(line, delimiter);
            if (columns < 0 && headerLine == 0 && fields.stream().noneMatch(f -> isNumeric(f.text()))) {
                headerLine = lineNo;
                header = fields;
                continue;
            }
            if (expected > 0 && fields.size() != expected) {
                throw new UserError(file + ":" + lineNo + ": error: row has " + columns(fields.size()) + ", expected "
                        + expected + ": " + why);
            }
            if (columns < 0) {
                columns = fields.size();
                if (headerLine > 0 && header.size() != columns) {
                    throw new UserError(file + ":" + headerLine + ": error: header row has " + columns(header.size())
                            + ", but the first data row (line " + lineNo + ") has " + columns);
                }
            } else if (fields.size() != columns) {
                throw new UserError(file + ":" + lineNo + ": error: row has " + columns(fields.size()) + ", expected " + columns);
            }
            double[] row = new double[columns];
            for (int i = 0; i < columns; i++) row[i] = number(fields.get(i), i + 1, delimiter, file, lineNo);
            rows.add(row);
        }
        if (rows.isEmpty() && headerLine > 0) {
            throw UserError.inFile(file, "no data rows; line " + headerLine
                    + " was taken as a header because none of its fields is a number"
                    + delimiterHint(header.get(0).text(), delimiter));
        }
        if (rows.isEmpty()) throw UserError.inFile(file, "empty data set (no data rows)");
        return rows.toArray(new double[0][]);
    }

    /**
     * Refuses a text whose values the heap cannot hold beside it, before parsing them (HeapNeed's message: the bytes,
     * the heap, the remedy): each value takes 8 bytes as a row's double and 8 again split into labels and features.
     * The count is the separators and line ends, at least the values (a blank line or a header counts a few more).
     */
    private static void checkHeap(Path file, String text, char delimiter) {
        long values = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            values += c == delimiter || c == '\n' ? 1 : 0;
        }
        HeapNeed.reserve(file, file + " (" + values + " values, as loaded)", "loading its " + values + " values",
                16 * values + text.length());
    }

    /** A hint when a field contains another common separator, e.g. a ';'-separated file named .csv. */
    private static String delimiterHint(String field, char delimiter) {
        for (char c : new char[] {',', ';', '\t', '|'}) {
            if (c != delimiter && field.indexOf(c) >= 0) {
                return delimiter == ',' ? "; the fields of a .csv file must be separated by ','"
                        : "; the fields of a .tsv file must be separated by tabs";
            }
        }
        return "";
    }

    private static String columns(int n) {
        return n + (n == 1 ? " column" : " columns");
    }

    private static List<Field> split(String line, char delimiter) {
        List<Field> fields = new ArrayList<>();
        int start = 0;
        while (true) {
            int end = line.indexOf(delimiter, start);
            if (end < 0) end = line.length();
            int a = start;
            int b = end;
            while (a < b && Character.isWhitespace(line.charAt(a))) a++;
            while (b > a && Character.isWhitespace(line.charAt(b - 1))) b--;
            String f = line.substring(a, b);
            if (f.length() >= 2 && f.startsWith("\"") && f.endsWith("\"")) f = f.substring(1, f.length() - 1).strip();
            fields.add(new Field(f, a + 1));
            if (end == line.length()) return fields;
            start = end + 1;
        }
    }

    private static double number(Field f, int fieldNo, char delimiter, Path file, int lineNo) {
        String where = file + ":" + lineNo + ":" + f.column() + ": error: ";
        String s = f.text();
        if (s.isEmpty()) throw new UserError(where + "field " + fieldNo + " is empty");
        if (isNonFinite(s)) {
            String what = s.toLowerCase(Locale.ROOT).contains("nan") ? "NaN" : "infinity";
            throw new UserError(where + FileAccess.quote(s) + " in field " + fieldNo + ": " + what
                    + " is not allowed in a data set");
        }
        if (!isDecimal(s)) {
            throw new UserError(where + FileAccess.quote(s) + " in field " + fieldNo + " is not a number"
                    + delimiterHint(s, delimiter));
        }
        double d = Double.parseDouble(s);
        if (Double.isInfinite(d)) {
            throw new UserError(where + FileAccess.quote(s) + " in field " + fieldNo + " is out of range");
        }
        return d;
    }

    private static boolean isNumeric(String s) {
        return isDecimal(s) || isNonFinite(s);
    }

    /** Spellings of NaN and infinity used by numpy, pandas, C and Java. */
    private static boolean isNonFinite(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        if (t.startsWith("+") || t.startsWith("-")) t = t.substring(1);
        return t.equals("nan") || t.equals("inf") || t.equals("infinity");
    }

    /**
     * A plain decimal such as {@code -1}, {@code 2.}, {@code .5} or {@code 6.02e23}. Stricter than
     * {@link Double#parseDouble}, which also takes {@code 1f}, {@code 1d} and hexadecimal.
     */
    static boolean isDecimal(String s) {
        int i = 0;
        int n = s.length();
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) { i++; digits++; }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) { i++; digits++; }
        }
        if (digits == 0) return false;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int exp = 0;
            while (i < n && isDigit(s.charAt(i))) { i++; exp++; }
            if (exp == 0) return false;
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
