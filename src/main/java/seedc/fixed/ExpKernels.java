package seedc.fixed;

import java.util.Arrays;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * How the C computes an exp, sigmoid or tanh whose input is not 8 bits wide, decided on the fixed IR alone (the
 * input's and output's types and the op's {@link OpParams.Exp} or {@link OpParams.Activation}): an 8-bit input reads
 * its 256 outputs from a table, one read an element; a wider one runs other code, whose cost the input's and output's
 * widths do not tell. An exp whose tables span few inputs reads each element's output from one table of them
 * ({@link #outputTable}). Otherwise each element shifts its input to the table's scale, reads e from the two exp tables
 * ({@code sd_exp_lookup32}, inlined with constant shifts, where the argument and the tables' span fit 31 bits and
 * the largest product 32; else the 64-bit {@code sd_exp_lookup}), shifts the product to e's scale, and sigmoid and
 * tanh divide: {@code sd_fracdiv16} or {@code sd_fracdiv32} (a restoring division producing one quotient bit a step,
 * as many steps as the output's scale) where e is never negative and the divisor fits, else a C division. So a
 * 16-bit sigmoid into 16 bits at scale 14 divides in 14 steps and one into 8 bits at scale 6 in 6, at the same
 * widths' pair as far as the output's container says. seedc.codegen.c.emit.ActivationEmitter reads
 * {@link #fracdivBits} and {@link #narrowLookup} to write the code; seedc.cost prices it by {@link #of}'s kernel.
 */
public final class ExpKernels {
    private ExpKernels() {}

    /** How sigmoid's or tanh's quotient is computed (exp has none). */
    public enum Division { NONE, FRACDIV16, FRACDIV32, C_DIVISION }

    /**
     * One element's code: the exp tables' lookup in {@code lookupBits} (32: sd_exp_lookup32, 64: sd_exp_lookup; 0: an
     * exp's one table of outputs, {@link #OUTPUT_TABLE}), the
     * bits its constant shifts move (the input to the table's scale, the lookup's two index shifts, the product to
     * e's or the output's scale), the division and the quotient bits it produces one by one (the output's scale for
     * sd_fracdiv, 0 otherwise).
     */
    public record Kernel(int lookupBits, int shiftBits, Division division, int quotientBits) {}

    /** {@link Kernel#lookupBits} of an exp that reads its output from one table ({@link #outputTable}). */
    public static final int OUTPUT_TABLE = 0;

    /** op's kernel, or null when op is no exp, sigmoid or tanh or its 8-bit input reads a table. */
    public static Kernel of(FixedProgram fp, Op op) {
        Value a = expInput(op);
        if (a == null || fp.type(a).bits() == 8) {
            return null;
        }
        FixedType in = fp.type(a);
        if (op instanceof Op.Exp) {
            OpParams.Exp p = fp.params(op, OpParams.Exp.class);
            ExpTable tb = p.table();
            int x = FixedArith.shrBits(in.bits(), p.inShift());
            if (outputTable(tb, x, fp.type(op.out()).bits())) {
                return new Kernel(OUTPUT_TABLE, shifted(in.bits(), p.inShift()) + tb.drop(), Division.NONE, 0);
            }
            int shifts = shifted(in.bits(), p.inShift()) + lookupShifts(tb) + Math.abs(p.post());
            return new Kernel(narrowLookup(tb, x) ? 32 : 64, shifts, Division.NONE, 0);
        }
        OpParams.Activation p = fp.params(op, OpParams.Activation.class);
        ExpTable tb = p.table();
        // the argument -|x| (sigmoid) or -2|x| (tanh): |x| one bit more than x, the doubling's literal 3 bits, the
        // negation one (the C expression's bits, as codegen's IntExpr counts them)
        int mag = FixedArith.shrBits(in.bits(), p.inShift()) + 1 + (op instanceof Op.Tanh ? 3 : 0);
        int shifts = shifted(in.bits(), p.inShift()) + lookupShifts(tb) + tb.sg();
        int so = fp.type(op.out()).scale();
        int div = fracdivBits(tb, so);
        Division d = div == 16 ? Division.FRACDIV16 : div == 32 ? Division.FRACDIV32 : Division.C_DIVISION;
        return new Kernel(narrowLookup(tb, mag + 1) ? 32 : 64, shifts, d, div > 0 ? so : 0);
    }

    /** The input of an exp, sigmoid or tanh (the ops that read the exp tables), or null for any other op. */
    private static Value expInput(Op op) {
        return switch (op) {
            case Op.Exp e -> e.a();
            case Op.Sigmoid s -> s.a();
            case Op.Tanh t -> t.a();
            case Op.Softplus o -> null;
            case Op.Softsign o -> null;
            case Op.Quantize o -> null;
            case Op.SumLoop o -> null;
            case Op.Loop o -> null;
            case Op.Input o -> null;
            case Op.Param o -> null;
            case Op.Const o -> null;
            case Op.IntConst o -> null;
            case Op.IntArith o -> null;
            case Op.MatMul o -> null;
            case Op.SparseMatMul o -> null;
            case Op.Add o -> null;
            case Op.ScalarMul o -> null;
            case Op.Hadamard o -> null;
            case Op.VecOp o -> null;
            case Op.Neg o -> null;
            case Op.Relu o -> null;
            case Op.Relu6 o -> null;
            case Op.Sgn o -> null;
            case Op.Argmax o -> null;
            case Op.NormaliseL2 o -> null;
            case Op.Transpose o -> null;
            case Op.Reshape o -> null;
            case Op.Reverse o -> null;
            case Op.Index o -> null;
            case Op.Splice o -> null;
            case Op.SpliceWrite o -> null;
            case Op.Conv2d o -> null;
            case Op.Maxpool o -> null;
            case Op.Select o -> null;
        };
    }

    /** The bits a shift of a {@code bits}-bit value by n moves (none where the C writes 0 for it: n >= bits). */
    private static int shifted(int bits, int n) {
        return n >= bits || n <= -64 ? 0 : Math.abs(n);
    }

    /** The lookup's constant shifts: d >> (loBits + drop) for the high table's index, d >> drop for the low's. */
    private static int lookupShifts(ExpTable t) {
        return t.loBits() + 2 * t.drop();
    }

    /**
     * The width of the sd_fracdiv that divides a sigmoid's or tanh's quotient into scale so, or 0 for a C division:
     * 16 where so <= 15 and the largest divisor 1 + e fits 2^15, 32 where so <= 31 and it fits 2^31; 0 where a table
     * entry is negative (e could be) or so is.
     */
    public static int fracdivBits(ExpTable tb, int so) {
        long maxDen = maxDen(tb);
        int bits = so <= 15 && maxDen <= 1L << 15 ? 16 : so <= 31 && maxDen <= 1L << 31 ? 32 : 0;
        return nonNegative(tb) && so >= 0 ? bits : 0;
    }

    /**
     * Whether the lookup of an argument of {@code argBits} bits runs in 32 bits (sd_exp_lookup32): the argument, the
     * tables' span and their lowest input fit 31 bits and their largest product 32.
     */
    public static boolean narrowLookup(ExpTable t, int argBits) {
        int span = t.hiBits() + t.loBits() + t.drop();
        long max = maxLookup(t);
        int productBits = FixedArith.signedBits(max); // a literal's bits (codegen's IntExpr.lit)
        return argBits <= 31 && span <= 30 && Math.abs(t.mQ()) < (1L << 30) && productBits <= 32;
    }

    /**
     * Whether an exp of an argument of {@code argBits} bits into {@code outBits} reads its output from one table, indexed
     * by the argument's offset from the tables' lowest input (clamped to their span, then shifted by their drop), in
     * place of the two exp tables' product: where that table takes no more flash than the two (2^(hiBits + loBits)
     * outputs of at most 16 bits; ProtoNN's 128-entry tf and 1-entry tg give 128 bytes of 8-bit outputs for 258) and
     * the offset fits 32 bits. Each element is then a subtraction, a clamp and a read, where the lookup multiplied two
     * entries in 32 bits (about 80 Uno cycles an element on protonn-gestures-8).
     */
    public static boolean outputTable(ExpTable t, int argBits, int outBits) {
        long entries = 1L << (t.hiBits() + t.loBits());
        int offsetBits = Math.max(argBits, FixedArith.signedBits(t.mQ())) + 1;
        return outBits <= 16 && offsetBits <= 32 && entries * (outBits <= 8 ? 1 : 2) <= t.bytes();
    }

    /** The largest product tf[i] * tg[j] in magnitude. */
    public static long maxLookup(ExpTable t) {
        long f = Arrays.stream(t.tf()).map(Math::abs).max().orElse(0);
        long g = Arrays.stream(t.tg()).map(Math::abs).max().orElse(0);
        return f * g;
    }

    /** The largest divisor one + e. */
    private static long maxDen(ExpTable t) {
        return (1L << t.sf()) + FixedArith.shr(maxLookup(t), t.sg());
    }

    /** Every entry of both exp tables is at least 0 (e^x rounded), so e >= 0. */
    private static boolean nonNegative(ExpTable t) {
        return Arrays.stream(t.tf()).allMatch(v -> v >= 0) && Arrays.stream(t.tg()).allMatch(v -> v >= 0);
    }
}
