package seedc.codegen.verilog.graph;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The backend's files under {@code /seedc/codegen/verilog/} on the class path: the fitted models planning reads
 * (estimation-models.json, clock-models.json) and the files a design folder copies (sd_arith.vh, the Makefile).
 */
public final class Resources {
    private Resources() {}

    public static String text(String name) throws IOException {
        try (InputStream s = Resources.class.getResourceAsStream("/seedc/codegen/verilog/" + name)) {
            if (s == null) {
                throw new IOException("missing resource " + name);
            }
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
