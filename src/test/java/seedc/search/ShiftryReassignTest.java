package seedc.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * A program derived from another by assigning again only the ops a few changed widths and scales reach
 * ({@link ShiftryStrategy#reassign}) is the program assigning every op gives: the same type for every value, the
 * same parameters for every op. On fixtures of every family (loops, tables, products, sums) and a low-bit CNN
 * (quantize levels viewed through reshape and max pool), from random programs, one to three values changed.
 */
class ShiftryReassignTest {
    private static final ShiftryLadder LADDER = ShiftryLadder.shiftry(ContainerWidths.C);

    @ParameterizedTest
    @ValueSource(strings = {"bonsai-wine-3", "protonn-wine-3", "fastgrnn-cancer-2", "cnn-letter-26"})
    void derivedProgramsAreTheWholeOnes(String fixture) {
        TrainedFixture f = TrainedFixture.load(fixture);
        compare(f.model().program(), f.profile());
    }

    @Test
    void lowBitViewsToo(@TempDir Path dir) throws IOException {
        Path model = Path.of("src/test/resources/fixtures/lowbit/cnn-digits-w2a2");
        Random r = new Random(7);
        double[] rows = new double[20 * 65];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % 65 == 0 ? r.nextInt(10) : r.nextDouble();
        }
        Npy.write(dir.resolve("train.npy"), new NpyArray(new int[] {20, 65}, rows));
        Files.createDirectories(dir);
        TrainedFixture f = TrainedFixture.load(model, dir.resolve("train.npy"));
        compare(f.model().program(), f.profile());
    }

    private static void compare(Program p, Profile profile) {
        Random r = new Random(42);
        List<Value> real = p.values().stream().filter(v -> !v.isInt()).toList();
        var defs = LowBitProducts.defs(p);
        for (int trial = 0; trial < 40; trial++) {
            int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
            for (Value v : real) {
                set(bits, scales, v, r, profile);
            }
            FixedProgram base = ShiftryStrategy.assign(p, profile, bits, scales, LADDER);
            int[] b = bits.clone(), s = scales.clone();
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                set(b, s, real.get(r.nextInt(real.size())), r, profile);
            }
            FixedProgram whole = ShiftryStrategy.assign(p, profile, b, s, LADDER);
            FixedProgram derived = ShiftryStrategy.reassign(p, profile, LADDER, defs, bits, scales, base, b, s);
            assertArrayEquals(whole.types(), derived.types(), "trial " + trial);
            assertEquals(whole.params().keySet(), derived.params().keySet(), "trial " + trial);
            for (var e : whole.params().entrySet()) {
                assertEquals(deep(e.getValue()), deep(derived.params().get(e.getKey())), "trial " + trial);
            }
        }
    }

    /** A record's components, arrays by their elements (a table's are arrays: records compare those by identity). */
    private static Object deep(Object o) {
        if (o instanceof Record r) {
            List<Object> parts = new java.util.ArrayList<>();
            for (var c : r.getClass().getRecordComponents()) {
                try {
                    parts.add(deep(c.getAccessor().invoke(r)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return parts;
        }
        return o != null && o.getClass().isArray() ? java.util.Arrays.deepToString(new Object[] {o}) : o;
    }

    /** v at 8 or 16 bits, at its data-driven scale or up to 2 below. */
    private static void set(int[] bits, int[] scales, Value v, Random r, Profile profile) {
        bits[v.id()] = r.nextBoolean() ? 8 : 16;
        scales[v.id()] = ShiftryStrategy.dataDrivenScale(profile.maxAbs(v), bits[v.id()]) - r.nextInt(3);
    }
}
