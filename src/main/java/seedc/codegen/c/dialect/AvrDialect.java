package seedc.codegen.c.dialect;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import seedc.backend.Device;
import seedc.codegen.c.lowbit.LowBitTarget;
import seedc.codegen.c.writer.RuntimeHeader;
import seedc.codegen.c.writer.Templates;

/**
 * Arduino (ATmega328P, the Uno): a sketch folder, or the same code as an Arduino library ({@link Packaging}).
 * Constants live in flash (PROGMEM) and are read with lpm; the runtime, with its AVR assembly dot-product loops, is
 * inlined into predict.cpp so that it includes only avr/pgmspace.h and stdint.h; {@code <folder>.ino} runs the model
 * on one example.
 */
public final class AvrDialect extends CDialect {
    /** How the files are laid out for the Arduino IDE (--package): the code is the same either way. */
    public enum Packaging {
        /** A sketch folder: predict.h, model.h, predict.cpp and {@code <folder>.ino}. */
        SKETCH,
        /** A library: library.properties, src/ (the same three files and a header) and examples/. */
        LIBRARY
    }

    private final Packaging packaging;

    /** A sketch folder. */
    public AvrDialect() {
        this(Packaging.SKETCH);
    }

    /** The Arduino core's serial buffers and timers take about 200 B; seedc_predict's stack is under 100 B. */
    public AvrDialect(Packaging packaging) {
        super("arduino", Device.UNO, 320, 3000, 120);
        this.packaging = packaging;
    }

    @Override
    public String flashAttribute() {
        return "PROGMEM";
    }

    /**
     * The IDE builds with -Os, which turns constant shifts into bit-by-bit loops and keeps few values in
     * registers; the model's loops are worth the few hundred bytes -O2 adds.
     */
    @Override
    public String beforeInterface() {
        return "#pragma GCC optimize(\"O2\")\n";
    }

    /**
     * Every AVR kernel: subset sums read their weights as index bytes (one byte a lookup, the entry's offset in its
     * table: sd_sslut16; the C takes a nibble apart and scales it in about 8 cycles of a 23-cycle lookup), a product
     * of several planes counts all its pairs of planes in one pass (AvrPlanePairs), and the others where they apply.
     */
    @Override
    public LowBitTarget lowBitTarget() {
        return LowBitTarget.of(id(), EnumSet.allOf(LowBitTarget.Kernel.class));
    }

    /** lpm Z+ reads a flash byte and advances the pointer in one instruction; an index costs its arithmetic. */
    @Override
    public boolean readsFlashRowsInOrder() {
        return true;
    }

    /** avr-gcc shifts 32 bits a bit at a time: the class scores' two shifts took 61.5 cycles an element, 37.7 fused. */
    @Override
    public boolean narrowsShiftedProducts() {
        return true;
    }

    /**
     * cnn-digits-10's first convolution (one input channel, 9 taps a channel) took 139,579 cycles with a call a channel
     * and kernel row, 113,599 with one call a pixel (BENCHMARKS.md "A pixel's output channels in one call").
     */
    @Override
    public boolean sumsChannelsInOneCall() {
        return true;
    }

    /**
     * fastgrnn-cancer-2's tanh of a 16-bit sum into 8 bits took 225 cycles an element by the exp lookup and
     * sd_fracdiv16 (BENCHMARKS.md "Activations of 16-bit inputs by their steps").
     */
    @Override
    public boolean searchesActivationSteps() {
        return true;
    }

    /**
     * An 8-bit sub or add sets S to the 9-bit sum's sign: protonn-letter-26's distance took 34.7 cycles an element
     * through a 16-bit sum, 24.5 halved so (BENCHMARKS.md).
     */
    @Override
    public boolean halvesSumsBySignFlag() {
        return true;
    }

    @Override
    public String constantReads() {
        return Templates.resource("avr_reads.h");
    }

    @Override
    public String runtime() {
        return RuntimeHeader.text();
    }

    @Override
    public String modelIncludes() {
        return "#include <avr/pgmspace.h>\n";
    }

    /** Through the AVR's program-memory instructions. */
    @Override
    public String floatConstantReads() {
        return "#include <avr/pgmspace.h>\n#define SD_RF(a, i) pgm_read_float(&(a)[i])\n"
                + "#define SD_RI(a, i) ((int32_t)(int16_t)pgm_read_word(&(a)[i]))\n#define SD_ATTR PROGMEM\n";
    }

    /** A library is renamed rather than refused (see outputFolderNote); a sketch folder must be named as its sketch. */
    @Override
    public String outputFolderProblem(Path out) {
        if (packaging == Packaging.LIBRARY) {
            return null;
        }
        Path name = out.toAbsolutePath().normalize().getFileName();
        String sketch = sketchName(out);
        return name == null || sketch.equals(name.toString()) ? null
                : "is not a valid Arduino sketch name (letters, digits, '_', '-' and '.', starting with a letter or"
                + " digit), and the IDE opens a sketch only from a folder of its name; try --out "
                + out.resolveSibling(sketch);
    }

    @Override
    public String outputFolderNote(Path out) {
        return packaging == Packaging.LIBRARY ? ArduinoLibrary.of(out).note() : null;
    }

    @Override
    public Map<String, String> fixedFiles(RenderedC p, SketchExample example, Path dir) {
        if (packaging == Packaging.LIBRARY) {
            return ArduinoLibrary.files(ArduinoLibrary.of(dir).name(), p, example);
        }
        String sketch = sketchName(dir);
        return files("predict.h", p.predictH(), "model.h", p.modelH(), "predict.cpp", p.predictC(),
                sketch + ".ino", Sketch.ino(sketch, example));
    }

    /** The float baseline is C for measuring (seedc bench), not packaged: the command line refuses the library. */
    @Override
    public Map<String, String> floatFiles(String predictH, String source) {
        if (packaging == Packaging.LIBRARY) {
            throw new IllegalStateException("the float baseline is not written as an Arduino library");
        }
        return files("predict.h", predictH, "predict.cpp", source);
    }

    /** The Arduino IDE wants the sketch named after its folder (letters, digits, '_', '-', '.'). */
    private static String sketchName(String folderName) {
        String n = folderName == null ? "" : folderName.replaceAll("[^A-Za-z0-9_.-]", "_");
        return n.isEmpty() || !Character.isLetterOrDigit(n.charAt(0)) ? "seedc" + n : n;
    }

    /** The sketch name of an output folder. */
    public static String sketchName(Path out) {
        Path f = out.toAbsolutePath().normalize().getFileName();
        return sketchName(f == null ? "" : f.toString());
    }
}
