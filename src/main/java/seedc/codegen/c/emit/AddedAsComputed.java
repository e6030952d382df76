package seedc.codegen.c.emit;

import seedc.codegen.c.lowbit.BitSerial;
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
}
