package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42: a training set larger than the Java heap ended in "internal error: OutOfMemoryError". In a JVM of a
 * 32 MB heap, a data set that cannot fit is refused before it is read, and a command that runs out of the heap later
 * ends in a message; both name the bytes, the heap and the options that help, exit 1, no stack trace.
 */
class HeapLimitTest {
    private static final Path FIXTURE = FixtureAccuracyTest.modelDir("protonn-wine-3");

    @TempDir
    Path dir;

    /** A .npy file of float32 zeros of (rows, cols): a header and a sparse file, nothing large written. */
    private Path zeros(String name, int rows, int cols) throws IOException {
        String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + rows + ", " + cols + "), }";
        int headerLength = dict.length() + 1 + (64 - (10 + dict.length() + 1) % 64) % 64;
        byte[] header = (dict + " ".repeat(headerLength - dict.length() - 1) + "\n").getBytes(StandardCharsets.US_ASCII);
        Path f = dir.resolve(name);
        try (RandomAccessFile out = new RandomAccessFile(f.toFile(), "rw")) {
            out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) headerLength,
                    (byte) (headerLength >> 8)});
            out.write(header);
            out.setLength(10 + headerLength + 4L * rows * cols);
        }
        return f;
    }

    /** seedc in a new JVM of a 32 MB heap; its exit status and stderr. */
    private record Ran(int status, String stderr) {}

    private Ran seedc(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m", "-XX:+UseParallelGC",
                // the collector gives up (OutOfMemoryError) after 20% of the time in collections, not after minutes
                "-XX:GCTimeLimit=20", "-XX:GCHeapFreeLimit=40", "-cp", System.getProperty("java.class.path"), "seedc.cli.Main"));
        cmd.addAll(List.of(args));
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "seedc did not finish");
        return new Ran(p.exitValue(), Files.readString(err));
    }

    private static void assertAdvice(Ran ran) {
        assertEquals(1, ran.status(), ran.stderr());
        assertTrue(ran.stderr().contains("SEEDC_HEAP=SIZE") && ran.stderr().contains("or give it fewer rows"),
                ran.stderr());
        assertFalse(ran.stderr().contains("internal error") || ran.stderr().contains("\tat "), ran.stderr());
    }

    @Test
    void dataSetLargerThanTheHeapIsRefusedBeforeItIsRead() throws Exception {
        Path big = zeros("big.npy", 5000, 1000);
        Ran ran = seedc("run", FIXTURE.resolve("input.sd").toString(), "--model", FIXTURE.toString(), "--data",
                big.toString());
        assertAdvice(ran);
        // 5000 rows of two arrays (16-byte headers, 4-byte references) and 1000 doubles, and the two arrays of rows:
        // 5000 * (40 + 8000) + 2 * (16 + 4 * 5000) = 40,240,032 bytes, 38.4 MB, rounded up
        assertTrue(ran.stderr().startsWith(big + ": error: loading its 5000 rows of 1000 values as 8-byte doubles"
                + " takes about 39 MB of memory, and the Java heap holds at most "), ran.stderr());
    }

    @Test
    void csvLargerThanTheHeapIsRefusedBeforeItsRowsAreBuilt() throws Exception {
        Path csv = dir.resolve("big.csv"); // 200,000 rows of 14 zeros: "0,0,...,0\n", 28 bytes each
        Files.writeString(csv, ("0,".repeat(13) + "0\n").repeat(200_000));
        Ran ran = seedc("run", FIXTURE.resolve("input.sd").toString(), "--model", FIXTURE.toString(), "--data",
                csv.toString());
        assertAdvice(ran);
        // 13 commas and a line end a row, plus one: 2,800,001 values; 16 bytes each and the 5,600,000 bytes of text:
        // 50,400,016 bytes, 48.1 MB, rounded up
        assertTrue(ran.stderr().startsWith(csv + ": error: loading its 2800001 values takes about 49 MB of memory,"
                + " and the Java heap holds at most "), ran.stderr());
    }

    @Test
    void heapRunningOutLaterIsAMessage() throws Exception {
        Path train = zeros("train.npy", 130_000, 14); // 20 MB as loaded: it fits, the compile after it does not
        Ran ran = seedc("compile", FIXTURE.resolve("input.sd").toString(), "--model", FIXTURE.toString(), "--train",
                train.toString(), "--test", FIXTURE.resolve("test.npy").toString(), "--out",
                dir.resolve("out").toString(), "--no-progress", "--jobs", "1");
        assertAdvice(ran);
        assertTrue(ran.stderr().contains("seedc: error: out of memory: the command needed more than the "), ran.stderr());
    }
}
