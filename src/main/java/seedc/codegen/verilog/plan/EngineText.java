package seedc.codegen.verilog.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * An engine's Verilog as {@link EngineSharing} compares it: two nodes may share an engine when their drafts read the
 * same but for their own names. Comments ({@code //} to the end of a line) are dropped; the memory the engine writes
 * becomes {@code @OUT}; a name ending in the node's suffix {@code _nID} (its counters, flags and lanes) ends in
 * {@code _@N}; each int register {@code iID} becomes {@code @I}, listed in order, so that the sharing can multiplex
 * the registers that differ. One pass over the text, name by name: the planner canonicalizes every node's draft for
 * every plan the search prices (three regular-expression passes took about half of a sequential iCE40 compile of
 * bonsai-cancer-2, session 30).
 */
final class EngineText {
    private EngineText() {}

    /** An engine's text with its own names, output memory and int registers abstracted, and the registers. */
    record Canonical(String text, List<String> ints) {}

    /**
     * The canonical form of {@code text}, the draft of the engine that writes {@code output} for the node
     * {@code nodeId}; both are Verilog names of letters, digits and underscores.
     */
    static Canonical canonical(String text, String output, String nodeId) {
        if (!isName(output) || !isName(nodeId)) {
            throw new IllegalArgumentException("not a plain Verilog name: " + output + ", " + nodeId);
        }
        String suffix = "_" + nodeId;
        StringBuilder sb = new StringBuilder(text.length());
        List<String> ints = new ArrayList<>();
        int i = 0, n = text.length();
        while (i < n) {
            int end = i;
            if (isNameChar(text.charAt(i))) {
                while (end < n && isNameChar(text.charAt(end))) {
                    end++;
                }
                name(text, i, end, output, suffix, sb, ints);
            } else if (text.startsWith("//", i)) {
                while (end < n && text.charAt(end) != '\n') {
                    end++;
                }
            } else {
                while (end < n && !isNameChar(text.charAt(end)) && !text.startsWith("//", end)) {
                    end++;
                }
                sb.append(text, i, end);
            }
            i = end;
        }
        return new Canonical(sb.toString(), List.copyOf(ints));
    }

    /** The name text[from, to) as the canonical text writes it. */
    private static void name(String text, int from, int to, String output, String suffix, StringBuilder sb,
                             List<String> ints) {
        int length = to - from;
        if (length == output.length() && text.startsWith(output, from)) {
            sb.append("@OUT");
        } else if (length >= suffix.length() && text.startsWith(suffix, to - suffix.length())) {
            sb.append(text, from, to - suffix.length()).append("_@N");
        } else if (isIntRegister(text, from, to)) {
            ints.add(text.substring(from, to));
            sb.append("@I");
        } else {
            sb.append(text, from, to);
        }
    }

    /** {@code i} and one or more digits: an int register. */
    private static boolean isIntRegister(String text, int from, int to) {
        if (to - from < 2 || text.charAt(from) != 'i') {
            return false;
        }
        for (int k = from + 1; k < to; k++) {
            if (text.charAt(k) < '0' || text.charAt(k) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isName(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> isNameChar((char) c));
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }
}
