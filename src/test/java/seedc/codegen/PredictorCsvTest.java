package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.codegen.DifferentialTest.Cli;
import seedc.codegen.DifferentialTest.Proc;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * The generated predictor (main.c) and 'seedc run' read the same data files the same way (issue 11,
 * defect 8): each case is one file that both accept, with the same predictions, or both reject, the
 * predictor saying "predictor: line L, field F: ..." and 'seedc run' naming the same line and field
 * where it names one. Both the fixed-point and the float build of the predictor (sanitized) are run.
 *
 * <p>The model predicts argmax(x[0], x[1], x[129]) of 130 features (more than the old reader's 128
 * numbers), so every expected prediction below is worked by hand: the row whose large value (7) is in
 * feature 1, 2 or 130 predicts 0, 1 or 2. The other features (0.5) do not count.
 */
class PredictorCsvTest {
    static final int FEATURES = 130;
    static final String PROGRAM = """
            let X = (130, 1) in [0, 8] in
            let W = (3, 130) in [0, 1] in
            argmax(W * X)
            """;

    @TempDir
    static Path dir;
    static Path fixedExe, floatExe;

    /** One data file: accepted with {@code predictions}, or (predictions null) rejected at line/field (0: none). */
    record Case(String name, String file, String text, int labels, List<Integer> predictions, int line, int field) {
        @Override
        public String toString() {
            return name;
        }

        boolean tsv() {
            return file.endsWith(".tsv");
        }

        Case in(String otherFile) {
            return new Case(name, otherFile, text, labels, predictions, line, field);
        }

        Case labels(int n) {
            return new Case(name, file, text, n, predictions, line, field);
        }
    }

    static Case accept(String name, String text, Integer... predictions) {
        return new Case(name, "d.csv", text, 1, List.of(predictions), 0, 0);
    }

    static Case reject(String name, String text, int line, int field) {
        return new Case(name, "d.csv", text, 1, null, line, field);
    }

    /** A row's fields: the label, then 130 features, of which the first, second and last are given. */
    static List<String> fields(String label, String x1, String x2, String x130) {
        List<String> f = new ArrayList<>(List.of(label, x1, x2));
        f.addAll(Collections.nCopies(FEATURES - 3, "0.5"));
        f.add(x130);
        return f;
    }

    /** Rows predicting 0, 1 and 2. */
    static final List<String> R0 = fields("0", "7", "1", "2"), R1 = fields("1", "1", "7", "2"), R2 = fields("2", "1", "2", "7");

    /** row with its 1-based field replaced. */
    static List<String> with(List<String> row, int field, String value) {
        List<String> f = new ArrayList<>(row);
        f.set(field - 1, value);
        return f;
    }

    static String quote(String field) {
        return '"' + field + '"';
    }

    static String csv(List<String> row) {
        return String.join(",", row);
    }

    /** The three rows, each field changed by edit, joined by sep, each line ending in "\n". */
    static String rows(String sep, UnaryOperator<String> edit) {
        return Stream.of(R0, R1, R2).map(r -> String.join(sep, r.stream().map(edit).toList()) + "\n")
                .reduce("", String::concat);
    }

    static final String GOOD = rows(",", f -> f);
    static final List<String> HEADER_FIELDS = Stream.concat(Stream.of("label"),
            IntStream.range(0, FEATURES).mapToObj(i -> "f" + i)).toList();
    static final String HEADER = csv(HEADER_FIELDS) + "\n";
    static final String LONG_ZEROS = "0".repeat(1_200_000);

    static Stream<Case> cases() {
        List<String> twoLabels = new ArrayList<>(List.of("2")); // a second label column, in the classes 0..2
        twoLabels.addAll(R1);
        return Stream.of(
                accept("plain rows", GOOD, 0, 1, 2),
                accept("a header row", HEADER + GOOD, 0, 1, 2),
                accept("a quoted header and quoted fields", String.join(",", HEADER_FIELDS.stream().map(PredictorCsvTest::quote)
                        .toList()) + "\n" + rows(",", PredictorCsvTest::quote), 0, 1, 2),
                accept("CRLF line ends", GOOD.replace("\n", "\r\n"), 0, 1, 2),
                accept("tab-separated, as a .tsv and with --tsv", rows("\t", f -> f), 0, 1, 2).in("d.tsv"),
                accept("spaces and tabs around fields, inside quotes too", rows(",", f -> " \t\"  " + f + " \" "), 0, 1, 2),
                accept("blank and whitespace-only lines", "\n  \n" + csv(R0) + "\n\t\r\n" + csv(R1) + "\n\n" + csv(R2) + "\n   ",
                        0, 1, 2),
                accept("a byte-order mark before the header", "\uFEFF" + HEADER + GOOD, 0, 1, 2),
                accept("no newline after the last row", GOOD.strip(), 0, 1, 2),
                accept("two label columns with --labels 2", csv(twoLabels) + "\n", 1).labels(2),
                accept("number spellings: +7., .7e1, 7E0, 1e-400, -0, 0.5E+0",
                        csv(with(with(R0, 2, "+7."), 4, "1e-400")) + "\n" + csv(with(with(R1, 3, ".7e1"), 5, "-0")) + "\n"
                                + csv(with(with(R2, 131, "7E0"), 6, "0.5E+0")) + "\n", 0, 1, 2),
                accept("a line over 1 MiB: a zero-padded number", csv(with(R1, 3, LONG_ZEROS + "7")) + "\n" + csv(R2) + "\n", 1, 2),
                accept("a line over 1 MiB: spaces around a field", csv(with(R2, 2, " ".repeat(1_200_000) + "1")) + "\n", 2),
                accept("Unicode spaces around fields (U+2003, U+3000, U+1680)",
                        csv(with(with(R0, 2, "\u2003 7\u3000"), 131, "\u16802")) + "\n", 0),
                accept("a carriage return inside a field's padding", csv(with(R1, 3, "\r7 \r")) + "\n", 1),
                accept("a first line of empty fields is a header", ",".repeat(FEATURES) + "\n" + GOOD, 0, 1, 2),

                reject("a row with an extra column", csv(R0) + "\n" + csv(R1) + ",5\n", 2, 0),
                reject("a row with a missing column", csv(R0) + "\n" + csv(R1.subList(0, FEATURES)) + "\n", 2, 0),
                reject("every row one column short", rows(",", f -> f).replace(",2\n", "\n").replace(",7\n", "\n"), 1, 0),
                reject("300 fields, more than the model's 131 and the old reader's 128",
                        csv(R0) + ",1".repeat(300 - FEATURES - 1) + "\n", 1, 0),
                reject("two label columns without --labels 2", csv(twoLabels) + "\n", 1, 0),
                reject("nan in a feature", csv(R0) + "\n" + csv(with(R1, 5, "nan")) + "\n", 2, 5),
                reject("NaN as the first row's label (a number, so no header)", csv(with(R0, 1, "NaN")) + "\n", 1, 1),
                reject("inf in the last feature", GOOD.replace(",7\n", ",inf\n"), 3, FEATURES + 1),
                reject("-Infinity", csv(with(R0, 2, "-Infinity")) + "\n", 1, 2),
                reject("an empty field", csv(R0) + "\n" + csv(with(R1, 3, "")) + "\n", 2, 3),
                reject("a quoted empty field", csv(R0) + "\n" + csv(with(R1, 3, "\"\"")) + "\n", 2, 3),
                reject("a field of spaces", csv(R0) + "\n" + csv(with(R1, 3, "   ")) + "\n", 2, 3),
                reject("1e400, beyond a double", csv(with(R0, 2, "1e400")) + "\n", 1, 2),
                reject("hexadecimal", csv(with(R0, 2, "0x7")) + "\n", 1, 2),
                reject("a C/Java float suffix", csv(with(R0, 2, "7f")) + "\n", 1, 2),
                reject("a lone quote", csv(with(R0, 2, "\"7")) + "\n", 1, 2),
                reject("a decimal comma in quotes (quotes do not protect the separator)",
                        csv(with(R0, 2, "\"7,5\"")) + "\n", 1, 0),
                reject("a no-break space (U+00A0) around a number", csv(R0) + "\n" + csv(with(R1, 3, "\u00A07")) + "\n", 2, 3),
                reject("a label that is not a number", csv(R0) + "\n" + csv(with(R1, 1, "one")) + "\n", 2, 1),
                reject("a NUL byte", csv(R0) + "\n" + csv(with(R1, 3, "7\0")) + "\n", 2, 0),
                reject("a byte-order mark on a later line", csv(R0) + "\n\uFEFF" + csv(R1) + "\n", 2, 1),
                reject("a header after the first data row", csv(R0) + "\n" + HEADER, 2, 1),
                reject("a header with a missing column", csv(HEADER_FIELDS.subList(0, FEATURES)) + "\n" + GOOD, 1, 0),
                reject("a header and no data rows", HEADER, 0, 0),
                reject("no input", "", 0, 0),
                reject("blank lines only", "\n \n\r\n", 0, 0),
                reject("';'-separated rows", rows(";", f -> f), 2, 0),
                reject("tab-separated rows in a .csv, without --tsv", rows("\t", f -> f), 2, 0),
                reject("comma-separated rows in a .tsv, with --tsv", GOOD, 2, 0).in("d.tsv"));
    }

    @BeforeAll
    static void compileModel() throws IOException {
        Path model = Files.createDirectories(dir.resolve("model"));
        Files.writeString(dir.resolve("p.sd"), PROGRAM);
        double[] w = new double[3 * FEATURES];
        w[0] = 1;
        w[FEATURES + 1] = 1;
        w[2 * FEATURES + FEATURES - 1] = 1;
        Npy.write(model.resolve("W.npy"), new NpyArray(new int[] {3, FEATURES}, w));
        Random random = new Random(8);
        for (String set : List.of("train", "test")) {
            int n = 200;
            double[] rows = new double[n * (FEATURES + 1)];
            for (int r = 0; r < n; r++) {
                int at = r * (FEATURES + 1);
                for (int j = 1; j <= FEATURES; j++) rows[at + j] = 8 * random.nextDouble();
                double a = rows[at + 1], b = rows[at + 2], c = rows[at + FEATURES];
                rows[at] = a >= b && a >= c ? 0 : b >= c ? 1 : 2;
            }
            Npy.write(dir.resolve(set + ".npy"), new NpyArray(new int[] {n, FEATURES + 1}, rows));
        }
        fixedExe = DifferentialTest.build(compile("fixed"), DifferentialTest.SANITIZE);
        floatExe = DifferentialTest.build(compile("float"), DifferentialTest.SANITIZE);
    }

    static Path compile(String encoding) {
        Path out = dir.resolve(encoding);
        Cli r = DifferentialTest.cli("compile", dir.resolve("p.sd").toString(), "--model", dir.resolve("model").toString(),
                "--train", dir.resolve("train.npy").toString(), "--test", dir.resolve("test.npy").toString(),
                "--target", "x86", "--encoding", encoding, "--out", out.toString(), "--no-progress", "--jobs", "2");
        assertEquals(0, r.status(), () -> "seedc compile --encoding " + encoding + " failed:\n" + r.err());
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void seedcRunAndPredictorAgree(Case c) throws IOException {
        Path data = Files.createTempDirectory(dir, "case").resolve(c.file());
        Files.write(data, c.text().getBytes(StandardCharsets.UTF_8));
        checkRun(c, data, "fixed", "--config", dir.resolve("fixed/report.json").toString());
        checkRun(c, data, "float");
        checkPredictor(c, data, fixedExe);
        checkPredictor(c, data, floatExe);
    }

    private static void checkRun(Case c, Path data, String encoding, String... config) throws IOException {
        Path predictions = data.resolveSibling("run-" + encoding + ".txt");
        Files.deleteIfExists(predictions);
        List<String> args = new ArrayList<>(List.of("run", dir.resolve("p.sd").toString(), "--model",
                dir.resolve("model").toString(), "--data", data.toString(), "--labels", Integer.toString(c.labels()),
                "--encoding", encoding, "--predictions", predictions.toString(), "--jobs", "1"));
        args.addAll(List.of(config));
        Cli r = DifferentialTest.cli(args.toArray(String[]::new));
        String what = "seedc run --encoding " + encoding + ": ";
        if (c.predictions() != null) {
            assertEquals(0, r.status(), () -> what + "rejected a good file:\n" + r.err());
            assertEquals(labels(c.predictions()), Files.readAllLines(predictions), what + "predictions");
            return;
        }
        assertEquals(1, r.status(), () -> what + "accepted a bad file (or failed inside):\n" + r.out() + r.err());
        assertFalse(r.err().contains("Exception"), () -> what + r.err());
        Matcher at = Pattern.compile(Pattern.quote(data.toString()) + ":(\\d+):").matcher(r.err());
        if (at.find()) {
            assertEquals(c.line(), Integer.parseInt(at.group(1)), () -> what + "a different line: " + r.err());
        }
        if (c.field() > 0) {
            assertTrue(r.err().contains("field " + c.field()), () -> what + "does not name field " + c.field() + ": " + r.err());
        }
    }

    private static void checkPredictor(Case c, Path data, Path exe) {
        List<String> command = new ArrayList<>(List.of(exe.toString(), "--labels", Integer.toString(c.labels())));
        if (c.tsv()) command.add("--tsv");
        Proc p = DifferentialTest.exec(exe.getParent(), data, command);
        String what = exe.getParent().getFileName() + " predictor: ";
        if (c.predictions() != null) {
            assertEquals("", p.err(), () -> what + "rejected a good file (or a sanitizer report)");
            assertEquals(0, p.status(), what + "exit status");
            assertEquals(labels(c.predictions()), p.out().lines().toList(), what + "predictions");
            return;
        }
        String prefix = "predictor: " + (c.line() == 0 ? "" : "line " + c.line() + (c.field() == 0 ? ": " : ", field " + c.field() + ": "));
        assertEquals(1, p.status(), () -> what + "exit status; stderr:\n" + p.err());
        assertEquals(1, p.err().lines().count(), () -> what + "one message, no sanitizer report:\n" + p.err());
        assertTrue(p.err().startsWith(prefix) && (c.line() > 0 || !p.err().startsWith("predictor: line")),
                () -> what + "expected '" + prefix + "...', got: " + p.err());
    }

    private static List<String> labels(List<Integer> predictions) {
        return predictions.stream().map(String::valueOf).toList();
    }

    @Test
    void badArgumentsAreUsageErrors() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.csv"), ""); // a predictor that read stdin would not hang
        for (List<String> args : List.of(List.of("--labels", "0"), List.of("--labels", "x"), List.of("--labels"),
                List.of("--csv"), List.of("--labels", "99999999999"))) {
            List<String> command = new ArrayList<>(List.of(fixedExe.toString()));
            command.addAll(args);
            Proc p = DifferentialTest.exec(dir, empty, command);
            assertEquals(1, p.status(), () -> args + ": " + p.err());
            assertTrue(p.err().startsWith("predictor: ") && p.err().lines().count() == 1, () -> args + ": " + p.err());
        }
    }
}
