package seedc.cost;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.QuantizedModel;
import seedc.fixed.SubsetTableRoom;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;

/**
 * The work of each top-level op of a fixed program, as amounts of named terms that a linear model prices: a model's
 * cycles are the sum over terms of coefficient x amount. A term's name is {@code Kind.unit.widths}:
 * <ul>
 *   <li>{@code Kind.op}: 1 per execution of the op (its set-up: loop headers, pointer loads, the call of a kernel);
 *   <li>{@code Kind.mac.AxB.tT}: the multiply-accumulates of a product of A-bit by B-bit operands summed in T-bit
 *       terms (the product's width decides the AVR's multiply sequence, the terms' width its additions);
 *   <li>{@code Kind.out.O}: the elements a product writes (the final shift and store), O bits each;
 *   <li>{@code Kind.elem.I>O}: the elements an element-wise op (or copy, view, table look-up) writes, from I-bit
 *       operands (the widest) to O-bit results; {@code Maxpool.tap.O} its window taps;
 *   <li>{@code Loop.iter}, {@code Loop.copy.O}: a loop's iterations and the accumulator elements it copies; the
 *       body's terms count once per iteration;
 *   <li>{@code Kind.shift}: bit-shifts of SeeDot's operands and results (per MAC or element, times the bits),
 *       {@code Kind.tree}: the MACs of a product whose sum halves its terms; {@code Conv2d.tap.O}: a convolution's
 *       taps per output element, padding included; {@code Index.view}: an Index of a value in flash (a pointer);
 *   <li>{@code Kind.nextUNIT...} ({@code Add.nextelem.8>8}, {@code MatMul.nextmac.8x8.t16}, {@code Add.nextop},
 *       {@code MatMul.nextshift}, ...): on a target that reads a flash row in order through a pointer
 *       ({@link #pricing}'s {@code readsFlashRowsInOrder}: the AVR's lpm Z+), every term of an element-wise sum, and
 *       of a product a sum loop adds as computed, one of whose operands is such a row ({@link FlashRowReads}, the
 *       fact the C backends read): the same amounts under units of their own, since the loop around the read is
 *       other code there (no index arithmetic). A model that never measured them prices each as its indexed twin
 *       ({@link TermPrices}). Elsewhere those ops have the indexed terms.
 *   <li>{@code Kind.call.FN}, {@code Kind.callshift}: on the same target (the AVR, whose C has every runtime idiom),
 *       an op whose elements are the runtime's idiom calls ({@link IdiomCalls}, the fact the C backends write them
 *       by): its calls, and the shift bits they do taken out of its shift term ({@link IdiomWork}).
 *   <li>{@code Kind.row.FN}, {@code Kind.looped*}, {@code SumLoop.loopedcopy.O}: on the same target, a sum loop's last
 *       op that the C adds by one call of the runtime's class-score row ({@link IdiomCalls#scoreRow}): the elements the
 *       row adds, and the op's other terms and the loop's additions of it as stand-ins ({@link IdiomWork#addRow}); so
 *       too an element-wise op whose whole loop the C writes as one call of the runtime's element-wise row loops
 *       ({@link IdiomCalls#elementwiseRow}): the elements the row writes, its other terms as stand-ins
 *       ({@link ElementwiseRowWork}); so too a squared norm the C computes with its distance in one loop
 *       ({@link seedc.fixed.SquaredDistances}): {@code MatMul.sqdist.FN}, {@code MatMul.sqdistout.FN}, the loop's
 *       elements and calls, and the norm's and the distance's terms as its stand-ins; the distance has none
 *       ({@link SquaredDistanceWork}).
 *   <li>{@code Kind.explookup.W}, {@code Kind.expshift}, {@code Kind.expdiv.D}, {@code Kind.expdivbit.D},
 *       {@code Kind.expcdiv}: on the same target, an exp, sigmoid or tanh whose input is not 8 bits (no table:
 *       {@link seedc.fixed.ExpKernels}): its elements' exp lookups, shift bits, divisions and quotient bits, its other
 *       terms as stand-ins ({@link ExpKernelWork}).
 *   <li>{@code Kind.planeop}, {@code Kind.planepack}, {@code Kind.planebyte.AxB}, {@code Kind.planelookup.AxB},
 *       {@code Kind.planeout}, {@code Kind.planeoutwide}: on every C target, a product the C computes on bit planes
 *       ({@link seedc.fixed.LowBitProducts#onPlanes}): its kernels' work ({@link PlaneWork}; its sign kernels'
 *       units, {@link SignWork}), its other terms kept under {@code dense} units ({@code Kind.denseop}, ...), by
 *       which a model that never measured the planes prices it as before. A max pooling of packed signs has its
 *       terms under {@code signpool} units ({@code Maxpool.signpooltap.8}, {@link SignWork}).
 *   <li>{@code Kind.subsetop}, {@code Kind.subsetgroup.W}, {@code Kind.subsetlookup.W.tT}, {@code Kind.subsetplane},
 *       {@code Kind.subsetout}: on every C target, a product the C computes by subset sums
 *       ({@link seedc.fixed.LowBitProducts#bySubsetSums}, off planes): its tables' and lookups' work
 *       ({@link SubsetWork}), its other terms kept under {@code plain} units ({@code Kind.plainop}, ...) likewise.
 *   <li>{@code Kind.foldedUNIT...} ({@code Quantize.foldedelem.16>8}, {@code Quantize.foldedop}, ...): an op the C
 *       computes in no code of its own ({@link seedc.fixed.FoldedQuantizes}: a quantize compared at the product's
 *       store or packed by the product on planes, a chain's scale and bias): its terms under units of their own
 *       ({@link FoldedWork}), which a model that never measured them prices as the terms they were named from.
 *   <li>{@code Kind.packedread.K} ({@code Add.packedread.2}): on every C target, where the compile's automatic storage
 *       packs parameters, each read of an operand from a parameter's copy packed with K-bit indices (per MAC of a
 *       product, per element otherwise; {@link seedc.fixed.PackedReads}, the fact the C stores by), beside the op's
 *       other terms ({@link PackedReadWork}); a model that never measured them prices them at nothing.
 * </ul>
 * Widths are the C containers 8, 16 and 32, or {@code lo} for 1 to 3 bits (products on bit planes), or {@code i}
 * for an int value; an int op's term names its operation ({@code IntArith.op.MUL}). Ops that write no code
 * (parameters, constants, a view that moves no element and keeps the type) have no terms. Besides the ops,
 * {@link #CALL_LABEL} stands for the call itself: the prologue, the result's copy and the return.
 */
public final class OpWork {
    /** The prefix of the unit of a term of an op that reads a flash row in order (nextelem, nextmac, nextop, ...). */
    public static final String NEXT = "next";

    /** The label of the part that is the call's own cost, after the ops. */
    public static final String CALL_LABEL = "(call)";

    /**
     * The term of a byte the memory plan moves to defragment its buffer, before the op it makes room for: not an
     * op's work (this class does not plan RAM), added to that op's part by the benches and to a program's cycles by
     * the search, which plan it for the device.
     */
    public static final String MOVE_TERM = "Move.byte";

    private OpWork() {}

    /** One top-level op (or the call): its value's name, its kind, its MACs and its terms (name to amount). */
    public record Part(String label, String kind, long macs, Map<String, Double> terms) {
        public Part {
            terms = java.util.Collections.unmodifiableMap(new TreeMap<>(terms)); // priced in one order on every run
        }
    }

    /**
     * The parts of one inference of {@code fp} with {@code weights} on a target that reads flash by index: each
     * top-level op in order, then the call.
     */
    public static List<Part> of(FixedProgram fp, Map<String, double[]> weights) {
        return of(fp, weights, false);
    }

    /** The same on a target that reads flash rows in order through a pointer when {@code readsFlashRowsInOrder}. */
    public static List<Part> of(FixedProgram fp, Map<String, double[]> weights, boolean readsFlashRowsInOrder) {
        return of(fp, weights, readsFlashRowsInOrder, SubsetTableRoom.NONE);
    }

    /** The same on a device whose RAM leaves no room for {@code room}'s subset-sum tables. */
    public static List<Part> of(FixedProgram fp, Map<String, double[]> weights, boolean readsFlashRowsInOrder,
                                SubsetTableRoom room) {
        Priced pricing = pricing(fp, weights, readsFlashRowsInOrder, room);
        List<Part> parts = new ArrayList<>();
        for (Op op : fp.program().body().ops()) {
            parts.add(pricing.part(op));
        }
        parts.add(pricing.call());
        return parts;
    }

    /** What prices the ops of one fixed program one at a time (so that a model can keep the parts it priced). */
    public static Priced pricing(FixedProgram fp, Map<String, double[]> weights) {
        return pricing(fp, weights, false);
    }

    /**
     * The same; {@code readsFlashRowsInOrder}: the target reads a flash row in order through a pointer (the C
     * dialect's flag, true for the AVR alone), so that the ops reading one have the {@code next} terms; the AVR's C
     * has every runtime idiom too, so that the ops whose elements are calls have the {@code call} terms
     * (AvrIdiomCallsTest checks each dialect's idioms against its model's flag).
     */
    public static Priced pricing(FixedProgram fp, Map<String, double[]> weights, boolean readsFlashRowsInOrder) {
        return pricing(fp, weights, readsFlashRowsInOrder, SubsetTableRoom.NONE);
    }

    /**
     * The same on a device whose RAM leaves no room for the subset-sum tables of {@code room}'s products (the C
     * backends' RAM plan decides: seedc.backend.Backend#subsetTableRoom): those are priced as the plain products the
     * C computes there, with their reads of packed weights.
     */
    public static Priced pricing(FixedProgram fp, Map<String, double[]> weights, boolean readsFlashRowsInOrder,
                                 SubsetTableRoom room) {
        return new Priced(fp, weights, readsFlashRowsInOrder, room);
    }

    /** The parts of one fixed program, op by op: {@link #part} of each top-level op, then {@link #call}. */
    public static final class Priced {
        private final FixedProgram fp;
        private final OpTerms counter;
        private final PlaneWork planes;
        private final SubsetTableRoom room;

        private Priced(FixedProgram fp, Map<String, double[]> weights, boolean readsFlashRowsInOrder,
                       SubsetTableRoom room) {
            this.fp = fp;
            this.room = room;
            Map<Value, String> params = new IdentityHashMap<>();
            fp.program().forEachOp(op -> {
                if (op instanceof Op.Param p) {
                    params.put(p.out(), p.paramName());
                }
            });
            Set<Value> flash = FlashRowReads.inFlash(fp.program()); // what the C backends keep in flash
            // Quantized only when a sparse product needs its non-zeros counted (as MacCount counts them): the
            // search prices many programs, and most have no sparse product.
            QuantizedModel[] qm = new QuantizedModel[1];
            // the search prices programs before their storage is decided (packed only for quantized weights or
            // parameters on grids): dense assumed
            // the AVR is the one target that streams, and it has every idiom (IdiomCallsTest checks the dialects)
            FlashRowReads rows = readsFlashRowsInOrder ? new FlashRowReads(fp, FlashRowReads.Storage.DENSE) : null;
            Set<Op> streamed = readsFlashRowsInOrder ? rows.opsReadingInOrder() : Set.of();
            IdiomWork idioms = readsFlashRowsInOrder ? IdiomWork.of(fp, weights, IdiomCalls.Flags.ALL, rows) : null;
            this.planes = PlaneWork.of(fp, weights, flash, room);
            this.counter = new OpTerms(fp, flash, streamed, idioms, planes, m -> {
                if (!params.containsKey(m.a())) {
                    return m.a().size();
                }
                if (qm[0] == null) {
                    qm[0] = new QuantizedModel(fp, weights);
                }
                return nonZeros(qm[0].param(params.get(m.a())));
            }, FoldedWork.ops(fp, weights, flash, planes), weights == null ? null : PackedReadWork.of(fp, weights));
        }

        /**
         * The part of the top-level op {@code op}. Its terms read only the op, its parameters and the types of the
         * values it reads and defines (and, in a loop's body, theirs): what {@link #reads} lists.
         */
        public Part part(Op op) {
            return ran(op, 1);
        }

        /**
         * The own part of the top-level loop or sum loop {@code loop}: a loop's set-up, iterations and state copies, a
         * sum loop's zeroing, iterations and additions to the sum, without its body's terms ({@link #inBody} gives
         * each body op's; together they are {@link #part} of it).
         */
        public Part loopOwn(Op loop) {
            return own(loop, 1);
        }

        /** {@link #loopOwn} of a loop or sum loop that runs {@code times} times. */
        private Part own(Op loop, long times) {
            Map<String, Double> t = new TreeMap<>();
            switch (loop) {
                case Op.Loop l -> counter.loopOwn(l, times, t);
                case Op.SumLoop s -> counter.sumLoopOwn(s, times, t);
                default -> throw new IllegalArgumentException("not a loop: " + loop.out().name());
            }
            return new Part(loop.out().name(), kind(loop), 0, t);
        }

        /**
         * The part of {@code op} of the body of the top-level loop or sum loop {@code loop}, which runs it
         * {@code iterations} times: its terms and MACs over those runs.
         */
        public Part inBody(Op op, int iterations) {
            return ran(op, iterations);
        }

        /** The part of {@code op} run {@code times} times (a loop's body ops with it): its terms and MACs. */
        private Part ran(Op op, long times) {
            Map<String, Double> t = new TreeMap<>();
            counter.add(op, times, t);
            return new Part(op.out().name(), kind(op), times * OpFacts.macs(op, counter.sparse()), t);
        }

        /**
         * The parts of the top-level op {@code op}, op by op: an op alone its {@link #part}; a loop or sum loop its
         * {@link #loopOwn} part, then each op of its body run as often as the body runs (a nested loop's likewise).
         * Together their terms are {@link #part}'s: a model that prices some of the ops' terms only together (a row
         * and its stand-ins, IdiomWork#rowsPriced) prices each op so.
         */
        public List<Part> byOp(Op op) {
            List<Part> parts = new ArrayList<>();
            byOp(op, 1, parts);
            return parts;
        }

        private void byOp(Op op, long times, List<Part> parts) {
            OpFacts.Repeated r = OpFacts.repeated(op);
            if (r == null) {
                parts.add(ran(op, times));
                return;
            }
            parts.add(own(op, times));
            r.body().ops().forEach(b -> byOp(b, times * r.iterations(), parts));
        }

        /** The call's own part. */
        public Part call() {
            Value r = fp.program().result();
            Map<String, Double> call = new TreeMap<>();
            call.put("Call.op", 1.0);
            if (!r.isInt()) {
                call.put("Call.out." + counter.width(r), (double) r.size());
            }
            return new Part(CALL_LABEL, "Call", 0, call);
        }

        /**
         * For an op outside loops, what its part depends on besides the op and the program's structure: its
         * parameters and the types of its operands and result, and a product's quantized activation's levels (null
         * for an op with a body: not listed here).
         */
        public List<Object> reads(Op op) {
            if (op instanceof Op.SumLoop || op instanceof Op.Loop) {
                return null;
            }
            List<Object> r = new ArrayList<>(4);
            r.add(fp.paramMap().get(op));
            for (Value v : op.inputs()) {
                r.add(fp.types()[v.id()]);
            }
            r.add(fp.types()[op.out().id()]);
            if (planes != null) {
                planes.addActivationReads(op, r); // a product on planes: its activation's levels, through views
                r.add(planes.signKernelsOf(op)); // its sign kernels follow from other ops' types too (SignWork)
            }
            r.add(room.over(op)); // subset sums or not follows from the whole program's RAM plan too
            r.add(counter.folded().contains(op)); // folded or not follows from other ops' types and parameters too
            // packed or not follows from every parameter's type (the storage) and the operand's integers
            r.add(counter.packed() == null ? List.of() : counter.packed().of(op));
            return r;
        }
    }

    /** The op's kind as the IR names it (MatMul, Loop, ...). */
    public static String kind(Op op) {
        return op.getClass().getSimpleName();
    }

    private static long nonZeros(long[] values) {
        long n = 0;
        for (long v : values) {
            n += v != 0 ? 1 : 0;
        }
        return n;
    }
}
