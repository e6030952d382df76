package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.codegen.Fixtures;

/**
 * Work terms counted by hand: a loop's body once per iteration (FastGRNN digits), a convolution's copies of x to its
 * patches (CNN digits).
 */
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

    @Test
    void aConvolutionCopiesTheTapsInsideTheInputOncePerPixel() {
        // 3x3 windows padded by 1: of an n-wide side's 3n taps, the first row's top and the last row's bottom fall
        // outside, so 3n - 2 rows (and columns) are inside. First conv: 8x8 pixels of 1 channel, 22 x 22 taps; the
        // second: 4x4 pixels (after the 2x2 pool) of 8 channels, 10 x 10 x 8. Not per output channel (8 of each).
        List<OpWork.Part> convs = convolutions("shiftry");
        assertEquals(List.of(22.0 * 22, 10.0 * 10 * 8), convs.stream().map(OpWorkTest::copies).toList());
        assertEquals(List.of(22L * 22 * 8, 10L * 10 * 8 * 8), convs.stream().map(OpWork.Part::macs).toList());
        // SeeDot's tree sum halves a whole window's terms: every tap is copied, the padding ones as zeros
        List<OpWork.Part> tree = convolutions("seedot");
        assertEquals(List.of(8.0 * 8 * 9, 4.0 * 4 * 9 * 8), tree.stream().map(OpWorkTest::copies).toList());
    }

    private static List<OpWork.Part> convolutions(String strategy) {
        Fixtures.Compiled c = Fixtures.get("cnn-digits-10", strategy);
        return OpWork.of(c.fixed(), c.model().weights()).stream().filter(p -> p.kind().equals("Conv2d")).toList();
    }

    private static double copies(OpWork.Part p) {
        return p.terms().entrySet().stream().filter(e -> e.getKey().startsWith("Conv2d.elem."))
                .mapToDouble(java.util.Map.Entry::getValue).sum();
    }

    private static double macTerms(OpWork.Part p) {
        return p.terms().entrySet().stream().filter(e -> e.getKey().contains(".mac."))
                .mapToDouble(java.util.Map.Entry::getValue).sum();
    }
}
