package seedc.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import seedc.diag.UserError;
import seedc.fuzz.Executions;

/**
 * Any bytes as a .npy file: an array or a UserError, nothing else (see seedc.fuzz.FrontEndFuzzTest). Inputs in
 * src/test/resources/seedc/io/NpyFuzzTestInputs/npy.
 */
class NpyFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void npy(byte[] bytes) {
        if (bytes == null) {
            return;
        }
        Executions.count("npy");
        try {
            Npy.parse(bytes, Path.of("fuzz.npy"));
        } catch (UserError expected) {
            // the property holds
        }
    }

    @AfterAll
    static void report() {
        Executions.report("npy");
    }
}
