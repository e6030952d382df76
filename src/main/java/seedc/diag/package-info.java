/** Diagnostics shared by every stage: source positions and {@link seedc.diag.UserError}, the one kind of user-facing error. */
package seedc.diag;
