package seedc.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import seedc.diag.UserError;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;

/**
 * Any text through the whole front end (parse, type check, lowering): it compiles or is a UserError. Any other
 * exception or error (a RuntimeException, StackOverflowError, OutOfMemoryError) fails the target, and so does a
 * hang in fuzzing mode (scripts/fuzz). In the test suite Jazzer runs it over its seed and crash inputs in
 * src/test/resources/seedc/fuzz/FrontEndFuzzTestInputs/seeDot.
 */
class FrontEndFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void seeDot(String text) {
        if (text == null) { // Jazzer's first input; a program always has a text
            return;
        }
        Executions.count("seeDot");
        try {
            SeeDotProgram.from(new SourceFile("fuzz.sd", text));
        } catch (UserError expected) {
            // a located message: the property holds
        }
    }

    @AfterAll
    static void report() {
        Executions.report("seeDot");
    }
}
