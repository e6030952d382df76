/**
 * Diagnostics shared by every stage: source positions, {@link seedc.diag.UserError} (the one kind of user-facing
 * error, and {@link seedc.diag.TooLarge}, the one for a model over a device's flash or RAM, keeping the figures from
 * which the command line words what to try), warnings, and {@link seedc.diag.Progress} (the one progress bar of every
 * slow stage).
 */
package seedc.diag;
