package seedc.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import seedc.diag.UserError;
import seedc.frontend.onnx.ImportedProgram;
import seedc.frontend.onnx.OnnxFrontEnd;
import seedc.io.Npy;
import seedc.io.NpyArray;

@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Writes the SeeDot program (input.sd) and .npy weights equivalent to an ONNX model: what every"
                + " other command compiles from it, to read or edit.")
final class ImportCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions source;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder to write (a new one, or"
            + " an earlier output of seedc); required.")
    Path out;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!source.isOnnx()) {
            throw UserError.of(source.program + " is not an .onnx file; seedc imports ONNX models");
        }
        ImportedProgram imported = OnnxFrontEnd.importFile(source.program, source.onnxOnly());
        try (OutputFolder folder = OutputFolder.open(out, List.of(source.program), spec.commandLine().getErr())) {
            Files.writeString(folder.dir().resolve("input.sd"), imported.source());
            for (Map.Entry<String, NpyArray> p : imported.params().entrySet()) {
                Npy.write(folder.dir().resolve(p.getKey() + ".npy"), p.getValue());
            }
            folder.commit();
        }
        imported.notes().forEach(n -> spec.commandLine().getErr().println(source.program + ": note: " + n));
        spec.commandLine().getOut().printf("wrote %s (input.sd and %d parameters); compile it with%n  seedc compile"
                + " %s --model %s --train ... --test ...%n", out, imported.params().size(), out.resolve("input.sd"), out);
        return 0;
    }
}
