/**
 * Files users give: .npy arrays (every dtype and byte order), CSV/TSV data sets and parameter folders.
 * Takes paths; gives arrays and {@link seedc.io.DataSet}s, or located {@link seedc.diag.UserError}s.
 */
package seedc.io;
