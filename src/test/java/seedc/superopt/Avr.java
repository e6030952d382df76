package seedc.superopt;

/**
 * A small subset of the AVR instruction set, modelled exactly for the registers and the carry flag (the other
 * flags are never read by the sequences searched here). Cycle counts are the ATmega328P's from the AVR
 * Instruction Set Manual: ALU operations 1, MUL 2, LPM 3, MOVW 1.
 *
 * <p>Registers are the indices of {@link Reg}; a machine state is an int array of register values (0..255)
 * followed by the carry (0 or 1) at index {@link #C}. Flash is modelled only as the two popcount tables at
 * their aligned addresses ({@link #flash}); any other address reads a value no correct program can rely on.
 */
public final class Avr {
    /** The registers of the model: which AVR register each stands for is fixed when a kernel is written. */
    public enum Reg {
        X(true), XH(true), T0(true), T1(true), T2(true), ACCL(false), ACCH(false), ZERO(false), R0(false),
        R1(false), ZL(true), ZH(true), SL(false), SH(false);

        /** r16..r31: may take an immediate (ldi, andi, ori, subi, sbci). */
        public final boolean upper;

        Reg(boolean upper) {
            this.upper = upper;
        }
    }

    public static final int C = Reg.values().length;
    public static final int STATE = C + 1;
    /** Flash address of the 256-entry byte table (256-aligned) and of the 16-entry nibble table (256-aligned). */
    public static final int POP8_TABLE = 0x0200, POP4_TABLE = 0x0300;

    /** Operations; IMM ones take an immediate in {@code s}, UNARY ones ignore {@code s}. */
    public enum Op {
        NOP(0), MOV(1), ADD(1), ADC(1), SUB(1), SBC(1), AND(1), OR(1), EOR(1), LDI(1), SUBI(1), SBCI(1), ANDI(1),
        ORI(1), LSR(1), LSL(1), ROR(1), ROL(1), ASR(1), SWAP(1), INC(1), DEC(1), NEG(1), COM(1), CLR(1), MUL(2),
        MOVW(1), LPM(3);

        public final int cycles;

        Op(int cycles) {
            this.cycles = cycles;
        }

        public boolean immediate() {
            return this == LDI || this == SUBI || this == SBCI || this == ANDI || this == ORI;
        }

        public boolean unary() {
            return this == LSR || this == LSL || this == ROR || this == ROL || this == ASR || this == SWAP
                    || this == INC || this == DEC || this == NEG || this == COM || this == CLR || this == LPM;
        }
    }

    /** One instruction: d the destination register, s a source register or an immediate. */
    public record Insn(Op op, int d, int s) {
        public static Insn of(Op op, Reg d, Reg s) {
            return new Insn(op, d.ordinal(), s.ordinal());
        }

        public static Insn of(Op op, Reg d) {
            return new Insn(op, d.ordinal(), 0);
        }

        public static Insn imm(Op op, Reg d, int k) {
            return new Insn(op, d.ordinal(), k & 0xff);
        }

        @Override
        public String toString() {
            String dn = name(d);
            if (op == Op.NOP) {
                return "nop";
            }
            if (op == Op.LPM) {
                return "lpm " + dn + ", Z";
            }
            if (op == Op.MOVW) {
                return "movw " + dn + ":" + name(d + 1) + ", " + name(s) + ":" + name(s + 1);
            }
            String m = op.name().toLowerCase();
            return op.immediate() ? String.format("%s %s, 0x%02x", m, dn, s)
                    : op.unary() ? m + " " + dn : m + " " + dn + ", " + name(s);
        }

        private static String name(int r) {
            return Reg.values()[r].name().toLowerCase();
        }
    }

    private Avr() {}

    /** The flash byte at address a: the popcount tables, elsewhere a scramble of the address. */
    public static int flash(int a) {
        if (a >= POP8_TABLE && a < POP8_TABLE + 256) {
            return Integer.bitCount(a - POP8_TABLE);
        }
        if (a >= POP4_TABLE && a < POP4_TABLE + 16) {
            return Integer.bitCount(a - POP4_TABLE);
        }
        return ((a * 0x9E37) >>> 7 ^ 0x5A) & 0xff;
    }

    /** The cycles of a straight-line sequence. */
    public static int cycles(Insn[] p) {
        int c = 0;
        for (Insn i : p) {
            c += i.op.cycles;
        }
        return c;
    }

    /** Runs p on state r (registers, then the carry at index C), in place. */
    public static void run(Insn[] p, int[] r) {
        for (Insn i : p) {
            step(i.op, i.d, i.s, r);
        }
    }

    /** One instruction on state r. */
    public static void step(Op op, int d, int s, int[] r) {
        int a = r[d], c = r[C];
        switch (op) {
            case NOP -> { }
            case MOV -> r[d] = r[s];
            case ADD -> set(r, d, a + r[s], (a + r[s]) >> 8);
            case ADC -> set(r, d, a + r[s] + c, (a + r[s] + c) >> 8);
            case SUB -> set(r, d, a - r[s], a < r[s] ? 1 : 0);
            case SBC -> set(r, d, a - r[s] - c, a < r[s] + c ? 1 : 0);
            case AND -> r[d] = a & r[s];
            case OR -> r[d] = a | r[s];
            case EOR -> r[d] = a ^ r[s];
            case LDI -> r[d] = s;
            case SUBI -> set(r, d, a - s, a < s ? 1 : 0);
            case SBCI -> set(r, d, a - s - c, a < s + c ? 1 : 0);
            case ANDI -> r[d] = a & s;
            case ORI -> r[d] = a | s;
            case LSR, ASR -> set(r, d, (a >> 1) | (op == Op.ASR ? a & 0x80 : 0), a & 1);
            case LSL -> set(r, d, a << 1, a >> 7);
            case ROR -> set(r, d, (a >> 1) | (c << 7), a & 1);
            case ROL -> set(r, d, (a << 1) | c, a >> 7);
            case SWAP -> r[d] = ((a << 4) | (a >> 4)) & 0xff;
            case INC -> r[d] = (a + 1) & 0xff;
            case DEC -> r[d] = (a - 1) & 0xff;
            case NEG -> set(r, d, -a, a != 0 ? 1 : 0);
            case COM -> set(r, d, ~a, 1);
            case CLR -> r[d] = 0;
            case MUL -> mul(r, a * r[s]);
            case MOVW -> {
                r[d] = r[s];
                r[d + 1] = r[s + 1];
            }
            case LPM -> r[d] = flash(r[Reg.ZL.ordinal()] | r[Reg.ZH.ordinal()] << 8);
        }
    }

    private static void set(int[] r, int d, int v, int carry) {
        r[d] = v & 0xff;
        r[C] = carry & 1;
    }

    private static void mul(int[] r, int p) {
        r[Reg.R0.ordinal()] = p & 0xff;
        r[Reg.R1.ordinal()] = p >> 8;
        r[C] = p >> 15;
    }

    /** Whether instruction i reads its destination operand's old value (CLR, LDI, MOV, d-d EOR/SUB do not). */
    public static boolean readsDest(Insn i) {
        return switch (i.op) {
            case NOP, MOV, LDI, CLR, LPM, MOVW -> false;
            case SUB, EOR -> i.d != i.s;
            case ADD, ADC, SBC, AND, OR, SUBI, SBCI, ANDI, ORI, LSR, LSL, ROR, ROL, ASR, SWAP, INC, DEC, NEG,
                    COM, MUL -> true;
        };
    }

    /** Whether instruction i reads the carry flag. */
    public static boolean readsCarry(Op op) {
        return op == Op.ADC || op == Op.SBC || op == Op.SBCI || op == Op.ROR || op == Op.ROL;
    }

    /** Whether instruction i writes the carry flag. */
    public static boolean writesCarry(Insn i) {
        return switch (i.op) {
            case ADD, ADC, SUB, SBC, SUBI, SBCI, LSR, LSL, ROR, ROL, ASR, NEG, COM, MUL -> true;
            case NOP, MOV, AND, OR, EOR, LDI, ANDI, ORI, SWAP, INC, DEC, CLR, MOVW, LPM -> false;
        };
    }
}
