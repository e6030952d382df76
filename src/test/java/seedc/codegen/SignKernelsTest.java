package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.backend.EmitOptions;
import seedc.codegen.BitSerialTest.LowBitFixture;
import seedc.codegen.c.CBackend;
import seedc.fixed.FlashRowReads;
import seedc.fixed.QuantizedModel;
import seedc.fixed.SignKernels;
import seedc.ir.Op;

/**
 * The fact {@link SignKernels} as the cost model reads it ({@link SignKernels#priced}) against the C the Uno's backend
 * writes: in each product's place in predict.cpp, the products that store into another value's bytes are exactly
 * the fact's writers of packed signs (with that value, the sign), the products whose plane is read straight from a
 * value's bytes ({@code sd_a} or {@code sd_px} set to it) exactly its readers, those calling a pair rows kernel
 * that compares (sd_pairrows_cmp...) exactly the ones it says count level numbers, and those calling the level tables'
 * kernel that compares (sd_ltrows_cmp...) exactly the ones it says count them in tables, and the max poolings that OR
 * packed signs' bytes exactly the ones it says pool a writer's signs. The expected sets are
 * written here from the fixtures' C as read by hand, so that a fixture where neither kernel runs would fail too.
 */
class SignKernelsTest {
    @TempDir
    Path dir;

    private static final Pattern SECTION = Pattern.compile("\\n {4}/\\* (\\w+) = (\\w+)\\([^\\n]*\\) \\*/");

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "mlp-digits-w1a1i1; t10>H1; t13; ''; ''; ''",
        "cnn-digits-w1a1i1; t12>t11 t16>t15; t16 t19; ''; ''; C1 C2",
        "cnn-digits-w2a2i2; ''; ''; t16; ''; ''",
        "mlp-digits-w2a2i2; ''; ''; ''; t10; ''",
        "mlp-digits-w3a2i2; ''; ''; ''; t10; ''",
        "mlp-digits-w2a2; ''; ''; ''; ''; ''"})
    void theKernelsRunWhereTheFactSays(String name, String writers, String readers, String counters,
                                       String tableCounters, String pools) throws Exception {
        LowBitFixture f = LowBitFixture.compiled(name, CBackend.ARDUINO);
        CBackend.ARDUINO.emit(f.fp(), f.model().weights(), EmitOptions.NONE, dir);
        String c = Files.readString(dir.resolve("predict.cpp"));
        Map<String, String> writtenInC = new TreeMap<>();
        Set<String> readInC = new TreeSet<>(), countedInC = new TreeSet<>(), tabledInC = new TreeSet<>();
        Map<String, String> sections = sections(c, Set.of(Op.MatMul.class.getSimpleName(), "Conv2d"));
        sections.forEach((product, code) -> {
            if (code.contains("sd_ltrows_cmp")) {
                tabledInC.add(product);
            }
            // the level tables' call stores levels into the quantize's bytes too: not packed signs
            Matcher stores = Pattern.compile("\\(uint8_t \\*\\)v_(\\w+)")
                    .matcher(code.replaceAll("sd_ltrows_cmp[^;]*;", ""));
            if (stores.find()) {
                writtenInC.put(product, stores.group(1));
            }
            if (code.contains("*sd_a = (const uint8_t *)v_") || code.contains("*sd_px = (const uint8_t *)v_")) {
                readInC.add(product);
            }
            if (code.contains("sd_pairrows_cmp")) {
                countedInC.add(product);
            }
        });
        assertEquals(pairs(writers), writtenInC, name + ": the C's writers");
        assertEquals(names(readers), readInC, name + ": the C's readers");
        assertEquals(names(counters), countedInC, name + ": the C's counters");
        assertEquals(names(tableCounters), tabledInC, name + ": the C's counters in level tables");
        Set<String> pooledInC = new TreeSet<>();
        sections(c, Set.of("Maxpool")).forEach((pool, code) -> {
            if (code.contains("the OR of each window's packed signs")) {
                pooledInC.add(pool);
            }
        });
        assertEquals(names(pools), pooledInC, name + ": the C's poolings of packed signs");

        SignKernels fact = SignKernels.priced(f.fp(), new QuantizedModel(f.fp(), f.model().weights()),
                FlashRowReads.inFlash(f.fp().program()));
        Map<String, String> written = new TreeMap<>();
        Set<String> read = new TreeSet<>(), counted = new TreeSet<>(), tabled = new TreeSet<>();
        Set<String> pooled = new TreeSet<>();
        f.fp().program().forEachOp(op -> {
            if (fact.writtenBy(op) != null) {
                written.put(op.out().name(), fact.writtenBy(op).signs().name());
            }
            if (fact.readBy(op) != null) {
                read.add(op.out().name());
            }
            if (fact.counts(op) != null) {
                counted.add(op.out().name());
            }
            if (fact.tableCounts(op) != null) {
                tabled.add(op.out().name());
            }
            if (fact.pooledBy(op) != null) {
                pooled.add(op.out().name());
            }
        });
        assertEquals(writtenInC, written, name + ": the fact's writers");
        assertEquals(readInC, read, name + ": the fact's readers");
        assertEquals(countedInC, counted, name + ": the fact's counters");
        assertEquals(tabledInC, tabled, name + ": the fact's counters in level tables");
        assertEquals(pooledInC, pooled, name + ": the fact's poolings of packed signs");
        // and the cost model's terms: a pooling of packed signs has every term under its units (SignWork)
        Set<String> pooledTerms = new TreeSet<>();
        seedc.cost.OpWork.of(f.fp(), f.model().weights(), false).stream()
                .filter(p -> p.kind().equals("Maxpool") && p.terms().keySet().stream()
                        .allMatch(t -> t.startsWith("Maxpool.signpool")))
                .forEach(p -> pooledTerms.add(p.label()));
        assertEquals(pooledInC, pooledTerms, name + ": the poolings priced as of packed signs");
    }

    /** The code in predict.cpp of each op of the {@code kinds} (null: every kind), from its comment to the next op's. */
    static Map<String, String> sections(String c, Set<String> kinds) {
        Map<String, String> out = new TreeMap<>();
        Matcher m = SECTION.matcher(c);
        int start = -1;
        String name = null;
        while (true) {
            boolean found = m.find();
            if (name != null) {
                out.put(name, c.substring(start, found ? m.start() : c.length()));
            }
            if (!found) {
                return out;
            }
            name = kinds == null || kinds.contains(m.group(2)) ? m.group(1) : null;
            start = m.end();
        }
    }

    private static Map<String, String> pairs(String s) {
        Map<String, String> m = new TreeMap<>();
        for (String p : s.isBlank() ? new String[0] : s.trim().split(" ")) {
            m.put(p.split(">")[0], p.split(">")[1]);
        }
        return m;
    }

    private static Set<String> names(String s) {
        return s.isBlank() ? Set.of() : new TreeSet<>(java.util.List.of(s.trim().split(" ")));
    }
}
