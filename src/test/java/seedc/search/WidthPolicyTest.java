package seedc.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import seedc.backend.Backend;
import seedc.codegen.c.CBackend;
import seedc.driver.Backends;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.ExactWidths;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.fixed.QuantizedModel;
import seedc.fixed.WidthPolicy;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Op;
import seedc.ir.Program;

/** The width policies: the C one gives the widths the strategies always chose; the exact one any width. */
class WidthPolicyTest {
    private static final WidthPolicy C = ContainerWidths.C;
    private static final WidthPolicy HW = ExactWidths.HARDWARE;

    @Test
    void everyCBackendSuppliesTheCPolicy() {
        for (Backend b : Backends.all()) {
            assertSame(C, b.widths(), b.id());
        }
    }

    @Test
    void cPolicyGivesTodaysShiftryTemporaries() {
        long[] terms = {1, 2, 3, 16, 17, 400, 1L << 20, 1L << 40};
        for (int a : List.of(8, 16, 32)) {
            for (int b : List.of(8, 16, 32)) {
                for (long n : terms) {
                    // ShiftryStrategy before the policy: Math.min(Math.max(16, 1 << ceilLog2(need)), 64).
                    int need = a + b + FixedArith.ceilLog2(n) - 1;
                    assertEquals(Math.min(Math.max(16, 1 << FixedArith.ceilLog2(need)), 64), C.productWidth(a, b, n),
                            a + "x" + b + ", " + n + " terms");
                }
                assertEquals(Math.min(32, 2 * Math.max(a, b)), C.sumWidth(a, b), a + "+" + b);
            }
        }
        assertEquals(16, C.productWidth(8, 8, 1)); // 15 bits in an int16_t
        assertEquals(32, C.productWidth(16, 8, 64)); // 29 bits
        assertEquals(64, C.productWidth(16, 16, 4)); // 33 bits
        assertEquals(64, C.productWidth(32, 32, 4)); // 65 bits: wraps in 64, as before
        assertEquals(16, C.sumWidth(8, 8));
        assertEquals(32, C.sumWidth(16, 8));
        assertEquals(32, C.sumWidth(32, 32));
    }

    @Test
    void cPolicyGivesTodaysStorageWideProductsAndTables() {
        assertEquals(List.of(8, 16, 32), C.storageWidths());
        assertFalse(C.stores(12));
        assertTrue(C.computes(64));
        assertFalse(C.computes(24));
        // SeeDot's wide products: 2B for B = 8 and 16 only (Products.allowed before the policy: bits <= 16).
        assertEquals(OptionalInt.of(16), C.wideProductWidth(8));
        assertEquals(OptionalInt.of(32), C.wideProductWidth(16));
        assertEquals(OptionalInt.empty(), C.wideProductWidth(32));
        assertEquals(List.of(SeeDotStrategy.Products.NARROW), SeeDotStrategy.Products.allowed(32, C));
        // Tables: SeeDot's Math.min(bits, 16) and Shiftry's bits == 8 ? 8 : 16.
        for (int bits : List.of(8, 16, 32)) {
            assertEquals(Math.min(bits, 16), C.tableWidth(bits));
        }
    }

    @Test
    void exactPolicyGivesAnyWidth() {
        assertEquals(32, HW.storageWidths().size());
        assertTrue(HW.stores(1) && HW.stores(12) && HW.stores(32));
        assertFalse(HW.stores(0) || HW.stores(33));
        assertEquals(24, HW.productWidth(12, 12, 1)); // min * min = 2^22 needs 24 signed bits
        assertEquals(10, HW.productWidth(3, 3, 9)); // 6 + ceil(log2 9)
        assertEquals(64, HW.productWidth(32, 32, 8));
        assertEquals(13, HW.sumWidth(12, 3));
        assertEquals(OptionalInt.of(24), HW.wideProductWidth(12));
        assertEquals(8, HW.tableWidth(3));
        assertEquals(16, HW.tableWidth(12));
    }

    /** SeeDot at 12 bits with wide products (exact widths), worked by hand; the C backends refuse it. */
    @Test
    void seeDotAtTwelveBits() {
        Program program = SeeDotProgram.from(new SourceFile("example.sd", ScaleRulesTest.LINEAR)).program();
        Profile profile = new Profile(program);
        new FloatInterpreter(program, Map.of()).run(new double[0], profile);
        FixedProgram fp = SeeDotStrategy.assign(program, profile, Map.of(), HW, 12, 8, SeeDotStrategy.Products.WIDE);
        // x at GetP = 11 - 0 = 11, w (1.8622) at 11 - 1 = 10; MulScale: (10 - 6) + (11 - 6) = 9 >= P = 8;
        // TreeSumScale(9, 4): 7 < 8, so one halving level only, scale 8. Wide: 24-bit terms, >> 12 at the end.
        Op.MatMul mm = program.body().ops().stream().filter(Op.MatMul.class::isInstance).map(Op.MatMul.class::cast)
                .findFirst().orElseThrow();
        assertEquals(new OpParams.Mul(0, 0, 24, 1, 12), fp.params(mm, OpParams.Mul.class));
        assertEquals(new FixedType(12, 8), fp.type(program.result()));
        // x = [157, 1892, -1702, 1682] @11, w = [798, -749, 1844, -1907] @10; products 125286, -1417108,
        // -3138488, -3207574; halved pairs -645911 and -3173031; sum -3818942; >> 12 toward zero: -932 @8
        // = -3.640625 (exact -3.64214951).
        assertArrayEquals(new long[] {-932},
                new FixedInterpreter(fp, new QuantizedModel(fp, Map.of())).runRaw(new double[0]));
        HW.require(fp);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CBackend.X86.cost(fp, Map.of()));
        assertTrue(e.getMessage().contains("int12@"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SeeDotStrategy.assign(program, profile, Map.of(), C, 12, 8));
    }
}
