package seedc.diag;

import java.nio.charset.StandardCharsets;

/**
 * One sanitizer per place a name from a file is written. A name is data, never code: a newline in an ONNX tensor
 * name must not end a comment of the imported program (the rest of the name would become statements), and a
 * 200,000-character name must not become a file name the file system refuses.
 */
public final class Names {
    private Names() {}

    /** The longest identifier derived from a name: far below the file system's 255 bytes for NAME.npy. */
    public static final int MAX_IDENTIFIER = 64;

    /** The most characters of a name a message or a comment shows (then "...", and the full length). */
    public static final int MAX_SHOWN = 80;

    /**
     * {@code prefix + name} as an identifier of SeeDot, C and Verilog alike ([A-Za-z0-9_], a letter first when the
     * prefix starts with one): every other character is '_'; past {@link #MAX_IDENTIFIER} characters it is cut and
     * a hash of the whole name keeps cut names apart.
     */
    public static String identifier(String prefix, String name) {
        String id = prefix + name.replaceAll("[^A-Za-z0-9_]", "_");
        if (id.length() <= MAX_IDENTIFIER) {
            return id;
        }
        String hash = String.format("%08x", fnv(name));
        return id.substring(0, MAX_IDENTIFIER - hash.length() - 1) + "_" + hash;
    }

    /**
     * Text safe inside a one-line comment of SeeDot, C or Verilog ({@code //} or {@code /* *}{@code /}): printable
     * ASCII stays, but for the backslash (a C line continuation at the end of a line), "*}{@code /}" and "/*"
     * (which end or nest a block comment) and "??" (a trigraph); anything else, a line break first, is written
     * as {@code <U+XXXX>}. Long text is cut.
     */
    public static String comment(String text) {
        StringBuilder sb = new StringBuilder();
        String shown = cut(text);
        for (int i = 0; i < shown.length(); ) {
            int c = shown.codePointAt(i);
            i += Character.charCount(c);
            char next = i < shown.length() ? shown.charAt(i) : 0;
            boolean pair = (c == '*' && next == '/') || (c == '/' && next == '*') || (c == '?' && next == '?');
            if (c >= 0x20 && c < 0x7f && c != '\\' && !pair) {
                sb.append((char) c);
            } else if (pair) {
                sb.append((char) c).append(String.format("<U+%04X>", (int) next));
                i++;
            } else {
                sb.append(String.format("<U+%04X>", c));
            }
        }
        return sb.append(cutNote(text)).toString();
    }

    /**
     * A name as a message shows it: control characters, quotes and backslashes escaped Java-style, so a message
     * stays one line that says exactly which name; long names cut, with their length.
     */
    public static String display(String name) {
        StringBuilder sb = new StringBuilder();
        for (char c : cut(name).toCharArray()) {
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                case '\'' -> sb.append("\\'");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x2028 || c == 0x2029) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append(cutNote(name)).toString();
    }

    private static String cut(String s) {
        if (s.length() <= MAX_SHOWN) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(MAX_SHOWN - 1)) ? MAX_SHOWN - 1 : MAX_SHOWN;
        return s.substring(0, end);
    }

    private static String cutNote(String s) {
        return s.length() <= MAX_SHOWN ? "" : "... (" + s.length() + " characters)";
    }

    /** 32-bit FNV-1a of the name's UTF-8 bytes: stable across runs and JVMs, unlike String.hashCode's spec-free use. */
    private static int fnv(String name) {
        int h = 0x811c9dc5;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x01000193;
        }
        return h;
    }
}
