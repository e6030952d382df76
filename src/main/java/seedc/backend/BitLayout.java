package seedc.backend;

import java.util.Locale;

/**
 * Where the bit axis goes in a C target's products on packed bits (--bit-layout): the layout measured faster for the
 * target, shape and length (the default), the planes one after another, or the bits of one element together.
 */
public enum BitLayout {
    MEASURED, PLANES, ELEMENTS;

    /** The option's word for it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The layout named {@code s}, or null. */
    public static BitLayout byId(String s) {
        for (BitLayout l : values()) {
            if (l.id().equals(s.trim().toLowerCase(Locale.ROOT))) {
                return l;
            }
        }
        return null;
    }
}
