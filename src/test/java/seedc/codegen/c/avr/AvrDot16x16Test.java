package seedc.codegen.c.avr;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AVR's 16x16-bit dot product (AvrDot16x16) with a[] in flash or in RAM, for 0 to 100 terms of random values and
 * 65 of the extremes (-32768 squared, the largest product, and -32768 times 32767, the most negative): every sum
 * equals sum_i a_i b_i computed here (KernelRunner: simavr and x86), printed as its four 16-bit quarters; and so do
 * squared norms (a[] and b[] the same RAM array, 1 to 65 terms, odd and even: an odd n's first term alone, then two
 * a step), which take the squared norm's own function.
 */
class AvrDot16x16Test {
    @TempDir
    Path dir;

    /** sum_i a_i b_i as the four 16-bit quarters of its 64 bits, lowest first. */
    private static List<Long> quarters(short[] a, short[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (long) a[i] * b[i];
        }
        List<Long> q = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            q.add(s >>> (16 * k) & 0xffff);
        }
        return q;
    }

    @Test
    void bothPlacementsEveryLength() throws Exception {
        Random rnd = new Random(43);
        List<KernelRunner.Call> calls = new ArrayList<>();
        StringBuilder globals = new StringBuilder();
        for (boolean flashA : new boolean[] {true, false}) {
            for (int n : new int[] {0, 1, 2, 3, 16, 33, 100, 65}) {
                boolean extreme = n == 65; // the rest random (the Uno's 2 KB of RAM hold the arrays)
                boolean negative = extreme && flashA; // all -2^15 * -2^15 in RAM, -2^15 * (2^15 - 1) in flash
                short[] a = new short[n], b = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = extreme ? (short) -32768 : (short) rnd.nextInt(65536);
                    b[i] = extreme ? (short) (negative ? 32767 : -32768) : (short) rnd.nextInt(65536);
                }
                int id = calls.size();
                globals.append(AvrDot8x16Test.array("int16_t", "a", id, flashA, n, i -> a[i]))
                       .append(AvrDot8x16Test.array("int16_t", "b", id, false, n, i -> b[i]));
                AvrDot16x16 kernel = new AvrDot16x16(flashA);
                calls.add(new KernelRunner.Call(kernel, List.of(), "k = " + n + ";\n{ uint64_t r = (uint64_t)"
                        + kernel.name() + "(a#, b#, k);\nfor (uint8_t q = 0; q < 4; q++) put((uint16_t)(r >> 16 * q)); }",
                        quarters(a, b)));
            }
        }
        // a squared norm: the same RAM array as a[] and b[] (sd_avr_sumsq16_ram)
        for (int n : new int[] {1, 2, 3, 17, 40, 65}) {
            short[] a = new short[n];
            for (int i = 0; i < n; i++) {
                a[i] = n == 65 ? (short) (i % 2 == 0 ? -32768 : 32767) : (short) rnd.nextInt(65536);
            }
            int id = calls.size();
            globals.append(AvrDot8x16Test.array("int16_t", "a", id, false, n, i -> a[i]));
            AvrDot16x16 kernel = new AvrDot16x16(false);
            calls.add(new KernelRunner.Call(kernel, List.of(), "k = " + n + ";\n{ uint64_t r = (uint64_t)"
                    + kernel.name() + "(a#, a#, k);\nfor (uint8_t q = 0; q < 4; q++) put((uint16_t)(r >> 16 * q)); }",
                    quarters(a, a)));
        }
        KernelRunner.run(dir, "dot16x16", globals.toString(), calls);
    }
}
