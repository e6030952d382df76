package seedc.codegen.c;

import java.util.Locale;
import seedc.diag.UserError;

/** The C targets. They share one emitter and differ in where constants live and how they are read. */
public enum CTarget {
    X86;

    public static CTarget parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "x86", "x86-64", "host" -> X86;
            default -> throw new UserError("seedc: error: unknown --target '" + s + "' (available: x86)");
        };
    }
}
