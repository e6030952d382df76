package seedc.codegen.c;

import seedc.fixed.FixedType;
import seedc.ir.Value;

/** C identifiers and types of IR values. */
final class CNames {
    private CNames() {}

    static String var(Value v) {
        return (v.isInt() ? "i_" : "v_") + v.name();
    }

    static String ctype(FixedType t) {
        return "int" + t.bits() + "_t";
    }

    static String ctype(int bits) {
        return "int" + bits + "_t";
    }
}
