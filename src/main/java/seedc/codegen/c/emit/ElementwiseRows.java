package seedc.codegen.c.emit;

import java.util.List;
import java.util.function.BiFunction;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.fixed.ElementwiseRowLoops;
import seedc.fixed.ElementwiseRowLoops.Fn;
import seedc.ir.Value;

/**
 * An element-wise loop of two RAM arrays (or a RAM array and a scalar in flash), or an activation's table read over a
 * RAM array, as one call of the runtime's row loops of avr_elementwise_rows.h (on the AVR one asm loop each, a, b and
 * out in X, Z and Y: FastGRNN's gates took 26-37 Uno cycles an element in avr-gcc's loops, about 4-6 of them moving
 * pointers). Which loop is which call, with which shifts, is the IR-level fact {@link ElementwiseRowLoops} (which the
 * cost model prices too); this writes it, and first checks that the loop's element, as {@link ElementwiseEmitter}
 * writes it at k, is exactly the expression the row computes at every k:
 * <ul>
 *   <li>{@code (int8_t)sd_shr16(sd_mul8(a[k], b[k]), s)}: {@code sd_mulshr8_row(out, a, b, n, s)}; with a scalar c
 *       read from flash in place of one array, {@code sd_scalemulshr8_row(out, a, c, n, s)}; an 8x16 product's
 *       {@code sd_mul8x16_shr_8(a[k], b[k], s)}: {@code sd_mul8x16shr8_row}, {@code sd_scalemul8x16shr8_row};
 *   <li>{@code (int8_t)sd_shr16(sd_addhalf16(sd_shr16(a[k], na), sd_shr16(b[k], nb)), s)} (a shift of 0 absent, the
 *       halving sum sd_subhalf16 likewise): {@code sd_addhalfshr8_row(out, a, b, n, na, nb, s)} or {@code _sub...};
 *   <li>an 8-bit sum kept to 8 bits: {@code sd_addshr8_row(out, a, b, n, na, nb)}, {@code sd_scaladdshr8_row(out, c,
 *       a, n, na)} and their subtractions; with a 16-bit array shifted into it ({@code sd_shr16(a[k], na)}),
 *       {@code sd_scaladd16shr8_row(out, c, a, n, na)} and {@code sd_scalsub16shr8_row}; the exact sum halved,
 *       {@code sd_shr16((int16_t)((int16_t)(c) + (int16_t)(a[k])), 1)}: {@code sd_scaladdhalf8_row(out, c, a, n, na)}
 *       and {@code sd_scalsubhalf8_row};
 *   <li>{@code (int16_t)(uint16_t)(1u * (uint16_t)(sd_mul8(a[k], b[k])) << l)} (or {@code sd_mul8(a[k], b[k])}, l =
 *       0) into a 16-bit result: {@code sd_mulshl16_row(out, a, b, n, l)}.
 * </ul>
 * The call then computes the very expression of the loop it replaces, element by element in the same order (each row
 * loop reads a[k] and b[k] before it writes out[k], as the loop does), so the program's integers are unchanged. An
 * element that is not the row's expression is a disagreement between the fact and the C writers: an internal error.
 */
final class ElementwiseRows {
    private ElementwiseRows() {}

    /**
     * The call of {@code row} for the loop whose element at (index of a, index of b) is {@code element}, a and b the
     * op's operands in its order, {@code shrA}, {@code shrB} their shifts; null where there is no row.
     */
    static String call(ElementwiseRowLoops.Row row, Operands r, Value o, Value a, Value b, int shrA, int shrB,
                       BiFunction<String, String, String> element) {
        if (row == null) {
            return null;
        }
        boolean scalar = row.second().size() == 1; // one element read from flash (the row has at least 4)
        boolean scalarFirst = scalar && row.second() == a;
        String text = element.apply(scalar && scalarFirst ? "0" : "k", scalar && !scalarFirst ? "0" : "k");
        String x = read(row.array(), row.array() == a ? shrA : shrB, row);
        String y = scalar ? r.operand(row.second(), row.secondShift(), "0").c() : read(row.second(),
                row.second() == a ? shrA : shrB, row);
        if (!computes(row, text, x, y, scalarFirst)) {
            throw new IllegalStateException(o.name() + ": its element " + text + " is not what "
                    + row.fn().cName() + " computes: ElementwiseRowLoops disagrees with the C writers");
        }
        String second = !scalar ? "(const int" + row.fn().secondBits + "_t *)" + CNames.var(row.second())
                : "(int" + row.fn().secondBits + "_t)" + y;
        String tail = String.join(", ", row.shifts().stream().map(String::valueOf).toList());
        if (row.fn().scalarFirst) {
            return row.fn().cName() + "((int8_t *)" + CNames.var(o) + ", " + second + ", (const int"
                    + row.fn().arrayBits + "_t *)" + CNames.var(row.array()) + ", " + o.size() + ", " + tail + ");";
        }
        return RowLoop.call(row.fn().cName(), row.fn().outBits, row.fn().arrayBits, o, row.array(),
                second, tail);
    }

    /** The call {@code sd_lookupB_row(out, a, table, n)} of {@code row} (a table read of B bits); null: none. */
    static String lookup(ElementwiseRowLoops.Row row, Value o, String table) {
        if (row == null) {
            return null;
        }
        return RowLoop.call(row.fn().cName(), row.fn().outBits, row.fn().arrayBits, o, row.array(),
                "(const int" + row.fn().secondBits + "_t *)" + table, "");
    }

    /** Whether {@code text} is the element the row computes from the reads x (its array's) and y (its second's). */
    private static boolean computes(ElementwiseRowLoops.Row row, String text, String x, String y, boolean scalarFirst) {
        List<Integer> n = row.shifts();
        return switch (row.fn()) {
            case MULSHR8, SCALEMULSHR8 -> cut8(text, "sd_shr16(sd_mul8(" + x + ", " + y + "), " + n.get(0) + ")")
                    || cut8(text, "sd_shr16(sd_mul8(" + y + ", " + x + "), " + n.get(0) + ")");
            case MUL8X16SHR8, SCALEMUL8X16SHR8 ->
                    text.equals("sd_mul8x16_shr_8(" + x + ", " + y + ", " + n.get(0) + ")");
            case ADDHALFSHR8, SUBHALFSHR8 -> {
                String half = (row.fn() == Fn.SUBHALFSHR8 ? "sd_subhalf16(" : "sd_addhalf16(") + x + ", " + y + ")";
                yield cut8(text, n.get(2) == 0 ? half : "sd_shr16(" + half + ", " + n.get(2) + ")");
            }
            case ADDSHR8, SUBSHR8 -> wrapped8(text, x, y, row.fn() == Fn.SUBSHR8);
            case SCALADDSHR8, SCALADD16SHR8 -> scalarFirst ? wrapped8(text, y, x, false) : wrapped8(text, x, y, false);
            case SCALSUBSHR8, SCALSUB16SHR8 -> scalarFirst && wrapped8(text, y, x, true);
            case SCALADDHALF8 -> scalarFirst ? halved8(text, y, x, false) : halved8(text, x, y, false);
            case SCALSUBHALF8 -> scalarFirst && halved8(text, y, x, true);
            case MULSHL16 -> shl16(text, "sd_mul8(" + x + ", " + y + ")", n.get(0))
                    || shl16(text, "sd_mul8(" + y + ", " + x + ")", n.get(0));
            case LOOKUP8, LOOKUP16 -> false; // a table read has no element of two operands
        };
    }

    /** The read of v at k the row takes: v[k], or shifted right by the op's shift (the row's na, nb, nv). */
    private static String read(Value v, int shift, ElementwiseRowLoops.Row row) {
        String plain = CNames.element(v, "k");
        int bits = row.array() == v ? row.fn().arrayBits : row.fn().secondBits;
        return shift == 0 ? plain : "sd_shr" + bits + "(" + plain + ", " + shift + ")";
    }

    /**
     * Whether text is the product shifted left by l into 16 bits as IntExpr writes it: the product itself (l = 0), or
     * its low 16 bits shifted in uint16_t (IntExpr.shlWrap).
     */
    private static boolean shl16(String text, String product, int l) {
        return l == 0 ? text.equals(product)
                : text.equals("(int16_t)(uint16_t)(1u * (uint16_t)(" + product + ") << " + l + ")");
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

    /** Whether text is the exact 16-bit sum x ± y halved as IntExpr writes it, sd_shr16(..., 1), stored into 8 bits. */
    private static boolean halved8(String text, String x, String y, boolean subtract) {
        return cut8(text, "sd_shr16((int16_t)((int16_t)(" + x + ")" + (subtract ? " - " : " + ") + "(int16_t)(" + y
                + ")), 1)");
    }

    /** Whether text is body stored into 8 bits: cast, or as it is (stored into the 8-bit array, the same value). */
    private static boolean cut8(String text, String body) {
        return text.equals(body) || text.equals("(int8_t)(" + body + ")");
    }
}
