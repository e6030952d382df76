package seedc.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.RequiredTool;
import seedc.diag.UserError;

/**
 * Many programs of seedc's cortex-m C in one bare-metal ELF, run under Unicorn (m0plus_run.py --outputs-only) for the
 * raw integers they compute: the tests' Cortex-M differential runs. Each program is the folder seedc emitted (its
 * predict.c, predict.h, model.h) and its examples; a wrapper translation unit per program includes its predict.c with
 * seedc_predict and seedc_output renamed, so that the programs' statics stay apart and one gcc call and one run serve
 * them all, with the Makefile's -Wall -Wextra -Werror. The runner serves every run of a JVM (m0plus_run.py --serve).
 * Per example the ELF prints a line: the output tensor's integers, or the label followed by the decision
 * scores (the argmax operand, read after the call from the buffer the predict body left it in: predict.c's macro for
 * it is in scope in the wrapper), in the types the program computes them in.
 */
public final class CortexMRuns {
    private CortexMRuns() {}

    /** The core a build is for, and the Unicorn model it runs on. */
    public enum Cpu {
        /** What seedc's Makefile builds for (the MKR1000's SAMD21), on Unicorn's Cortex-M0. */
        M0PLUS("cortex-m0plus", "cortex-m0"),
        /** The same C for a Cortex-M4 (Thumb-2, hardware division, long multiplies), soft float. */
        M4("cortex-m4", "cortex-m4");

        private final String gccCpu;
        private final String unicornCpu;

        Cpu(String gccCpu, String unicornCpu) {
            this.gccCpu = gccCpu;
            this.unicornCpu = unicornCpu;
        }

        public String id() {
            return gccCpu;
        }
    }

    /**
     * One program: {@code dir} holds what seedc emitted for cortex-m, {@code inputs} the quantized input of each example,
     * {@code scores} the C name of the argmax operand's buffer for a label program (null: print the label alone, or
     * the output tensor) and {@code scoreCount} its elements.
     */
    public record Program(Path dir, List<long[]> inputs, String scores, int scoreCount) {}

    /** Flash and RAM the ELF is linked for and the runner maps (the MKR1000's, or larger for many programs). */
    public record Memory(int flashBytes, int ramBytes) {
        public static final Memory MKR1000 = new Memory(256 * 1024, 32 * 1024);
        public static final Memory LARGE = new Memory(16 * 1024 * 1024, 4 * 1024 * 1024);
    }

    /** The emitted Makefile's warnings (its build is the user's): every program must compile without one. */
    static final List<String> WARNINGS = List.of("-Wall", "-Wextra", "-Werror");

    /** Seconds a run may take before it counts as stuck (a hang guard, not a measurement). */
    static final int TIMEOUT_SECONDS = 600;

    /**
     * The tools (arm-none-eabi-gcc, newlib, python3-unicorn), installed with apt-get when missing and possible;
     * otherwise a failure under CI=true and a skip naming the tool elsewhere.
     */
    public static CortexMBench.Tools tools() {
        if (missingTools() != null) {
            RequiredTool.missing(missing, "gcc-arm-none-eabi, libnewlib-arm-none-eabi or python3-unicorn");
        }
        return found;
    }

    /** The tools once found (looking costs a Python start importing Unicorn), or what was missing. */
    private static CortexMBench.Tools found;
    private static String missing;

    /** Null when the tools are here (or were just installed), else what is missing, naming the package. */
    public static synchronized String missingTools() {
        if (found == null && missing == null) {
            try {
                found = CortexMBench.tools();
            } catch (UserError e) {
                missing = e.getMessage();
            }
        }
        return missing;
    }

    /**
     * Builds {@code programs} into one ELF for {@code cpu} in {@code work} and runs it: per program, per example, the
     * integers its line holds.
     */
    public static List<List<long[]>> run(Cpu cpu, List<Program> programs, Memory memory, Path work) throws IOException {
        CortexMBench.Tools t = tools();
        Files.createDirectories(work);
        Path res = BenchResources.dir(CortexMBench.HEADER, CortexMBench.LINKER_SCRIPT, CortexMBench.RUNNER);
        List<String> cmd = new ArrayList<>(List.of(t.gcc().toString()));
        cmd.addAll(CortexMBench.FLAGS.stream().map(f -> f.startsWith("-mcpu=") ? "-mcpu=" + cpu.gccCpu : f).toList());
        cmd.addAll(WARNINGS);
        cmd.addAll(List.of("-T", linkerScript(res, memory, work).toString(), "-I" + res, "-o",
                work.resolve("batch.elf").toAbsolutePath().toString()));
        for (int i = 0; i < programs.size(); i++) {
            Path c = work.resolve("program" + i + ".c").toAbsolutePath();
            Files.writeString(c, wrapper(i, programs.get(i), "#include \"seedc_m0_bench.h\"\n", "SEEDC_BENCH_PUTC"));
            cmd.add(c.toString());
        }
        String main = main(programs.size(), "#include \"seedc_m0_bench.h\"\n", "SEEDC_BENCH_EXIT();") + """

                void __attribute__((section(".text._start"), noreturn)) _start(void) {
                    main();
                    SEEDC_BENCH_EXIT();
                }
                """;
        Path mainC = work.resolve("main.c").toAbsolutePath();
        Files.writeString(mainC, main);
        cmd.addAll(List.of(mainC.toString(), "-lgcc"));
        Proc.Result built = Proc.run(cmd, 600);
        if (built.exitCode() != 0) {
            throw new AssertionError("building the " + cpu.id() + " ELF failed: " + String.join(" ", cmd) + "\n"
                    + built.combined());
        }
        return parse(execute(t, res.resolve(CortexMBench.RUNNER), cpu, memory, work), programs, cpu, work);
    }

    /** seedc_m0.ld with {@code memory}'s lengths. */
    private static Path linkerScript(Path res, Memory memory, Path work) throws IOException {
        String ld = Files.readString(res.resolve(CortexMBench.LINKER_SCRIPT))
                .replace("LENGTH = 256K", "LENGTH = " + memory.flashBytes())
                .replace("LENGTH = 32K", "LENGTH = " + memory.ramBytes());
        Path out = work.resolve("batch.ld").toAbsolutePath();
        Files.writeString(out, ld);
        return out;
    }

    /**
     * Program i's translation unit: its predict.c (seedc_predict and seedc_output renamed), {@code include} (what
     * defines {@code putc}, which writes a character), its examples as constants, and bt_program{i}, which predicts
     * each from a RAM copy and prints "i=" then a line per example. Also the host's batches (the per-op harness's x86).
     */
    public static String wrapper(int i, Program p, String include, String putc) {
        StringBuilder s = new StringBuilder("/* program " + i + ": " + p.dir() + " */\n");
        s.append("#define seedc_predict bt_predict").append(i).append('\n');
        s.append("#define seedc_output bt_output").append(i).append('\n');
        s.append("#include \"").append(p.dir().toAbsolutePath().resolve("predict.c")).append("\"\n");
        s.append("#include <string.h>\n").append(include).append('\n');
        s.append("#define BT_LEN (SEEDC_INPUT_LEN > 0 ? SEEDC_INPUT_LEN : 1)\n");
        s.append("static const seedc_input_t bt_examples[").append(p.inputs().size()).append("][BT_LEN] = {\n");
        p.inputs().forEach(x -> s.append("    ").append(AvrBench.initializer(x)).append(",\n"));
        s.append("};\nstatic seedc_input_t bt_x[BT_LEN];\n\n");
        s.append(TargetHarness.SD_PUT.replace("sd_put", "bt_put").replace("SD_PUTC", putc));
        s.append("void bt_program").append(i).append("(void);\n\nvoid bt_program").append(i).append("(void) {\n");
        s.append("    bt_put(").append(i).append(");\n    ").append(putc).append("('=');\n    ").append(putc)
                .append("('\\n');\n");
        s.append("    for (unsigned e = 0; e < ").append(p.inputs().size()).append("u; e++) {\n");
        s.append("        memcpy(bt_x, bt_examples[e], sizeof bt_x);\n");
        s.append("        int32_t label = seedc_predict(bt_x);\n");
        s.append("#if SEEDC_OUTPUT_LEN > 0\n        (void)label;\n");
        s.append("        for (unsigned k = 0; k < SEEDC_OUTPUT_LEN; k++) {\n");
        s.append("            if (k) ").append(putc).append("(' ');\n            bt_put((int32_t)seedc_output[k]);\n")
                .append("        }\n");
        s.append("#else\n        bt_put(label);\n");
        if (p.scores() != null) {
            s.append("        for (unsigned k = 0; k < ").append(p.scoreCount()).append("u; k++) {\n");
            s.append("            ").append(putc).append("(' ');\n            bt_put((int32_t)").append(p.scores())
                    .append("[k]);\n        }\n");
        }
        s.append("#endif\n        ").append(putc).append("('\\n');\n    }\n}\n");
        return s.toString();
    }

    /** main(), calling bt_program0 .. bt_program{n-1} in turn; {@code include} and {@code end} frame it. */
    public static String main(int n, String include, String end) {
        StringBuilder main = new StringBuilder(include).append('\n');
        for (int i = 0; i < n; i++) {
            main.append("void bt_program").append(i).append("(void);\n");
        }
        main.append("\nint main(void) {\n");
        for (int i = 0; i < n; i++) {
            main.append("    bt_program").append(i).append("();\n");
        }
        return main.append("    ").append(end).append("\n}\n").toString();
    }

    /** The runner in --serve mode, started once per JVM (importing Unicorn costs more than most runs). */
    private static Process server;
    private static java.io.BufferedReader answers;

    /** Runs the ELF in {@code work} through the server, starting it when it is not running. */
    private static synchronized CortexMBench.Result execute(CortexMBench.Tools t, Path runner, Cpu cpu, Memory memory,
                                                            Path work) throws IOException {
        Path elf = work.resolve("batch.elf").toAbsolutePath();
        if (server == null || !server.isAlive()) {
            server = new ProcessBuilder(t.python().toString(), runner.toString(), "--serve")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            answers = new java.io.BufferedReader(new java.io.InputStreamReader(server.getInputStream()));
            Process started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::destroy));
        }
        ObjectMapper json = new ObjectMapper();
        var request = new java.util.LinkedHashMap<String, Object>();
        request.put("elf", elf.toString());
        request.put("cpu", cpu.unicornCpu);
        request.put("flash_size", memory.flashBytes());
        request.put("ram_size", memory.ramBytes());
        request.put("timeout", TIMEOUT_SECONDS);
        server.getOutputStream().write((json.writeValueAsString(request) + "\n").getBytes());
        server.getOutputStream().flush();
        String line = answers.readLine();
        if (line == null) {
            throw new AssertionError("the Unicorn runner (" + runner + " --serve) ended running " + elf);
        }
        return json.readValue(line, CortexMBench.Result.class);
    }

    /** The lines of each program; a run that did not end names the program it stopped in. */
    private static List<List<long[]>> parse(CortexMBench.Result r, List<Program> programs, Cpu cpu, Path work) {
        List<List<long[]>> out = parse(r.output(), programs, stopped(r, cpu, work));
        if (!r.state().equals("done")) {
            throw new AssertionError(stopped(r, cpu, work) + " after the last program");
        }
        return out;
    }

    /**
     * Each program's lines in {@code output} (after its "i=" line) as integers; {@code stopped} says why output that
     * ends early ended.
     */
    public static List<List<long[]>> parse(String output, List<Program> programs, String stopped) {
        List<String> lines = output.lines().toList();
        List<List<long[]>> out = new ArrayList<>();
        int at = 0;
        for (int i = 0; i < programs.size(); i++) {
            if (at >= lines.size() || !lines.get(at).equals(i + "=")) {
                throw new AssertionError(stopped + " before program " + i + " (" + programs.get(i).dir() + ") began");
            }
            at++;
            List<long[]> rows = new ArrayList<>();
            for (int e = 0; e < programs.get(i).inputs().size(); e++, at++) {
                if (at >= lines.size() || lines.get(at).endsWith("=")) {
                    throw new AssertionError(stopped + " in program " + i + " (" + programs.get(i).dir()
                            + "), example " + e);
                }
                rows.add(java.util.Arrays.stream(lines.get(at).trim().split(" ")).mapToLong(Long::parseLong)
                        .toArray());
            }
            out.add(rows);
        }
        return out;
    }

    private static String stopped(CortexMBench.Result r, Cpu cpu, Path work) {
        return "the " + cpu.id() + " run in " + work + " " + switch (r.state()) {
            case "budget" -> "did not finish within " + TIMEOUT_SECONDS + " s";
            case "done" -> "ended";
            default -> "crashed (" + r.error() + ")";
        };
    }
}
