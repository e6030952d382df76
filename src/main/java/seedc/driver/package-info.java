/**
 * The pipeline put together for compile, bench and demo. Takes a {@link seedc.driver.ModelSource} and a typed
 * {@link seedc.driver.Pipeline.Request}; loads, rewrites, searches ({@link seedc.driver.Compilation}), emits and
 * writes report.json. Start at {@link seedc.driver.Pipeline}; {@link seedc.driver.Backends} is the backend registry.
 * With {@code --select measured}, {@link seedc.driver.MeasuredSelection} chooses among the search's chosen program and
 * its rivals by the cycles a {@link seedc.driver.MeasuredSelection.Device} measures: the command line implements it
 * with seedc.bench, which no package here reads (the data flow: cli -> driver -> search, the device's figures back).
 */
package seedc.driver;
