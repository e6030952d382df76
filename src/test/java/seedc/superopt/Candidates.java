package seedc.superopt;

import static seedc.superopt.Avr.Op.ADC;
import static seedc.superopt.Avr.Op.ADD;
import static seedc.superopt.Avr.Op.ANDI;
import static seedc.superopt.Avr.Op.CLR;
import static seedc.superopt.Avr.Op.LDI;
import static seedc.superopt.Avr.Op.LPM;
import static seedc.superopt.Avr.Op.LSR;
import static seedc.superopt.Avr.Op.MOV;
import static seedc.superopt.Avr.Op.MOVW;
import static seedc.superopt.Avr.Op.SUB;
import static seedc.superopt.Avr.Op.SWAP;
import static seedc.superopt.Avr.Reg.ACCH;
import static seedc.superopt.Avr.Reg.ACCL;
import static seedc.superopt.Avr.Reg.SL;
import static seedc.superopt.Avr.Reg.T0;
import static seedc.superopt.Avr.Reg.T1;
import static seedc.superopt.Avr.Reg.X;
import static seedc.superopt.Avr.Reg.XH;
import static seedc.superopt.Avr.Reg.ZERO;
import static seedc.superopt.Avr.Reg.ZH;
import static seedc.superopt.Avr.Reg.ZL;

import java.util.ArrayList;
import java.util.List;
import seedc.superopt.Avr.Insn;
import seedc.superopt.Avr.Reg;

/**
 * The hand-written contenders: bit tricks (SWAR, a bit-serial count, a subtraction chain) in registers only,
 * which also seed the search, and the two flash tables (byte and nibble, each 256-aligned so that the index
 * is the low byte of Z), which save the weight stream's Z in SH:SL with movw and restore it.
 */
public final class Candidates {
    /** A named sequence for a spec. */
    public record Candidate(String name, Spec spec, Insn[] code, boolean table) {}

    private Candidates() {}

    /** Every hand-written candidate of both specs. */
    public static List<Candidate> all() {
        List<Candidate> c = new ArrayList<>();
        c.add(new Candidate("swar", Spec.BYTE, cat(swarPairs(X), swarNibbles(X), swarSum(X), acc(X)), false));
        c.add(new Candidate("bit-serial", Spec.BYTE, bitSerial(), false));
        c.add(new Candidate("sub-chain", Spec.BYTE, subChain(), false));
        c.add(new Candidate("table256", Spec.BYTE, cat(save(), table256(X, T0), restore(), acc(T0)), true));
        c.add(new Candidate("nibble16", Spec.BYTE, cat(save(), nibble16(X, T0, T1), restore(), acc(T0)), true));
        c.add(new Candidate("swar x2", Spec.WORD, cat(swarPairs(X), swarNibbles(X), swarSum(X), acc(X),
                swarPairs(XH), swarNibbles(XH), swarSum(XH), acc(XH)), false));
        c.add(new Candidate("swar16", Spec.WORD, cat(swarPairs(X), swarPairs(XH), swarNibbles(X), swarNibbles(XH),
                seq(Insn.of(ADD, X, XH)), swarSumWide(X), acc(X)), false));
        c.add(new Candidate("table256 x2", Spec.WORD, cat(save(), table256(X, T0), table256Next(XH, T1),
                restore(), seq(Insn.of(ADD, T0, T1)), acc(T0)), true));
        return c;
    }

    /** x - ((x >> 1) & 0x55): the count of each bit pair. */
    static Insn[] swarPairs(Reg x) {
        return seq(Insn.of(MOV, T0, x), Insn.of(LSR, T0), Insn.imm(ANDI, T0, 0x55), Insn.of(SUB, x, T0));
    }

    /** (x & 0x33) + ((x >> 2) & 0x33): the count of each nibble. */
    static Insn[] swarNibbles(Reg x) {
        return seq(Insn.of(MOV, T0, x), Insn.imm(ANDI, T0, 0x33), Insn.of(LSR, x), Insn.of(LSR, x),
                Insn.imm(ANDI, x, 0x33), Insn.of(ADD, x, T0));
    }

    /** (x + swap(x)) & 15: the two nibbles' counts summed (at most 15). */
    static Insn[] swarSum(Reg x) {
        return seq(Insn.of(MOV, T0, x), Insn.of(SWAP, T0), Insn.of(ADD, x, T0), Insn.imm(ANDI, x, 0x0f));
    }

    /** (x & 15) + (x >> 4): the same for nibble counts up to 15 each (a word's two bytes summed). */
    static Insn[] swarSumWide(Reg x) {
        return seq(Insn.of(MOV, T0, x), Insn.of(SWAP, T0), Insn.imm(ANDI, T0, 0x0f), Insn.imm(ANDI, x, 0x0f),
                Insn.of(ADD, x, T0));
    }

    /** acc += v. */
    static Insn[] acc(Reg v) {
        return seq(Insn.of(ADD, ACCL, v), Insn.of(ADC, ACCH, ZERO));
    }

    /** Eight lsr/adc steps counting into T0; the last bit rides in on the carry of the add to acc. */
    private static Insn[] bitSerial() {
        List<Insn> c = new ArrayList<>(List.of(Insn.of(CLR, T0)));
        for (int b = 0; b < 7; b++) {
            c.add(Insn.of(LSR, X));
            c.add(Insn.of(ADC, T0, ZERO));
        }
        c.addAll(List.of(Insn.of(LSR, X), Insn.of(ADC, ACCL, T0), Insn.of(ADC, ACCH, ZERO)));
        return c.toArray(Insn[]::new);
    }

    /** popcount(x) = x - (x >> 1) - (x >> 2) - ... - (x >> 7), modulo 256. */
    private static Insn[] subChain() {
        List<Insn> c = new ArrayList<>(List.of(Insn.of(MOV, T0, X)));
        for (int b = 1; b < 8; b++) {
            c.add(Insn.of(LSR, T0));
            c.add(Insn.of(SUB, X, T0));
        }
        c.addAll(List.of(acc(X)));
        return c.toArray(Insn[]::new);
    }

    static Insn[] save() {
        return seq(Insn.of(MOVW, SL, ZL));
    }

    static Insn[] restore() {
        return seq(Insn.of(MOVW, ZL, SL));
    }

    /** t = table[x]: ZH = hi8(table) (the table is 256-aligned), ZL = x, lpm. */
    static Insn[] table256(Reg x, Reg t) {
        return seq(Insn.imm(LDI, ZH, Avr.POP8_TABLE >> 8), Insn.of(MOV, ZL, x), Insn.of(LPM, t));
    }

    /** The same with ZH already pointing at the table. */
    static Insn[] table256Next(Reg x, Reg t) {
        return seq(Insn.of(MOV, ZL, x), Insn.of(LPM, t));
    }

    /** t = nibbles[x & 15] + nibbles[x >> 4], u scratch. */
    static Insn[] nibble16(Reg x, Reg t, Reg u) {
        return seq(Insn.imm(LDI, ZH, Avr.POP4_TABLE >> 8), Insn.of(MOV, ZL, x), Insn.imm(ANDI, ZL, 0x0f),
                Insn.of(LPM, t), Insn.of(MOV, ZL, x), Insn.of(SWAP, ZL), Insn.imm(ANDI, ZL, 0x0f), Insn.of(LPM, u),
                Insn.of(ADD, t, u));
    }

    static Insn[] seq(Insn... i) {
        return i;
    }

    static Insn[] cat(Insn[]... parts) {
        List<Insn> c = new ArrayList<>();
        for (Insn[] p : parts) {
            c.addAll(List.of(p));
        }
        return c.toArray(Insn[]::new);
    }
}
