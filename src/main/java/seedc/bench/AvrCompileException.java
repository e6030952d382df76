package seedc.bench;

/**
 * avr-gcc rejected the sources. Not a {@link seedc.diag.UserError}: the C is normally
 * seedc's own output, so a failure here is a seedc bug or a test bug, and the compiler's
 * full diagnostics are what is needed to find it.
 */
public class AvrCompileException extends RuntimeException {
    private final String compilerOutput;

    public AvrCompileException(String command, String compilerOutput) {
        super("avr-gcc failed: " + command + "\n" + compilerOutput);
        this.compilerOutput = compilerOutput;
    }

    /** Everything the compiler printed (stdout and stderr). */
    public String compilerOutput() {
        return compilerOutput;
    }
}
