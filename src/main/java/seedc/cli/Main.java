package seedc.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import seedc.diag.HeapNeed;
import seedc.diag.TooLarge;
import seedc.diag.UserError;

/** The seedc command line: every user mistake is one message on stderr and exit status 1. */
@Command(name = "seedc", mixinStandardHelpOptions = true, version = "seedc 0.1.0",
        description = "Compiles floating-point SeeDot ML models to fixed-point code for microcontrollers.",
        subcommands = {CheckCommand.class, ImportCommand.class, RunCommand.class, CompileCommand.class, BenchCommand.class,
                DemoCommand.class, CommandLine.HelpCommand.class, OptionsPage.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: check, import, run, compile, bench or demo");
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs a command line; returns the exit status. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        // Path.of("") is the working directory: an empty argument would name it silently (check "" read a folder,
        // --out "" the folder seedc was started in)
        cl.registerConverter(java.nio.file.Path.class, s -> {
            if (s.isEmpty()) {
                throw new CommandLine.TypeConversionException("an empty path");
            }
            return java.nio.file.Path.of(s);
        });
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine c = ex.getCommandLine();
            boolean unknownCommand = c.getParent() == null && ex instanceof CommandLine.UnmatchedArgumentException u
                    && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-");
            err.println("seedc: error: " + (unknownCommand
                    ? "unknown command '" + ((CommandLine.UnmatchedArgumentException) ex).getUnmatched().get(0)
                            + "' (use check, import, run, compile, bench or demo)"
                    : repeatedInGroup(ex, a)));
            err.println("(see 'seedc " + (c.getParent() == null ? "" : c.getCommandName() + " ") + "--help')");
            return 1;
        });
        cl.setExecutionExceptionHandler((ex, c, parseResult) -> {
            if (ex instanceof UserError ue) {
                // too large for the device: the options most likely to make it fit, of those this command has
                err.println(ue.getMessage() + (ue instanceof TooLarge t && parseResult.subcommand() != null
                        ? FitAdvice.of(t.shortfall(), parseResult.subcommand()) : ""));
                return 1;
            }
            if (outOfMemory(ex)) {
                return outOfMemory(err);
            }
            err.println("seedc: internal error: " + ex);
            if (System.getenv("SEEDC_DEBUG") != null) {
                ex.printStackTrace(err);
            } else {
                err.println("(this is a bug in seedc; set SEEDC_DEBUG=1 for details)");
            }
            return 2;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) { // thrown on the command's own thread, past picocli's handler of exceptions
            return outOfMemory(err);
        }
    }

    /**
     * The message of a parse error. An option under a --help heading (in an argument group) given twice makes picocli
     * say "expected only one match but got" and the groups; it is said as picocli says it for any other option.
     */
    private static String repeatedInGroup(CommandLine.ParameterException ex, String[] args) {
        if (ex.getMessage() != null && ex.getMessage().contains("expected only one match but got")) {
            CommandLine.Model.CommandSpec command = ex.getCommandLine().getCommandSpec();
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (String arg : args) {
                CommandLine.Model.OptionSpec o = command.findOption(arg.contains("=") ? arg.substring(0,
                        arg.indexOf('=')) : arg);
                if (o != null && o.group() != null && !seen.add(o.longestName())) {
                    return "option '" + o.longestName() + "' should be specified only once";
                }
            }
        }
        return ex.getMessage();
    }

    /** Whether {@code ex} is, or was caused by, the heap running out (a search's worker wraps it). */
    private static boolean outOfMemory(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    /** The heap ran out: how much it holds, the largest need noted, and what to do; exit status 1. */
    private static int outOfMemory(PrintStream err) {
        err.println(HeapNeed.outOfMemory(HeapNeed.heapLimit(), HeapNeed.largest()));
        return 1;
    }
}
