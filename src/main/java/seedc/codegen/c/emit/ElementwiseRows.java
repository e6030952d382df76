package seedc.codegen.c.emit;

import java.util.function.BiFunction;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.OpParams;
import seedc.ir.Value;

/**
 * An element-wise loop of two RAM arrays (or a RAM array and a scalar in flash) as one call of the runtime's row loops
 * of avr_elementwise_rows.h (on the AVR one asm loop each, a, b and out in X, Z and Y: FastGRNN's gates took 26-37 Uno
 * cycles an element in avr-gcc's loops, about 4-6 of them moving pointers), where the loop's element, as
 * {@link ElementwiseEmitter} writes it at k, is exactly the expression a row loop computes at every k:
 * <ul>
 *   <li>{@code (int8_t)sd_shr16(sd_mul8(a[k], b[k]), s)}: {@code sd_mulshr8_row(out, a, b, n, s)}; with a scalar c
 *       read from flash in place of one array, {@code sd_scalemulshr8_row(out, a, c, n, s)};
 *   <li>{@code (int8_t)sd_shr16(sd_addhalf16(sd_shr16(a[k], na), sd_shr16(b[k], nb)), s)} (a shift of 0 absent, the
 *       halving sum sd_subhalf16 likewise): {@code sd_addhalfshr8_row(out, a, b, n, na, nb, s)} or {@code _sub...}.
 * </ul>
 * The match is on the element's text, which the operands' types, the op's shifts and {@link IntExpr} decide: the call
 * then computes the very expression of the loop it replaces, element by element in the same order (each row loop reads
 * a[k] and b[k] before it writes out[k], as the loop does), so the program's integers are unchanged whatever decided
 * the text. Every operand as long as the result (the scalar one element), 8-bit results, at most 255 elements.
 */
final class ElementwiseRows {
    private ElementwiseRows() {}

    /**
     * The fewest elements written as a call: a row loop's set-up (Y saved and restored, the pointers moved into X, Z and
     * Y: some 15 cycles) is more than the 7-16 cycles an element it saves on a loop of one or two.
     */
    static final int MIN_ELEMENTS = 4;

    /** The call for a product loop whose element at (index of a, index of b) is {@code element}; else null. */
    static String product(Operands r, Value o, Value a, Value b, OpParams.Mul p,
                          BiFunction<String, String, String> element) {
        if (!bits8(r, o) || !counted(o)) {
            return null;
        }
        int wa = array(r, a, o), wb = array(r, b, o);
        if (wa > 0 && wb > 0) {
            String text = element.apply("k", "k");
            Value x = wa <= wb ? a : b, y = x == a ? b : a; // the 8-bit one first
            int s = productShift(text, plain(x), plain(y));
            if (s > 0 && wa == 8 && wb == 8) {
                return call("sd_mulshr8_row", o, 8, x, "(const int8_t *)" + CNames.var(y), "" + s);
            }
            s = narrowedShift(text, plain(x), plain(y));
            return s > 0 && array(r, x, o) == 8 && array(r, y, o) == 16
                    ? call("sd_mul8x16shr8_row", o, 8, x, "(const int16_t *)" + CNames.var(y), "" + s) : null;
        }
        boolean scalarFirst = scalar(r, a) && wb == 8;
        if (!scalarFirst && !(scalar(r, b) && wa == 8)) {
            return null;
        }
        Value c = scalarFirst ? a : b, v = scalarFirst ? b : a;
        String text = element.apply(scalarFirst ? "0" : "k", scalarFirst ? "k" : "0");
        String cread = r.operand(c, scalarFirst ? p.shrA() : p.shrB(), "0").c(); // the element's own read of c
        int s = productShift(text, cread, plain(v));
        if (s > 0) {
            return call("sd_scalemulshr8_row", o, 8, v, "(int8_t)" + cread, "" + s);
        }
        s = narrowedShift(text, plain(v), cread);
        return s > 0 ? call("sd_scalemul8x16shr8_row", o, 8, v, "(int16_t)" + cread, "" + s) : null;
    }

    /** The call for a sum loop of a and b whose element at (index of a, index of b) is {@code element}; else null. */
    static String sum(Operands r, Value o, Value a, Value b, boolean subtract, int shrA, int shrB,
                      BiFunction<String, String, String> element) {
        if (!bits8(r, o) || !counted(o)) {
            return null;
        }
        int wa = array(r, a, o), wb = array(r, b, o);
        if (wa == 16 && wb == 16) {
            return halvedSum(r, o, a, b, subtract, shrA, shrB, element.apply("k", "k"));
        }
        if (wa == 8 && wb == 8) {
            int na = shifted(r, a, shrA, 8), nb = shifted(r, b, shrB, 8);
            String text = element.apply("k", "k");
            return na >= 0 && nb >= 0 && wrapped8(text, read(r, a, shrA), read(r, b, shrB), subtract)
                    ? call(subtract ? "sd_subshr8_row" : "sd_addshr8_row", o, 8, a, "(const int8_t *)" + CNames.var(b),
                    na + ", " + nb) : null;
        }
        // a scalar from flash first (c ± v), or after an array it is added to (v + c: the same sum)
        boolean scalarFirst = scalar(r, a) && wb == 8;
        if (!scalarFirst && !(scalar(r, b) && wa == 8 && !subtract)) {
            return null;
        }
        Value c = scalarFirst ? a : b, v = scalarFirst ? b : a;
        int shrC = scalarFirst ? shrA : shrB, shrV = scalarFirst ? shrB : shrA, nv = shifted(r, v, shrV, 8);
        String text = element.apply(scalarFirst ? "0" : "k", scalarFirst ? "k" : "0");
        String cread = r.operand(c, shrC, "0").c(), vread = read(r, v, shrV);
        boolean match = nv >= 0 && (scalarFirst ? wrapped8(text, cread, vread, subtract) : wrapped8(text, vread, cread,
                false));
        return match ? "sd_scal" + (subtract ? "sub" : "add") + "shr8_row((int8_t *)" + CNames.var(o) + ", (int8_t)"
                + cread + ", (const int8_t *)" + CNames.var(v) + ", " + o.size() + ", " + nv + ");" : null;
    }

    /** sd_addhalfshr8_row or _sub where {@code text} is its element; else null. */
    private static String halvedSum(Operands r, Value o, Value a, Value b, boolean subtract, int shrA, int shrB,
                                    String text) {
        int na = shifted(r, a, shrA, 16), nb = shifted(r, b, shrB, 16);
        if (na < 0 || nb < 0) {
            return null;
        }
        String half = (subtract ? "sd_subhalf16(" : "sd_addhalf16(") + read(r, a, shrA) + ", " + read(r, b, shrB) + ")";
        for (int s = 0; s <= 15; s++) {
            if (cut8(text, s == 0 ? half : "sd_shr16(" + half + ", " + s + ")")) {
                String fn = subtract ? "sd_subhalfshr8_row" : "sd_addhalfshr8_row";
                return call(fn, o, 16, a, "(const int16_t *)" + CNames.var(b), na + ", " + nb + ", " + s);
            }
        }
        return null;
    }

    /**
     * Whether text is wrap_8(x ± y) as IntExpr writes it: the exact sum at 16 bits cut to 8, or the sum at 8 bits
     * through uint8_t (the op's width 8).
     */
    private static boolean wrapped8(String text, String x, String y, boolean subtract) {
        String op = subtract ? " - " : " + ";
        return text.equals("(int8_t)((int16_t)((int16_t)(" + x + ")" + op + "(int16_t)(" + y + ")))")
                || text.equals("(int8_t)(uint8_t)((uint8_t)(" + x + ")" + op + "(uint8_t)(" + y + "))");
    }

    /** s (1-16) where {@code text} is sd_mul8x16_shr_8(x, y, s), x the 8-bit operand; else -1. */
    private static int narrowedShift(String text, String x, String y) {
        for (int s = 1; s <= 16; s++) {
            if (text.equals("sd_mul8x16_shr_8(" + x + ", " + y + ", " + s + ")")) {
                return s;
            }
        }
        return -1;
    }

    /**
     * The call {@code sd_lookupB_row(out, a, table, n)} for out[k] = SD_RB(table, (uint8_t)a[k]) (an activation's
     * 256-entry table of B = 8 or 16 bits) where a is an 8-bit array in RAM as long as out and {@code rowLoops}; else
     * null.
     */
    static String lookup(Operands r, Value o, Value a, String table, int bits, boolean rowLoops) {
        if (!rowLoops || (bits != 8 && bits != 16) || o.isInt() || !counted(o) || array(r, a, o) != 8
                || !r.x(a, "k").c().equals(plain(a))) {
            return null;
        }
        return RowLoop.call("sd_lookup" + bits + "_row", bits, 8, o, a, "(const int" + bits + "_t *)" + table, "");
    }

    /** {@code fn((int8_t *)out, (const intB_t *)a, second, n, tail);}: RowLoop's call, a of B bits. */
    private static String call(String fn, Value o, int aBits, Value a, String second, String tail) {
        return RowLoop.call(fn, 8, aBits, o, a, second, tail);
    }

    /** s (1-15) where {@code text} is (int8_t)sd_shr16(sd_mul8(x, y), s) with x, y in either order; else -1. */
    private static int productShift(String text, String x, String y) {
        for (int s = 1; s <= 15; s++) {
            for (String p : new String[] {"sd_mul8(" + x + ", " + y + ")", "sd_mul8(" + y + ", " + x + ")"}) {
                if (cut8(text, "sd_shr16(" + p + ", " + s + ")")) {
                    return s;
                }
            }
        }
        return -1;
    }

    /** Whether text is body stored into 8 bits: cast, or as it is (stored into the 8-bit array, the same value). */
    private static boolean cut8(String text, String body) {
        return text.equals(body) || text.equals("(int8_t)(" + body + ")");
    }

    /** The shift n of v's read at k when it is v[k] (0) or sd_shrB(v[k], n) (n = the op's shift); else -1. */
    private static int shifted(Operands r, Value v, int shift, int bits) {
        String read = read(r, v, shift);
        return read.equals(plain(v)) ? 0 : read.equals("sd_shr" + bits + "(" + plain(v) + ", " + shift + ")") ? shift
                : -1;
    }

    private static String read(Operands r, Value v, int shift) {
        return r.operand(v, shift, "k").c();
    }

    private static String plain(Value v) {
        return CNames.element(v, "k");
    }

    /** A count a row loop takes (a byte) and that pays for its set-up. */
    private static boolean counted(Value o) {
        return o.size() >= MIN_ELEMENTS && o.size() <= RowLoop.MAX_ELEMENTS;
    }

    private static boolean bits8(Operands r, Value o) {
        return !o.isInt() && IntExpr.container(r.type(o).bits()) == 8;
    }

    /** The bits v's elements are stored in (8, 16, ...) where v is an array in RAM of out's length; else 0. */
    private static int array(Operands r, Value v, Value out) {
        return r.inRam(v) && v.size() == out.size() ? IntExpr.container(r.type(v).bits()) : 0;
    }

    /** v is one element read from flash (its read the same at every k, and the loop cannot write it). */
    private static boolean scalar(Operands r, Value v) {
        return !v.isInt() && v.size() == 1 && r.flashSource(v) != null;
    }
}
