package seedc.fixed;

import java.util.Locale;
import java.util.Optional;

/** The scale strategy that produced a fixed program: Shiftry's mixed widths or SeeDot's maxscale search. */
public enum Strategy {
    SHIFTRY, SEEDOT;

    /** The name on the command line, in report.json and in generated headers. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Strategy> byId(String id) {
        for (Strategy s : values()) {
            if (s.id().equalsIgnoreCase(id)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
