package seedc.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs the bundled ProtoNN digits example end to end.")
final class DemoCommand implements Callable<Integer> {
    static final String EXAMPLE = "protonn-digits-10";
    static final List<String> FILES = List.of("input.sd", "W.npy", "B.npy", "Z.npy", "train.npy", "test.npy");

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write the example and its outputs (default: a temporary directory).")
    Path out;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** --out: new, empty or an earlier demo's folder (seedc's marker in it); created and marked as seedc's. */
    private static Path demoFolder(Path out) {
        OutputFolder.checkReplaceable(out, out.toAbsolutePath().normalize(), List.of());
        try {
            Files.createDirectories(out);
            OutputFolder.mark(out);
        } catch (IOException e) {
            throw seedc.diag.UserError.inFile(out, "cannot be created: " + OutputFolder.reason(e));
        }
        return out;
    }

    /**
     * 'seedc compile' with these arguments (its defaults for the rest), through the same pipeline, printing what it
     * prints; the report it wrote.
     */
    private seedc.report.Report compile(String... args) throws IOException {
        CompileCommand compile = new CompileCommand();
        CommandLine cl = new CommandLine(compile);
        cl.setOut(new PrintWriter(System.out, true));
        cl.setErr(new PrintWriter(System.err, true));
        cl.parseArgs(args);
        return compile.compile();
    }

    @Override
    public Integer call() throws IOException {
        Path dir = out != null ? demoFolder(out) : Files.createTempDirectory("seedc-demo-");
        Path model = dir.resolve(EXAMPLE);
        Files.createDirectories(model);
        for (String f : FILES) {
            try (InputStream in = DemoCommand.class.getResourceAsStream("/examples/" + EXAMPLE + "/" + f)) {
                Files.copy(in, model.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        var o = spec.commandLine().getOut();
        Path sd = model.resolve("input.sd");
        o.println("== seedc demo: ProtoNN on the digits data set (" + model + ")");
        o.println("$ seedc check input.sd");
        Main.execute(new String[] {"check", sd.toString()}, System.out, System.err);
        o.println("$ seedc run input.sd --model . --data test.npy --encoding float");
        int rc = Main.execute(new String[] {"run", sd.toString(), "--model", model.toString(),
                "--data", model.resolve("test.npy").toString()}, System.out, System.err);
        if (rc != 0) {
            return rc;
        }
        Path code = dir.resolve("out");
        o.println("$ seedc compile input.sd --model . --train train.npy --test test.npy --target x86 --out " + code);
        seedc.report.Report r = compile(sd.toString(), "--model", model.toString(),
                "--train", model.resolve("train.npy").toString(), "--test", model.resolve("test.npy").toString(),
                "--target", "x86", "--out", code.toString(), "--no-progress");
        String widths = r.program().values().stream().map(v -> v.bitwidth()).distinct().sorted().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining("/"));
        o.printf(java.util.Locale.ROOT, "== float test accuracy %.2f%%, fixed-point (%s-bit) test accuracy %.2f%%%n",
                r.accuracy().floatTestAccuracy(), widths, r.accuracy().fixedTestAccuracy());
        o.println("== generated C in " + code + " (make -C " + code + " builds ./predictor)");
        return 0;
    }
}
