package seedc.codegen.verilog.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link EngineText}'s one pass against the three regular-expression passes it replaced (written out again here as
 * the oracle): comments dropped, the output memory as a whole name, the node's suffix at a name's end, the int
 * registers as whole names, in that order; on cases worked by hand and on random texts of names that sit next to,
 * inside and around those patterns.
 */
class EngineTextTest {
    @Test
    void namesCommentsAndRegistersByHand() {
        EngineText.Canonical c = EngineText.canonical("""
                // v12's engine
                v12[x_n12] <= i3 + i40; // i7 is not read
                c_n12 <= c_n123 + v120 + av12 + i3x + xi3 + i + v12_n12;
                """, "v12", "n12");
        assertEquals("""

                @OUT[x_@N] <= @I + @I; \n\
                c_@N <= c_n123 + v120 + av12 + i3x + xi3 + i + v12_@N;
                """, c.text());
        assertEquals(List.of("i3", "i40"), c.ints());
        assertEquals("a / b", EngineText.canonical("a / b// end", "v1", "n1").text());
    }

    @Test
    void aNameThatIsNotPlainIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> EngineText.canonical("x", "v[1]", "n1"));
        assertThrows(IllegalArgumentException.class, () -> EngineText.canonical("x", "", "n1"));
    }

    @Test
    void randomTextsAsTheRegularExpressionsRead() {
        Random rnd = new Random(30);
        String[] names = {"v12", "v120", "av12", "v12_n12", "_n12", "x_n12", "x_n123", "n12", "i3", "i40", "i", "i3x",
            "xi3", "ii3", "i3_n12", "c_n12_n12", "12", "_", "v1", "n1", "x_n1"};
        String[] others = {" ", "\n", "//", "/", "[", "]", "<=", " + ", "'d", "@", "(", ")", ";", "8'h"};
        for (int t = 0; t < 2000; t++) {
            StringBuilder text = new StringBuilder();
            for (int k = rnd.nextInt(30); k > 0; k--) {
                text.append(rnd.nextBoolean() ? names[rnd.nextInt(names.length)] : others[rnd.nextInt(others.length)]);
            }
            String output = rnd.nextBoolean() ? "v12" : "v1", node = rnd.nextBoolean() ? "n12" : "n1";
            assertEquals(oracle(text.toString(), output, node), EngineText.canonical(text.toString(), output, node),
                    text::toString);
        }
    }

    /** The passes EngineSharing made until session 30. */
    private static EngineText.Canonical oracle(String engine, String output, String node) {
        String text = Pattern.compile("//[^\n]*").matcher(engine).replaceAll("");
        text = text.replaceAll("\\b" + Pattern.quote(output) + "\\b", "@OUT");
        text = text.replaceAll("_" + node + "(?![0-9A-Za-z_])", "_@N");
        List<String> ints = new ArrayList<>();
        Matcher m = Pattern.compile("\\bi\\d+\\b").matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            ints.add(m.group());
            m.appendReplacement(sb, "@I");
        }
        m.appendTail(sb);
        return new EngineText.Canonical(sb.toString(), List.copyOf(ints));
    }
}
