package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * Malformed programs, models, data sets and options through {@link Main#execute}: each is one
 * message on stderr, exit status 1, and never a stack trace. In file names and messages, "{D}"
 * stands for the case's temporary directory.
 *
 * <p>Program errors are checked in full ("file:line:col: error: message", the source line, a
 * caret); other errors by their exact first line.
 */
class MalformedInputTest {

    /** files: name to String (text), byte[] (raw) or NpyArray; expected: whole stderr if it has a newline. */
    record Case(String name, Map<String, Object> files, String args, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String GOOD_PROGRAM = """
            let X = (2, 1) in [0, 1] in
            let W = (3, 2) in [-1, 1] in
            argmax(W * X)
            """;
    private static final NpyArray GOOD_W = new NpyArray(new int[] {3, 2}, new double[] {1, 0, 0, 1, 1, 1});
    private static final NpyArray GOOD_DATA = new NpyArray(new int[] {2, 3}, new double[] {0, 1, 0, 2, 0.5, 0.5});
    private static final String RUN = "run {D}q.sd --model {D}m --data ";

    /** A one-line program checked with 'seedc check'; the message is "line:col: error: ...". */
    static Case prog(String name, String source, String message, String caret) {
        return progLine(name, source, message, source, caret);
    }

    static Case progLine(String name, String source, String message, String line, String caret) {
        return new Case(name, Map.of("p.sd", source), "check {D}p.sd", "{D}p.sd:" + message + "\n" + line + "\n" + caret);
    }

    /** 'seedc run' of a good program with some files replaced. */
    static Case run(String name, String data, String expectedFirstLine, Object... nameThenContent) {
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("q.sd", GOOD_PROGRAM);
        files.put("m/W.npy", GOOD_W);
        files.put("d.npy", GOOD_DATA);
        for (int i = 0; i < nameThenContent.length; i += 2) {
            files.put((String) nameThenContent[i], nameThenContent[i + 1]);
        }
        files.values().removeIf(v -> v == null);
        return new Case(name, files, RUN + data, expectedFirstLine);
    }

    /** 'seedc compile' of the good program with some options. */
    static Case compile(String name, String options, String expectedFirstLine) {
        return new Case(name, Map.of("q.sd", GOOD_PROGRAM, "m/W.npy", GOOD_W, "d.npy", GOOD_DATA),
                "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}out --jobs 1 " + options,
                expectedFirstLine);
    }

    /** bench of the good program with {@code options}: what it refuses before it compiles. */
    static Case bench(String name, String options, String expectedFirstLine) {
        return new Case(name, Map.of("q.sd", GOOD_PROGRAM, "m/W.npy", GOOD_W, "d.npy", GOOD_DATA),
                "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}out --jobs 1 " + options,
                expectedFirstLine);
    }

    private static final String AB = "let a = (2, 3) in [0, 1] in let b = (3, 2) in [0, 1] in ";
    private static final String X4 = "let x = (1, 3, 3, 4) in [0, 1] in ";

    static Stream<Case> cases() {
        List<Case> c = new ArrayList<>(List.of(
            // syntax
            prog("missing 'in'", "let x = 1.0 x",
                    "1:13: error: syntax error at 'x': expected 'in' before it", "            ^"),
            progLine("missing 'in' at the end of a line", "let W = (2, 2) in [0, 1]\nW",
                    "2:1: error: syntax error at 'W': expected 'in' before it", "W", "^"),
            prog("unclosed parenthesis", "let x = 2.0 in (x + x",
                    "1:22: error: unexpected end of program: expected ')'", "                     ^"),
            prog("extra closing parenthesis", "let x = 2.0 in (x + x))",
                    "1:23: error: syntax error at ')', expecting the end of the program", "                      ^"),
            prog("unclosed bracket", "let v = [1, 2 in v",
                    "1:15: error: syntax error at 'in', expecting ',', ']' or ';'", "              ^"),
            prog("stray character", "let x = 1.0 in x @ x",
                    "1:18: error: unexpected character '@'", "                 ^"),
            prog("unexpected end", "let x = 1.0 in",
                    "1:15: error: unexpected end of program, expecting an expression", "              ^"),
            prog("unexpected end in a call", "exp(",
                    "1:5: error: unexpected end of program, expecting an argument", "    ^"),
            prog("unterminated comment", "let x = 1.0 in x /* no end",
                    "1:18: error: unterminated comment: this '/*' has no closing '*/'", " ".repeat(17) + "^"),
            prog("a byte order mark inside the program", "let x = 1.0 in\uFEFF x",
                    "1:15: error: unexpected character U+FEFF (a byte order mark)", " ".repeat(14) + "^"),
            prog("a no-break space", "let x = 1.0 in\u00A0x",
                    "1:15: error: unexpected character U+00A0", " ".repeat(14) + "^"),
            prog("matrix written with ',' and ';' in one bracket", "[1.0, 2.0; 3.0, 4.0]",
                    "1:5: error: ',' and ';' in one [ ]: a matrix literal puts each row in brackets of its own: this"
                            + " 2x2 matrix is [[1.0, 2.0]; [3.0, 4.0]]", "    ^"),
            prog("ragged rows with ',' and ';' in one bracket", "[1, -2; 3]",
                    "1:3: error: ',' and ';' in one [ ]: a matrix literal puts each row in brackets of its own, as in"
                            + " [[1, 2]; [3, 4]] (and these rows differ in length)", "  ^"),
            prog("rows separated by a comma", "[[1, 2], [3, 4]]",
                    "1:8: error: the rows of a matrix literal are separated by ';', as in [[1, 2]; [3, 4]]",
                    "       ^"),
            // names
            prog("unknown variable", "let x = 1.0 in y + x",
                    "1:16: error: unknown variable 'y'", "               ^"),
            prog("unknown function", "let x = 1.0 in foo(x)",
                    "1:16: error: unknown function 'foo'", "               ^"),
            // shapes
            prog("+ shapes", AB + "a + b",
                    "1:59: error: shape mismatch for '+': shape (2, 3) and shape (3, 2)", " ".repeat(58) + "^"),
            prog("- shapes", AB + "a - b",
                    "1:59: error: shape mismatch for '-': shape (2, 3) and shape (3, 2)", " ".repeat(58) + "^"),
            prog("* shapes", AB + "a * a",
                    "1:59: error: shape mismatch for '*': the left matrix has 3 columns but the right one has 2 rows"
                            + " (shape (2, 3) and shape (2, 3))", " ".repeat(58) + "^"),
            prog("<*> shapes", AB + "a <*> b",
                    "1:59: error: shape mismatch for '<*>': shape (2, 3) and shape (3, 2)", " ".repeat(58) + "^"),
            prog("<+> shapes", AB + "a <+> b",
                    "1:59: error: '<+>' adds a vector along the last axis: the right operand must have 3 elements,"
                            + " found shape (2, 3) and shape (3, 2)", " ".repeat(58) + "^"),
            prog("|*| shapes", AB + "b |*| b",
                    "1:59: error: shape mismatch for '|*|': shape (3, 2) and shape (3, 2)", " ".repeat(58) + "^"),
            prog("reshape element count", AB + "reshape(a, (4, 2), (1, 2))",
                    "1:57: error: reshape changes the number of elements: (2, 3) has 6, (4, 2) has 8",
                    " ".repeat(56) + "^"),
            prog("splice larger than its tensor", AB + "let i = 0 in a[i:+3]",
                    "1:72: error: splice of 3 along axis 0 is larger than the tensor's 2 (shape (2, 3))",
                    " ".repeat(71) + "^"),
            prog("sgn of a tensor", AB + "sgn(a + a)",
                    "1:61: error: sgn needs a scalar argument, found a tensor of shape (2, 3)", " ".repeat(60) + "^"),
            prog("argmax of a scalar", AB + "argmax(a[0][1])",
                    "1:64: error: argmax needs a tensor, found a scalar", " ".repeat(63) + "^"),
            prog("conv2d channels", X4 + "let F = (1, 2, 2, 3, 8) in [0, 1] in "
                    + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})",
                    "1:72: error: conv2d channel mismatch: the input has 4 channels but the filter expects"
                            + " 1 group(s) x 3 = 3", " ".repeat(71) + "^"),
            prog("conv2d groups", X4 + "let F = (2, 2, 2, 2, 8) in [0, 1] in "
                    + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 4})",
                    "1:82: error: conv2d has 4 group(s) but the filter's first dimension is 2"
                            + " (filter shape (2, 2, 2, 2, 8))", " ".repeat(81) + "^"),
            progLine("dynamic index out of range", """
                    let W = (3, 4) in [0, 1] in
                    let X = (4, 1) in [0, 1] in
                    let n1 = (W[0:+1] * X) >= 0 ? 1 : 2 in
                    let n2 = 2 * n1 - 1 in
                    argmax(W[n2])
                    """,
                    "5:10: error: index may be out of range: it can be 1..3 but must stay within 0..2",
                    "argmax(W[n2])", "         ^"),
            progLine("dynamic splice out of range", """
                    let W = (4, 4) in [0, 1] in
                    let acc = init([2, 4], 0.0) in
                    loop(i = [0:4], acc) (acc + W[i:+2])
                    """,
                    "3:31: error: splice offset may be out of range: it can be 0..3 but must stay within 0..2",
                    "loop(i = [0:4], acc) (acc + W[i:+2])", "                              ^"),
            prog("int overflow", "let n = 65536 in 2 * n * n",
                    "1:24: error: int arithmetic overflows 32 bits: the value is 8589934592", " ".repeat(23) + "^"),
            prog("int literal too large", "let n = 4294967296 in n",
                    "1:9: error: integer 4294967296 is too large (ints are 32-bit)", "        ^"),
            prog("int too large in a tuple", "let v = [1, 2] in reshape(v, (99999999999), (1))",
                    "1:31: error: integer 99999999999 is too large (ints are 32-bit)", " ".repeat(30) + "^"),
            // commands
            new Case("unknown command", Map.of(), "compil x.sd",
                    "seedc: error: unknown command 'compil' (use check, import, run, compile, bench or demo)"),
            new Case("negative score error", Map.of(), "compile x.sd --model m --train t --test t --out o"
                    + " --max-score-error -1", "seedc: error: --max-score-error must be a number >= 0, not -1.0"),
            new Case("unknown products", Map.of(), "compile x.sd --model m --train t --test t --out o"
                    + " --strategy seedot --products half",
                    "seedc: error: unknown --products 'half' (use auto, narrow or wide)"),
            new Case("unknown input shifts", Map.of(), "compile x.sd --model m --train t --test t --out o"
                    + " --input-shifts some", "seedc: error: unknown --input-shifts 'some' (use auto or none)"),
            // program files
            new Case("binary garbage", Map.of("p.sd", new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0}),
                    "check {D}p.sd", "{D}p.sd: error: not a SeeDot program (the file is not UTF-8 text)"),
            new Case("NUL bytes", Map.of("p.sd", "let\0x"), "check {D}p.sd",
                    "{D}p.sd: error: not a SeeDot program (the file contains NUL bytes)"),
            new Case("empty program", Map.of("p.sd", ""), "check {D}p.sd", "{D}p.sd: error: empty program"),
            new Case("blank program", Map.of("p.sd", " \n\t\n"), "check {D}p.sd", "{D}p.sd: error: empty program"),
            new Case("only comments", Map.of("p.sd", "// nothing\n"), "check {D}p.sd",
                    "{D}p.sd: error: empty program (it holds only comments)"),
            new Case("missing program", Map.of(), "check {D}nope.sd", "{D}nope.sd: error: no such file"),
            new Case("program is a directory", Map.of("p.sd/x", ""), "check {D}p.sd",
                    "{D}p.sd: error: is a directory, expected a SeeDot program"),
            // models
            run("missing weight file", "{D}d.npy",
                    "{D}m/W.npy: error: missing parameter file for 'W' (declared (3, 2))", "m/W.npy", null, "m/V.npy", GOOD_W),
            run("missing model directory", "{D}d.npy", "{D}m: error: model directory not found", "m/W.npy", null),
            run("wrong weight shape", "{D}d.npy",
                    "{D}m/W.npy: error: shape (2, 4) does not match the declared shape (3, 2)",
                    "m/W.npy", new NpyArray(new int[] {2, 4}, new double[8])),
            run("NaN weight", "{D}d.npy", "{D}m/W.npy: error: contains NaN at index [1, 0]",
                    "m/W.npy", new NpyArray(new int[] {3, 2}, new double[] {1, 0, Double.NaN, 1, 1, 1})),
            run("truncated weights", "{D}d.npy", "{D}m/W.npy: error: truncated: expected 48 bytes of data, found 20",
                    "m/W.npy", truncate(GOOD_W, 28)),
            // data sets
            run("ragged CSV", "{D}d.csv", "{D}d.csv:2: error: row has 2 columns, expected 3: 1 label column and 2"
                    + " features (the program's input X is declared (2, 1))", "d.csv", "0,1,2\n1,2\n"),
            // the model's width decides, as the generated predictor's reader: the short first row is the one named
            run("short first CSV row", "{D}d.csv", "{D}d.csv:1: error: row has 2 columns, expected 3: 1 label column"
                    + " and 2 features (the program's input X is declared (2, 1))", "d.csv", "0,1\n1,2,3\n1,2,3\n"),
            run("non-numeric CSV cell", "{D}d.csv", "{D}d.csv:2:3: error: 'x' in field 2 is not a number",
                    "d.csv", "0,1,2\n1,x,3\n"),
            run("empty CSV", "{D}d.csv", "{D}d.csv: error: empty data set (no data rows)", "d.csv", ""),
            run("empty .npy", "{D}d.npy", "{D}d.npy: error: empty file, expected a .npy array", "d.npy", new byte[0]),
            run("truncated data", "{D}d.npy", "{D}d.npy: error: truncated: expected 48 bytes of data, found 8",
                    "d.npy", truncate(GOOD_DATA, 40)),
            run("missing data file", "{D}none.npy", "{D}none.npy: error: no such file"),
            run("wrong feature count", "{D}d4.npy", "{D}d4.npy: error: examples have 3 feature columns (after 1 label"
                    + " column) but the program's input X is declared (2, 1) = 2 values",
                    "d4.npy", new NpyArray(new int[] {1, 4}, new double[] {0, 1, 2, 3})),
            // options
            new Case("bad --encoding", Map.of("q.sd", GOOD_PROGRAM, "m/W.npy", GOOD_W, "d.npy", GOOD_DATA),
                    RUN + "{D}d.npy --encoding double", "seedc: error: unknown --encoding 'double' (use float or fixed)"),
            new Case("missing --model", Map.of("q.sd", GOOD_PROGRAM, "d.npy", GOOD_DATA), "run {D}q.sd --data {D}d.npy",
                    "seedc: error: --model DIR is needed: the folder of q.sd's weights (W.npy)"),
            new Case("missing --data", Map.of("q.sd", GOOD_PROGRAM, "m/W.npy", GOOD_W), "run {D}q.sd --model {D}m",
                    "seedc: error: Missing required option: '--data=FILE'"),
            // how shiftry's stage IV stops
            compile("--fit with seedot", "--fit --target arduino --strategy seedot",
                    "seedc: error: --fit applies to --strategy shiftry only"),
            compile("--fit and --flash-budget", "--fit --flash-budget 100 --target arduino",
                    "seedc: error: give --fit (the device's flash) or --flash-budget (the parameters'), not both"),
            compile("--flash-budget and --max-accuracy-drop", "--flash-budget 100 --max-accuracy-drop 2",
                    "seedc: error: --flash-budget demotes until the model fits, --max-accuracy-drop while the accuracy"
                            + " allows: give one of them"),
            compile("--fit without a device", "--fit", "seedc: error: --fit needs a device: give --device (uno,"
                    + " mkr1000 or RAM:FLASH) or --target arduino or cortex-m"),
            compile("--fit for an FPGA", "--fit --target fpga --device ice40-up5k", "seedc: error: --fit fits a"
                    + " microcontroller's flash; an FPGA design is planned to fit ice40-up5k's logic whatever the widths"
                    + " (give --device uno, mkr1000 or RAM:FLASH, or leave --fit out)"),
            compile("--flash-budget of 0", "--flash-budget 0",
                    "seedc: error: --flash-budget must be a positive number of bytes, not 0"),
            bench("bench --flash-budget with seedot", "--flash-budget 100 --strategy seedot",
                    "seedc: error: --flash-budget applies to --strategy shiftry only"),
            bench("bench --flash-budget and --max-accuracy-drop", "--flash-budget 100 --max-accuracy-drop 2",
                    "seedc: error: --flash-budget demotes until the parameters fit, --max-accuracy-drop while the"
                            + " accuracy allows: give one of them"),
            bench("bench --flash-budget on an FPGA", "--flash-budget 100 --device ice40-up5k",
                    "seedc: error: --flash-budget stops the demotion by a microcontroller's parameter bytes; an FPGA"
                            + " design is planned to fit ice40-up5k's logic whatever the widths"),
            bench("bench --flash-budget of 0", "--flash-budget 0",
                    "seedc: error: --flash-budget must be a positive number of bytes, not 0"),
            // W (3, 2) takes 6 B at 8 bits
            compile("parameters over --flash-budget even at 8 bits", "--flash-budget 5",
                    "seedc: error: the model does not fit a flash budget of 5 B for its parameters even with every"
                            + " value demoted to 8 bits: the parameters take 6 B, 1 B over; to make it fit, try"
                            + " --flash-budget 6 (what the parameters take at 8 bits)"),
            // the Arduino code estimate (CTarget): 3000 B + 120 B for each of the 4 ops (X, W, W * X, argmax)
            compile("over the device's flash even at 8 bits", "--fit --target arduino --device 2048:1000",
                    "seedc: error: the model does not fit the flash of 2048:1000 (2048 B RAM, 1000 B flash) even with"
                            + " every value demoted to 8 bits: parameters and tables take 6 B and the code about"
                            + " 3480 B, 2486 B over; to make it fit, try --target cortex-m --device mkr1000 (256 KB of"
                            + " flash)")));
        return c.stream();
    }

    /** The bytes of a .npy file holding {@code a}, cut to drop all but {@code keep} bytes of its data. */
    static byte[] truncate(NpyArray a, int dropped) {
        try {
            Path tmp = Files.createTempFile("seedc-test", ".npy");
            try {
                Npy.write(tmp, a);
                byte[] all = Files.readAllBytes(tmp);
                return java.util.Arrays.copyOf(all, all.length - dropped);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void oneMessageAndStatusOne(Case c, @TempDir Path dir) throws IOException {
        for (var f : c.files().entrySet()) {
            Path p = dir.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            switch (f.getValue()) {
                case String s -> Files.writeString(p, s);
                case byte[] b -> Files.write(p, b);
                case NpyArray a -> Npy.write(p, a);
                default -> throw new IllegalArgumentException(f.getKey());
            }
        }
        String d = dir.toString() + "/";
        String[] args = c.args().replace("{D}", d).split(" ");
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertFalse(stderr.contains("at seedc.") || stderr.contains("Exception"), stderr);
        assertEquals(1, status, stderr);
        String expected = c.expected().replace("{D}", d);
        if (expected.contains("\n")) {
            assertEquals(expected, stderr.stripTrailing());
        } else {
            // Warnings about the inputs (a tiny training set) may come first; the error is the first other line.
            assertEquals(expected, stderr.lines().filter(l -> !l.contains(": warning: ")).findFirst().orElse(""), stderr);
        }
    }
}
