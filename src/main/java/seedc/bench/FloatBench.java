package seedc.bench;

import java.nio.file.Path;
import seedc.driver.Model;
import seedc.io.DataSet;

/** The float baseline under simavr. */
public final class FloatBench {
    private FloatBench() {}

    public static AvrBench.Run run(Model model, DataSet data, int n, Path work) {
        return null;
    }
}
