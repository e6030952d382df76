package seedc.oracle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A finished process: its status and output, each stream sent to a file so that a long answer cannot stall it. */
record Proc(int status, String out, String err) {
    static Proc run(Path dir, String... command) throws IOException, InterruptedException {
        return start(dir, command).await();
    }

    /** A process started and not waited for: the oracle runs on some programs while the test prepares the rest. */
    record Running(Process process, Path out, Path err) {
        Proc await() throws IOException, InterruptedException {
            try {
                int status = process.waitFor();
                return new Proc(status, Files.readString(out), Files.readString(err));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        }
    }

    static Running start(Path dir, String... command) throws IOException {
        Path out = Files.createTempFile("oracle", ".out"), err = Files.createTempFile("oracle", ".err");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        return new Running(p, out, err);
    }
}
