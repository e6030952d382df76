package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The shared harness of the streaming templates (linear-time nodes: PF elements of each operand in a beat, PF
 * results out): writes a testbench that streams the operands through one instance in ceil(n / PF) beats, runs
 * it under Icarus Verilog and returns the results, each sign-extended from its width, to compare with the Java
 * kernel's.
 */
final class StreamHarness {
    private StreamHarness() {}

    /** An operand port: its name, element width and values (each within the width). */
    record Port(String name, int bits, long[] values) {}

    static boolean haveIverilog() {
        return Files.isExecutable(Path.of("/usr/bin/iverilog")) && Files.isExecutable(Path.of("/usr/bin/vvp"));
    }

    /** Runs {@code module} (a template in seedc/codegen/verilog) with {@code params} on the operands. */
    static long[] run(Path dir, String module, Map<String, Object> params, int pf, List<Port> in, String out,
                      int outBits) {
        assertTrue(haveIverilog(), "iverilog is needed (./run-tests installs it)");
        int n = in.getFirst().values().length, beats = (n + pf - 1) / pf;
        try {
            Files.createDirectories(dir);
            for (String f : List.of("sd_arith.vh", "sd_stream.vh", module + ".v")) {
                Files.writeString(dir.resolve(f), resource(f));
            }
            Files.writeString(dir.resolve("tb.v"), testbench(module, params, pf, in, out, outBits, n, beats));
            exec(dir, "iverilog", "-g2012", "-o", "sim", "tb.v", module + ".v");
            String printed = exec(dir, "vvp", "-n", "sim");
            List<Long> got = new ArrayList<>();
            for (String line : printed.split("\n")) {
                if (line.startsWith("out ")) {
                    got.add(Long.parseLong(line.substring(4).trim()));
                }
            }
            assertEquals(beats * pf, got.size(), "results printed:\n" + printed);
            return got.subList(0, n).stream().mapToLong(Long::longValue).toArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String testbench(String module, Map<String, Object> params, int pf, List<Port> in, String out,
                                    int outBits, int n, int beats) {
        StringBuilder tb = new StringBuilder("`timescale 1ns/1ps\nmodule tb;\n    reg clk = 0;\n    reg in_valid = 0;\n");
        for (Port p : in) {
            tb.append("    reg [").append(pf * p.bits() - 1).append(":0] ").append(p.name()).append(";\n");
            tb.append("    reg [").append(p.bits() - 1).append(":0] ").append(p.name()).append("_mem [0:")
              .append(beats * pf - 1).append("];\n");
        }
        tb.append("    wire out_valid;\n    wire [").append(pf * outBits - 1).append(":0] ").append(out).append(";\n");
        Map<String, Object> all = new LinkedHashMap<>(params);
        all.put("PF", pf);
        tb.append("    ").append(module).append(" #(");
        tb.append(String.join(", ", all.entrySet().stream().map(e -> "." + e.getKey() + "(" + e.getValue() + ")").toList()));
        tb.append(") dut (.clk(clk), .in_valid(in_valid), ");
        for (Port p : in) {
            tb.append('.').append(p.name()).append('(').append(p.name()).append("), ");
        }
        tb.append(".out_valid(out_valid), .").append(out).append('(').append(out).append("));\n");
        tb.append("    integer i, k, j;\n    initial begin\n");
        for (Port p : in) {
            for (int i = 0; i < beats * pf; i++) {
                long v = i < n ? p.values()[i] : 0;
                tb.append("        ").append(p.name()).append("_mem[").append(i).append("] = ").append(p.bits())
                  .append("'h").append(Long.toHexString(v & mask(p.bits()))).append(";\n");
            }
        }
        tb.append("        for (i = 0; i < ").append(beats).append("; i = i + 1) begin\n");
        for (Port p : in) {
            tb.append("            for (k = 0; k < ").append(pf).append("; k = k + 1) ").append(p.name()).append("[k*")
              .append(p.bits()).append(" +: ").append(p.bits()).append("] = ").append(p.name()).append("_mem[i*")
              .append(pf).append(" + k];\n");
        }
        tb.append("            in_valid = 1;\n            #1 clk = 1; #1 clk = 0;\n        end\n");
        tb.append("        in_valid = 0;\n        #1 clk = 1; #1 clk = 0;\n        $finish;\n    end\n");
        tb.append("    always @(posedge clk) #0.5 if (out_valid) for (j = 0; j < ").append(pf)
          .append("; j = j + 1) $display(\"out %0d\", $signed(").append(out).append("[j*").append(outBits)
          .append(" +: ").append(outBits).append("]));\n");
        return tb.append("endmodule\n").toString();
    }

    private static long mask(int bits) {
        return bits == 64 ? -1L : (1L << bits) - 1;
    }

    private static String resource(String name) throws IOException {
        try (var s = StreamHarness.class.getResourceAsStream("/seedc/codegen/verilog/" + name)) {
            if (s == null) {
                throw new IOException("no template " + name);
            }
            return new String(s.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static String exec(Path dir, String... command) throws IOException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + String.join(" ", command));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        String text = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), String.join(" ", command) + " in " + dir + ":\n" + text);
        return text;
    }
}
