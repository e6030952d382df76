package seedc.diag;

/** A source position: 1-based line and column. */
public record Pos(int line, int col) {
    public static final Pos NONE = new Pos(0, 0);

    @Override
    public String toString() {
        return line + ":" + col;
    }
}
