/**
 * The pipeline put together for compile, bench and demo. Takes a {@link seedc.driver.ModelSource} and a typed
 * {@link seedc.driver.Pipeline.Request}; loads, rewrites, searches ({@link seedc.driver.Compilation}), emits and
 * writes report.json. Start at {@link seedc.driver.Pipeline}; {@link seedc.driver.Backends} is the backend registry.
 */
package seedc.driver;
