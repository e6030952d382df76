package seedc.codegen.c;

import java.nio.file.Path;
import java.util.Map;
import seedc.backend.Device;

/** Cortex-M (arm-none-eabi-gcc): plain C, constants const (so in flash), a Makefile building predict.o. */
final class CortexMDialect extends CDialect {
    CortexMDialect() {
        super("cortex-m", Device.MKR1000, 1024, 2000, 80);
    }

    @Override
    protected Map<String, String> fixedFiles(RenderedC p, SketchExample example, Path dir) {
        return files("predict.h", p.predictH(), "model.h", p.modelH(), "predict.c", p.predictC(),
                "seedc_runtime.h", Templates.resource("seedc_runtime.h"),
                "Makefile", Templates.resource("Makefile.cortex-m"));
    }

    @Override
    protected Map<String, String> floatFiles(String predictH, String source) {
        return files("predict.h", predictH, "predict.c", source,
                "Makefile", Templates.resource("Makefile.cortex-m").replace(" model.h seedc_runtime.h", ""));
    }
}
