package seedc.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs an external tool with its output sent to files (so a chatty tool can never fill a
 * pipe and stall) and a wall-clock timeout (so a stuck tool can never hang a test run).
 */
final class Proc {
    /** What a finished process left behind; stdout kept as bytes-as-chars (ISO-8859-1). */
    record Result(int exitCode, String stdout, String stderr) {
        String combined() {
            return stderr.isEmpty() ? stdout : stdout.isEmpty() ? stderr : stdout + "\n" + stderr;
        }
    }

    private Proc() {}

    static Result run(List<String> command, long timeoutSeconds) {
        Path out = null, err = null;
        try {
            out = Files.createTempFile("seedc-proc", ".out");
            err = Files.createTempFile("seedc-proc", ".err");
            Process p = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                throw new IllegalStateException("timed out after " + timeoutSeconds + " s: "
                        + String.join(" ", command));
            }
            return new Result(p.exitValue(),
                    Files.readString(out, StandardCharsets.ISO_8859_1),
                    Files.readString(err, StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** The first executable called {@code name} on PATH, or in the usual system dirs. */
    static Path which(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(java.io.File.pathSeparator)));
        }
        dirs.addAll(List.of("/usr/local/bin", "/usr/bin", "/bin"));
        for (String d : dirs) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static void deleteQuietly(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // a leftover temp file is harmless
            }
        }
    }
}
