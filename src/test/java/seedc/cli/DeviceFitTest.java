package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * The Uno's RAM fit on 784-pixel models (issue 42, "Device fit"; fixtures/devicefit, scripts/train/device_fit.py):
 * compile and bench plan the same program in the same bytes, the fit counts the input array predict.h makes the
 * caller hold, and what compile says fits really links and runs in the ATmega328P's 2048 B. The RAM is measured
 * here with avr-size on the ELF bench built (the harness holds the input in RAM, as a sketch must), and simavr's
 * stack high-water mark, not read from seedc's report. The test set is cut to 20 rows to keep the class fast.
 */
class DeviceFitTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures/devicefit").toAbsolutePath();
    private static final Path DATA = FIXTURES.resolve("protonn-fashion784-10");
    private static final int UNO_RAM = 2048;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void ternaryMlpFitsAndLinks(@TempDir Path dir) throws Exception {
        fitsAndLinks("mlp-fashion784-w2a2", dir);
    }

    @Test
    void protonnWithAReshapedInputFitsAndLinks(@TempDir Path dir) throws Exception {
        fitsAndLinks("protonn-fashion784-10", dir);
    }

    private static void fitsAndLinks(String name, Path dir) throws Exception {
        Path model = FIXTURES.resolve(name);
        Path train = DATA.resolve("train.npy"); // all 200 rows: on fewer, shiftry keeps the ProtoNN's X at 16 bits

        Path test = rows(DATA.resolve("test.npy"), 20, dir.resolve("test.npy"));
        String common = model.resolve("input.sd") + " --model " + model + " --train " + train + " --test " + test;
        CliRun compile = CliRun.args(("compile " + common + " --target arduino --device uno --out " + dir.resolve("c"))
                .split(" "));
        assertEquals(0, compile.status(), compile.err());
        CliRun bench = CliRun.args(("bench " + common + " --device uno --examples 2 --no-float --out " + dir.resolve("b"))
                .split(" "));
        assertEquals(0, bench.status(), bench.err()); // 0: the Uno's predictions equal the interpreter's

        // one program, one plan: the same types and the same C
        JsonNode compiled = JSON.readTree(dir.resolve("c/report.json").toFile());
        JsonNode benched = JSON.readTree(dir.resolve("b/report.json").toFile());
        assertEquals(compiled.get("values"), benched.get("values"));
        assertEquals(Files.readString(dir.resolve("c/predict.cpp")), Files.readString(dir.resolve("b/sketch/predict.cpp")));
        JsonNode benchJson = JSON.readTree(dir.resolve("b/bench.json").toFile());
        int buffer = compiled.get("ramBytes").asInt();
        assertEquals(buffer, benchJson.get("plannedRamBytes").asInt());

        // the caller's input array: 784 elements of X's type, counted and said
        int xBits = 0;
        for (JsonNode v : compiled.get("values")) {
            if (v.get("name").asText().equals("X")) {
                xBits = v.get("bitwidth").asInt();
            }
        }
        int input = 784 * (xBits / 8);
        assertEquals(input, compiled.get("memoryPlan").get("callerInputBytes").asInt());
        String text = Files.readString(dir.resolve("c/report.txt"));
        assertTrue(text.contains("a " + buffer + " B RAM buffer\n") && text.contains("RAM fit: the buffer and the caller's "
                + input + " B input array"), text);

        // measured: .data + .bss of the linked firmware and the stack simavr saw, within the Uno's RAM
        long[] dataBss = avrSizeDataBss(dir.resolve("b/fixed/bench_fixed.elf"));
        long statics = dataBss[0] + dataBss[1];
        int stack = benchJson.get("fixed").get("peakStackBytes").asInt();
        assertTrue(statics + stack <= UNO_RAM, statics + " B static + " + stack + " B stack");
        // the promise (buffer + the caller's input) is what the firmware holds, but for a few scalars and the UART's
        assertTrue(buffer + input <= statics && statics <= buffer + input + 32,
                "planned " + buffer + " + input " + input + " against .data + .bss " + statics);
    }

    /**
     * A 900-pixel model whose input (held by the caller) and its copy in the buffer exceed the Uno even at 8 bits
     * (900 + 900 B + the 320 B reserve): compile and bench refuse it alike, naming the bytes. Before issue 42 compile
     * said an 8-bit one fitted (a 904 B buffer) and bench failed in avr-ld.
     */
    @Test
    void aModelOverTheUnoIsRefusedAlikeNamingTheBytes(@TempDir Path dir) throws IOException {
        int n = 900;
        CliRun.wideClassifier(dir, 2, n);
        String common = "{D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy";
        CliRun compile = CliRun.of(dir, "compile " + common + " --target arduino --device uno --out {D}out");
        CliRun bench = CliRun.of(dir, "bench " + common + " --device uno --no-float");
        assertEquals(1, compile.status(), compile.out());
        assertEquals(1, bench.status(), bench.out());
        String message = lastLine(compile.err());
        assertEquals(message, lastLine(bench.err()));
        assertFalse(compile.err().contains("Exception") || bench.err().contains("internal error"), bench.err());
        // the figures add up: what is kept outside the buffer (the caller's array: 1 or 2 B a pixel) and the buffer
        Matcher m = Pattern.compile("(\\d+) B kept for the stack and runtime, (\\d+) B for scalars and the output,"
                + " (\\d+) B for the caller's input array").matcher(message);
        assertTrue(m.find(), message);
        int outside = Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(2));
        int input = Integer.parseInt(m.group(3));
        assertTrue(input == n || input == 2 * n, message);
        Matcher needs = Pattern.compile("model needs (\\d+) bytes of RAM .* but the device has (\\d+)").matcher(message);
        if (needs.find()) { // the buffer holds the input's copy; the device has what the rest leaves
            assertTrue(Integer.parseInt(needs.group(1)) >= input, message);
            assertEquals(UNO_RAM - outside - input, Integer.parseInt(needs.group(2)), message);
        } else { // the reserve, scalars and input alone leave no buffer
            assertTrue(outside + input >= UNO_RAM, message);
        }
    }

    private static String lastLine(String s) {
        String[] lines = s.strip().split("\n");
        return lines[lines.length - 1];
    }

    /** The first {@code n} rows of a data set, written to {@code to}. */
    private static Path rows(Path from, int n, Path to) {
        NpyArray a = Npy.read(from);
        int cols = a.shape()[1];
        Npy.write(to, new NpyArray(new int[] {n, cols}, Arrays.copyOf(a.data(), n * cols)));
        return to;
    }

    /** .data and .bss of an AVR ELF, read from avr-size -A here (not through seedc's ElfSizes). */
    private static long[] avrSizeDataBss(Path elf) throws Exception {
        Process p = new ProcessBuilder(List.of("avr-size", "-A", elf.toString())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        long[] dataBss = new long[2];
        List<String> seen = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 3 && (f[0].equals(".data") || f[0].equals(".bss"))) {
                dataBss[f[0].equals(".data") ? 0 : 1] = Long.parseLong(f[1]);
                seen.add(f[0]);
            }
        }
        assertTrue(seen.contains(".bss"), out);
        return dataBss;
    }
}
