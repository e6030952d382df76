package seedc.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.diag.UserError;

/**
 * The header dict of a .npy file, e.g. {@code {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }}.
 *
 * <p>numpy writes it as a Python literal and reads it with {@code ast.literal_eval}; we only need
 * strings, booleans, integers and tuples, so a small hand parser suffices. It accepts any whitespace,
 * trailing commas, either quote style and Python 2's {@code 3L} integers, and requires exactly the
 * three keys numpy writes.
 */
record NpyHeader(Object descr, boolean fortranOrder, int[] shape) {
    private static final List<String> KEYS = List.of("descr", "fortran_order", "shape");

    static NpyHeader parse(String text, Path file) {
        Map<String, Object> dict = new Parser(text, file).dict();
        for (String key : KEYS) {
            if (!dict.containsKey(key)) throw malformed(file, "missing key '" + key + "'");
        }
        if (!(dict.get("fortran_order") instanceof Boolean fortran)) {
            throw malformed(file, "'fortran_order' must be True or False");
        }
        return new NpyHeader(dict.get("descr"), fortran, shape(dict.get("shape"), file));
    }

    /** The header numpy would write for a C-order array, without padding. */
    static String format(String descr, int[] shape) {
        StringBuilder sb = new StringBuilder("{'descr': '").append(descr).append("', 'fortran_order': False, 'shape': (");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(shape[i]);
        }
        if (shape.length == 1) sb.append(',');
        return sb.append("), }").toString();
    }

    private static int[] shape(Object value, Path file) {
        // A parenthesised single int, "(3)", is an int in Python; accept it as rank 1 anyway.
        List<?> dims = value instanceof List<?> l ? l : value instanceof Long ? List.of(value) : null;
        if (dims == null) throw malformed(file, "'shape' must be a tuple of integers");
        int[] shape = new int[dims.size()];
        for (int i = 0; i < shape.length; i++) {
            if (!(dims.get(i) instanceof Long d)) throw malformed(file, "'shape' must be a tuple of integers");
            if (d < 0) throw malformed(file, "'shape' has a negative dimension, " + d);
            if (d > Integer.MAX_VALUE) throw UserError.inFile(file, "array dimension " + d + " is too large");
            shape[i] = d.intValue();
        }
        return shape;
    }

    static UserError malformed(Path file, String detail) {
        return UserError.inFile(file, "malformed .npy header: " + detail);
    }

    /**
     * Recursive-descent parser over the header text. Its recursion is bounded by {@link #MAX_DEPTH}: a header of
     * thousands of nested brackets would otherwise overflow the stack (numpy's own headers nest at most a structured
     * dtype's few levels).
     */
    private static final class Parser {
        private static final int MAX_DEPTH = 32;
        private final String s;
        private final Path file;
        private int pos;
        private int depth;

        Parser(String s, Path file) {
            this.s = s;
            this.file = file;
        }

        Map<String, Object> dict() {
            if (s.isBlank()) throw malformed(file, "the header is empty");
            expect('{');
            Map<String, Object> dict = new LinkedHashMap<>();
            while (peek() != '}') {
                if (!(value() instanceof String key)) throw error("dict keys must be strings");
                expect(':');
                if (!KEYS.contains(key)) throw error("unexpected key " + FileAccess.quote(key));
                if (dict.put(key, value()) != null) throw error("duplicate key '" + key + "'");
                if (peek() != '}') expect(',');
            }
            pos++;
            if (peek() != 0) throw error("unexpected text after the closing '}'");
            return dict;
        }

        private Object value() {
            char c = peek();
            if (c == '\'' || c == '"') return string(c);
            if (c == '(' || c == '[') return sequence(c == '(' ? ')' : ']');
            if (c >= '0' && c <= '9' || c == '-' && pos + 1 < s.length() && Character.isDigit(s.charAt(pos + 1))) {
                return integer();
            }
            if (Character.isLetter(c)) {
                int start = pos;
                while (pos < s.length() && Character.isLetterOrDigit(s.charAt(pos))) pos++;
                String word = s.substring(start, pos);
                if (word.equals("True")) return Boolean.TRUE;
                if (word.equals("False")) return Boolean.FALSE;
                pos = start;
            }
            throw error(c == 0 ? "unexpected end of header" : "unexpected " + FileAccess.quote(String.valueOf(c)));
        }

        private String string(char quote) {
            StringBuilder sb = new StringBuilder();
            for (pos++; pos < s.length(); pos++) {
                char c = s.charAt(pos);
                if (c == quote) {
                    pos++;
                    return sb.toString();
                }
                if (c == '\\' && pos + 1 < s.length()) c = s.charAt(++pos);
                sb.append(c);
            }
            throw error("unterminated string");
        }

        private List<Object> sequence(char close) {
            if (++depth > MAX_DEPTH) throw error("brackets nested more than " + MAX_DEPTH + " deep");
            pos++;
            List<Object> items = new ArrayList<>();
            while (peek() != close) {
                items.add(value());
                if (peek() != close) expect(',');
            }
            pos++;
            depth--;
            return items;
        }

        private Long integer() {
            int start = pos;
            boolean negative = s.charAt(pos) == '-';
            if (negative) pos++;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') pos++;
            String digits = s.substring(negative ? start + 1 : start, pos);
            if (pos < s.length() && (s.charAt(pos) == 'L' || s.charAt(pos) == 'l')) pos++; // Python 2 long
            if (digits.length() > 18) {
                pos = start;
                throw error("integer " + FileAccess.quote(digits) + " is too large");
            }
            return negative ? -Long.parseLong(digits) : Long.parseLong(digits);
        }

        /** The next non-blank character (not consumed), or 0 at the end. */
        private char peek() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++;
            return pos < s.length() ? s.charAt(pos) : 0;
        }

        private void expect(char c) {
            char got = peek();
            if (got != c) {
                throw error("expected '" + c + "' but found " + (got == 0 ? "the end" : FileAccess.quote(String.valueOf(got))));
            }
            pos++;
        }

        private UserError error(String detail) {
            return malformed(file, detail + " at offset " + pos + " of " + FileAccess.printable(s.stripTrailing(), 160));
        }
    }
}
