package seedc.codegen.c.dialect;

import java.nio.file.Path;
import java.util.Map;
import seedc.backend.Device;
import seedc.codegen.c.writer.RuntimeHeader;
import seedc.codegen.c.writer.Templates;

/** Cortex-M (arm-none-eabi-gcc): plain C, constants const (so in flash), a Makefile building predict.o. */
public final class CortexMDialect extends CDialect {
    public CortexMDialect() {
        super("cortex-m", Device.MKR1000, 1024, 2000, 80);
    }

    @Override
    public Map<String, String> fixedFiles(RenderedC p, SketchExample example, Path dir) {
        return files("predict.h", p.predictH(), "model.h", p.modelH(), "predict.c", p.predictC(),
                "seedc_runtime.h", RuntimeHeader.text(),
                "Makefile", Templates.resource("Makefile.cortex-m"));
    }

    @Override
    public Map<String, String> floatFiles(String predictH, String source) {
        return files("predict.h", predictH, "predict.c", source,
                "Makefile", Templates.resource("Makefile.cortex-m").replace(" model.h seedc_runtime.h", ""));
    }
}
