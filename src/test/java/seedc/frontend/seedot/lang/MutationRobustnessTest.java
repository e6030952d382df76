package seedc.frontend.seedot.lang;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import seedc.diag.UserError;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.eval.FloatInterpreter;
import seedc.ir.Program;

/**
 * Random edits of the fixture programs (a fixed seed) go through the whole front end: each
 * either loads, and then runs in the float interpreter, or fails with a user error, never with
 * another exception. -Dseedc.mutations=N -Dseedc.mutationSeed=S (via argLine) search further.
 */
class MutationRobustnessTest {
    private static final String[] PIECES = {"(", ")", "[", "]", "{", "}", ",", ";", ":", ":+", "+", "-", "*", "<*>",
            "|*|", "<+>", "<->", "^T", "=", ">=", "?", "in", "let", "loop", "$", "0", "1", "-1", "2", "7", "0.5", "1e9",
            "99999999999", "x", "X", "W", "i", "exp", "argmax", "reshape", "conv2d", "@", "\n", " "};
    private static final Pattern POSITIONED = Pattern.compile("^t\\.sd(:\\d+:\\d+)?: error: .+");

    @Test
    void editedProgramsNeverCrash() throws IOException {
        Random rnd = new Random(Long.getLong("seedc.mutationSeed", 20240611L));
        List<String> programs = new ArrayList<>();
        for (String name : new String[] {"protonn", "bonsai", "fastgrnn", "cnn", "blocks"}) {
            programs.add(Files.readString(ParserTest.fixture("programs/" + name + ".sd")));
        }
        Pattern token = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*|[0-9.]+|<\\*>|\\|\\*\\||<\\+>|<->|:\\+|\\^T|>=|\\S");
        int loaded = 0;
        for (int n = 0, count = Integer.getInteger("seedc.mutations", 1500); n < count; n++) {
            String text = programs.get(rnd.nextInt(programs.size()));
            List<int[]> spans = new ArrayList<>();
            Matcher m = token.matcher(text);
            while (m.find()) {
                spans.add(new int[] {m.start(), m.end()});
            }
            int edits = 1 + rnd.nextInt(3);
            for (int e = 0; e < edits; e++) {
                int[] s = spans.get(rnd.nextInt(spans.size()));
                String piece = PIECES[rnd.nextInt(PIECES.length)];
                text = switch (rnd.nextInt(3)) {
                    case 0 -> text.substring(0, s[0]) + text.substring(Math.min(text.length(), s[1]));
                    case 1 -> text.substring(0, s[0]) + piece + " " + text.substring(s[0]);
                    default -> text.substring(0, s[0]) + piece + text.substring(Math.min(text.length(), s[1]));
                };
                m = token.matcher(text);
                spans.clear();
                while (m.find()) {
                    spans.add(new int[] {m.start(), m.end()});
                }
            }
            try {
                SeeDotProgram lp = SeeDotProgram.from(new SourceFile("t.sd", text));
                loaded++;
                run(lp, rnd);
            } catch (UserError ue) {
                assertTrue(POSITIONED.matcher(ue.getMessage()).find(), ue.getMessage());
            } catch (RuntimeException | StackOverflowError ex) {
                fail("crash on:\n" + text, ex);
            }
        }
        assertTrue(loaded > 0, "no edited program loaded");
    }

    /** A program that loads also runs, on random weights and input. */
    private static void run(SeeDotProgram lp, Random rnd) {
        Map<String, double[]> weights = new HashMap<>();
        for (Program.Param p : lp.program().params()) {
            weights.put(p.name(), rnd.doubles(p.shape().size(), -1, 1).toArray());
        }
        var input = lp.program().input();
        double[] x = rnd.doubles(input == null ? 0 : input.size(), -1, 1).toArray();
        new FloatInterpreter(lp.program(), weights).run(x, null);
    }
}
