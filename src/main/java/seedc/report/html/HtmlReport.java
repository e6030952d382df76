package seedc.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import seedc.diag.UserError;

/**
 * Writes report.html: the page template ({@code report.html} in the resources beside this class) with its style, its
 * script, the charting library and the page's data inlined, so that the file opens from disk with no network.
 */
public final class HtmlReport {
    private HtmlReport() {}

    /** Where the build put ECharts' minified script (pom.xml copies it from the WebJar). */
    static final String CHARTING_LIBRARY = "echarts/echarts.min.js";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Writes {@code page} as {@code file}. */
    public static void write(Path file, ReportPage page) {
        try {
            Files.writeString(file, render(page));
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot write: " + e.getMessage());
        }
    }

    /** The page's HTML. */
    public static String render(ReportPage page) {
        String template = resource("report.html");
        // each placeholder replaced once, in the template only: the inlined texts are never searched again
        return fill(template, new String[] {"/*@STYLE@*/", "/*@CHARTING_LIBRARY@*/", "/*@PAGE_SCRIPT@*/", "@DATA@",
                "@TITLE@"}, new String[] {resource("report.css"), resource(CHARTING_LIBRARY), resource("report.js"),
                data(page), escapeHtml(page.heading().title())});
    }

    /** {@code template} with each of {@code keys} (each occurring once) replaced by its value. */
    private static String fill(String template, String[] keys, String[] values) {
        StringBuilder out = new StringBuilder(template.length() + 1_100_000);
        int at = 0;
        while (true) {
            int next = -1, which = -1;
            for (int k = 0; k < keys.length; k++) {
                int i = template.indexOf(keys[k], at);
                if (i >= 0 && (next < 0 || i < next)) {
                    next = i;
                    which = k;
                }
            }
            if (next < 0) {
                return out.append(template, at, template.length()).toString();
            }
            out.append(template, at, next).append(values[which]);
            at = next + keys[which].length();
        }
    }

    /**
     * The page's JSON for a {@code <script type="application/json">} element: '<' written as its JSON escape, so that
     * no value (a name, a verdict) can close the element; JSON has '<' only inside strings, where the escape reads
     * back the same.
     */
    static String data(ReportPage page) {
        try {
            return JSON.writeValueAsString(page).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report.html's data", e);
        }
    }

    private static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A text resource beside this class; its absence is a broken build, not a user's mistake. */
    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("report.html's resource " + name + " is not in the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
