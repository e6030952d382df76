package seedc.codegen.c.emit;

import java.util.List;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.IntExpr;
import seedc.ir.Value;

/**
 * A constant in flash read at k by a loop that visits k = 0, 1, ... once each, read instead in order through a
 * pointer set before the loop: SD_NEXT (lpm Z+ on the AVR: no index arithmetic, no pointer increment of its own;
 * *(p)++ elsewhere). The same elements as Operands.operand reads at k, in the same variant (the shift's). At most one
 * such operand a loop: the AVR has one register (Z) that lpm reads through. Used by the sum loop's products added as
 * computed ({@link AddedAsComputed}) and the element-wise sums ({@link CEmitter}), on targets whose dialect says
 * such reads pay (CDialect.readsFlashRowsInOrder): elsewhere every read stays indexed.
 */
final class FlashStream {
    private final Operands r;
    private final boolean enabled;

    /** @param enabled whether the target reads flash rows in order; when false, {@link #read} never streams */
    FlashStream(Operands r, boolean enabled) {
        this.r = r;
        this.enabled = enabled;
    }

    /**
     * v at element k shifted right by shift, read through pointer {@code pointer}, whose declaration is added to
     * {@code before}; null (nothing added) when the target reads indexed, or v is not a constant in flash or its
     * elements are packed.
     */
    IntExpr read(Value v, int shift, String pointer, List<String> before) {
        if (!enabled) {
            return null;
        }
        Operands.FlashSource src = r.flashSource(v);
        if (src == null) {
            return null;
        }
        Constants.Variant var = r.constants().variant(src.constant(), src.chain(), shift, v.size(), null);
        if (var.packed()) { // its elements are indices into a table, not the values
            return null;
        }
        String start = src.base().equals("0") ? var.name() : "&" + var.name() + "[" + src.base() + "]";
        before.add("const int" + var.container() + "_t *" + pointer + " = " + start + ";");
        return IntExpr.of("SD_NEXT" + var.container() + "(" + pointer + ")", var.bits());
    }
}
