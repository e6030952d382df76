/**
 * Files users give: .npy arrays (every dtype and byte order), CSV/TSV data sets and parameter folders.
 * Takes paths; gives arrays and {@link seedc.io.DataSet}s, or located {@link seedc.diag.UserError}s. A .npy data set
 * is read a block of rows at a time, and refused before it is read when the heap cannot hold it (diag.HeapNeed).
 */
package seedc.io;
