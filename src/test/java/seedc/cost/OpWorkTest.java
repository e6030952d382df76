package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.codegen.Fixtures;

/** The work terms of a loop: its body's terms once per iteration, counted by hand on FastGRNN digits. */
class OpWorkTest {
    @Test
    void aLoopsBodyCountsOncePerIteration() {
        Fixtures.Compiled c = Fixtures.get("fastgrnn-digits-10");
        List<OpWork.Part> parts = OpWork.of(c.fixed(), c.model().weights());
        OpWork.Part loop = parts.stream().filter(p -> p.kind().equals("Loop")).findFirst().orElseThrow();
        // 8 steps x (XX[i]*W 8x32, H*U 32x32, g<*>H 32, zeta*(1-g) 32, <*>h 32): see MacCountTest
        assertEquals(8.0, loop.terms().get("Loop.iter"));
        assertEquals(8 * (8 * 32 + 32 * 32 + 3 * 32), loop.macs());
        assertEquals((double) loop.macs(), macTerms(loop));
        // the steps' two matrix products: 8 runs each of one op
        double matmuls = loop.terms().entrySet().stream().filter(e -> e.getKey().equals("MatMul.op"))
                .mapToDouble(java.util.Map.Entry::getValue).sum();
        assertEquals(16.0, matmuls);
        assertEquals(11328, parts.stream().mapToLong(OpWork.Part::macs).sum());
    }

    private static double macTerms(OpWork.Part p) {
        return p.terms().entrySet().stream().filter(e -> e.getKey().contains(".mac."))
                .mapToDouble(java.util.Map.Entry::getValue).sum();
    }
}
