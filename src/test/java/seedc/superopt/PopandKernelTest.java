package seedc.superopt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.bench.SimResult;

/**
 * The sd_popand contenders of popand_kernels.h and the runtime's sd_popand, under simavr, equal the popcounts
 * computed in Java on random planes for lengths of every residue modulo 4 (0 to 80 bytes) and random offsets;
 * and the two byte steps the kernels are built on (table256, swar) are proven by {@link Proof}.
 */
class PopandKernelTest {
    static final int[] LENGTHS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 33, 64, 80};

    @TempDir
    Path dir;

    @Test
    void kernelsEqualThePopcounts() {
        KernelBench b = new KernelBench(42);
        Random r = new Random(3);
        List<KernelBench.Call> calls = new ArrayList<>();
        for (String k : KernelBench.KERNELS) {
            for (int n : LENGTHS) {
                calls.add(new KernelBench.Call(k, r.nextInt(KernelBench.W - n + 1), n));
            }
        }
        SimResult s = b.run(calls, dir);
        List<Long> got = s.uartOutput().lines().map(String::strip).map(Long::parseLong).toList();
        List<Long> want = calls.stream().map(b::expected).toList();
        assertEquals(want, got);
    }

    @Test
    void theByteStepsAreProven() {
        for (Candidates.Candidate c : Candidates.all()) {
            if (c.spec() == Spec.BYTE && (c.name().equals("table256") || c.name().equals("swar"))) {
                Proof.Result r = Proof.prove(c.code(), c.spec());
                assertTrue(r.holds(), c.name() + ": " + r);
            }
        }
    }

    @Test
    void aWrongStepIsCaught() {
        // swar with the 4-bit nibble sum on a word: 0xffff has 16 set bits, which the mask 0x0f loses
        Avr.Insn[] wrong = Candidates.cat(Candidates.swarPairs(Avr.Reg.X), Candidates.swarPairs(Avr.Reg.XH),
                Candidates.swarNibbles(Avr.Reg.X), Candidates.swarNibbles(Avr.Reg.XH),
                Candidates.seq(Avr.Insn.of(Avr.Op.ADD, Avr.Reg.X, Avr.Reg.XH)), Candidates.swarSum(Avr.Reg.X),
                Candidates.acc(Avr.Reg.X));
        assertTrue(!Proof.prove(wrong, Spec.WORD).holds());
        Avr.Insn[] undefined = {Avr.Insn.of(Avr.Op.ADD, Avr.Reg.ACCL, Avr.Reg.T0)};
        assertTrue(Proof.undefinedUse(undefined, Spec.BYTE) != null);
    }
}
