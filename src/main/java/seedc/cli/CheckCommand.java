package seedc.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import seedc.frontend.onnx.OnnxFrontEnd;
import seedc.frontend.seedot.SeeDotProgram;

@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Parses and type-checks a SeeDot program (or imports an ONNX model) and prints its result type.")
final class CheckCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    ProgramOptions source;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        SeeDotProgram lp = source.isOnnx() ? OnnxFrontEnd.typed(source.program, source.onnxOptions())
                : SeeDotProgram.load(source.program);
        spec.commandLine().getOut().println(lp.typed().resultType());
        return 0;
    }
}
