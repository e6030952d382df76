package seedc.codegen.c;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import seedc.diag.UserError;
import seedc.ir.FloatModel;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.QuantizedModel;
import seedc.ir.Value;

/**
 * Writes the generated C. Every target gets predict.h (the interface contract) and model.h
 * (constants); x86 adds predict.c, the runtime header, main.c and a Makefile; cortex-m adds
 * predict.c and the runtime header; arduino gets a sketch folder: predict.cpp (runtime inlined, so
 * it includes only avr/pgmspace.h and stdint.h), model.h with every constant in PROGMEM, and
 * {@code <folder>.ino} running the model on one example stored in flash.
 */
public final class CodeWriter {
    private CodeWriter() {}

    /**
     * @param device  the memory budget (null: the target's default, none for x86)
     * @param example one input, already quantized to the input's type, for the Arduino sketch (or null)
     * @param expected what the fixed-point interpreter predicts for it (printed next to the result)
     */
    public record Options(Device device, long[] example, String expected) {
        public static final Options NONE = new Options(null, null, null);
    }

    /** What was written, for the report and the benchmark. */
    public record Written(int constantBytes, int ramBytes, int flashBytes, Device device, RamPlan ram) {
        /** Top-level report.json entries of a device target: ramBytes, flashBytes, memoryPlan, device. */
        public Map<String, Object> reportEntries() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ramBytes", ramBytes);
            m.put("flashBytes", flashBytes);
            if (device != null) {
                m.put("device", Map.of("name", device.name(), "ramBytes", device.ramBytes(),
                        "flashBytes", device.flashBytes()));
            }
            m.put("memoryPlan", ram.toReport());
            return m;
        }
    }

    /** Flash a program takes on a target: its constants (parameters, tables, index maps) and its code, estimated. */
    public record FlashUse(int constantBytes, int codeBytes) {
        public int total() {
            return constantBytes + codeBytes;
        }

        @Override
        public String toString() {
            return "parameters and tables take " + constantBytes + " B and the code about " + codeBytes + " B";
        }
    }

    /** What {@link #write} would put in flash for {@code fp}, without writing anything. */
    public static FlashUse flashUse(CTarget target, FixedProgram fp, FloatModel model) {
        Constants consts = new Constants(fp, new QuantizedModel(fp, model.weights()), "");
        new CEmitter(fp, consts, RamPlan.of(fp, Integer.MAX_VALUE)).body(); // constants are counted as they are used
        return flashUse(target, fp, consts);
    }

    private static FlashUse flashUse(CTarget target, FixedProgram fp, Constants consts) {
        int[] ops = {0};
        fp.program().forEachOp(op -> ops[0]++);
        return new FlashUse(consts.bytes(), target.codeBytesEstimate(ops[0]));
    }

    public static Written write(CTarget target, FixedProgram fp, FloatModel model, Path out) {
        return write(target, fp, model, out, Options.NONE);
    }

    public static Written write(CTarget target, FixedProgram fp, FloatModel model, Path out, Options options) {
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        Constants consts = new Constants(fp, qm, target == CTarget.ARDUINO ? "PROGMEM" : "");
        Device device = options.device() != null ? options.device() : target.defaultDevice();
        Value in = fp.program().input();
        Value result = fp.program().result();
        int inBits = in == null ? 16 : fp.type(in).bits();
        int inScale = in == null ? 0 : fp.type(in).scale();
        int outLen = result.isInt() ? 0 : result.size();
        int otherStatics = 0;
        for (Value v : fp.program().values()) {
            otherStatics += v.isInt() ? 4 : 0;
        }
        otherStatics += outLen * (outLen > 0 ? fp.type(result).bits() / 8 : 0);
        int limit = Integer.MAX_VALUE;
        if (device != null) {
            limit = device.ramBytes() - target.reservedRamBytes() - otherStatics;
            if (limit <= 0) {
                throw new UserError("seedc: error: the model does not fit " + device + ": "
                        + target.reservedRamBytes() + " B are reserved for the stack and the runtime");
            }
        }
        RamPlan ram;
        try {
            ram = RamPlan.of(fp, limit);
        } catch (UserError e) {
            throw new UserError("seedc: error: the model does not fit the RAM of " + device + " ("
                    + target.reservedRamBytes() + " B kept for the stack and runtime, " + otherStatics
                    + " B for scalars and the output): " + e.getMessage());
        }
        CEmitter emitter = new CEmitter(fp, consts, ram);
        String body = emitter.body();
        FlashUse flashUse = flashUse(target, fp, consts);
        int flash = consts.bytes();
        if (device != null && flashUse.total() > device.flashBytes()) {
            throw new UserError("seedc: error: the model does not fit the flash of " + device + ": " + flashUse
                    + (fp.strategy().equals("shiftry") ? " (--fit demotes values to 8 bits until it fits)"
                    : " (--strategy shiftry --fit demotes values to 8 bits until it fits)"));
        }

        StringBuilder h = new StringBuilder();
        h.append("/* Generated by seedc. The interface every target shares. */\n");
        h.append("#ifndef SEEDC_PREDICT_H\n#define SEEDC_PREDICT_H\n#include <stdint.h>\n\n");
        h.append("#define SEEDC_INPUT_LEN ").append(in == null ? 0 : in.size()).append('\n');
        h.append("#define SEEDC_INPUT_BITS ").append(inBits).append('\n');
        h.append("#define SEEDC_INPUT_SCALE ").append(inScale).append('\n');
        h.append("/* Input element i holds round(x[i] * 2^SEEDC_INPUT_SCALE), saturated to the type. */\n");
        h.append("typedef int").append(inBits).append("_t seedc_input_t;\n\n");
        h.append("#define SEEDC_OUTPUT_LEN ").append(outLen).append('\n');
        h.append("#ifdef __cplusplus\nextern \"C\" {\n#endif\n");
        if (outLen > 0) {
            FixedType rt = fp.type(result);
            h.append("#define SEEDC_OUTPUT_SCALE ").append(rt.scale()).append('\n');
            h.append("typedef int").append(rt.bits()).append("_t seedc_output_t;\n");
            h.append("/* The raw output of the last seedc_predict call (value = raw / 2^SEEDC_OUTPUT_SCALE). */\n");
            h.append("extern seedc_output_t seedc_output[SEEDC_OUTPUT_LEN];\n");
        }
        h.append("\n/* Runs the model on one input; returns the predicted label (0 for a tensor-valued model). */\n");
        h.append("int32_t seedc_predict(const seedc_input_t *x);\n");
        h.append("#ifdef __cplusplus\n}\n#endif\n\n#endif\n");

        StringBuilder c = new StringBuilder();
        c.append("/* Generated by seedc: ").append(fp.strategy()).append(" strategy, ").append(fp.bitwidth())
         .append(" bits, maxscale ").append(fp.maxscale()).append(", target ").append(target.id()).append(". */\n");
        if (target == CTarget.ARDUINO) {
            // The IDE builds with -Os, which turns constant shifts into bit-by-bit loops and keeps few values in
            // registers; the model's loops are worth the few hundred bytes -O2 adds.
            c.append("#pragma GCC optimize(\"O2\")\n");
        }
        c.append("#include \"predict.h\"\n");
        if (target == CTarget.ARDUINO) {
            c.append("#include <avr/pgmspace.h>\n");
            c.append("#define SEEDC_PARAM_READ\n");
            c.append("#define SD_R8(a, i) ((int8_t)pgm_read_byte(&(a)[i]))\n");
            c.append("#define SD_R16(a, i) ((int16_t)pgm_read_word(&(a)[i]))\n");
            c.append("#define SD_R32(a, i) ((int32_t)pgm_read_dword(&(a)[i]))\n");
            c.append("/* Sequential flash reads: lpm with post-increment of Z. */\n");
            c.append("#define SD_NEXT8(p) (__extension__({ uint8_t sd_v_; __asm__(\"lpm %0, Z+\" : \"=r\"(sd_v_), \"+z\"(p));"
                    + " (int8_t)sd_v_; }))\n");
            c.append("#define SD_NEXT16(p) (__extension__({ uint16_t sd_v_; __asm__(\"lpm %A0, Z+\\n\\tlpm %B0, Z+\""
                    + " : \"=r\"(sd_v_), \"+z\"(p)); (int16_t)sd_v_; }))\n");
            c.append("#define SD_NEXT32(p) (__extension__({ uint32_t sd_v_; __asm__(\"lpm %A0, Z+\\n\\tlpm %B0, Z+\\n\\t"
                    + "lpm %C0, Z+\\n\\tlpm %D0, Z+\" : \"=r\"(sd_v_), \"+z\"(p)); (int32_t)sd_v_; }))\n");
        }
        if (needsWideIndex(fp)) {
            c.append("#define SEEDC_IDX32\n");
        }
        c.append("\n/* The planned RAM: every temporary at its offset (see memoryPlan in report.json). */\n");
        c.append("static uint8_t sd_mem[").append(Math.max(1, ram.plan().bufferBytes()))
         .append("] __attribute__((aligned(4)));\n");
        if (target == CTarget.ARDUINO) {
            c.append(resource("seedc_runtime.h"));
        } else {
            c.append("#include \"seedc_runtime.h\"\n");
        }
        c.append("#include \"model.h\"\n\n");
        for (Value v : fp.program().values()) {
            if (v.isInt()) {
                c.append("static int32_t ").append(CNames.var(v)).append(";\n");
            }
        }
        if (outLen > 0) {
            c.append("seedc_output_t seedc_output[SEEDC_OUTPUT_LEN];\n");
        }
        c.append('\n').append(emitter.helpers());
        c.append("int32_t seedc_predict(const seedc_input_t *x) {\n");
        if (in == null) {
            c.append("    (void)x;\n");
        }
        c.append(body);
        if (outLen > 0) {
            String src = emitter.inRam(result) ? CNames.var(result) : null;
            c.append("    for (sd_idx k = 0; k < SEEDC_OUTPUT_LEN; k++) seedc_output[k] = ")
             .append(src == null ? "(seedc_output_t)" + emitter.ref(result, "k") : src + "[k]").append(";\n");
            c.append("    return 0;\n");
        } else {
            c.append("    return (int32_t)").append(CNames.var(result)).append(";\n");
        }
        c.append("}\n");

        String modelH = "/* Generated by seedc: quantized parameters, tables and index maps. */\n"
                + "#ifndef SEEDC_MODEL_H\n#define SEEDC_MODEL_H\n#include <stdint.h>\n"
                + (target == CTarget.ARDUINO ? "#include <avr/pgmspace.h>\n" : "") + "\n" + consts.render() + "\n#endif\n";
        try {
            Files.createDirectories(out);
            Files.writeString(out.resolve("predict.h"), h);
            Files.writeString(out.resolve("model.h"), modelH);
            switch (target) {
                case X86 -> {
                    Files.writeString(out.resolve("predict.c"), c);
                    copyResource("seedc_runtime.h", out);
                    copyResource("main.c", out);
                    copyResource("Makefile", out);
                }
                case CORTEX_M -> {
                    Files.writeString(out.resolve("predict.c"), c);
                    copyResource("seedc_runtime.h", out);
                    Files.writeString(out.resolve("Makefile"), resource("Makefile.cortex-m"));
                }
                case ARDUINO -> {
                    Files.writeString(out.resolve("predict.cpp"), c);
                    String sketch = sketchName(out);
                    Files.writeString(out.resolve(sketch + ".ino"), Sketch.ino(sketch, inBits, options));
                }
            }
        } catch (IOException e) {
            throw UserError.inFile(out, "cannot write generated code: " + e.getMessage());
        }
        int ramBytes = ram.plan().bufferBytes();
        return new Written(flash, ramBytes, flash, device, ram);
    }

    /** True when some tensor has 32768 elements or more: loop counters then need 32 bits. */
    static boolean needsWideIndex(FixedProgram fp) {
        return CNames.needsWideIndex(fp.program());
    }

    /** The Arduino IDE wants the sketch named after its folder (letters, digits, '_', '-', '.'). */
    public static String sketchName(Path out) {
        Path f = out.toAbsolutePath().normalize().getFileName();
        String n = f == null ? "" : f.toString().replaceAll("[^A-Za-z0-9_.-]", "_");
        return n.isEmpty() || !Character.isLetterOrDigit(n.charAt(0)) ? "seedc" + n : n;
    }

    static String resource(String name) {
        try (InputStream s = CodeWriter.class.getResourceAsStream("/seedc/codegen/c/" + name)) {
            if (s == null) {
                throw new IllegalStateException("missing resource seedc/codegen/c/" + name);
            }
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void copyResource(String name, Path out) throws IOException {
        Files.writeString(out.resolve(name), resource(name));
    }
}
