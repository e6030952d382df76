package seedc.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** Each sanitizer on ordinary names (unchanged: generated outputs must not move) and on hostile ones. */
class NamesTest {
    @Test
    void ordinaryNamesPassUnchanged() {
        for (String n : new String[] {"onnx::Gemm_0", "/features/features.0/Conv_output_0", "fc1.weight", "X"}) {
            assertEquals(n, Names.comment(n));
            assertEquals(n, Names.display(n));
        }
        assertEquals("W_fc1_weight", Names.identifier("W_", "fc1.weight"));
        assertEquals("W_onnx__Gemm_0", Names.identifier("W_", "onnx::Gemm_0"));
    }

    @Test
    void commentsHoldNoLineBreakNorCommentEnd() {
        assertEquals("a<U+000A>let X = 0 in", Names.comment("a\nlet X = 0 in"));
        assertEquals("*<U+002F> x /<U+002A>", Names.comment("*/ x /*"));
        assertEquals("end<U+005C>", Names.comment("end\\")); // a C line continuation
        assertEquals("?<U+003F>/", Names.comment("??/")); // a trigraph for the backslash
        assertEquals("<U+000D><U+2028>\u00e9".replace("\u00e9", "<U+00E9>"), Names.comment("\r\u2028\u00e9"));
        assertEquals("<U+1F600>", Names.comment("\uD83D\uDE00")); // one code point, not two surrogates
        assertEquals("a".repeat(80) + "... (81 characters)", Names.comment("a".repeat(81)));
    }

    @Test
    void messagesShowNamesOnOneLine() {
        assertEquals("a\\nb\\r\\t\\\\\\'\\u0000", Names.display("a\nb\r\t\\'\0"));
        assertEquals("x".repeat(80) + "... (200000 characters)", Names.display("x".repeat(200_000)));
        assertEquals("caf\u00e9", Names.display("caf\u00e9")); // printable non-ASCII is shown as it is
    }

    @Test
    void identifiersAreShortAndApart() {
        String a = "x".repeat(200_000), b = "x".repeat(199_999) + "y";
        String ia = Names.identifier("W_", a), ib = Names.identifier("W_", b);
        assertEquals(Names.MAX_IDENTIFIER, ia.length());
        assertEquals("W_" + "x".repeat(53) + "_", ia.substring(0, 56));
        assertNotEquals(ia, ib); // the same first 53 characters, told apart by the hash of the whole name
        assertEquals("W_a_b_c__", Names.identifier("W_", "a\nb c$("));
        assertEquals("W___", Names.identifier("W_", "\u00f1\u2192")); // one '_' per UTF-16 unit outside [A-Za-z0-9_]
    }
}
