package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.backend.EmitOptions;
import seedc.backend.WeightStorage;
import seedc.codegen.BitSerialTest.LowBitFixture;
import seedc.codegen.c.CBackend;
import seedc.cost.OpWork;
import seedc.fixed.FlashRowReads;
import seedc.fixed.PackedReads;

/**
 * The fact {@link PackedReads}, under the storage the cost model assumes ({@link PackedReads#autoStorage}: packed for
 * these fixtures, whose parameters lie on grids), against the C the Uno's backend writes with parameters packed: the
 * ops whose code in predict.cpp reads a packed copy (its {@code _pk} indices, through sd_ix1/2/4/8 or a packed
 * stream) are exactly the ops the fact says read one, each with the index bits the C extracts (sd_ixK). The expected
 * ops are written here from the fixtures' C as read by hand (the class scores' bias, selected among literals; at
 * SeeDot's 8 bits the products' weights too, streamed from packed bytes, a read per MAC). The
 * cost model's terms ({@code Kind.packedread.K}) name the same ops and bits. cnn-digits-w2a2's bias, as this
 * compile shifts it, is one value: a literal in the code, no read (and no term).
 */
class PackedReadsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "mlp-digits-w1a1; 8; t9:1 t12:1 score:2",
        "mlp-digits-w2a2i2; 8; t10:2 t13:2 score:2",
        "cnn-digits-w1a1; 16; score:1",
        "cnn-digits-w2a2; 16; ''"})
    void theOpsReadingPackedCopiesAreTheFactsReads(String name, int bits, String expected) throws Exception {
        LowBitFixture f = bits == 16 ? LowBitFixture.compiled(name, CBackend.ARDUINO) : seedot8(name);
        CBackend.ARDUINO.emit(f.fp(), f.model().weights(), EmitOptions.NONE.withStorage(WeightStorage.PACKED), dir);
        String c = Files.readString(dir.resolve("predict.cpp"));
        Set<String> inC = new TreeSet<>();
        SignKernelsTest.sections(c, null).forEach((op, code) -> {
            Matcher ix = Pattern.compile("sd_ix(\\d)\\(p_\\w+_pk").matcher(code);
            if (ix.find()) {
                inC.add(op + ":" + ix.group(1));
            }
            Matcher call = Pattern.compile("(sd_dot\\d+)\\(").matcher(code);
            while (call.find()) {
                String k = packedStreams(c).get(call.group(1));
                if (k != null) {
                    inC.add(op + ":" + k);
                }
            }
        });
        assertEquals(names(expected), inC, name + ": the ops whose C reads a packed copy");

        FlashRowReads.Storage storage = PackedReads.autoStorage(f.fp(), f.model().weights());
        assertTrue(storage.packsParams(), name + ": premise: parameters on grids, packed by the automatic storage");
        // the fact as the cost model reads it: the ops with a packedread term, by the index bits the term names
        // (products on bit planes or by subset sums read their weights through planes and tables: none)
        Set<String> priced = new TreeSet<>();
        for (OpWork.Part part : OpWork.of(f.fp(), f.model().weights(), true)) {
            part.terms().keySet().stream().filter(t -> t.split("\\.")[1].equals("packedread"))
                    .forEach(t -> priced.add(part.label() + ":" + t.split("\\.")[2]));
        }
        assertEquals(inC, priced, name + ": the cost model's packed reads");
        // the fact alone lists those products' weights too, which the cost model leaves out
        PackedReads fact = new PackedReads(f.fp(), storage);
        Set<String> said = new TreeSet<>();
        f.fp().program().forEachOp(o -> fact.of(o).forEach(r -> said.add(o.out().name() + ":" + r.indexBits())));
        assertTrue(said.containsAll(inC), name + ": the fact's packed reads " + said);
    }

    /**
     * The dot functions of predict.cpp that stream a packed copy's indices (DotTerms: {@code pb_b = SD_RU8(p_W1_v0_pk,
     * pb >> 3) >> ((pb & 7) * 1)}, k-bit indices 8 / k a byte), each with its k.
     */
    static java.util.Map<String, String> packedStreams(String c) {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        Matcher f = Pattern.compile("\\n[^\\n]*int\\d+_t (sd_dot\\d+)\\([^\\n]*\\{\\n").matcher(c);
        while (f.find()) {
            int end = c.indexOf("\n}\n", f.end());
            Matcher k = Pattern.compile("_pk, p[ab] >> \\d\\) >> \\(\\(p[ab] & \\d\\) \\* (\\d)\\)")
                    .matcher(c.substring(f.end(), end));
            if (k.find()) {
                out.put(f.group(1), k.group(1));
            }
        }
        return out;
    }

    /** The fixture by SeeDot's strategy at 8 bits: its products read their weights packed (no planes at 8 bits). */
    private static LowBitFixture seedot8(String name) {
        Path m = Path.of("src/test/resources/fixtures/lowbit", name);
        Path data = Fixtures.dir("cnn-digits-10");
        seedc.ir.FloatModel model = seedc.frontend.seedot.SeeDotFrontEnd.load(m.resolve("input.sd"), m);
        seedc.io.DataSet train = seedc.driver.DataInputs.load(model.program(), data.resolve("train.npy"), 1);
        seedc.io.DataSet test = seedc.driver.DataInputs.load(model.program(), data.resolve("test.npy"), 1);
        return new LowBitFixture(model, test, HandModel.compile(model, train, test,
                seedc.fixed.Strategy.SEEDOT, seedc.search.Metric.ACCURACY, CBackend.ARDUINO, 8));
    }

    private static Set<String> names(String s) {
        return s.isBlank() ? Set.of() : new TreeSet<>(java.util.List.of(s.trim().split(" ")));
    }
}
