package seedc.diag;

/**
 * A model that does not fit a microcontroller's flash or RAM (or a --flash-budget): the message says what takes what
 * and by how much it is over; {@link #shortfall()} keeps the figures, from which the command line words the options
 * most likely to make it fit (only it knows the options' names and which the user gave).
 */
public final class TooLarge extends UserError {
    /** What is short. */
    public enum Kind {
        /** The device's flash: parameters, tables and code. */
        FLASH,
        /** --flash-budget: the parameters alone. */
        PARAMETER_BUDGET,
        /** The device's RAM: the planned buffer beside what is kept outside it. */
        RAM
    }

    /**
     * The figures of the case.
     *
     * @param kind               what is short
     * @param over               bytes over
     * @param capacity           the bytes there are (the device's flash or RAM, or the budget)
     * @param parameterBytes     the parameters' bytes in the program refused
     * @param parameterElements  how many parameter elements there are (what a few bits each would take)
     * @param demotable          whether some value is wider than 8 bits (demoting it would take less)
     */
    public record Shortfall(Kind kind, long over, long capacity, long parameterBytes, long parameterElements,
                            boolean demotable) {}

    private final Shortfall shortfall;

    /** "seedc: error: MESSAGE", with the figures kept. */
    public TooLarge(String message, Shortfall shortfall) {
        super("seedc: error: " + message);
        this.shortfall = shortfall;
    }

    public Shortfall shortfall() {
        return shortfall;
    }
}
