/**
 * report.json and report.txt. Takes the compile's numbers and the fixed program's assignment; gives the
 * JSON contract (read back by 'seedc run --config') and its text rendering.
 */
package seedc.report;
