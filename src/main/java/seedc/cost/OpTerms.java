package seedc.cost;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import seedc.analysis.InPlace;
import seedc.fixed.ActivationSteps;
import seedc.fixed.ExpKernels;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.fixed.SquaredDistances;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;

/**
 * OpWork's counting of an op's terms (see {@link OpWork} for the terms and their names): adds ops' terms to a map,
 * each amount times how often the op runs. {@code flash}: the values the C keeps in flash; {@code streamed}: the ops
 * that read a flash row in order (their terms under {@code next} units); {@code idioms}: the runtime idiom calls
 * (null on a target without them); {@code planes}: the products on bit planes and by subset sums (null: none known,
 * no weights);
 * {@code sparse}: a sparse product's non-zeros; {@code folded}: the ops without code of their own (their terms under
 * {@code folded} units, {@link FoldedWork}); {@code packed}: the reads of packed parameters (null: every parameter
 * dense; {@link PackedReadWork}).
 */
record OpTerms(FixedProgram fp, Set<Value> flash, Set<Op> streamed, IdiomWork idioms, PlaneWork planes,
               ToLongFunction<Op.SparseMatMul> sparse, Set<Op> folded, PackedReadWork packed) {

    /** The width class of v: 8, 16, 32, lo (1-3 bits) or i (an int). */
    String width(Value v) {
        if (v.isInt()) {
            return "i";
        }
        int bits = fp.type(v).bits();
        return bits <= 3 ? "lo" : Integer.toString(fp.type(v).container());
    }

    /** The widest real operand's class (8 < 16 < 32; lo counts as narrowest), or i when none is real. */
    String widest(List<Value> vs) {
        String best = "i";
        int rank = -1;
        for (Value v : vs) {
            String w = width(v);
            int r = switch (w) {
                case "lo" -> 0;
                case "8" -> 1;
                case "16" -> 2;
                case "32" -> 3;
                default -> -1;
            };
            if (r > rank) {
                rank = r;
                best = w;
            }
        }
        return best;
    }

    /** An element-wise op (or a copy, a view that converts, a select): its elements, by its widths. */
    void elements(Op op, double times, Map<String, Double> t) {
        elementWise(op, realOperands(op), op.out(), op.out().size(), times, t);
    }

    void add(Op op, double times, Map<String, Double> t) {
        if (idioms != null && idioms.summedInNorm(op)) {
            return; // the squared norm's loop computes it: its terms are the norm's (SquaredDistanceWork)
        }
        if (folded.contains(op)) { // the C folds it into another op's code: its terms under units of their own
            Map<String, Double> own = new TreeMap<>();
            addCoded(op, times, own, false);
            own.forEach((term, amount) -> put(t, FoldedWork.folded(term), amount));
            return;
        }
        addCoded(op, times, t, true);
        boolean kernel = planes != null && (planes.productOf(op) != null || planes.subsetsOf(op) != null);
        if (packed != null && !kernel) { // planes and subset sums read their weights otherwise (PackedReads)
            packed.add(op, times, OpFacts.macs(op, sparse), t);
        }
    }

    /**
     * The op's terms as the C computes it in code of its own; {@code ownLoop}: the C writes it a loop of its own,
     * which may be one call of a row loop (a folded op's work is in another op's loop, never a row).
     */
    private void addCoded(Op op, double times, Map<String, Double> t, boolean ownLoop) {
        if (op instanceof Op.Maxpool m && planes != null && planes.poolsSigns(m)) { // ORs packed bytes (SignWork)
            Map<String, Double> own = new TreeMap<>();
            indexed(op, times, own);
            own.forEach((term, amount) -> put(t, SignWork.pooled(term), amount));
            return;
        }
        boolean calls = idioms != null && idioms.callOf(op) != null;
        boolean row = ownLoop && idioms != null && idioms.elementwiseRowOf(op) != null; // one call of a row loop
        LowBitProducts.Product onPlanes = planes == null ? null : planes.productOf(op);
        LowBitProducts.WideProduct bySubsets = planes == null || onPlanes != null ? null : planes.subsetsOf(op);
        boolean dotRow = idioms != null && onPlanes == null && bySubsets == null && idioms.dotRowOf(op) != null;
        SquaredDistances.Distance distance = idioms != null && ownLoop ? idioms.distanceOf(op) : null;
        // its elements' exp lookup and division, as terms where the target's model has idioms' terms (the AVR's; the
        // other targets' models were fitted on the op's own terms, which price it there)
        ExpKernels.Kernel exp = ownLoop && idioms != null ? ExpKernels.of(fp, op) : null;
        // where the AVR's C searches a sigmoid's or tanh's steps instead (the dialect's idiom, as the idioms' terms)
        ActivationSteps steps = exp != null ? ActivationSteps.of(fp, op) : null;
        if (!streamed.contains(op) && !calls && !row && !dotRow && distance == null && exp == null && onPlanes == null
                && bySubsets == null) {
            indexed(op, times, t);
            return;
        }
        // its kernel reads a flash row in order: every term of its own (Add.op -> Add.nextop, its elements, MACs,
        // stores and shifts alike), since the loop around the read is other code
        Map<String, Double> own = new TreeMap<>(), named = new TreeMap<>();
        indexed(op, times, own);
        own.forEach((term, amount) -> named.put(streamed.contains(op) ? streamedTerm(term) : term, amount));
        if (calls) {
            idioms.add(op, times, named); // its elements are runtime calls: their terms (IdiomWork)
        }
        if (idioms != null) {
            idioms.addRow(op, times, named); // its sum loop adds it by a class-score row: the row's terms (IdiomWork)
        }
        if (row) {
            ElementwiseRowWork.add(idioms, op, times, named); // its loop one row call: the row's terms
        }
        if (dotRow) {
            DotRowWork.add(idioms, op, times, named); // the whole product one dot row call: the row's terms
        }
        if (distance != null) {
            // the norm and its distance one loop: the loop's terms, the distance's (no loop of its own) as stand-ins
            Map<String, Double> sum = new TreeMap<>();
            addCoded(distance.sum(), times, sum, false);
            if (packed != null) {
                packed.add(distance.sum(), times, OpFacts.macs(distance.sum(), sparse), sum);
            }
            SquaredDistanceWork.add(distance, times, sum, named);
        }
        if (exp != null) {
            // an exp, sigmoid or tanh without a table: its kernel's terms
            ExpKernelWork.add(exp, steps, op, times, named);
        }
        // a product on bit planes or by subset sums: those terms kept as its dense stand-ins, beside its kernels'
        // (PlaneWork, SubsetWork)
        Map<String, Double> terms = onPlanes != null
                ? PlaneWork.wideOutputs(SignWork.terms(planes.signKernels(), op, PlaneWork.terms(onPlanes, times,
                        named)), fp.type(op.inputs().get(1 - onPlanes.activationOperand())).container())
                : bySubsets != null ? SubsetWork.terms(fp, bySubsets,
                        width(op.inputs().get(bySubsets.activationOperand())), times, named) : named;
        terms.forEach((term, amount) -> put(t, term, amount));
    }

    /** The op's terms as a target that reads flash by index runs it. */
    void indexed(Op op, double times, Map<String, Double> t) {
        String k = OpWork.kind(op);
        switch (op) {
            case Op.Param p -> { } // in flash: no code
            case Op.Const c -> { }
            case Op.IntConst c -> put(t, k + ".op", times);
            case Op.IntArith a -> put(t, k + ".op." + a.op(), times); // a 32-bit multiply costs ~3x an add
            case Op o when InPlace.isIdentityView(o) && fp.type(o.out()).equals(fp.type(o.inputs().get(0))) -> {
            } // read in place of its operand (as the C backends plan it): no code
            case Op.Sgn s -> put(t, k + ".op", times);
            case Op.Index ix when flash.contains(ix.a()) -> put(t, k + ".view", times); // a pointer into flash
            case Op.MatMul m -> product(op, m.a(), m.b(), times, t);
            case Op.SparseMatMul m -> product(op, m.a(), m.b(), times, t);
            case Op.Conv2d c -> product(op, c.x(), c.filter(), times, t);
            case Op.Hadamard h -> product(op, h.a(), h.b(), times, t);
            case Op.ScalarMul m -> product(op, m.scalar(), m.tensor(), times, t);
            case Op.VecOp v when v.kind() == Op.VecKind.MUL -> product(op, v.a(), v.vec(), times, t);
            case Op.Maxpool m -> {
                put(t, k + ".op", times);
                put(t, k + ".tap." + width(m.out()), times * m.out().size() * m.kh() * m.kw());
            }
            case Op.Argmax a -> elementWise(op, List.of(a.a()), a.out(), a.a().size(), times, t);
            case Op.NormaliseL2 n -> elementWise(op, List.of(n.a()), n.out(), n.a().size(), times, t);
            case Op.SumLoop s -> {
                sumLoopOwn(s, times, t);
                s.body().ops().forEach(b -> add(b, times * (s.to() - s.from()), t));
            }
            case Op.Loop l -> {
                loopOwn(l, times, t);
                l.body().ops().forEach(b -> add(b, times * (l.to() - l.from()), t));
            }
            // every other op: its elements, by its operands' and result's widths
            case Op.Input in -> elements(op, times, t);
            case Op.Add add -> elements(op, times, t);
            case Op.VecOp vec -> elements(op, times, t);
            case Op.Neg neg -> elements(op, times, t);
            case Op.Exp exp -> elements(op, times, t);
            case Op.Tanh tanh -> elements(op, times, t);
            case Op.Softplus sp -> elements(op, times, t);
            case Op.Softsign ss -> elements(op, times, t);
            case Op.Sigmoid sig -> elements(op, times, t);
            case Op.Relu relu -> elements(op, times, t);
            case Op.Relu6 relu6 -> elements(op, times, t);
            case Op.Transpose tr -> elements(op, times, t);
            case Op.Reshape re -> elements(op, times, t);
            case Op.Quantize q -> elements(op, times, t);
            case Op.Reverse rev -> elements(op, times, t);
            case Op.Index ix -> elements(op, times, t);
            case Op.Splice sp -> elements(op, times, t);
            case Op.SpliceWrite sw -> elements(op, times, t);
            case Op.Select sel -> elements(op, times, t);
        }
    }

    /**
     * A sum loop's own terms: its set-up, its iterations, and the sum's zeroing and additions (the zeroing alone where
     * a class-score row adds its last op: the additions are that op's, IdiomWork.addRow).
     */
    void sumLoopOwn(Op.SumLoop s, double times, Map<String, Double> t) {
        int n = s.to() - s.from();
        boolean byRow = idioms != null && idioms.addsByRow(s);
        put(t, "SumLoop.op", times);
        put(t, "SumLoop.iter", times * n);
        put(t, "SumLoop.copy." + width(s.out()), times * (long) (byRow ? 1 : n + 1) * s.out().size());
    }

    /** A loop's own terms: its set-up, its iterations, and its state's copies. */
    void loopOwn(Op.Loop l, double times, Map<String, Double> t) {
        int n = l.to() - l.from();
        // init, then each iteration's result; the accumulator too unless it has the output's type, when the C
        // backends keep it in the output's bytes
        int copies = 1 + n + (fp.type(l.acc()).equals(fp.type(l.out())) ? 0 : n);
        put(t, "Loop.op", times);
        put(t, "Loop.iter", times * n);
        put(t, "Loop.copy." + width(l.out()), times * (long) copies * l.out().size());
    }

    private void product(Op op, Value a, Value b, double times, Map<String, Double> t) {
        String k = OpWork.kind(op);
        int termBits = fp.paramMap().get(op) instanceof OpParams.Mul m ? m.width() : fp.type(op.out()).container();
        String term = termBits <= 16 ? "16" : "32";
        String pair = ordered(width(a), width(b));
        long macs = OpFacts.macs(op, sparse);
        put(t, k + ".op", times);
        put(t, k + ".mac." + pair + ".t" + term, times * macs);
        put(t, k + ".out." + width(op.out()), times * op.out().size());
        if (fp.paramMap().get(op) instanceof OpParams.Mul m) {
            // the AVR shifts a bit at a time: SeeDot's operand shifts cost per MAC and bit, its halvings of
            // the tree sum per MAC, the final shift per element and bit (a left shift as much as a right one:
            // a negative amount made a fitted shift coefficient lower the cost)
            put(t, k + ".shift", times * (macs * (Math.abs(m.shrA()) + Math.abs(m.shrB()))
                    + (double) op.out().size() * Math.abs(m.post())));
            put(t, k + ".tree", m.treeShift() > 0 ? times * macs : 0);
        }
        if (op instanceof Op.Conv2d c) {
            // the taps of each output element, padding ones included: the loops over the input channels
            put(t, k + ".tap." + width(op.out()), times * op.out().size() * c.filter().shape().dim(1)
                    * c.filter().shape().dim(2));
        }
    }

    /**
     * A term of an op that reads a flash row in order: its unit prefixed by next (Add.elem.8>8 -> Add.nextelem.8>8).
     */
    private static String streamedTerm(String term) {
        int dot = term.indexOf('.');
        return term.substring(0, dot) + "." + OpWork.NEXT + term.substring(dot + 1);
    }

    /** The two widths in one fixed order ("16x8", never "8x16"): the multiply costs the same either way round. */
    private static String ordered(String a, String b) {
        return a.compareTo(b) <= 0 ? a + "x" + b : b + "x" + a;
    }

    private void elementWise(Op op, List<Value> in, Value out, long elements, double times,
                             Map<String, Double> t) {
        String k = OpWork.kind(op);
        put(t, k + ".op", times);
        put(t, k + ".elem." + widest(in) + ">" + width(out), times * elements);
        if (fp.paramMap().get(op) instanceof OpParams.Add a) {
            put(t, k + ".shift", times * elements * (Math.abs(a.shrA()) + Math.abs(a.shrB()) + Math.abs(a.post())));
        }
    }

    /** The real operands an element-wise op reads (an index or offset is an int and costs nothing per element). */
    private static List<Value> realOperands(Op op) {
        return op.inputs().stream().filter(v -> !v.isInt()).toList();
    }

    private static void put(Map<String, Double> t, String term, double amount) {
        if (amount != 0) {
            t.merge(term, amount, Double::sum);
        }
    }
}
