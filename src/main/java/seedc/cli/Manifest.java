package seedc.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The marker seedc writes in every output folder ({@value #FILE}): seedc's own text, then each file it wrote with
 * its SHA-256. It is how seedc knows an earlier output from a user's folder (not by file names users also use), and
 * how it knows which files in it are the user's: any file it does not list, or whose contents changed since (an
 * edited main.c), is the user's, and a folder holding one is not replaced.
 *
 * @param listed false for a marker of a seedc that kept no list (all it proves is that seedc wrote the folder)
 * @param hashes relative path ('/'-separated) to SHA-256 in hex
 */
record Manifest(boolean listed, Map<String, String> hashes) {
    static final String FILE = ".seedc-output";
    static final String HEADER = "This folder was written by seedc. Writing to it again with seedc replaces it as a"
            + " whole.\n";
    private static final String LIST = "Files seedc wrote (SHA-256, path); any other file, or one changed since, is"
            + " yours, and seedc will not replace the folder while it holds one:\n";

    /**
     * What the Makefiles seedc writes build in the folder (codegen/c/Makefile*: predictor, predict.o;
     * codegen/verilog/Makefile: build/, synth.json).
     */
    private static final Set<String> BUILT = Set.of("predictor", "predict.o", "build", "synth.json");

    /** Writes the marker listing every file now under {@code dir}. */
    static void write(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder(HEADER).append(LIST);
        for (Map.Entry<String, String> e : scan(dir).entrySet()) {
            sb.append(e.getValue()).append("  ").append(e.getKey()).append('\n');
        }
        Files.writeString(dir.resolve(FILE), sb.toString());
    }

    /** The marker in {@code dir}, or null when it has none with seedc's text. */
    static Manifest read(Path dir) {
        String text;
        try {
            text = Files.readString(dir.resolve(FILE));
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        if (text.equals(HEADER)) {
            return new Manifest(false, Map.of());
        }
        if (!text.startsWith(HEADER + LIST)) {
            return null;
        }
        Map<String, String> hashes = new TreeMap<>();
        for (String line : text.substring(HEADER.length() + LIST.length()).split("\n")) {
            int sep = line.indexOf("  ");
            if (sep > 0) {
                hashes.put(line.substring(sep + 2), line.substring(0, sep));
            }
        }
        return new Manifest(true, hashes);
    }

    /**
     * The entries under {@code dir} that are the user's: not listed, changed ("main.c (changed)") or not files.
     * What {@code make} builds from a Makefile seedc wrote (unchanged) is not the user's but seedc's output one step
     * on: refusing it would make every {@code make -C out} block the next compile into {@code out}.
     */
    List<String> userFiles(Path dir) throws IOException {
        List<String> mine = new ArrayList<>();
        Path makefile = dir.resolve("Makefile");
        boolean built = hashes.containsKey("Makefile") && Files.isRegularFile(makefile, LinkOption.NOFOLLOW_LINKS)
                && hashes.get("Makefile").equals(sha256(makefile));
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted().toList()) {
                String rel = relative(dir, p);
                if (rel.isEmpty() || rel.equals(FILE) || built && BUILT.contains(rel.split("/")[0])) {
                    continue;
                }
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    if (hashes.keySet().stream().noneMatch(k -> k.startsWith(rel + "/"))) {
                        mine.add(rel + "/"); // a folder seedc did not make (an empty one; a full one's files are named)
                    }
                } else if (!hashes.containsKey(rel)) {
                    mine.add(rel);
                } else if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || !hashes.get(rel).equals(sha256(p))) {
                    mine.add(rel + " (changed since seedc wrote it)");
                }
            }
        }
        return mine;
    }

    private static Map<String, String> scan(Path dir) throws IOException {
        Map<String, String> hashes = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                String rel = relative(dir, p);
                if (!rel.equals(FILE) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    hashes.put(rel, sha256(p));
                }
            }
        }
        return hashes;
    }

    private static String relative(Path dir, Path p) {
        return dir.relativize(p).toString().replace(dir.getFileSystem().getSeparator(), "/");
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
