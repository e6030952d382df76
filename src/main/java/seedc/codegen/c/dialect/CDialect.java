package seedc.codegen.c.dialect;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import seedc.backend.Device;
import seedc.codegen.c.lowbit.LowBitTarget;
import seedc.fixed.IdiomCalls;

/**
 * What one C target changes in the shared C generator (TVM's codegen hooks): where constants live and
 * how they are read, what comes before the runtime, which files make up the output, and the device
 * budget. The generator renders the model once; a dialect only adds its lines and chooses the files.
 * A new C-like target (HLS C, another microcontroller) is a small subclass.
 */
public abstract class CDialect {
    private final String id;
    private final Device defaultDevice;
    private final int reservedRamBytes;
    private final int codeBytesFixed;
    private final int codeBytesPerOp;

    /**
     * @param id               the backend's name ({@code --target})
     * @param defaultDevice    the device assumed when none is given (null: none, no budget)
     * @param reservedRamBytes RAM kept out of the planned buffer for the stack and the runtime's own data
     * @param codeBytesFixed   flash taken by the runtime, startup and core whatever the model
     * @param codeBytesPerOp   flash taken by the code of one IR op, estimated
     */
    protected CDialect(String id, Device defaultDevice, int reservedRamBytes, int codeBytesFixed,
                       int codeBytesPerOp) {
        this.id = id;
        this.defaultDevice = defaultDevice;
        this.reservedRamBytes = reservedRamBytes;
        this.codeBytesFixed = codeBytesFixed;
        this.codeBytesPerOp = codeBytesPerOp;
    }

    public final String id() {
        return id;
    }

    public final Device defaultDevice() {
        return defaultDevice;
    }

    public final int reservedRamBytes() {
        return reservedRamBytes;
    }

    /** Flash taken by code: a fixed part (runtime, startup, core) plus a part per IR op. */
    public final int codeBytesEstimate(int ops) {
        return codeBytesFixed + codeBytesPerOp * ops;
    }

    /**
     * What the low-bit products may use on this target: the words its popcounts read (PopcountWords: x86 and Cortex-M
     * have them; the AVR's byte kernel and HLS C read bytes), where its bit axis goes (BitLayouts: measured on x86,
     * Cortex-M and the AVR; HLS C keeps the planes one after another), and no target-specific kernels.
     */
    public LowBitTarget lowBitTarget() {
        return LowBitTarget.of(id, Set.of());
    }

    /** The idioms the generic emitter writes for this target: the five answers below, together. */
    public final IdiomCalls.Flags idioms() {
        return new IdiomCalls.Flags(readsFlashRowsInOrder(), narrowsShiftedProducts(), halvesSumsBySignFlag(),
                sumsChannelsInOneCall(), searchesActivationSteps());
    }

    /**
     * Whether a loop that reads a row of a flash constant at k = 0, 1, ... reads it in order through a pointer instead
     * of by index (an element-wise sum's operand, a sum loop's product added as computed). It pays where reading flash
     * through a post-incremented pointer is one instruction and an index costs its own arithmetic (the AVR's lpm Z+);
     * where a load takes a base and an index register in one instruction (Cortex-M, x86) the pointer's increment is
     * extra: the ONNX MLP of the README's second walkthrough took 36 more Cortex-M0+ cycles with it.
     */
    public boolean readsFlashRowsInOrder() {
        return false;
    }

    /**
     * Whether an 8x16 product shifted twice into an 8-bit sum (ShiftedProducts), or once into an element of 16 or 8
     * bits (OnceShiftedProducts), is written as one runtime call that reads only the bits the result keeps. It pays on the AVR, whose 32-bit shifts take a loop step a bit; on a
     * 32-bit target the two shifts are a few instructions, and the C stays as it was.
     */
    public boolean narrowsShiftedProducts() {
        return false;
    }

    /**
     * Whether an 8-bit sum halved into 8 bits (ProtoNN's distance to a flash row read in order) is written as one
     * runtime call that takes the sum's 9th bit from the sign flag of an 8-bit subtract or add (HalvedSums). It pays on
     * the AVR, where the C's 16-bit sum costs sign extensions and a 2-byte shift; a 32-bit target adds and shifts in
     * one register, and the C stays as it was.
     */
    public boolean halvesSumsBySignFlag() {
        return false;
    }

    /**
     * Whether a convolution's plain sums of 8-bit operands (filter in flash) may take every output channel of a pixel
     * in one call over the whole window or one a run of taps inside (ConvChannelCalls decides which pays). The AVR's
     * sd_avr_dots8_32 saves the cost of a call a channel; elsewhere the C stays as it was.
     */
    public boolean sumsChannelsInOneCall() {
        return false;
    }

    /**
     * Whether a sigmoid or tanh of a 16-bit input into at most 8 bits finds its output by a binary search over the
     * inputs where it steps up (ActivationSteps) instead of an exp lookup and a division. It pays on the AVR, whose
     * division is a loop of shifts and subtracts; elsewhere the C stays as it was.
     */
    public boolean searchesActivationSteps() {
        return false;
    }

    /** What puts a constant array in flash ("PROGMEM" on the AVR, "" where const data is in flash anyway). */
    public String flashAttribute() {
        return "";
    }

    /** Lines before {@code #include "predict.h"} in the fixed predictor's source. */
    public String beforeInterface() {
        return "";
    }

    /** Lines after {@code #include "predict.h"}: how constants are read. */
    public String constantReads() {
        return "";
    }

    /** The runtime: included from its own file, or inlined where the build takes one source file. */
    public String runtime() {
        return "#include \"seedc_runtime.h\"\n";
    }

    /** Includes of model.h beyond stdint.h. */
    public String modelIncludes() {
        return "";
    }

    /** How the float build reads its constants: SD_RF (a float), SD_RI (an int) and SD_ATTR (their arrays'). */
    public String floatConstantReads() {
        return "#define SD_RF(a, i) ((a)[i])\n#define SD_RI(a, i) ((int32_t)(a)[i])\n#define SD_ATTR\n";
    }

    /**
     * The files of a fixed-point build, in writing order, from the rendered parts (predict.h,
     * model.h, the predictor source).
     */
    /** Why {@code out} cannot hold this target's files (see Backend.outputFolderProblem), or null. */
    public String outputFolderProblem(Path out) {
        return null;
    }

    /** What the user should know about how this target names its files after {@code out} (a note), or null. */
    public String outputFolderNote(Path out) {
        return null;
    }

    public abstract Map<String, String> fixedFiles(RenderedC parts, SketchExample example, Path dir);

    /** The files of the float baseline from its interface and source. */
    public abstract Map<String, String> floatFiles(String predictH, String source);

    /** The rendered parts every dialect's file list draws on. */
    public record RenderedC(String predictH, String modelH, String predictC, Map<String, String> design) {}

    /**
     * Per op, the unroll factor an HLS compiler is told for the op's loop over its elements (absent: none), for
     * {@code device} (null: the default).
     */
    public Map<seedc.ir.Op, Integer> unrollFactors(seedc.fixed.FixedProgram fp, Device device) {
        return Map.of();
    }

    /** Why this target cannot write code for {@code device} (null: the default), or null when it can. */
    public String deviceProblem(Device device) {
        return null;
    }

    /** Lines at the start of seedc_predict's body (an HLS tool's interface pragmas). */
    public String predictPragmas(seedc.fixed.FixedProgram fp) {
        return "";
    }

    /** Files beyond the C that describe the build for the target's tools (an HLS project script). */
    public Map<String, String> designFiles(seedc.fixed.FixedProgram fp, Device device) {
        return Map.of();
    }

    /** One quantized input and the interpreter's prediction for it, for a demonstration program. */
    public record SketchExample(long[] values, String expected) {}

    protected static Map<String, String> files(String... nameThenText) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenText.length; i += 2) {
            m.put(nameThenText[i], nameThenText[i + 1]);
        }
        return m;
    }
}
