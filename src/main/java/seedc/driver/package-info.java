/**
 * The pipeline put together. Takes typed options; runs profile, search and evaluation
 * ({@link seedc.driver.Compilation}) and gives the fixed program and the report's numbers; holds the
 * backend registry ({@link seedc.driver.Backends}) and loads data sets against a program's input.
 */
package seedc.driver;
