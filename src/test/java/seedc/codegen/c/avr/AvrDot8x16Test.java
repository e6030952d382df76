package seedc.codegen.c.avr;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AVR's 8x16-bit dot product (AvrDot8x16) with a[] in flash, b[] in flash or both in RAM, for 0 to 100 terms of
 * random values and of the extremes (-128 times -32768, the largest product, and its neighbours): every sum equals
 * sum_i a_i b_i modulo 2^32 computed here (KernelRunner: simavr and x86), printed as its two 16-bit halves.
 */
class AvrDot8x16Test {
    @TempDir
    Path dir;

    /** sum_i a_i b_i modulo 2^32, as the two 16-bit halves put prints. */
    private static List<Long> halves(byte[] a, short[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * b[i];
        }
        s &= 0xffffffffL;
        return List.of(s & 0xffff, s >>> 16);
    }

    @Test
    void everyPlacementAndLength() throws Exception {
        Random rnd = new Random(41);
        List<KernelRunner.Call> calls = new ArrayList<>();
        StringBuilder globals = new StringBuilder();
        boolean[][] places = {{true, false}, {false, true}, {false, false}};
        for (boolean[] place : places) {
            // 0-7: each of n mod 4 (the loop does four terms a step) with no step, one, or the entry at its third term
            for (int n : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 16, 33, 100, 65}) {
                call(calls, globals, place, n, n == 65, rnd); // the rest random (the Uno's 2 KB of RAM hold the arrays)
            }
        }
        KernelRunner.run(dir, "dot8x16", globals.toString(), calls);
    }

    /** Counts of 256 terms and more: the count's high byte in the sum's start, and (601: 150 steps of four) in the loop's counter. */
    @Test
    void lengthsPastOneByte() throws Exception {
        runLong("dot8x16long", 42, new LongCall(false, 601, false), new LongCall(false, 256, true),
                new LongCall(true, 258, false));
    }

    /** 255 and 257 terms: n mod 4 = 3 and 1 about the count's high byte (63 and 64 steps of four). */
    @Test
    void lengthsAboutOneByte() throws Exception {
        runLong("dot8x16byte", 43, new LongCall(false, 255, true), new LongCall(true, 257, false));
    }

    /** A long call: a[] in flash (else b[]), n terms, extreme or random values. */
    private record LongCall(boolean flash8, int n, boolean extreme) {}

    /** The long calls as one program (few a program: one operand of each is in the Uno's 2 KB of RAM). */
    private void runLong(String name, long seed, LongCall... longCalls) throws Exception {
        Random rnd = new Random(seed);
        List<KernelRunner.Call> calls = new ArrayList<>();
        StringBuilder globals = new StringBuilder();
        for (LongCall c : longCalls) {
            call(calls, globals, new boolean[] {c.flash8(), !c.flash8()}, c.n(), c.extreme(), rnd);
        }
        KernelRunner.run(dir, name, globals.toString(), calls);
    }

    /** One call of the kernel on n terms at a placement (a in flash, b in flash), extreme or random values. */
    private static void call(List<KernelRunner.Call> calls, StringBuilder globals, boolean[] place, int n,
                             boolean extreme, Random rnd) {
        byte[] a = new byte[n];
        short[] b = new short[n];
        for (int i = 0; i < n; i++) {
            a[i] = extreme ? (byte) (i % 3 == 2 ? 127 : -128) : (byte) rnd.nextInt(256);
            b[i] = extreme ? (short) (i % 2 == 0 ? -32768 : 32767) : (short) rnd.nextInt(65536);
        }
        int id = calls.size();
        globals.append(array("int8_t", "a", id, place[0], a.length, i -> a[i]))
               .append(array("int16_t", "b", id, place[1], b.length, i -> b[i]));
        AvrDot8x16 kernel = new AvrDot8x16(place[0], place[1]);
        calls.add(new KernelRunner.Call(kernel, List.of(), "k = " + n + ";\n{ int32_t r = "
                + kernel.name() + "(a#, b#, k);\nput((uint16_t)(uint32_t)r);\n"
                + "put((uint16_t)((uint32_t)r >> 16)); }", halves(a, b)));
    }

    /** A C array of n values (one element more: an array of none is not C), in flash or RAM. */
    static String array(String type, String role, int id, boolean flash, int n, java.util.function.IntUnaryOperator v) {
        StringBuilder c = new StringBuilder(flash ? "static const " : "static ").append(type).append(' ')
                .append(role).append(id).append("[]").append(flash ? " PROGMEM" : "").append(" = {");
        for (int i = 0; i < n; i++) {
            c.append(v.applyAsInt(i)).append(", ");
        }
        return c.append("0};\n").toString();
    }
}
