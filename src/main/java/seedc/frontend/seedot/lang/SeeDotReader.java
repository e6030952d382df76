package seedc.frontend.seedot.lang;

import seedc.diag.Pos;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import seedc.diag.UserError;

/** Reads SeeDot source into an AST; the first syntax error becomes a positioned {@link UserError}. */
public final class SeeDotReader {
    private SeeDotReader() {}

    /**
     * The largest program read, in bytes. SeeDot programs are a few kilobytes (weights live in .npy files);
     * the limit keeps a device or a stray data file (/dev/zero, a CSV) from filling memory before any check.
     */
    public static final int MAX_BYTES = 1 << 20;

    public static SourceFile read(Path file) {
        if (Files.isDirectory(file)) {
            throw UserError.inFile(file, "is a directory, expected a SeeDot program");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1); // one more, to know the file is over the limit
        } catch (NoSuchFileException e) {
            throw UserError.inFile(file, "no such file");
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot read: " + e.getMessage());
        }
        if (bytes.length > MAX_BYTES) { // /dev/zero and large binary files are no program at all: say so
            throw UserError.inFile(file, hasNul(bytes) ? NOT_TEXT : tooLarge());
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw UserError.inFile(file, "not a SeeDot program (the file is not UTF-8 text)");
        }
        if (hasNul(bytes)) {
            throw UserError.inFile(file, NOT_TEXT);
        }
        // Editors on Windows start UTF-8 files with a byte order mark; it is no part of the program.
        return new SourceFile(file.toString(), text.startsWith("\uFEFF") ? text.substring(1) : text);
    }

    private static final String NOT_TEXT = "not a SeeDot program (the file contains NUL bytes)";

    private static boolean hasNul(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return true;
            }
        }
        return false;
    }

    private static String tooLarge() {
        return "the program is over " + (MAX_BYTES >> 20) + " MiB, seedc's limit for a SeeDot program"
                + " (weights belong in .npy files)";
    }

    public static Expr parse(SourceFile source) {
        if (source.text().isBlank()) {
            throw UserError.inFile(source.name(), "empty program");
        }
        if (source.text().length() > MAX_BYTES) { // a read file always passes: UTF-8 has a byte per char or more
            throw UserError.inFile(source.name(), tooLarge());
        }
        SeeDotLexer lexer = new SeeDotLexer(CharStreams.fromString(source.text(), source.name()));
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        SeeDotParser parser = new Nesting.Parser(tokens, source);
        BaseErrorListener listener = new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> recognizer, Object offending, int line, int col,
                                    String msg, RecognitionException e) {
                throw source.error(new Pos(line, col + 1), describe(offending, msg));
            }
        };
        lexer.removeErrorListeners();
        lexer.addErrorListener(listener);
        parser.removeErrorListeners();
        parser.addErrorListener(listener);
        tokens.fill(); // the lexer never fails: any stray character becomes an ERROR_CHAR token
        if (tokens.size() == 1) {
            throw UserError.inFile(source.name(), "empty program (it holds only comments)");
        }
        SeeDotParser.ProgramContext tree = parser.program();
        Nesting.check(source, tree.expr());
        return new AstBuilder(source).visit(tree.expr());
    }

    public static Expr parse(Path file) {
        return parse(read(file));
    }

    /** Token names of everything that can start an expression, as ANTLR lists them. */
    private static final Set<String> EXPRESSION_START =
            Set.of("'('", "'['", "'-'", "'+'", "'let'", "'loop'", "'$'", "INT", "REAL", "ID");

    private static String describe(Object offending, String antlrMessage) {
        if (!(offending instanceof Token t)) {
            return "syntax error: " + antlrMessage;
        }
        if (t.getType() == SeeDotLexer.UNTERMINATED_COMMENT) {
            return "unterminated comment: this '/*' has no closing '*/'";
        }
        if (t.getType() == SeeDotLexer.ERROR_CHAR) {
            return "unexpected character " + character(t.getText());
        }
        boolean eof = t.getType() == Token.EOF;
        String where = eof ? "unexpected end of program" : "syntax error at '" + printable(t.getText()) + "'";
        if (antlrMessage.startsWith("missing ")) { // "missing 'in' at 'x'": ANTLR could insert the token
            String missing = antlrMessage.substring(8, antlrMessage.lastIndexOf(" at "));
            return where + ": expected " + tokenName(missing) + (eof ? "" : " before it");
        }
        int k = antlrMessage.indexOf("expecting ");
        if (k < 0) {
            return where;
        }
        return where + ", expecting " + expected(antlrMessage.substring(k + 10));
    }

    /** ANTLR's expected-token set in words: "an expression", "'in'", "')' or ','". */
    private static String expected(String set) {
        if (!set.startsWith("{")) {
            return tokenName(set);
        }
        List<String> names = new ArrayList<>(List.of(set.substring(1, set.length() - 1).split(", ")));
        if (names.containsAll(EXPRESSION_START)) {
            names.removeAll(EXPRESSION_START);
            if (names.equals(List.of("'{'"))) {
                return "an argument"; // an expression, a tuple (1, 2) or an option group {s 1 1}
            }
            names.add(0, "an expression");
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            sb.append(i == 0 ? "" : i == names.size() - 1 ? " or " : ", ").append(tokenName(names.get(i)));
        }
        return sb.toString();
    }

    private static String tokenName(String antlrName) {
        return switch (antlrName) {
            case "<EOF>" -> "the end of the program";
            case "ID" -> "a name";
            case "INT" -> "an integer";
            case "REAL" -> "a number";
            default -> antlrName;
        };
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c < 32 || c == 127 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
        }
        return sb.toString();
    }

    /** A character as the message shows it: quoted when visible; by code point when a terminal would hide it. */
    private static String character(String s) {
        int c = s.codePointAt(0);
        int type = Character.getType(c);
        boolean invisible = c > 127 && (Character.isSpaceChar(c) || type == Character.FORMAT
                || type == Character.CONTROL || type == Character.PRIVATE_USE || type == Character.UNASSIGNED);
        if (!invisible) {
            return "'" + printable(s) + "'";
        }
        return String.format("U+%04X", c) + (c == 0xFEFF ? " (a byte order mark)" : "");
    }
}
