package seedc.codegen.c.writer;

import seedc.fixed.FixedType;
import seedc.ir.Program;
import seedc.ir.Value;

/** C identifiers and types of IR values. */
public final class CNames {
    private CNames() {}

    /** The C expression of the row-major offset of a's sub-tensor at the given int offsets (one per leading axis). */
    public static String offset(Value a, java.util.List<Value> offsets) {
        int[] strides = a.shape().strides();
        StringBuilder sb = new StringBuilder("0");
        for (int i = 0; i < offsets.size(); i++) {
            sb.append(" + ").append(var(offsets.get(i))).append(" * ").append(strides[i]);
        }
        return sb.toString();
    }

    public static String var(Value v) {
        return (v.isInt() ? "i_" : "v_") + v.name();
    }

    /** Element idx of v's array in RAM (what a kernel stores to). */
    public static String element(Value v, String idx) {
        return var(v) + "[" + idx + "]";
    }

    /** The scratch array of the op defining {@code out} (see {@link Scratch}). */
    public static String scratch(Value out) {
        return "sd_t_" + out.name();
    }

    /** Whether some array has more elements than a 16-bit index reaches (the C then indexes with 32 bits). */
    public static boolean needsWideIndex(Program p) {
        for (Value v : p.values()) {
            if (!v.isInt() && v.size() >= 32768) {
                return true;
            }
        }
        return false;
    }

    public static String ctype(FixedType t) {
        return ctype(t.bits());
    }

    /** int8_t .. int64_t; other widths have no C type (the C width policy never chooses them). */
    public static String ctype(int bits) {
        if (IntExpr.container(bits) != bits) {
            throw new IllegalArgumentException("no C integer type of " + bits + " bits");
        }
        return "int" + bits + "_t";
    }
}
