package seedc.frontend.onnx;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import seedc.diag.UserError;
import seedc.fuzz.Executions;

/**
 * Any bytes as an .onnx file: imported and typed as SeeDot (OnnxFrontEnd.load), or a UserError, nothing else.
 * Inputs (the CNN fixture, and any crash found) in src/test/resources/seedc/frontend/onnx/OnnxFuzzTestInputs/onnx.
 */
class OnnxFuzzTest {
    private static Path file;

    @FuzzTest(maxDuration = "10s")
    void onnx(byte[] bytes) throws IOException {
        if (bytes == null) {
            return;
        }
        Executions.count("onnx");
        if (file == null) {
            file = Files.createTempFile("seedc-fuzz", ".onnx");
            file.toFile().deleteOnExit();
        }
        Files.write(file, bytes);
        try {
            OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(0, 1, true));
        } catch (UserError expected) {
            // the property holds
        }
    }

    @AfterAll
    static void report() {
        Executions.report("onnx");
    }
}
