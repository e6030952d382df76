/**
 * The command line (picocli). Takes words; converts them once into typed choices
 * ({@link seedc.cli.Choices}), is the only stage that words messages in terms of flags, and prints
 * every {@link seedc.diag.UserError} without a stack trace (exit 1).
 */
package seedc.cli;
