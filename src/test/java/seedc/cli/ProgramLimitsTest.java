package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documented limits on programs (10,000 levels of nesting, 100 nested sums and loops, 1 MiB, 100,000,000
 * operations per example): the deepest
 * accepted programs go through check, run and compile (with every later stage: interpreters, search, C), and
 * one level more is a located error, exit status 1, with the echoed line cut around the column.
 */
class ProgramLimitsTest {
    private static final String A = "let a = (2) in [0, 1] in "; // 25 characters
    private static final String MESSAGE = "error: expressions nest more than 10000 levels deep (parentheses,"
            + " operands, let bodies and call arguments each add one); split a long operator chain with let (each let"
            + " starts its value's count again), or write a long chain of lets as a loop";

    private static CliRun check(Path dir, String program) throws IOException {
        Files.writeString(dir.resolve("p.sd"), program);
        return CliRun.of(dir, "check {D}p.sd");
    }

    private static void refused(CliRun r, Path dir, String expected) {
        assertEquals(1, r.status(), r.err());
        assertEquals(dir + "/p.sd:" + expected, r.err().stripTrailing());
    }

    @Test
    void parenthesesUpToTheLimit(@TempDir Path dir) throws IOException {
        // let (level 1), 9998 parentheses (2..9999), a (10000)
        assertEquals(new CliRun(0, "tensor(2)\n", ""), check(dir, A + "(".repeat(9998) + "a" + ")".repeat(9998)));
        // one more: a is at column 25 + 9999 + 1; 240 characters are shown, from 120 before the column
        CliRun r = check(dir, A + "(".repeat(9999) + "a" + ")".repeat(9999));
        refused(r, dir, "1:10025: " + MESSAGE + "\n..." + "(".repeat(120) + "a" + ")".repeat(119) + "...\n"
                + " ".repeat(123) + "^");
    }

    @Test
    void operatorChainsUpToTheLimit(@TempDir Path dir) throws IOException {
        // let (1), the outermost + (2) ... the innermost + (10000 - 1), its operands (10000)
        assertEquals(0, check(dir, A + String.join(" + ", java.util.Collections.nCopies(9999, "a"))).status());
        String over = A + String.join(" + ", java.util.Collections.nCopies(10000, "a"));
        refused(check(dir, over), dir, "1:26: " + MESSAGE + "\n" + over.substring(0, 240) + "...\n"
                + " ".repeat(25) + "^");
        assertEquals(0, check(dir, A + "-".repeat(9998) + "a").status()); // let, 9998 negations, a
    }

    @Test
    void letChainsUpToTheLimit(@TempDir Path dir) throws IOException {
        // let k is at level k, its value k + 1, the value's operands k + 2: 9998 lets reach 10000
        assertEquals(new CliRun(0, "tensor(2)\n", ""), check(dir, lets(9998)));
        // the parser stops at the right operand: it enters the left one in the same call as the '+'
        String line = "let x9998 = x9997 + x9997 in";
        refused(check(dir, lets(9999)), dir, "9999:21: " + MESSAGE + "\n" + line + "\n" + " ".repeat(20) + "^");
    }

    /**
     * The work bound: every op run counts its elements plus 100, and every iteration of a sum 100 more and its
     * addition. An iteration of $(i) (X[0] * 2.0) runs 4 one-element ops (the index 0, X[0], the constant, the
     * product): 4 x 101, plus 101 for the iteration and its addition, 505; the input X counts 4 + 100 = 104.
     * 198,020 iterations are 100,000,100 + 104 = 100,000,204 operations, over the bound of 100,000,000; 198,019 are
     * 99,999,595 + 104 = 99,999,699, within it. The bound is checked before anything runs, so nothing here takes time.
     */
    @Test
    void workPerExampleUpToTheBound(@TempDir Path dir) throws IOException {
        String in = "let X = (4, 1) in [0, 1] in\n";
        assertEquals(0, check(dir, in + "$(i = [0:198019]) (X[0] * 2.0)\n").status());
        String loop = "let s = $(i = [0:198020]) (X[0] * 2.0) in";
        refused(check(dir, in + loop + "\ns\n"), dir, "2:9: " + excess("100,000,204") + "\n" + loop + "\n"
                + " ".repeat(8) + "^");
        // nested loops of a billion iterations each multiply past 2^63: the count saturates, never wraps small
        String nested = "$(i = [0:1000000000]) ($(j = [0:1000000000]) ($(k = [0:1000000000]) (X[0] * 2.0)))";
        assertEquals(1, check(dir, in + nested + "\n").status());
        // a sum whose body is a bare reference runs no op but costs 100 per iteration and adds X's 4 elements:
        // 961,538 iterations of 104 are 100,000,056 with the input's 104, refused, 961,537 are 99,999,952; so are
        // 99 nested loops of two iterations around nothing (2^99), and a billion iterations (issue 42)
        assertEquals(0, check(dir, in + "$(i = [0:961537]) (X)\n").status());
        refused(check(dir, in + "$(i = [0:961538]) (X)\n"), dir, "2:1: " + excess("100,000,056")
                + "\n$(i = [0:961538]) (X)\n^");
        refused(check(dir, in + "$(i = [0:1000000000]) (X)\n"), dir, "2:1: " + excess("104,000,000,104")
                + "\n$(i = [0:1000000000]) (X)\n^");
        assertEquals(1, check(dir, in + "$(i = [0:2]) ".repeat(99) + "(X)\n").status());
    }

    /**
     * A loop of small ops counts what running them costs, not only their elements (issue 42): 30,000,000 iterations
     * of a bare (1, 1) input, 30,000,000 x (100 + 1) + 101 operations, were 9 s per pass over two examples and kept
     * compile's search busy for minutes; run, compile and bench now refuse them before reading any data.
     */
    @Test
    void aLongLoopOfSmallOpsIsRefusedByEveryCommand(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        String loop = "$(i = [0:30000000]) (X)";
        Files.writeString(dir.resolve("p.sd"), "let X = (1, 1) in [0, 1] in\n" + loop + "\n");
        String expected = dir + "/p.sd:2:1: " + excess("3,030,000,101") + "\n" + loop + "\n^\n";
        assertEquals(new CliRun(1, "", expected), CliRun.of(dir, "run {D}p.sd --data {D}d.npy --no-progress"));
        for (String command : new String[] {"compile", "bench"}) {
            CliRun r = CliRun.of(dir, command + " {D}p.sd --train {D}d.npy --test {D}d.npy --out {D}o --no-progress");
            assertEquals(new CliRun(1, "", expected), r, command);
        }
    }

    private static String excess(String work) {
        return "error: the program does about " + work + " operations per example, most of them in this expression;"
                + " seedc compiles programs of at most 100,000,000 (it runs a program over whole training sets, once"
                + " per candidate of the search): use fewer iterations or smaller tensors";
    }

    private static String lets(int n) {
        StringBuilder sb = new StringBuilder("let x0 = (2) in [0, 1] in\n");
        for (int i = 1; i < n; i++) {
            sb.append("let x").append(i).append(" = x").append(i - 1).append(" + x").append(i - 1).append(" in\n");
        }
        return sb.append("x").append(n - 1).append('\n').toString();
    }

    /**
     * argmax(W * (X + ... + X)) = argmax(n W X) = argmax(W X): on the tiny classifier's rows, (1, 0) gives
     * W X = (1, 0, 1), class 0 (the first maximum), and (.5, .5) gives (.5, .5, 1), class 2: both labels.
     */
    @Test
    void theDeepestSumRunsAndCompiles(@TempDir Path dir) throws IOException {
        // let X (1), let W (2), argmax (3), W * (4), the parenthesis (5), 9994 +s (6..9999), the Xs (10000)
        classifierOverASum(dir, 9995);
        runsAndCompiles(dir, "seedot");
    }

    /** The tiny classifier with q.sd = argmax(W * (X + ... + X)), {@code terms} times X. */
    private static void classifierOverASum(Path dir, int terms) throws IOException {
        CliRun.tinyClassifier(dir);
        String sum = String.join(" + ", java.util.Collections.nCopies(terms, "X"));
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0, 1] in let W = (3, 2) in [-1, 1] in argmax(W * ("
                + sum + "))");
    }

    /**
     * Shiftry on a long program that it still searches value by value (at most 2,500 values, DemotionUnits): its
     * stage III demotes each of n values alone and reruns the program's downstream ops for each, so its time grows as
     * n^2 (BENCHMARKS.md, "Limits"; longer programs are searched in groups, CompileWorkTest). Nothing in it
     * recurses along the program (nesting is loopsNestUpToAHundred's).
     */
    @Test
    void shiftryCompilesALongSum(@TempDir Path dir) throws IOException {
        classifierOverASum(dir, 2000);
        runsAndCompiles(dir, "shiftry");
    }

    @Test
    void loopsNestUpToAHundred(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        String head = "let X = (2, 1) in [0, 1] in let W = (3, 2) in [-1, 1] in argmax(W * (";
        // a one-step sum of X is X: the same classifier
        Files.writeString(dir.resolve("q.sd"), head + "$(i = [0:1]) ".repeat(100) + "X))");
        runsAndCompiles(dir, "seedot", "shiftry");
        String over = head + "$(i = [0:1]) ".repeat(101) + "X))";
        Files.writeString(dir.resolve("q.sd"), over);
        CliRun r = CliRun.of(dir, "check {D}q.sd");
        // the 101st $ comes after the head and 100 sums of 13 characters; within 120 of the end, so the line's
        // last 240 characters are shown
        int col = head.length() + 1 + 100 * 13, start = over.length() - 240;
        assertEquals(dir + "/q.sd:1:" + col + ": error: sums and loops nest more than 100 deep; seedc's limit\n..."
                + over.substring(start) + "\n" + " ".repeat(col - 1 - start + 3) + "^", r.err().stripTrailing());
    }

    private static void runsAndCompiles(Path dir, String... strategies) {
        assertEquals("float accuracy: 100.00% (2/2)\n",
                CliRun.of(dir, "run {D}q.sd --model {D}m --data {D}d.npy --no-progress").out());
        for (String strategy : strategies) {
            CliRun c = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}o-"
                    + strategy + " --strategy " + strategy + " --jobs 1 --no-progress");
            assertEquals(0, c.status(), strategy + ": " + c.err());
            assertEquals("fixed-point accuracy: 100.00% (2/2)\n", CliRun.of(dir, "run {D}q.sd --model {D}m --data"
                    + " {D}d.npy --config {D}o-" + strategy + "/report.json").out(), strategy);
        }
    }

    @Test
    void programsUpToOneMebibyte(@TempDir Path dir) throws IOException {
        String program = "let x = 1.0 in x\n// ";
        String full = program + "c".repeat((1 << 20) - program.length());
        assertEquals(new CliRun(0, "real\n", ""), check(dir, full));
        CliRun r = check(dir, full + "c");
        assertEquals(dir + "/p.sd: error: the program is over 1 MiB, seedc's limit for a SeeDot program (weights"
                + " belong in .npy files)", r.err().stripTrailing());
        if (Files.exists(Path.of("/dev/zero"))) { // read only as far as the limit
            assertEquals(new CliRun(1, "", "/dev/zero: error: not a SeeDot program (the file contains NUL bytes)\n"),
                    CliRun.of(dir, "check /dev/zero"));
        }
    }

    @Test
    void aByteOrderMarkStartsAProgram(@TempDir Path dir) throws IOException {
        assertEquals(new CliRun(0, "real\n", ""), check(dir, "\uFEFFlet x = 1.0 in x"));
        // columns count from the first character after the mark
        refused(check(dir, "\uFEFFlet x = 1.0 in x +"), dir,
                "1:19: error: unexpected end of program, expecting an expression\nlet x = 1.0 in x +\n"
                        + " ".repeat(18) + "^");
    }

    /** A program without parameters needs no --model (issue 42): argmax of (X + X) is X's larger feature. */
    @Test
    void aProgramWithoutParametersNeedsNoModelFolder(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        Files.writeString(dir.resolve("p.sd"), "let X = (2, 1) in [0, 1] in\nargmax(X + X)\n");
        CliRun r = CliRun.of(dir, "run {D}p.sd --data {D}d.npy");
        assertEquals(0, r.status(), r.err());
        // rows (label, x1, x2) = (0, 1, 0): class 0; (2, .5, .5): the first maximum, class 0, labelled 2
        assertTrue(r.out().contains("accuracy: 50.00% (1/2)"), r.out());
    }

    /**
     * A parameter's name becomes its file's name, NAME.npy, which the file system holds to 255 bytes: a name of
     * 250 characters is read from its file; one of 251 is refused with a message naming it, not a bare path.
     */
    @Test
    void parameterNamesFitAFileName(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        byte[] weights = Files.readAllBytes(dir.resolve("m/W.npy"));
        String ok = "W".repeat(250), tooLong = "W".repeat(251);
        Files.write(dir.resolve("m/" + ok + ".npy"), weights);
        String program = "let X = (2, 1) in [0, 1] in\nlet N = (3, 2) in [-1, 1] in\nargmax(N * X)\n";
        Files.writeString(dir.resolve("p.sd"), program.replace("N", ok));
        assertEquals(new CliRun(0, "float accuracy: 100.00% (2/2)\n", ""),
                CliRun.of(dir, "run {D}p.sd --model {D}m --data {D}d.npy --no-progress"));
        Files.writeString(dir.resolve("p.sd"), program.replace("N", tooLong));
        assertEquals(new CliRun(1, "", dir + "/m: error: parameter '" + "W".repeat(80) + "... (251 characters)' has"
                + " a name of 251 characters; its file NAME.npy must fit the file system's 255 bytes, so parameters"
                + " have names of at most 250 characters\n"),
                CliRun.of(dir, "run {D}p.sd --model {D}m --data {D}d.npy --no-progress"));
    }
}
