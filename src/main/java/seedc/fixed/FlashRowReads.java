package seedc.fixed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;

/**
 * Which operand of an op is a flash row read in order: a constant in flash (a parameter, a literal, or an Index of
 * one: a block of it) read at element k by the op's loop over k = 0, 1, ..., not packed (its stored elements are the
 * values, not indices into a table), at most one an op (the AVR's lpm reads flash through one register, Z), the first
 * of the op's two operands that qualifies. Such a row can be read through a pointer set before the loop instead of
 * at an index computed per element; whether a target does so is its C dialect's (seedc.codegen.c.dialect.CDialect
 * readsFlashRowsInOrder: the AVR's lpm Z+ reads and advances in one instruction). One fact that two sides read, as
 * {@link LowBitProducts#bySubsetSums} is: the C backends' element-wise sums and products added as computed
 * (seedc.codegen.c.emit) read the row so, and seedc.cost.OpWork prices those reads by terms of their own.
 *
 * <p>The ops: an element-wise sum ({@link #elementwiseSum}: Add, a VecOp's add or subtract), and a product of one
 * term per element that a sum loop adds as it computes it ({@link #addedTerm}: an outer product with a column, a
 * scalar product, an element-wise product; its operands read at k or at 0). Whether a sum loop adds its last op as
 * computed (not through a comparison, not on bit planes) stays the backends' decision; this says which operand
 * streams when it does.
 */
public final class FlashRowReads {
    /** No operand is a flash row read in order. */
    public static final int NONE = -1;

    /**
     * How the program's parameters are stored: packed (indices into a table of their distinct values, where that is
     * smaller) or dense, and their integers (needed only when packed, to tell which are).
     */
    public record Storage(boolean packsParams, QuantizedModel qm) {
        /** Every parameter dense: what the cost model assumes (the search chooses before the storage is decided). */
        public static final Storage DENSE = new Storage(false, null);
    }

    /** A value in flash: the constant it reads and the types its elements pass through, the constant's own first. */
    private record Source(Value constant, boolean param, List<FixedType> chain) {}

    /** The product of one term per element: its operands and whether each is read at k (else at 0). */
    public record Term(Value a, boolean aAtK, Value b, boolean bAtK) {}

    private final FixedProgram fp;
    private final Storage storage;
    private final Map<Value, Source> flash = new IdentityHashMap<>();

    public FlashRowReads(FixedProgram fp, Storage storage) {
        this.fp = fp;
        this.storage = storage;
        Set<Value> inFlash = inFlash(fp.program());
        fp.program().forEachOp(op -> {
            if (!inFlash.contains(op.out())) {
                return;
            }
            if (op instanceof Op.Index ix) { // a block of the constant ix.a() reads: its types, then ix's
                Source s = flash.get(ix.a());
                List<FixedType> chain = new ArrayList<>(s.chain());
                chain.add(fp.type(ix.out()));
                flash.put(ix.out(), new Source(s.constant(), s.param(), List.copyOf(chain)));
            } else {
                flash.put(op.out(), new Source(op.out(), op instanceof Op.Param, List.of(fp.type(op.out()))));
            }
        });
    }

    /**
     * The values the fixed C reads from flash instead of RAM: parameters, literals, and an Index of one of them (a block
     * of the constant at a run-time offset: nothing is copied). The one rule the C backends (Constants, the RAM plan,
     * the kernels' scratch), the cost model (OpWork) and this fact read.
     */
    public static Set<Value> inFlash(seedc.ir.Program p) {
        Set<Value> s = Collections.newSetFromMap(new IdentityHashMap<>());
        p.forEachOp(op -> {
            if (op instanceof Op.Param || op instanceof Op.Const || op instanceof Op.Index ix && s.contains(ix.a())) {
                s.add(op.out());
            }
        });
        return s;
    }

    /**
     * The operand (0: a, 1: b or the vector) of the element-wise sum {@code op} (an Add, or a VecOp that adds or
     * subtracts) that is a flash row read in order, or {@link #NONE}; NONE for any other op.
     */
    public int elementwiseSum(Op op) {
        Reads r = reads(op);
        if (r == null || !r.sum()) {
            return NONE;
        }
        Value a = r.a(), b = r.b();
        OpParams.Add p = fp.params(op, OpParams.Add.class);
        return first(op.out(), a, p.shrA(), a.size() == op.out().size(), b, p.shrB(), b.size() == op.out().size());
    }

    /**
     * {@code op} as a product of one term per element (an outer product with a column, ProtoNN's Z[i] * exp(...); a
     * scalar product; an element-wise product), each operand read at k or, one element, at 0; null for any other op
     * or a broadcast along an axis (its loop counts a second index).
     */
    public static Term term(Op op) {
        Reads r = reads(op);
        if (r == null || r.sum()) {
            return null;
        }
        Value o = op.out();
        for (Value v : new Value[] {r.a(), r.b()}) {
            if (v.size() != o.size() && v.size() != 1) {
                return null;
            }
        }
        return new Term(r.a(), r.a().size() == o.size(), r.b(), r.b().size() == o.size());
    }

    /** The two operands an op reads element by element, and whether it adds them (else multiplies, one term each). */
    private record Reads(boolean sum, Value a, Value b) {}

    /**
     * The operands of {@code op} as an element-wise sum or a product of one term per element, or null for any other
     * op: an outer product with a column, else OpFacts' element-wise op of two ({@link OpFacts#elementwiseOfTwo}, which
     * names every op) but a vector op's product, which broadcasts its vector along an axis and so is not added as
     * computed.
     */
    private static Reads reads(Op op) {
        if (op instanceof Op.MatMul m) {
            return m.a().shape().dim(1) == 1 ? new Reads(false, m.a(), m.b()) : null; // else several terms an element
        }
        OpFacts.TwoOperands e = OpFacts.elementwiseOfTwo(op);
        if (e == null || e.product() && op instanceof Op.VecOp) {
            return null;
        }
        return new Reads(!e.product(), e.first(), e.second());
    }

    /**
     * The last op of the sum loop's body when it computes the loop's result as a product of one term per element
     * ({@link #term}), which the C backends add into the sum as computed (unless a comparison stores it or it is on
     * bit planes, which they decide); null otherwise.
     */
    public static Op addedAsComputed(Op.SumLoop s) {
        if (s.body().ops().isEmpty()) {
            return null;
        }
        Op last = s.body().ops().getLast();
        return last.out() == s.result() && term(last) != null ? last : null;
    }

    /**
     * The operand (0: the term's a, 1: its b) of the product {@code op} added as computed ({@link #term}) that is a
     * flash row read in order, or {@link #NONE} (also when op is no such product).
     */
    public int addedTerm(Op op) {
        Term t = term(op);
        if (t == null) {
            return NONE;
        }
        OpParams.Mul p = fp.params(op, OpParams.Mul.class);
        return first(op.out(), t.a(), p.shrA(), t.aAtK(), t.b(), p.shrB(), t.bAtK());
    }

    /**
     * The ops that read a flash row in order where a target streams: the element-wise sums with such an operand, and
     * each sum loop's last op that computes its result, a product of one term per element with one (the C backends
     * add it as computed unless a comparison stores it or it is on bit planes, which they decide; none of the
     * fixtures' is either).
     */
    public Set<Op> opsReadingInOrder() {
        Set<Op> out = Collections.newSetFromMap(new IdentityHashMap<>());
        fp.program().forEachOp(op -> {
            if (elementwiseSum(op) != NONE) {
                out.add(op);
            }
            Op last = op instanceof Op.SumLoop s ? addedAsComputed(s) : null;
            if (last != null && addedTerm(last) != NONE) {
                out.add(last);
            }
        });
        return out;
    }

    /**
     * The bits of the elements of the copy of {@code v} (a value in flash) shifted right by {@code shift} that the C
     * backends read (Constants.variant): the constant's own type when v is the constant unshifted, else the narrowest
     * type holding every element of the copy, from the constant's integers ({@code integers}, null when unknown: then
     * the bits its last type shifted so can need at most). Element widths decide {@link IdiomCalls}' calls.
     */
    public int copyBits(Value v, int shift, java.util.function.Function<Value, long[]> integers) {
        Source s = flash.get(v);
        List<FixedType> chain = s.chain();
        if (chain.size() == 1 && shift == 0) {
            return fp.type(s.constant()).bits();
        }
        long[] stored = integers == null ? null : integers.apply(s.constant());
        if (stored == null) {
            return FixedArith.shrBits(chain.getLast().bits(), shift);
        }
        return storedBits(converted(stored, chain, shift));
    }

    /**
     * The bits of the elements of the copy of {@code v} (in flash) shifted right by {@code shift} that the C backends
     * store for a reader that wants it reordered (Constants.variant with a layout: a matrix product's weights stored
     * transposed), which is always the narrowest type holding them, even for the constant unshifted; 0 where that copy
     * is stored packed (its reads are then table look-ups, not a row's).
     */
    public int reorderedCopyBits(Value v, int shift, java.util.function.Function<Value, long[]> integers) {
        Source s = flash.get(v);
        boolean packable = storage.packsParams() && s.param();
        long[] stored = packable ? storage.qm().stored(s.constant()) : integers == null ? null
                : integers.apply(s.constant());
        if (stored == null) {
            return FixedArith.shrBits(s.chain().getLast().bits(), shift); // at most: what the last type can need
        }
        long[] o = converted(stored, s.chain(), shift);
        int bits = storedBits(o);
        return packable && packedIndexBits(o, container(bits)) != 0 ? 0 : bits;
    }

    /** Whether the C backends read v from flash (see {@link #inFlash}). */
    public boolean inFlash(Value v) {
        return flash.containsKey(v);
    }

    /** The first of a (read at k when aAtK) and b that is a flash row read in order, each shifted as given. */
    private int first(Value out, Value a, int shrA, boolean aAtK, Value b, int shrB, boolean bAtK) {
        if (aAtK && row(a, shrA)) {
            return 0;
        }
        return bAtK && row(b, shrB) ? 1 : NONE;
    }

    /** Whether v is in flash and its copy shifted right by {@code shift} is stored dense. */
    private boolean row(Value v, int shift) {
        return flash.containsKey(v) && packedBits(v, shift) == 0;
    }

    /**
     * The bits of each element's index in the copy of the flash value {@code v} shifted right by {@code shift}, as the
     * C backends store it (Constants.variant: the constant's own array when v reads it unconverted and unshifted, else
     * a copy in the narrowest type that holds it), or 0 when that copy is dense: v not in flash or not a parameter's,
     * the storage dense, or packing saving nothing ({@link #packedIndexBits}). The one decision of which reads of a
     * parameter are packed: Constants stores by it, {@link PackedReads} lists the ops' packed reads by it.
     */
    public int packedBits(Value v, int shift) {
        Source s = flash.get(v);
        return s == null ? 0 : copyPackedBits(s.constant(), s.chain(), shift, s.chain().size() == 1 && shift == 0);
    }

    /**
     * {@link #packedBits} of the copy of the flash constant {@code constant} read through {@code chain} (its own type
     * first) and shifted right by {@code shift}; {@code ownArray}: the copy is the constant's own array (stored in its
     * type's bits), else a copy stored in the narrowest type holding it. For a constant in flash alone.
     */
    public int copyPackedBits(Value constant, List<FixedType> chain, int shift, boolean ownArray) {
        Source s = flash.get(constant);
        if (s == null || !storage.packsParams() || !s.param()) {
            return 0; // only parameters are packed, and only when the storage packs
        }
        long[] o = copy(constant, chain, shift, ownArray);
        return packedIndexBits(o, ownArray ? fp.type(constant).bits() : container(storedBits(o)));
    }

    /**
     * How many distinct values the copy of the flash value {@code v} shifted right by {@code shift} holds when it is
     * packed ({@link #packedBits}), else 0: with one value the C writes it as a literal and reads nothing (Constants'
     * Variant.value).
     */
    public int packedValues(Value v, int shift) {
        Source s = flash.get(v);
        if (s == null || packedBits(v, shift) == 0) {
            return 0;
        }
        return (int) Arrays.stream(copy(s.constant(), s.chain(), shift, s.chain().size() == 1 && shift == 0))
                .distinct().count();
    }

    /** The integers of the copy of a parameter in flash along chain, shifted (the own array's when ownArray). */
    private long[] copy(Value constant, List<FixedType> chain, int shift, boolean ownArray) {
        long[] stored = storage.qm().stored(constant);
        return ownArray ? stored : converted(stored, chain, shift);
    }

    /** Each of {@code stored} converted along chain and shifted right by shift ({@link #converted(long, List, int)}). */
    private static long[] converted(long[] stored, List<FixedType> chain, int shift) {
        long[] o = new long[stored.length];
        for (int i = 0; i < o.length; i++) {
            o[i] = converted(stored[i], chain, shift);
        }
        return o;
    }

    /** The C integer type holding elements of {@code bits} bits: 8, 16, 32 or 64. */
    static int container(int bits) {
        return bits <= 8 ? 8 : bits <= 16 ? 16 : bits <= 32 ? 32 : 64;
    }

    /**
     * Element e of a constant as a reader of it through {@code chain} reads it (each step conv(e, chain[i] ->
     * chain[i+1]), as an Index of it converts), then shifted right by {@code shift}: the C backends store this copy.
     */
    public static long converted(long e, List<FixedType> chain, int shift) {
        for (int c = 1; c < chain.size(); c++) {
            e = FixedArith.wrap(FixedArith.shr(e, chain.get(c - 1).scale() - chain.get(c).scale()), chain.get(c).bits());
        }
        return FixedArith.shr(e, shift);
    }

    /**
     * The bits of the narrowest two's complement type that holds every element of a constant's copy {@code o} (and 0):
     * the C backends store the copy in it (Constants.variant), and whether that copy is packed is decided on it.
     */
    public static int storedBits(long[] o) {
        long lo = 0, hi = 0;
        for (long e : o) {
            lo = Math.min(lo, e);
            hi = Math.max(hi, e);
        }
        return Math.max(FixedArith.signedBits(lo), FixedArith.signedBits(hi));
    }

    /**
     * The bits of each element's index when a parameter's elements {@code data}, in {@code container}-bit elements,
     * are stored packed (an index into the table of its distinct values, 1, 2, 4 or 8 bits, 8 / k a byte); 0 when
     * dense takes no more bytes (or the index would be as wide as the element).
     */
    public static int packedIndexBits(long[] data, int container) {
        int distinct = (int) Arrays.stream(data).distinct().count();
        int k = indexBits(distinct);
        long packedBytes = ((long) data.length * k + 7) / 8 + (long) distinct * container / 8;
        return k == 0 || k >= container || packedBytes >= (long) data.length * container / 8 ? 0 : k;
    }

    /** Bits of an index numbering {@code n} values: 1, 2, 4 or 8 (whole fractions of a byte), 0 beyond 256. */
    private static int indexBits(int n) {
        for (int k : new int[] {1, 2, 4, 8}) {
            if (n <= 1 << k) {
                return k;
            }
        }
        return 0;
    }
}
