package seedc.cli;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * docs/options.md, written from the same picocli definitions --help prints (so the page cannot say other than the
 * tool): each command's options a newcomer needs first, then its argument groups under --help's headings. Hidden
 * from the list of commands; {@code ./seedc options-page > docs/options.md} refreshes the page, and
 * OptionsPageTest fails while the committed one differs.
 */
@Command(name = "options-page", hidden = true, description = "Prints docs/options.md (the options of every command).")
final class OptionsPage implements Callable<Integer> {
    /** The command that rewrites the page, for its header and the test's message. */
    static final String REFRESH = "./seedc options-page > docs/options.md";
    /** The commands on the page, in the order a newcomer meets them. */
    private static final List<String> COMMANDS = List.of("compile", "bench", "run", "import", "check", "demo");

    @CommandLine.Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(markdown(spec.parent().commandLine()));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** The page for the root command {@code seedc}. */
    static String markdown(CommandLine seedc) {
        StringBuilder md = new StringBuilder("# seedc options\n\n<!-- generated from the picocli definitions by `"
                + REFRESH + "`; edit the options' descriptions in src/main/java/seedc/cli, not this page -->\n\n"
                + "Every command also takes `-h`/`--help` and `-V`/`--version`. The options a newcomer needs come"
                + " first; the others are grouped as `seedc COMMAND --help` groups them.\n");
        for (String name : COMMANDS) {
            command(md, seedc.getSubcommands().get(name).getCommandSpec());
        }
        return md.toString();
    }

    private static void command(StringBuilder md, CommandSpec c) {
        md.append("\n## seedc ").append(c.name()).append("\n\n").append(String.join(" ", c.usageMessage()
                .description())).append("\n\n| Option | Description |\n|---|---|\n");
        for (PositionalParamSpec p : c.positionalParameters()) {
            row(md, "`" + p.paramLabel() + "`", p);
        }
        c.options().stream().filter(o -> o.group() == null && !o.usageHelp() && !o.versionHelp())
                .forEach(o -> row(md, label(o), o));
        c.argGroups().stream().sorted(Comparator.comparingInt(ArgGroupSpec::order)).forEach(g -> {
            md.append("\n### ").append(g.heading().replace("%n", "").replaceAll(":$", "")).append("\n\n")
                    .append("| Option | Description |\n|---|---|\n");
            g.options().forEach(o -> row(md, label(o), o));
        });
        List<String> footer = List.of(c.usageMessage().footer());
        if (!footer.isEmpty()) {
            md.append("\n```\n").append(String.join("\n", footer).strip()).append("\n```\n");
        }
    }

    private static String label(OptionSpec o) {
        String names = String.join(", ", o.names());
        return "`" + names + (o.arity().max() > 0 ? " " + o.paramLabel() : "") + "`";
    }

    private static void row(StringBuilder md, String label, ArgSpec a) {
        md.append("| ").append(label.replace("|", "\\|")).append(" | ")
                .append(String.join(" ", a.renderedDescription()).replace("|", "\\|")).append(" |\n");
    }
}
