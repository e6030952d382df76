package seedc.codegen.c.emit;

import java.util.List;
import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Op.Hadamard;
import seedc.ir.Op.MatMul;
import seedc.ir.Op.ScalarMul;
import seedc.ir.Value;

/**
 * The products a sum loop adds where they are computed (the last op of its body, whose result it sums): one term per
 * element, so that element k is one expression, the one the product's own loop would store. An outer product with a
 * column or a row (ProtoNN's class scores Z[i] * exp(...)), a scalar product, an element-wise product; not a
 * broadcast along an axis (its loop counts a second index) nor a product on bit planes.
 */
final class AddedAsComputed {
    private AddedAsComputed() {}

    /** The product's operands and their indices at element k of its result. */
    record Term(Value a, String ia, Value b, String ib) {}

    /** op's term at element k, or null when op is not such a product. */
    static Term term(Op op, BitSerial bitSerial) {
        Value[] ab = switch (op) {
            case MatMul m when m.a().shape().dim(1) == 1 && bitSerial.at(m) == null && bitSerial.subsetSumsAt(m) == null ->
                    new Value[] {m.a(), m.b()};
            case ScalarMul m -> new Value[] {m.scalar(), m.tensor()};
            case Hadamard h -> new Value[] {h.a(), h.b()};
            default -> null;
        };
        if (ab == null) {
            return null;
        }
        String ia = index(op.out(), ab[0]), ib = index(op.out(), ab[1]);
        return ia == null || ib == null ? null : new Term(ab[0], ia, ab[1], ib);
    }

    /** Operand v's index at element k of o: k, 0 for one element, null for a broadcast. */
    private static String index(Value o, Value v) {
        return v.size() == o.size() ? "k" : v.size() == 1 ? "0" : null;
    }

    /**
     * The term's two operands at element k, shifted as p says, as the loop over k (0 up, each element once) reads
     * them; what they need before the loop is added to {@code before}. At most one operand is streamed from flash:
     * the AVR has one register (Z) that lpm reads through.
     */
    static IntExpr[] operands(Operands r, FlashStream stream, Term term, OpParams.Mul p, List<String> before) {
        Read a = read(r, stream, term.a(), p.shrA(), term.ia(), "0", true, before);
        Read b = read(r, stream, term.b(), p.shrB(), term.ib(), "1", !a.streamed(), before);
        return new IntExpr[] {a.expr(), b.expr()};
    }

    /** An operand's expression, and whether it reads the operand through a flash pointer (SD_NEXT). */
    private record Read(IntExpr expr, boolean streamed) {}

    /**
     * Operand v at index k or 0. One the same at every element (index 0) is read once into a local before the loop:
     * gcc reads it again for each element otherwise, since the sum's stores into the planned buffer may alias it
     * (and loses registers to it). A constant in flash read at k (ProtoNN's row of Z) is read in order through a
     * pointer ({@link FlashStream}, where the target streams) when {@code streamable}: the loop visits k = 0, 1, ... once each.
     */
    private static Read read(Operands r, FlashStream stream, Value v, int shift, String index, String suffix,
                             boolean streamable, List<String> before) {
        IntExpr operand = r.operand(v, shift, index);
        if (index.equals("0")) {
            if (operand.c().matches("-?[0-9]+L*")) {
                return new Read(operand, false);
            }
            before.add(0, "const " + operand.ctype() + " sd_once" + suffix + " = " + operand.c() + ";");
            return new Read(IntExpr.of("sd_once" + suffix, operand.bits()), false);
        }
        IntExpr streamed = streamable ? stream.read(v, shift, "sd_next" + suffix, before) : null;
        return streamed == null ? new Read(operand, false) : new Read(streamed, true);
    }
}
