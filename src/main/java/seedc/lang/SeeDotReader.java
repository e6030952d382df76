package seedc.lang;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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
        SeeDotParser parser = new SeeDotParser(new CommonTokenStream(lexer));
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
        SeeDotParser.ProgramContext tree = parser.program();
        return new AstBuilder(source).visit(tree.expr());
    }

    public static Expr parse(Path file) {
        return parse(read(file));
    }

    private static String describe(Object offending, String antlrMessage) {
        if (offending instanceof Token t) {
            if (t.getType() == Token.EOF) {
                return "unexpected end of program";
            }
            if (t.getType() == SeeDotLexer.ERROR_CHAR) {
                return "unexpected character '" + printable(t.getText()) + "'";
            }
            String expected = antlrMessage.contains("expecting") ? antlrMessage.substring(antlrMessage.indexOf("expecting")) : "";
            return "syntax error at '" + printable(t.getText()) + "'" + (expected.isEmpty() ? "" : ", " + expected);
        }
        return "syntax error: " + antlrMessage;
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c < 32 || c == 127 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
        }
        return sb.toString();
    }
}
