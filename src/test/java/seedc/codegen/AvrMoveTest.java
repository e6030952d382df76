package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * seedc_runtime.h's sd_move and sd_move_long on the AVR (the memory plan's defragmentation moves: avr-gcc's loop, and
 * the asm loop the C writes from 64 bytes), under simavr, leave the buffer as a forward byte copy does,
 * computed here in Java: moves to a lower offset that overlap their source by all but one byte, that do not overlap,
 * of 0, 1, 63, 64, 255, 256 and 1,024 bytes (the count's edges and lowbit/cnn-digits-w1a1's move), each by both,
 * every byte of the buffer around them checked. The device reports a hash of the whole
 * buffer after each move (FNV-1a over its bytes), which Java computes from its own copy.
 */
class AvrMoveTest {
    static final int SIZE = 1400;
    /** (to, from, n): every move the plan can make goes to a lower offset. */
    static final int[][] MOVES = {{0, 1, 1}, {7, 9, 0}, {2, 40, 63}, {1, 3, 64}, {0, 1, 300}, {5, 6, 255},
        {3, 200, 256}, {0, 216, 1024}, {100, 1100, 300}, {0, 1, 1399}};

    @Test
    void movesEqualAForwardCopy(@TempDir Path dir) throws IOException {
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithRow8();
        c.append("static uint8_t sd_mem[").append(SIZE).append("];\n\n")
                .append("static void fill(void) {\n    for (uint16_t k = 0; k < ").append(SIZE)
                .append("; k++) sd_mem[k] = (uint8_t)(37 * k + 11);\n}\n\n")
                .append("static void report(void) {\n    h = 0;\n    for (uint16_t k = 0; k < ").append(SIZE)
                .append("; k++) mix(sd_mem[k]);\n    put(h);\n}\n\n")
                .append("int main(void) {\n    seedc_uart_init();\n");
        List<Long> want = new ArrayList<>();
        for (String fn : new String[] {"sd_move", "sd_move_long"}) {
            for (int[] m : MOVES) {
                if (fn.equals("sd_move_long") && m[2] == 0) {
                    continue; // the C writes it from 64 bytes only: its asm loop takes a count of at least 1
                }
                // constants, as the generated code's moves are
                c.append("    fill();\n    ").append(fn).append('(').append(m[0]).append(", ").append(m[1])
                        .append(", ").append(m[2]).append(");\n    report();\n");
                want.add(java(m[0], m[1], m[2]));
            }
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "move", c, 200_000_000L));
    }

    private static long java(int to, int from, int n) {
        int[] mem = new int[SIZE];
        for (int k = 0; k < SIZE; k++) {
            mem[k] = (37 * k + 11) & 0xff;
        }
        for (int k = 0; k < n; k++) {
            mem[to + k] = mem[from + k];
        }
        int h = 0;
        for (int v : mem) {
            h = (h ^ v) * 16777619;
        }
        return h & 0xFFFFFFFFL;
    }
}
