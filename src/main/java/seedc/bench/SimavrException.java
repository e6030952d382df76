package seedc.bench;

/**
 * The simulation cannot give trustworthy figures: the firmware crashed, misused the
 * markers, or the runner failed. Thrown rather than returning numbers that might be wrong.
 */
public class SimavrException extends RuntimeException {
    public SimavrException(String message) {
        super(message);
    }
}
