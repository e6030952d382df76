package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.codegen.Fixtures;
import seedc.fixed.QuantizedModel;

/** Multiply-accumulates per inference of the fixture models, counted by hand from their programs. */
class MacCountTest {
    @ParameterizedTest
    @CsvSource({
        // W*XX 16x64; 40 x (del^T*del 16, -g2 * scalar 1, Z[i] * exp 10)
        "protonn-digits-10, 2104",
        // Z*XX 16x65; depth 0: W, V 10x16 each, <*> 10; depths 1, 2: the same plus T[n]*ZX 16
        "bonsai-digits-10, 2062",
        // 8 steps x (XX[i]*W 8x32, H*U 32x32, g<*>H 32, zeta*(1-g) 32, <*>h 32); res*FC 32x10
        "fastgrnn-digits-10, 11328",
        // conv 3x3 pad 1 on 8x8 (22 rows x 22 columns of taps inside) x 1 -> 8; on 4x4 (10 x 10) x 8 -> 8; FC 32x10
        "cnn-digits-10, 10592",
    })
    void fixtures(String name, long macs) {
        Fixtures.Compiled c = Fixtures.get(name);
        assertEquals(macs, MacCount.of(new QuantizedModel(c.fixed(), c.model().weights())));
    }
}
