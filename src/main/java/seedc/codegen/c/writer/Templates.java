package seedc.codegen.c.writer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fixed texts of the C backends (resources under seedc/codegen/c), with {@code @NAME@} holes filled. */
public final class Templates {
    private static final Pattern HOLE = Pattern.compile("@([A-Z_]+)@");

    private Templates() {}

    /** The resources read so far: they do not change while seedc runs, and the measured tables are read per build. */
    private static final Map<String, String> READ = new java.util.concurrent.ConcurrentHashMap<>();

    public static String resource(String name) {
        return READ.computeIfAbsent(name, Templates::read);
    }

    private static String read(String name) {
        try (InputStream s = Templates.class.getResourceAsStream("/seedc/codegen/c/" + name)) {
            if (s == null) {
                throw new IllegalStateException("missing resource seedc/codegen/c/" + name);
            }
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The rows of a measured table (a tab-separated resource, # comments) for {@code target}, its first field: those
     * with at least {@code fields} fields, split.
     */
    public static java.util.List<String[]> rows(String name, String target, int fields) {
        return resource(name).lines().filter(l -> !l.startsWith("#")).map(l -> l.split("\t"))
                .filter(f -> f.length >= fields && f[0].equals(target)).toList();
    }

    /** The resource with every hole replaced; a hole without a value is a bug in the caller. */
    public static String fill(String name, Map<String, String> values) {
        Matcher m = HOLE.matcher(resource(name));
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            if (v == null) {
                throw new IllegalStateException("template " + name + " has no value for @" + m.group(1) + "@");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        return m.appendTail(sb).toString();
    }
}
