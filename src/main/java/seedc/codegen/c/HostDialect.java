package seedc.codegen.c;

import java.nio.file.Path;
import java.util.Map;

/** x86 (any host with gcc): predict.c plus main.c and a Makefile building {@code predictor}, which reads CSV on stdin. */
final class HostDialect extends CDialect {
    HostDialect() {
        super("x86", null, 0, 0, 0);
    }

    @Override
    protected Map<String, String> fixedFiles(RenderedC p, SketchExample example, Path dir) {
        return files("predict.h", p.predictH(), "model.h", p.modelH(), "predict.c", p.predictC(),
                "seedc_runtime.h", Templates.resource("seedc_runtime.h"), "main.c", Templates.resource("main.c"),
                "Makefile", Templates.resource("Makefile"));
    }

    @Override
    protected Map<String, String> floatFiles(String predictH, String source) {
        return files("predict.h", predictH, "predict.c", source, "main.c", Templates.resource("main.c"),
                "Makefile", Templates.resource("Makefile"),
                "seedc_runtime.h", "/* not used by the float build */\n",
                "model.h", "/* the float build keeps its constants in predict.c */\n");
    }
}
