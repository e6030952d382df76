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

    /**
     * --out is an output folder like compile's: new, empty or an earlier seedc output holding no file of the user's,
     * replaced as a whole (the example is committed first, so a rerun never merges into the old run's files); its
     * marker is rewritten at the end to list what check, run and compile added.
     */
    @Override
    public Integer call() throws IOException {
        if (out == null) {
            Path dir = Files.createTempDirectory("seedc-demo-");
            copyExample(dir);
            return run(dir);
        }
        try (OutputFolder folder = OutputFolder.open(out, List.of(), spec.commandLine().getErr())) {
            copyExample(folder.dir());
            folder.commit();
            try {
                return run(folder.target());
            } finally {
                OutputFolder.mark(folder.target());
            }
        }
    }

    private static void copyExample(Path dir) throws IOException {
        Path model = Files.createDirectories(dir.resolve(EXAMPLE));
        for (String f : FILES) {
            try (InputStream in = DemoCommand.class.getResourceAsStream("/examples/" + EXAMPLE + "/" + f)) {
                Files.copy(in, model.resolve(f));
            }
        }
    }

    /** check, run and compile on the example in {@code dir}; the exit status. */
    private int run(Path dir) throws IOException {
        Path model = dir.resolve(EXAMPLE);
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
