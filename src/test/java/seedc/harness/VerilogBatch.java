package seedc.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Several Verilog designs of --target fpga in one Icarus compile and one simulation: each design's top.v with its
 * includes inlined and its modules renamed (seedc_top_p0, tb_p0, ...), and its testbench rewritten to read
 * {@code +examples_p<i>=FILE}, write to {@code <dir>/outputs.txt} instead of stdout, stop its clock and set
 * {@code finished} where it would call $finish; a root module ends the simulation when every testbench has finished.
 * The designs themselves are unchanged, and simulate side by side in simulated time (each with its own clock), so
 * that the harness pays Icarus's start-up (a third of a second per design) once per batch. Every rewrite checks that
 * the generated text has the shape it expects, so that a change of the testbench fails the batch loudly (the harness
 * then runs each design alone, through its Makefile).
 */
final class VerilogBatch {
    private static final Pattern INCLUDE = Pattern.compile("(?m)^[ \\t]*`include \"([^\"]+)\"[ \\t]*$");
    private static final Pattern MODULE = Pattern.compile("(?m)^module (\\w+)");
    private static final Pattern READMEM = Pattern.compile("\\$readmem([hb])\\(\"([^\"]+)\"");

    private VerilogBatch() {}

    /**
     * The one source file of the designs in {@code dirs} (each as FpgaBackend wrote it, tb.v and top.v), with
     * the root module {@code seedc_batch}; a guarded include (sd_arith.vh) must be the same file in every design,
     * since only the first copy compiles.
     */
    static String source(List<Path> dirs) throws IOException {
        StringBuilder sb = new StringBuilder("// seedc per-op harness: ").append(dirs.size())
                .append(" designs in one simulation\n");
        Map<String, String> guarded = new HashMap<>();
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < dirs.size(); i++) {
            Path dir = dirs.get(i);
            String design = inline(dir, Files.readString(dir.resolve("top.v")), guarded);
            String tb = testbench(Files.readString(dir.resolve("tb.v")), i, dir.resolve("outputs.txt"));
            sb.append(rename(design + "\n" + tb, i, dir)).append('\n');
            all.append(i == 0 ? "" : " && ").append("tb_p").append(i).append(".finished");
        }
        sb.append("module seedc_batch;\n    initial begin\n        wait (").append(all).append(");\n        $finish;\n")
          .append("    end\nendmodule\n");
        return sb.toString();
    }

    /** The plusargs that give design {@code i} its examples. */
    static String examplesArg(int i, Path examples) {
        return "+examples_p" + i + "=" + examples.toAbsolutePath();
    }

    /** {@code text} with every include replaced by the file (read relative to the design, as make's iverilog does). */
    private static String inline(Path dir, String text, Map<String, String> guarded) throws IOException {
        Matcher m = INCLUDE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String body = inline(dir, Files.readString(dir.resolve(name)), guarded);
            if (body.contains("`ifndef") && !body.equals(guarded.computeIfAbsent(name, k -> body))) {
                throw new IllegalStateException(dir + "/" + name + " differs from the batch's first copy");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(body));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** Every module of the design and its testbench (seedc_top, tb) renamed with the suffix _p{@code i}; ROMs read from {@code dir}. */
    private static String rename(String text, int i, Path dir) {
        Matcher modules = MODULE.matcher(text);
        String renamed = text;
        while (modules.find()) {
            renamed = renamed.replaceAll("\\b" + modules.group(1) + "\\b", modules.group(1) + "_p" + i);
        }
        Matcher rom = READMEM.matcher(renamed);
        StringBuilder sb = new StringBuilder();
        while (rom.find()) {
            rom.appendReplacement(sb, Matcher.quoteReplacement("$readmem" + rom.group(1) + "(\""
                    + dir.resolve(rom.group(2)).toAbsolutePath() + "\""));
        }
        rom.appendTail(sb);
        return sb.toString();
    }

    /** The testbench of design {@code i}: its own plusarg, its output to {@code outputs}, finished instead of $finish. */
    private static String testbench(String tb, int i, Path outputs) {
        String t = once(tb, "module tb;\n", "module tb;\n    reg finished = 1'b0;\n    integer out_fd;\n");
        t = once(t, "always #5 clk = ~clk;", "always #5 if (!finished) clk = ~clk;");
        t = once(t, "initial begin\n", "initial begin\n        out_fd = $fopen(\"" + outputs.toAbsolutePath() + "\", \"w\");\n");
        t = once(t, "$value$plusargs(\"examples=%s\"", "$value$plusargs(\"examples_p" + i + "=%s\"");
        if (!t.contains("$finish;")) {
            throw new IllegalStateException("the testbench has no $finish");
        }
        t = t.replace("$finish;", "begin $fclose(out_fd); finished = 1'b1; wait (!finished); end");
        return t.replace("$display(", "$fdisplay(out_fd, ").replace("$write(", "$fwrite(out_fd, ");
    }

    /** {@code text} with its one occurrence of {@code from} replaced; an IllegalStateException when there is not exactly one. */
    private static String once(String text, String from, String to) {
        int at = text.indexOf(from);
        if (at < 0 || text.indexOf(from, at + 1) >= 0) {
            throw new IllegalStateException("the testbench does not have exactly one \"" + from.strip() + "\"");
        }
        return text.substring(0, at) + to + text.substring(at + from.length());
    }
}
