package seedc.driver;

import java.util.Locale;
import java.util.Optional;

/**
 * Which ranges the scales come from ({@code --ranges}): the training set's ({@code profiled}, SeeDot's and Shiftry's
 * way), or ranges that also hold every input inside the program's declared input range ({@code sound}, Zac 4.2), so
 * that no such input can overflow a value.
 */
public enum RangeMode {
    PROFILED, SOUND;

    /** The name on the command line and in report.json. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RangeMode> byId(String id) {
        for (RangeMode m : values()) {
            if (m.id().equals(id)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
