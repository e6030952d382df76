package seedc.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds the test firmware in src/test/resources/bench/ with {@link AvrToolchain}. */
final class Firmware {
    private Firmware() {}

    /** Compiles resource {@code bench/<name>.c} with -D{@code defines} into {@code dir}. */
    static Path build(Path dir, String name, String... defines) {
        Path src = dir.resolve(name + ".c");
        try (InputStream in = Firmware.class.getResourceAsStream("/bench/" + name + ".c")) {
            if (in == null) {
                throw new IllegalStateException("missing test resource bench/" + name + ".c");
            }
            Files.write(src, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> flags = new ArrayList<>();
        for (String d : defines) {
            flags.add("-D" + d);
        }
        String tag = String.join("_", defines).replaceAll("[^A-Za-z0-9_]", "_");
        Path elf = dir.resolve(name + (tag.isEmpty() ? "" : "_" + tag) + ".elf");
        return AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir()),
                flags, elf);
    }
}
