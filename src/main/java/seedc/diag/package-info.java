/**
 * Diagnostics shared by every stage: source positions, {@link seedc.diag.UserError} (the one kind of user-facing
 * error), warnings, and {@link seedc.diag.Progress} (the one progress bar of every slow stage).
 */
package seedc.diag;
