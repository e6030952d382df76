package seedc.codegen.c;

/** Writes C statements with block indentation; the shared writing helpers of the C emitters. */
abstract class IndentedC {
    protected final StringBuilder out = new StringBuilder();
    protected int indent = 1;

    protected void line(String s) {
        out.append("    ".repeat(indent)).append(s).append('\n');
    }

    protected void open(String s) {
        line(s.isEmpty() ? "{" : s + " {");
        indent++;
    }

    protected void close() {
        indent--;
        line("}");
    }

    /** Closes an if-block and opens its else-block. */
    protected void orElse() {
        indent--;
        line("} else {");
        indent++;
    }

    protected void loop(String var, int n) {
        open("for (sd_idx " + var + " = 0; " + var + " < " + n + "; " + var + "++)");
    }
}
