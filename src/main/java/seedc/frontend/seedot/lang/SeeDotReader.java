package seedc.frontend.seedot.lang;

import seedc.diag.Pos;
import java.io.IOException;
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

    public static SourceFile read(Path file) {
        if (Files.isDirectory(file)) {
            throw UserError.inFile(file, "is a directory, expected a SeeDot program");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw UserError.inFile(file, "no such file");
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot read: " + e.getMessage());
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
        if (text.indexOf('\0') >= 0) {
            throw UserError.inFile(file, "not a SeeDot program (the file contains NUL bytes)");
        }
        return new SourceFile(file.toString(), text);
    }

    public static Expr parse(SourceFile source) {
        if (source.text().isBlank()) {
            throw UserError.inFile(source.name(), "empty program");
        }
        SeeDotLexer lexer = new SeeDotLexer(CharStreams.fromString(source.text(), source.name()));
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        SeeDotParser parser = new SeeDotParser(tokens);
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
        if (t.getType() == SeeDotLexer.ERROR_CHAR) {
            return "unexpected character '" + printable(t.getText()) + "'";
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
}
