package seedc.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import seedc.frontend.seedot.SeeDotProgram;

@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Parses and type-checks a SeeDot program and prints its result type.")
final class CheckCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROGRAM.sd", description = "The SeeDot program.")
    Path program;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        SeeDotProgram lp = SeeDotProgram.load(program);
        spec.commandLine().getOut().println(lp.typed().resultType());
        return 0;
    }
}
