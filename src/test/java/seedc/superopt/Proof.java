package seedc.superopt;

import seedc.superopt.Avr.Insn;
import seedc.superopt.Avr.Op;
import seedc.superopt.Avr.Reg;

/**
 * Proves a sequence equal to its {@link Spec} on every input. Two parts:
 * <ol>
 * <li>Definition before use, checked statically: every register and the carry are written before they are
 * read, unless they are inputs of the spec. So the result cannot depend on the scratch registers' or the
 * carry's values on entry, and the runs below may fix those arbitrarily.</li>
 * <li>Runs over the inputs. BYTE: all 256 x times all 65536 accumulators (2^24 runs, exhaustive). WORD: all
 * 65536 x times all 256 low accumulator bytes with the high byte 0x00 and 0xFF (every carry out of the low
 * byte, into a high byte that wraps and one that does not), plus 64 spread accumulators (37.7M runs).</li>
 * </ol>
 * In both, the weight pointer ZH:ZL takes values spread over 16 bits and must come out unchanged.
 */
public final class Proof {
    private Proof() {}

    /** The outcome: whether it holds, and a counterexample (x, acc) or the use-before-definition found. */
    public record Result(boolean holds, String detail, long runs) {
        @Override
        public String toString() {
            return holds ? "proven (" + runs + " runs)" : "FAILS: " + detail;
        }
    }

    /** Both parts. */
    public static Result prove(Insn[] p, Spec spec) {
        String use = undefinedUse(p, spec);
        if (use != null) {
            return new Result(false, use, 0);
        }
        return spec.word ? runWord(p, spec) : runByte(p, spec);
    }

    /** The first read of a register or the carry before anything defined it, or null. */
    public static String undefinedUse(Insn[] p, Spec spec) {
        boolean[] def = new boolean[Avr.STATE];
        for (int r = 0; r < Avr.C; r++) {
            def[r] = spec.input(r);
        }
        for (int k = 0; k < p.length; k++) {
            Insn i = p[k];
            if (i.d() == Reg.ZERO.ordinal() && writes(i)) {
                return "instruction " + k + " (" + i + ") writes the zero register";
            }
            int[] reads = reads(i);
            for (int r : reads) {
                if (!def[r]) {
                    return "instruction " + k + " (" + i + ") reads " + (r == Avr.C ? "the carry"
                            : Reg.values()[r].name()) + " before it is defined";
                }
            }
            define(i, def);
        }
        return null;
    }

    private static boolean writes(Insn i) {
        return i.op() != Op.NOP && i.op() != Op.MUL;
    }

    private static int[] reads(Insn i) {
        int zl = Reg.ZL.ordinal(), zh = Reg.ZH.ordinal();
        boolean src = !i.op().immediate() && !i.op().unary() && i.op() != Op.NOP
                && !((i.op() == Op.SUB || i.op() == Op.EOR) && i.d() == i.s());
        int[] r = new int[5];
        int n = 0;
        if (i.op() == Op.LPM) {
            r[n++] = zl;
            r[n++] = zh;
        }
        if (src) {
            r[n++] = i.s();
        }
        if (i.op() == Op.MOVW) {
            r[n++] = i.s() + 1;
        }
        if (Avr.readsDest(i)) {
            r[n++] = i.d();
        }
        if (Avr.readsCarry(i.op())) {
            r[n++] = Avr.C;
        }
        return java.util.Arrays.copyOf(r, n);
    }

    private static void define(Insn i, boolean[] def) {
        if (i.op() == Op.MUL) {
            def[Reg.R0.ordinal()] = true;
            def[Reg.R1.ordinal()] = true;
        } else if (i.op() != Op.NOP) {
            def[i.d()] = true;
        }
        if (i.op() == Op.MOVW) {
            def[i.d() + 1] = true;
        }
        if (Avr.writesCarry(i)) {
            def[Avr.C] = true;
        }
    }

    private static Result runByte(Insn[] p, Spec spec) {
        int[] r = new int[Avr.STATE];
        long runs = 0;
        for (int x = 0; x < 256; x++) {
            for (int acc = 0; acc < 65536; acc++) {
                int z = (acc * 40503 + x * 7919) & 0xffff;
                if (!once(p, spec, r, x, acc, z)) {
                    return fail(x, acc);
                }
                runs++;
            }
        }
        return new Result(true, "", runs);
    }

    private static Result runWord(Insn[] p, Spec spec) {
        int[] r = new int[Avr.STATE];
        int[] accs = new int[256 * 2 + 64];
        for (int a = 0; a < 256; a++) {
            accs[a] = a;
            accs[256 + a] = 0xff00 | a;
        }
        for (int k = 0; k < 64; k++) {
            accs[512 + k] = (k * 0x3F1D + 0x0101) & 0xffff;
        }
        long runs = 0;
        for (int x = 0; x < 65536; x++) {
            for (int acc : accs) {
                int z = (acc * 40503 + x * 7919) & 0xffff;
                if (!once(p, spec, r, x, acc, z)) {
                    return fail(x, acc);
                }
                runs++;
            }
        }
        return new Result(true, "", runs);
    }

    private static boolean once(Insn[] p, Spec spec, int[] r, int x, int acc, int z) {
        spec.fill(r, x, acc, z, x ^ acc);
        Avr.run(p, r);
        return spec.error(r, x, acc, z) == 0;
    }

    private static Result fail(int x, int acc) {
        return new Result(false, String.format("x = 0x%x, acc = 0x%04x", x, acc), 0);
    }
}
