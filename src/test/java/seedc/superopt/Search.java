package seedc.superopt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import seedc.superopt.Avr.Insn;
import seedc.superopt.Avr.Op;
import seedc.superopt.Avr.Reg;

/**
 * A stochastic search over straight-line register-only sequences, after STOKE (Schkufza, Sharma, Aiken,
 * ASPLOS'13): a Markov chain over programs of a fixed number of slots (empty slots are NOPs of 0 cycles),
 * with the moves opcode, operand, swap, whole instruction, delete and insert, and the cost 2 x (wrong bits on
 * a set of test inputs) + cycles, accepted by the Metropolis rule. A program right on the tests is checked on
 * more inputs (all 256 bytes, or 4096 words); a counterexample joins the tests (CEGIS). The best program a
 * chain saw is proven by {@link Proof} afterwards. One seed per chain: the same chains give the same result.
 */
public final class Search {
    /** The register-only operations the search uses (no LPM, no MOVW: no tables). */
    static final Op[] OPS = {Op.MOV, Op.ADD, Op.ADC, Op.SUB, Op.SBC, Op.AND, Op.OR, Op.EOR, Op.LDI, Op.SUBI,
        Op.SBCI, Op.ANDI, Op.ORI, Op.LSR, Op.LSL, Op.ROR, Op.ROL, Op.ASR, Op.SWAP, Op.INC, Op.DEC, Op.NEG,
        Op.COM, Op.CLR, Op.MUL, Op.NOP};
    static final int[] IMMS = {0x55, 0x33, 0x0f, 0xf0, 0xaa, 0xcc, 0x11, 0x01, 0x03, 0x07, 0x80, 0xff, 0x00,
        0x77, 0x3f, 0x10};

    private final Spec spec;
    private final Reg[] regs;
    private final SplittableRandom rnd;
    private final List<int[]> tests = new ArrayList<>();
    private final int[] state = new int[Avr.STATE];

    public Search(Spec spec, long seed) {
        this.spec = spec;
        this.rnd = new SplittableRandom(seed);
        this.regs = spec.word
                ? new Reg[] {Reg.X, Reg.XH, Reg.T0, Reg.T1, Reg.T2, Reg.ACCL, Reg.ACCH, Reg.ZERO, Reg.R0, Reg.R1}
                : new Reg[] {Reg.X, Reg.T0, Reg.T1, Reg.ACCL, Reg.ACCH, Reg.ZERO, Reg.R0, Reg.R1};
        int[] xs = spec.word ? new int[] {0, 0xffff, 0x5555, 0xaaaa, 0x0ff0, 0xf00f} : new int[] {0, 0xff, 0x55,
            0xaa, 0x0f, 0xf0};
        for (int k = 0; k < 16; k++) {
            int x = k < xs.length ? xs[k] : rnd.nextInt(spec.word ? 65536 : 256);
            int acc = k % 4 == 0 ? 0xffff : k % 4 == 1 ? 0x00ff : rnd.nextInt(65536);
            tests.add(new int[] {x, acc, rnd.nextInt(65536), rnd.nextInt()});
        }
    }

    /** The cheapest program passing the checks that a chain of {@code iterations} steps from seed met. */
    public Insn[] optimize(Insn[] seed, int slots, long iterations, double beta) {
        Insn[] cur = Arrays.copyOf(seed, slots);
        for (int k = seed.length; k < slots; k++) {
            cur[k] = new Insn(Op.NOP, Reg.T0.ordinal(), 0);
        }
        int curCost = cost(cur);
        Insn[] best = compact(seed);
        for (long it = 0; it < iterations; it++) {
            Insn[] next = move(cur);
            if (next == null) {
                continue;
            }
            int c = cost(next);
            if (c <= curCost || rnd.nextDouble() < Math.exp(-beta * (c - curCost))) {
                cur = next;
                curCost = c;
                if (c < Avr.cycles(best) && c == Avr.cycles(next) && accepted(next)) {
                    best = compact(next);
                }
            }
        }
        return best;
    }

    /** Passes the static check and the wide test; a counterexample joins the tests. */
    private boolean accepted(Insn[] p) {
        if (Proof.undefinedUse(p, spec) != null) {
            return false;
        }
        int n = spec.word ? 4096 : 256;
        for (int k = 0; k < n; k++) {
            int x = spec.word ? (k * 40503 + 17) & 0xffff : k;
            int[] t = {x, rnd.nextInt(65536), rnd.nextInt(65536), rnd.nextInt()};
            spec.fill(state, t[0], t[1], t[2], t[3]);
            Avr.run(p, state);
            if (spec.error(state, t[0], t[1], t[2]) != 0) {
                if (tests.size() < 64) {
                    tests.add(t);
                }
                return false;
            }
        }
        return true;
    }

    private int cost(Insn[] p) {
        int err = 0;
        for (int[] t : tests) {
            spec.fill(state, t[0], t[1], t[2], t[3]);
            Avr.run(p, state);
            err += spec.error(state, t[0], t[1], t[2]);
        }
        return 2 * err + Avr.cycles(p);
    }

    private Insn[] move(Insn[] p) {
        Insn[] q = p.clone();
        int i = rnd.nextInt(q.length);
        int kind = rnd.nextInt(20);
        if (kind < 5) {
            Op op = OPS[rnd.nextInt(OPS.length)];
            q[i] = fit(op, q[i].d(), op.immediate() == q[i].op().immediate() ? q[i].s() : -1);
        } else if (kind < 10) {
            q[i] = rnd.nextBoolean() ? fit(q[i].op(), reg().ordinal(), q[i].s()) : fit(q[i].op(), q[i].d(), -1);
        } else if (kind < 13) {
            int j = rnd.nextInt(q.length);
            Insn t = q[i];
            q[i] = q[j];
            q[j] = t;
        } else if (kind < 16) {
            q[i] = fit(OPS[rnd.nextInt(OPS.length)], reg().ordinal(), -1);
        } else if (kind < 18) {
            System.arraycopy(q, i + 1, q, i, q.length - i - 1);
            q[q.length - 1] = new Insn(Op.NOP, Reg.T0.ordinal(), 0);
        } else {
            if (q[q.length - 1].op() != Op.NOP) {
                return null;
            }
            System.arraycopy(q, i, q, i + 1, q.length - i - 1);
            q[i] = fit(OPS[rnd.nextInt(OPS.length)], reg().ordinal(), -1);
        }
        return q;
    }

    /** op with destination d (moved to an upper register for immediates, never ZERO) and source s (-1: new). */
    private Insn fit(Op op, int d, int s) {
        while (d == Reg.ZERO.ordinal() || (op.immediate() && !Reg.values()[d].upper) || !inSet(d)) {
            d = reg().ordinal();
        }
        if (s < 0 || !op.immediate() && !inSet(s)) {
            s = op.immediate() ? (rnd.nextInt(8) == 0 ? rnd.nextInt(256) : IMMS[rnd.nextInt(IMMS.length)])
                    : op.unary() ? 0 : reg().ordinal();
        }
        return new Insn(op, d, op.unary() ? 0 : s);
    }

    private boolean inSet(int r) {
        for (Reg g : regs) {
            if (g.ordinal() == r) {
                return true;
            }
        }
        return false;
    }

    private Reg reg() {
        return regs[rnd.nextInt(regs.length)];
    }

    /** p without its NOPs. */
    static Insn[] compact(Insn[] p) {
        return Arrays.stream(p).filter(i -> i.op() != Op.NOP).toArray(Insn[]::new);
    }
}
