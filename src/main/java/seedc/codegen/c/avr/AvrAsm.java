package seedc.codegen.c.avr;

import java.util.List;

/** The text of the AVR kernels' inline assembly, written once for all of them. */
final class AvrAsm {
    private AvrAsm() {}

    /**
     * {@code __asm__ volatile(} and its template: each line one C string literal on a line of its own, ended by a
     * newline and a tab but the last; the caller writes the operands after it.
     */
    static void statement(StringBuilder c, List<String> lines) {
        c.append("    __asm__ volatile(");
        for (int k = 0; k < lines.size(); k++) {
            c.append(k == 0 ? "" : "        ").append('"').append(lines.get(k))
             .append(k + 1 < lines.size() ? "\\n\\t\"\n" : "\"\n");
        }
    }
}
