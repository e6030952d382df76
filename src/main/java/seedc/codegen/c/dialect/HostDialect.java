package seedc.codegen.c.dialect;

import java.nio.file.Path;
import java.util.Map;
import seedc.codegen.c.writer.RuntimeHeader;
import seedc.codegen.c.writer.Templates;

/** x86 (any host with gcc): predict.c plus main.c and a Makefile building {@code predictor}, which reads CSV on stdin. */
public final class HostDialect extends CDialect {
    public HostDialect() {
        super("x86", null, 0, 0, 0);
    }

    @Override
    public Map<String, String> fixedFiles(RenderedC p, SketchExample example, Path dir) {
        return files("predict.h", p.predictH(), "model.h", p.modelH(), "predict.c", p.predictC(),
                "seedc_runtime.h", RuntimeHeader.text(), "main.c", Templates.resource("main.c"),
                "Makefile", Templates.resource("Makefile"));
    }

    @Override
    public Map<String, String> floatFiles(String predictH, String source) {
        return floatFiles(predictH, source, "Makefile");
    }

    /** The float build for a host: predict.c with its constants, main.c and the Makefile template {@code makefile}. */
    static Map<String, String> floatFiles(String predictH, String source, String makefile) {
        return files("predict.h", predictH, "predict.c", source, "main.c", Templates.resource("main.c"),
                "Makefile", Templates.resource(makefile),
                "seedc_runtime.h", "/* not used by the float build */\n",
                "model.h", "/* the float build keeps its constants in predict.c */\n");
    }
}
