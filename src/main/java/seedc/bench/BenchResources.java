package seedc.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The C files shipped in src/main/resources/seedc/bench/, copied out to a cache dir under the
 * system temp dir. Dirs are named by a hash of their content, so an edited resource never
 * meets a stale copy, and files appear by atomic rename, so concurrent JVMs never see half
 * a file.
 */
public final class BenchResources {
    static final String RUNNER_SOURCE = "simavr_runner.c";
    static final String BENCH_HEADER = "seedc_bench.h";

    private BenchResources() {}

    /** A dir holding seedc_bench.h (markers, exit, UART helpers) for firmware to include. */
    public static Path includeDir() {
        return dir(BENCH_HEADER);
    }

    /** A dir holding the resources {@code names} (of seedc/bench/), named by a hash of their contents. */
    static Path dir(String... names) {
        byte[][] contents = new byte[names.length * 2][];
        for (int i = 0; i < names.length; i++) {
            contents[2 * i] = names[i].getBytes();
            contents[2 * i + 1] = read(names[i]);
        }
        Path dir = cacheDir("include-" + sha256(contents).substring(0, 16));
        for (int i = 0; i < names.length; i++) {
            writeAtomically(dir.resolve(names[i]), contents[2 * i + 1]);
        }
        return dir;
    }

    static byte[] read(String name) {
        try (InputStream in = BenchResources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource seedc/bench/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String sha256(byte[]... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (byte[] p : parts) {
                md.update(p);
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code <tmpdir>/seedc-bench-<user>/<name>}, created if needed. */
    static Path cacheDir(String name) {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_.-]", "_");
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "seedc-bench-" + user, name);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create cache dir " + dir, e);
        }
        return dir;
    }

    static void writeAtomically(Path target, byte[] content) {
        try {
            if (Files.isRegularFile(target) && Files.size(target) == content.length) {
                return;
            }
            Path tmp = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp");
            Files.write(tmp, content);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }
}
