package seedc.analysis;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.ToIntFunction;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which stored values may live in the bytes of another, so that a chain like conv, bias add, relu
 * needs one buffer instead of three. Two cases:
 * <ul>
 *   <li>an element-wise op whose operand dies at it writes its result over the operand: out[k]
 *       only depends on a[k], which is read before out[k] is written, and out's elements are no
 *       wider than a's (a splice-write over its base, when the part lives in other bytes: a stacked
 *       recurrence's every-step states are then written in place);
 *   <li>an identity view (a transpose, reshape or reverse that moves no element, such as a
 *       vector transposed or a row-major reshape) whose operand and result have the same type is
 *       its operand read in place, whether or not the operand dies there; so is a loop's accumulator,
 *       which holds the output's value during each iteration (the output is written only when it ends).
 *       Such a view that changes the type (a 16-bit input reshaped into an 8-bit vector) converts element k from
 *       element k alone, so it is element-wise: written over its operand when the operand dies there.
 * </ul>
 * A value stored in another's bytes has no interval of its own: its storage's interval grows to
 * cover it. Element widths and type equality belong to the encoding, so the caller supplies them.
 */
public final class InPlace {
    private final Liveness live;
    private final Map<Value, Interval> storage = new LinkedHashMap<>();
    private final Map<Value, Value> aliases = new LinkedHashMap<>();
    private final Set<Value> views = new HashSet<>();

    /**
     * @param bits element bits of a stored value (the result may not be wider than the operand)
     * @param sameType whether a view's result has its operand's type; always false makes every
     *     view a copy (for a backend that copies them anyway)
     */
    public static InPlace of(Liveness live, ToIntFunction<Value> bits, BiPredicate<Value, Value> sameType) {
        InPlace p = new InPlace(live);
        for (Op op : live.instructions().ops()) {
            p.place(op, bits, sameType);
        }
        return p;
    }

    private InPlace(Liveness live) {
        this.live = live;
        storage.putAll(live.intervals());
    }

    private void place(Op op, ToIntFunction<Value> bits, BiPredicate<Value, Value> sameType) {
        Value o = op.out();
        if (op instanceof Op.Loop l && live.stored(l.acc()) && live.stored(o) && sameType.test(o, l.acc())) {
            // the accumulator is the output's bytes: out is written only when an iteration ends
            share(l.acc(), storageOf(o));
            views.add(l.acc());
        }
        if (!live.stored(o)) {
            return;
        }
        Value in = op.inputs().isEmpty() ? null : op.inputs().get(0);
        if (isIdentityView(op) && live.stored(in) && sameType.test(in, o)) {
            share(o, storageOf(in));
            views.add(o);
            return;
        }
        int at = live.instructions().at(op);
        if (op instanceof Op.SpliceWrite sw && live.stored(sw.part()) && storageOf(sw.part()) == storageOf(sw.base())) {
            return; // writing over the base would overwrite the part before it is read
        }
        // an identity view that converts its operand's type is element-wise: out[k] from a[k] alone
        for (Value a : isIdentityView(op) ? List.of(in) : elementwiseOperands(op)) {
            // The operand's storage must die here: no other value in it is read later.
            if (live.stored(a) && storage.get(storageOf(a)).last() == at && !readInNextIteration(storageOf(a), at)
                    && a.size() == o.size() && bits.applyAsInt(a) >= bits.applyAsInt(o)) {
                share(o, storageOf(a));
                return;
            }
        }
    }

    /**
     * Whether the bytes of {@code root} are read again by a later iteration of a loop that runs instruction
     * {@code at}: they hold a value from before the loop, whose interval ends with the loop's last instruction, which
     * may be {@code at} itself (a sum loop's body ending in the op that reads it). Writing over them there would
     * hand the next iteration the result instead of the value (an input read directly in ProtoNN's loop body).
     */
    private boolean readInNextIteration(Value root, int at) {
        int def = storage.get(root).first();
        return live.instructions().loopsRepeating(def, at).stream().anyMatch(l -> def < l.first());
    }

    /** Value v is stored in the bytes of root, which then live until both are dead. */
    private void share(Value v, Value root) {
        storage.put(root, storage.get(root).until(storage.remove(v).last()));
        aliases.put(v, root);
    }

    /** The value whose bytes hold v: v itself, unless v is stored over another value. */
    public Value storageOf(Value v) {
        Value r = v;
        while (aliases.containsKey(r)) {
            r = aliases.get(r);
        }
        return r;
    }

    /** The values stored in another's bytes, in program order, each with the value owning the bytes. */
    public Map<Value, Value> aliases() {
        return Collections.unmodifiableMap(aliases);
    }

    /** True when v is an identity view read in place of its operand (it needs no code). */
    public boolean isView(Value v) {
        return views.contains(v);
    }

    /** The values that own bytes, in the order they are defined, each live while any value in it is. */
    public Map<Value, Interval> intervals() {
        return Collections.unmodifiableMap(storage);
    }

    /** A transpose, reshape or reverse whose index map is the identity: out[k] = a[k]. */
    public static boolean isIdentityView(Op op) {
        int[] map = op instanceof Op.Transpose t ? Layouts.transpose(t.a().shape())
                : op instanceof Op.Reshape r ? Layouts.reshape(r.a().shape(), r.order())
                : op instanceof Op.Reverse r ? Layouts.reverse(r.a().shape(), r.axis())
                : null;
        if (map == null) {
            return false;
        }
        for (int k = 0; k < map.length; k++) {
            if (map[k] != k) {
                return false;
            }
        }
        return true;
    }

    /** The operands whose element k alone gives out's element k (a broadcast operand is never one: sizes differ). */
    static List<Value> elementwiseOperands(Op op) {
        return switch (op) {
            case Op.Add a -> List.of(a.a(), a.b());
            case Op.VecOp v -> List.of(v.a());
            case Op.Hadamard h -> List.of(h.a(), h.b());
            case Op.ScalarMul m -> List.of(m.tensor());
            case Op.Neg n -> List.of(n.a());
            case Op.Relu r -> List.of(r.a());
            case Op.Relu6 r -> List.of(r.a());
            case Op.Quantize q -> List.of(q.a());
            case Op.Exp e -> List.of(e.a());
            case Op.Sigmoid s -> List.of(s.a());
            case Op.Tanh t -> List.of(t.a());
            case Op.Softplus t -> List.of(t.a());
            case Op.Softsign t -> List.of(t.a());
            case Op.Input x -> List.of();
            case Op.Param x -> List.of();
            case Op.Const x -> List.of();
            case Op.IntConst x -> List.of();
            case Op.IntArith x -> List.of();
            case Op.MatMul x -> List.of(); // out[i][j] reads a row and a column
            case Op.SparseMatMul x -> List.of();
            case Op.Sgn x -> List.of();
            case Op.Argmax x -> List.of();
            case Op.NormaliseL2 x -> List.of(); // reads the whole group before writing
            case Op.Transpose x -> List.of(); // moves elements
            case Op.Reshape x -> List.of();
            case Op.Reverse x -> List.of();
            case Op.Index x -> List.of();
            case Op.Splice x -> List.of();
            // out[k] is base[k] outside the written block; the part is read from its own bytes (see #place)
            case Op.SpliceWrite x -> List.of(x.base());
            case Op.Conv2d x -> List.of();
            case Op.Maxpool x -> List.of();
            case Op.Select x -> List.of();
            case Op.SumLoop x -> List.of();
            case Op.Loop x -> List.of(); // its output comes from its body
        };
    }
}
