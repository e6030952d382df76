package seedc.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import seedc.diag.UserError;

/** Guards user files: an output directory must be new, empty, or an earlier seedc output. */
final class OutputDirectory {
    private OutputDirectory() {}

    static void prepare(Path out) throws IOException {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw UserError.inFile(out, "exists and is not a directory");
        }
        if (Files.isDirectory(out)) {
            boolean empty;
            try (Stream<Path> s = Files.list(out)) {
                empty = s.findAny().isEmpty();
            }
            if (!empty && !Files.exists(out.resolve("report.json"))) {
                throw UserError.inFile(out, "exists and is not empty; give a new directory (seedc never overwrites files it did not write)");
            }
        }
        Files.createDirectories(out);
    }
}
