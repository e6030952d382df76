package seedc.codegen.c.writer;

/**
 * Writes C statements, each indented by the blocks around it. A block is written by one call that
 * opens it, runs the code of its body and closes it: no caller opens or closes a scope, so the
 * braces of the generated C always balance and no code counts how many scopes to close.
 */
public final class CWriter {
    private final StringBuilder out = new StringBuilder();
    private int depth;
    /** The unroll factor the next loop is hinted with (HLS C: #pragma HLS UNROLL); 1: none. */
    private int unrollNext = 1;

    /** @param depth the blocks around the first statement (1: the body of a C function) */
    public CWriter(int depth) {
        this.depth = depth;
    }

    public void line(String s) {
        out.append("    ".repeat(depth)).append(s).append('\n');
    }

    /** Text as it is, not indented (preprocessor lines). */
    public void raw(String s) {
        out.append(s);
    }

    /** {@code header { body }}; an empty header writes a bare block (its own scope for locals). */
    public void block(String header, Runnable body) {
        line(header.isEmpty() ? "{" : header + " {");
        inside(body);
        line("}");
    }

    /** {@code for (sd_idx var = 0; var < n; var++) { body }}. */
    public void loop(String var, int n, Runnable body) {
        int factor = unrollNext;
        unrollNext = 1;
        block("for (sd_idx " + var + " = 0; " + var + " < " + n + "; " + var + "++)", () -> {
            if (factor > 1) {
                line("#pragma HLS UNROLL factor=" + factor);
            }
            body.run();
        });
    }

    /** Hints the next loop written (and only it) to be unrolled {@code factor} times. */
    public void unrollNextLoop(int factor) {
        unrollNext = factor;
    }

    /** {@code if (cond) { then } else { orElse }}. */
    public void ifElse(String cond, Runnable then, Runnable orElse) {
        line("if (" + cond + ") {");
        inside(then);
        line("} else {");
        inside(orElse);
        line("}");
    }

    private void inside(Runnable body) {
        depth++;
        try {
            body.run();
        } finally {
            depth--;
        }
    }

    public String text() {
        return out.toString();
    }
}
