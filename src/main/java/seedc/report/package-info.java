/**
 * report.json and report.txt. Takes the compile's numbers as records ({@link seedc.report.Report}: what was
 * compiled, the chosen program, its accuracy, the search, the device's use, the stage times); gives the JSON
 * contract (read back by 'seedc run --config') and its text ({@link seedc.report.TextReport}).
 */
package seedc.report;
