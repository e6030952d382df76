package seedc.codegen.verilog.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.RequiredTool;
import seedc.codegen.verilog.plan.Divider;

/**
 * The activations' long divider ({@link DividerVerilog#function}) against Java's division, which truncates
 * toward zero as the interpreter's does: in Icarus Verilog, on every pair of a small width and on random and
 * extreme pairs of tanh's width (31 / 17 bits), negative operands included; the divider of operands that are never
 * negative (sigmoid's, and tanh's where the table's e stays within one) on the pairs of such operands.
 */
class DividerTest {
    @ParameterizedTest
    @CsvSource({"6, 4, true, true", "31, 17, false, true", "6, 4, true, false", "31, 17, false, false"})
    void quotientsEqualJavasDivision(int numBits, int denBits, boolean exhaustive, boolean signed, @TempDir Path dir)
            throws Exception {
        RequiredTool.command("iverilog", "iverilog");
        RequiredTool.command("vvp", "iverilog");
        List<long[]> pairs = new ArrayList<>();
        long nMin = -(1L << (numBits - 1)), nMax = (1L << (numBits - 1)) - 1;
        long dMin = -(1L << (denBits - 1)), dMax = (1L << (denBits - 1)) - 1;
        if (exhaustive) {
            for (long n = nMin; n <= nMax; n++) {
                for (long d = dMin; d <= dMax; d++) {
                    if (d != 0 && !(n == nMin && d == -1)) {
                        pairs.add(new long[] {n, d});
                    }
                }
            }
        } else {
            Random r = new Random(13);
            long[] edges = {nMin + 1, nMax, 1, -1, 0, 12345};
            for (long n : edges) {
                for (long d : new long[] {dMax, dMin, 1, -1, 3, -7}) {
                    pairs.add(new long[] {n, d});
                }
            }
            for (int i = 0; i < 2000; i++) {
                long d = r.nextLong(dMin, dMax + 1);
                pairs.add(new long[] {r.nextLong(nMin + 1, nMax + 1), d == 0 ? 1 : d});
            }
        }
        if (!signed) {
            pairs.removeIf(p -> p[0] < 0 || p[1] <= 0);
        }
        StringBuilder in = new StringBuilder();
        for (long[] p : pairs) {
            in.append(Long.toHexString(p[0] & ((1L << numBits) - 1))).append(' ')
              .append(Long.toHexString(p[1] & ((1L << denBits) - 1))).append('\n');
        }
        Files.writeString(dir.resolve("pairs.txt"), in);
        Files.writeString(dir.resolve("tb.v"), "module tb;\n"
                + new DividerVerilog(new Divider(numBits, denBits, signed)).function("div") + "reg signed ["
                + (numBits - 1) + ":0] n;\nreg signed [" + (denBits - 1) + ":0] d;\ninteger f;\n"
                + "initial begin\n    f = $fopen(\"pairs.txt\", \"r\");\n"
                + "    while ($fscanf(f, \"%h %h\\n\", n, d) == 2) $display(\"%0d\", div(n, d));\n    $finish(0);\nend\n"
                + "endmodule\n");
        List<String> out = run(dir, "iverilog", "-g2012", "-o", "tb.vvp", "tb.v");
        assertTrue(out.isEmpty(), String.join("\n", out));
        out = run(dir, "vvp", "-n", "tb.vvp");
        assertEquals(pairs.size(), out.size(), "one quotient per pair");
        for (int i = 0; i < pairs.size(); i++) {
            long[] p = pairs.get(i);
            assertEquals(p[0] / p[1], Long.parseLong(out.get(i).strip()), p[0] + " / " + p[1]);
        }
    }

    private static List<String> run(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "timeout: " + String.join(" ", command));
        return lines;
    }
}
