package seedc.codegen.c.dialect;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * SeeDot's loop-unrolling hints for an HLS compiler (PLDI'19 section 6.2.2): in program order, each op's loop
 * over the elements it computes is unrolled as far as the device's LUT budget allows, from a static estimate of
 * the LUTs one element's hardware takes. The paper's heuristic gives each op all that is left; here each op
 * first keeps what every later op needs at factor 1, so the whole design stays within the budget (the paper's
 * example, two ops of 0.4 R and 0.1 R per iteration, gets its factors 2 and 2 either way). The estimate counts
 * LUTs only (a multiplier as an array of a x b / 2 LUTs, as if no DSP block were used): it orders the choices,
 * Vitis HLS (not available here) gives the real figures.
 */
final class HlsUnroll {
    /** One op's loop: its elements, the estimated LUTs of one element's hardware, and the unroll factor. */
    public record Choice(Op op, int elements, long lutsPerElement, int factor) {}

    /** The choices in program order, and the budget they were made under. */
    record Plan(List<Choice> choices, Device.Fabric fabric) {
        Map<Op, Integer> factors() {
            Map<Op, Integer> m = new IdentityHashMap<>();
            choices.forEach(c -> m.put(c.op(), c.factor()));
            return m;
        }

        long luts() {
            return choices.stream().mapToLong(c -> c.lutsPerElement() * c.factor()).sum();
        }

        /** The plan as a table, for hls-unroll.txt. */
        String table() {
            StringBuilder sb = new StringBuilder("SeeDot's unroll hints (PLDI'19 6.2.2) under " + fabric.luts()
                    + " LUTs; estimated LUTs of the design: " + luts() + "\n\n");
            sb.append(String.format("%-10s %-14s %9s %14s %7s%n", "value", "op", "elements", "LUTs/element", "unroll"));
            for (Choice c : choices) {
                sb.append(String.format("%-10s %-14s %9d %14d %7d%n", c.op().out().name(),
                        c.op().getClass().getSimpleName(), c.elements(), c.lutsPerElement(), c.factor()));
            }
            return sb.toString();
        }
    }

    private HlsUnroll() {}

    static Plan choose(FixedProgram fp, Device.Fabric fabric) {
        Map<Op, Long> luts = new java.util.LinkedHashMap<>(); // program order
        fp.program().forEachOp(op -> {
            long each = op.out().isInt() ? 0 : luts(fp, op);
            if (each > 0) { // parameters and constants are ROM, read where used
                luts.put(op, each);
            }
        });
        long base = luts.values().stream().mapToLong(Long::longValue).sum();
        if (base > fabric.luts()) {
            Map.Entry<Op, Long> largest = luts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
            throw new DoesNotFit(DoesNotFit.Short.FABRIC, "the design does not fit " + fabric.luts()
                    + " LUTs even without unrolling: its ops take about " + base + " LUTs (the largest, "
                    + largest.getKey().out().name() + ", about " + largest.getValue() + ")");
        }
        long spare = fabric.luts() - base;
        List<Choice> choices = new ArrayList<>();
        for (Map.Entry<Op, Long> e : luts.entrySet()) {
            Op op = e.getKey();
            long each = e.getValue();
            int elements = Math.max(1, op.out().size());
            int factor = unrolls(op) ? (int) Math.min(elements, 1 + spare / each) : 1;
            spare -= (factor - 1) * each;
            choices.add(new Choice(op, elements, each, factor));
        }
        return new Plan(choices, fabric);
    }

    /** Whether the op's loop over its elements computes each independently (not a reduction or a walk). */
    private static boolean unrolls(Op op) {
        return !(op instanceof Op.Argmax || op instanceof Op.NormaliseL2 || op instanceof Op.SumLoop
                || op instanceof Op.Loop);
    }

    /** The LUTs of the hardware that computes one element of op's value, estimated. */
    static long luts(FixedProgram fp, Op op) {
        int out = Math.max(1, fp.type(op.out()).bits());
        return switch (op) {
            case Op.MatMul m -> product(fp, op, m.a(), m.b());
            case Op.SparseMatMul m -> product(fp, op, m.a(), m.b());
            case Op.Conv2d c -> product(fp, op, c.x(), c.filter());
            case Op.ScalarMul m -> product(fp, op, m.scalar(), m.tensor());
            case Op.Hadamard h -> product(fp, op, h.a(), h.b());
            case Op.VecOp v -> v.kind() == Op.VecKind.MUL ? product(fp, op, v.a(), v.vec()) : adder(fp, op);
            case Op.Add a -> adder(fp, op);
            // the two-table exp multiplies its two 16-bit entries
            case Op.Exp e -> 16L * 16 / 2 + out;
            // a divider array for the quotient
            case Op.Sigmoid s -> (long) out * out;
            case Op.Tanh t -> (long) out * out;
            // softplus: a table read and one interpolating product; softsign: a divider array
            case Op.Softplus s -> 16L * 16 / 2 + out;
            case Op.Softsign s -> (long) out * out;
            case Op.Quantize q -> (long) bits(fp, q.a()) * q.bits();
            case Op.NormaliseL2 n -> (long) out * out;
            case Op.Input o -> out;
            case Op.Param o -> 0;
            case Op.Const o -> 0;
            case Op.Neg o -> out;
            case Op.Relu o -> out;
            case Op.Relu6 o -> out;
            case Op.Argmax o -> out;
            case Op.Sgn o -> out;
            case Op.IntConst o -> out;
            case Op.IntArith o -> out;
            case Op.Transpose o -> out;
            case Op.Reshape o -> out;
            case Op.Reverse o -> out;
            case Op.Index o -> out;
            case Op.Splice o -> out;
            case Op.SpliceWrite o -> out;
            case Op.Maxpool o -> out;
            case Op.Select o -> out;
            case Op.SumLoop o -> out;
            case Op.Loop o -> out;
        };
    }

    /** A multiplier of the operands' widths (an array of a x b / 2 LUTs) and the accumulator of the sum. */
    private static long product(FixedProgram fp, Op op, Value a, Value b) {
        int width = fp.params(op, OpParams.Mul.class).width();
        return (long) bits(fp, a) * bits(fp, b) / 2 + width;
    }

    private static long adder(FixedProgram fp, Op op) {
        return fp.params(op, OpParams.Add.class).width();
    }

    private static int bits(FixedProgram fp, Value v) {
        return v.isInt() ? 32 : fp.type(v).bits();
    }
}
