package seedc.codegen.c.emit;

import java.util.List;
import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FlashRowReads;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The products a sum loop adds where they are computed (the last op of its body, whose result it sums): one term per
 * element, so that element k is one expression, the one the product's own loop would store. An outer product with a
 * column or a row (ProtoNN's class scores Z[i] * exp(...)), a scalar product, an element-wise product
 * ({@link FlashRowReads#term}); not a broadcast along an axis (its loop counts a second index) nor a product on bit
 * planes.
 */
final class AddedAsComputed {
    private AddedAsComputed() {}

    /** op's term at element k, or null when op is not such a product (or the C builds it on bit planes). */
    static FlashRowReads.Term term(Op op, BitSerial bitSerial) {
        if (op instanceof Op.MatMul m && (bitSerial.at(m) != null || bitSerial.subsetSumsAt(m) != null)) {
            return null;
        }
        return FlashRowReads.term(op);
    }

    /**
     * The term's two operands at element k, shifted as p says, as the loop over k (0 up, each element once) reads
     * them; what they need before the loop is added to {@code before}. The operand FlashRowReads names (at most one:
     * the AVR has one register, Z, that lpm reads through) is read in order, where the target streams.
     */
    static IntExpr[] operands(Operands r, FlashStream stream, Op op, FlashRowReads.Term term, OpParams.Mul p,
                              List<String> before) {
        int streamed = stream.addedTerm(op);
        IntExpr a = read(r, stream, term.a(), p.shrA(), term.aAtK(), 0, streamed == 0, before);
        IntExpr b = read(r, stream, term.b(), p.shrB(), term.bAtK(), 1, streamed == 1, before);
        return new IntExpr[] {a, b};
    }

    /**
     * Operand v at index k ({@code atK}) or 0. One the same at every element (index 0) is read once into a local
     * before the loop: gcc reads it again for each element otherwise, since the sum's stores into the planned buffer
     * may alias it (and loses registers to it). The streamed one (ProtoNN's row of Z) is read in order through a
     * pointer ({@link FlashStream}): the loop visits k = 0, 1, ... once each.
     */
    private static IntExpr read(Operands r, FlashStream stream, Value v, int shift, boolean atK, int which,
                                boolean streamed, List<String> before) {
        String suffix = Integer.toString(which);
        if (streamed) {
            return stream.read(v, shift, FlashStream.pointer(which), before);
        }
        IntExpr operand = r.operand(v, shift, atK ? "k" : "0");
        if (atK || operand.c().matches("-?[0-9]+L*")) {
            return operand;
        }
        before.add(0, "const " + operand.ctype() + " sd_once" + suffix + " = " + operand.c() + ";");
        return IntExpr.of("sd_once" + suffix, operand.bits());
    }
}
