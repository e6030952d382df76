package seedc.codegen.c.emit;

import java.util.List;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FlashRowReads;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * A constant in flash read at k by a loop that visits k = 0, 1, ... once each, read instead in order through a
 * pointer set before the loop: SD_NEXT (lpm Z+ on the AVR: no index arithmetic, no pointer increment of its own;
 * *(p)++ elsewhere). The same elements as Operands.operand reads at k, in the same variant (the shift's). Which
 * operand of an op is such a row ({@link FlashRowReads}: in flash, read at k, not packed, at most one an op) is an
 * IR-level fact that the cost model reads too; whether the target reads it so is its dialect's
 * (CDialect.readsFlashRowsInOrder): elsewhere every read stays indexed. Used by the sum loop's products added as
 * computed ({@link AddedAsComputed}) and the element-wise sums ({@link ElementwiseEmitter}).
 */
final class FlashStream {
    private final Operands r;
    private final FlashRowReads rows;
    private final boolean enabled;

    /** @param enabled whether the target reads flash rows in order; when false, nothing streams */
    FlashStream(Operands r, FlashRowReads rows, boolean enabled) {
        this.r = r;
        this.rows = rows;
        this.enabled = enabled;
    }

    /** The operand of the element-wise sum {@code op} read in order (0 or 1), or {@link FlashRowReads#NONE}. */
    int elementwiseSum(Op op) {
        return enabled ? rows.elementwiseSum(op) : FlashRowReads.NONE;
    }

    /** The operand of the product {@code op} added as computed read in order (0 or 1), or NONE. */
    int addedTerm(Op op) {
        return enabled ? rows.addedTerm(op) : FlashRowReads.NONE;
    }

    /** The pointer through which operand {@code operand} (0 or 1) of an op is read in order when it streams. */
    static String pointer(int operand) {
        return "sd_next" + operand;
    }

    /**
     * v at element k shifted right by shift, read through pointer {@code pointer}, whose declaration is added to
     * {@code before}: v is the operand {@link FlashRowReads} chose (a constant in flash, dense in this variant).
     */
    IntExpr read(Value v, int shift, String pointer, List<String> before) {
        Operands.FlashSource src = r.flashSource(v);
        Constants.Variant var = r.constants().variant(src.constant(), src.chain(), shift, v.size(), null);
        if (var.packed()) {
            throw new IllegalStateException(v.name() + " is streamed but its copy is packed: FlashRowReads disagrees");
        }
        String start = src.base().equals("0") ? var.name() : "&" + var.name() + "[" + src.base() + "]";
        before.add("const int" + var.container() + "_t *" + pointer + " = " + start + ";");
        return IntExpr.of("SD_NEXT" + var.container() + "(" + pointer + ")", var.bits());
    }
}
