/**
 * The command line (picocli): parses and prints. Takes words; turns them once into typed choices
 * ({@link seedc.cli.Choices}), hands them to the driver's {@link seedc.driver.Pipeline} and prints what it gives;
 * the only stage that words messages in terms of flags, and prints every {@link seedc.diag.UserError} without a
 * stack trace (exit 1). Start at {@link seedc.cli.Main}, then CompileCommand. Each command's options a newcomer
 * needs are plain options (listed first by --help); the rest sit in picocli argument groups under the headings of
 * {@link seedc.cli.HelpSections}, and {@link seedc.cli.OptionsPage} writes docs/options.md from the same
 * definitions. {@link seedc.cli.SimavrSelect} is the device {@code --select measured} measures on (seedc.bench's Uno
 * builds under simavr), given to the driver behind its interface.
 */
package seedc.cli;
