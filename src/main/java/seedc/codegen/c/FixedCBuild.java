package seedc.codegen.c;

import java.util.Map;
import seedc.backend.BitLayout;
import seedc.backend.Device;
import seedc.backend.RamFit;
import seedc.backend.WeightStorage;
import seedc.codegen.c.dialect.CDialect;
import seedc.codegen.c.emit.CEmitter;
import seedc.codegen.c.emit.RamPlan;
import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.Templates;
import seedc.diag.TooLarge;
import seedc.diag.UserError;
import seedc.fixed.Cost;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.FlashRowReads;
import seedc.fixed.QuantizedModel;
import seedc.fixed.SubsetTableRoom;
import seedc.ir.Value;
import seedc.memory.Migration;

/**
 * The fixed-point C of one program for one dialect, in two steps: {@link #plan} quantizes the
 * constants, plans the RAM within the device and checks the flash; {@link #render} produces the texts
 * (predict.h, model.h, the predictor source) that the dialect arranges into files.
 */
final class FixedCBuild {
    private final CDialect dialect;
    private final FixedProgram fp;
    private final Constants consts;
    private final RamPlan ram;
    private final Device device;
    private final CEmitter emitter;
    private final BitSerial bitSerial;

    private FixedCBuild(CDialect dialect, FixedProgram fp, Constants consts, RamPlan ram, Device device,
                        Thresholds fused, BitSerial bitSerial) {
        this.dialect = dialect;
        this.fp = fp;
        this.consts = consts;
        this.ram = ram;
        this.device = device;
        this.bitSerial = bitSerial;
        this.emitter = new CEmitter(fp, consts, ram, dialect.unrollFactors(fp, device), dialect.predictPragmas(fp),
                fused, bitSerial, dialect.idioms());
        emitter.emitBody(); // constants are counted as the emitter uses them
    }

    /** Flash a program takes: its constants (parameters, tables, index maps) and its code, estimated. */
    record FlashUse(int constantBytes, int codeBytes) {
        int total() {
            return constantBytes + codeBytes;
        }

        @Override
        public String toString() {
            return "parameters and tables take " + constantBytes + " B and the code about " + codeBytes + " B";
        }
    }

    /** What the program takes with its parameters stored so, planned without a RAM limit: the search's budgets read this. */
    static Cost cost(CDialect dialect, FixedProgram fp, Map<String, double[]> weights, WeightStorage storage) {
        CBackend.WIDTHS.require(fp); // the C below reads a value's bits as its C type
        QuantizedModel qm = new QuantizedModel(fp, weights);
        Constants consts = new Constants(fp, qm, "", storage);
        Thresholds fused = Thresholds.of(fp, qm);
        BitSerial bits = BitSerial.of(fp, qm, FlashRowReads.inFlash(fp.program()), true, dialect.lowBitTarget(),
                fused);
        FixedCBuild b = new FixedCBuild(dialect, fp, consts, unlimitedRam(dialect, fp, fused, bits), null, fused, bits);
        FlashUse use = b.flashUse();
        return new Cost(Map.of(Cost.Resource.FLASH_BYTES, (long) use.total(),
                Cost.Resource.RAM_BYTES, (long) b.ram.plan().bufferBytes()), use.toString());
    }

    /**
     * What {@code fp}'s RAM plan on {@code device} says, its kernels made once (dense parameters, as the search's
     * plans): the bytes by which the buffer planned with no limit exceeds what the device leaves it after the stack's
     * and runtime's reserve and the other statics; the products whose subset-sum tables the plan leaves out
     * ({@link #fitTables}, as {@link #plan} builds it: the RAM plan does not read the storage); and, where
     * {@code moves}, the bytes the plan with the tables the C keeps moves in one inference (sd_move, a byte loop the
     * cycle model prices; its moves all between top-level ops, so each runs once), 0 where it does not fit.
     * The overflow is 0 too where the C fits by giving up tables whose loss the cost model prices (level tables, whose
     * products it prices on popcount planes; subset sums given up) and halving none
     * ({@link BitSerial#keepsTablesWhole}); else it is counted with every table whole: a halved table the model prices
     * whole, and counting the C's halved tables made the search choose onnx/lstm2-digits-10's program 23% slower on
     * the Uno (BENCHMARKS.md, branches subsetpk52 and ramfit54).
     */
    static RamFit ramFit(CDialect dialect, FixedProgram fp, Map<String, double[]> weights, Device device,
                         boolean moves) {
        if (device == null) {
            return RamFit.FITS; // nothing limits the RAM
        }
        Kernels k = Kernels.of(dialect, fp, weights);
        boolean tables = k.bits().hasTables();
        Fitted fitted = tables ? fitTables(dialect, fp, device, k.fused(), k.bits()) : null;
        long over = fitted != null && fitted.ram() != null && fitted.bits().keepsTablesWhole(k.bits()) ? 0
                : overWithEveryTable(dialect, fp, device, k);
        SubsetTableRoom room = tables ? fitted.bits().tableRoom() : SubsetTableRoom.NONE;
        long moved = 0;
        if (moves && over == 0) {
            RamPlan ram = (fitted != null ? fitted : fitTables(dialect, fp, device, k.fused(), k.bits())).ram();
            moved = ram == null ? 0 : ram.plan().migrations().stream().mapToLong(Migration::sizeBytes).sum();
        }
        return new RamFit(over, room, moved);
    }

    /** The bytes the buffer planned with no limit and every table whole exceeds what the device leaves it (0: fits). */
    private static long overWithEveryTable(CDialect dialect, FixedProgram fp, Device device, Kernels k) {
        int pages = k.bits().levelTablePages();
        long left = (long) device.ramBytes() - dialect.reservedRamBytes() - staticBytes(fp) - callerInputBytes(fp)
                - (pages == 0 ? 0 : 256L * pages + 255);
        return Math.max(0, unlimitedRam(dialect, fp, k.fused(), k.bits()).plan().bufferBytes() - left);
    }

    /** The fused thresholds and bit-plane products a RAM plan reads (dense parameters, as the search's plans). */
    private record Kernels(Thresholds fused, BitSerial bits) {
        static Kernels of(CDialect dialect, FixedProgram fp, Map<String, double[]> weights) {
            QuantizedModel qm = new QuantizedModel(fp, weights);
            Thresholds fused = Thresholds.of(fp, qm);
            return new Kernels(fused, BitSerial.of(fp, qm, FlashRowReads.inFlash(fp.program()), true,
                    dialect.lowBitTarget(), fused));
        }
    }

    /**
     * Plans the build on {@code device} (null: no limit), its parameters stored as {@code storage} says, its products
     * on packed bits with the bit axis where {@code layout} says.
     *
     * @throws UserError when the model's RAM or flash does not fit the device, saying what takes what
     */
    static FixedCBuild plan(CDialect dialect, FixedProgram fp, Map<String, double[]> weights, Device device,
                            WeightStorage storage, boolean bitSerial, BitLayout layout) {
        CBackend.WIDTHS.require(fp); // the C below reads a value's bits as its C type
        QuantizedModel qm = new QuantizedModel(fp, weights);
        Constants consts = new Constants(fp, qm, dialect.flashAttribute(), storage);
        Thresholds fused = Thresholds.of(fp, qm);
        BitSerial bits = BitSerial.of(fp, qm, FlashRowReads.inFlash(fp.program()), bitSerial,
                dialect.lowBitTarget().forcing(layout), fused);
        Fitted fitted = fitTables(dialect, fp, device, fused, bits);
        if (fitted.ram() == null) {
            throw fitted.error();
        }
        bits = fitted.bits();
        if (bitSerial) { // the products it writes by subset sums are the fact's, which the cost model prices
            bits.requireSubsetFact(fp, qm, FlashRowReads.inFlash(fp.program()));
        }
        FixedCBuild b = new FixedCBuild(dialect, fp, consts, fitted.ram(), device, fused, bits);
        FlashUse use = b.flashUse();
        if (device != null && use.total() > device.flashBytes()) {
            long over = use.total() - device.flashBytes();
            throw new TooLarge("the model does not fit the flash of " + device + ": " + use + ", " + over + " B over",
                    fp.shortfall(TooLarge.Kind.FLASH, over, device.flashBytes(), use.constantBytes()));
        }
        return b;
    }

    /**
     * The kernels as the device's RAM leaves them and their plan, or (ram null) the kernels with every table given up
     * and why even they do not fit.
     */
    private record Fitted(BitSerial bits, RamPlan ram, UserError error) {}

    /**
     * Subset sums and level tables trade RAM (a table per activation vector, static pages) for time: the plan with
     * every table, else with smaller tables, then fewer ({@link BitSerial#withSmallerTables}), until one fits.
     */
    private static Fitted fitTables(CDialect dialect, FixedProgram fp, Device device, Thresholds fused,
                                    BitSerial bits) {
        for (BitSerial tried = bits; ; ) {
            try {
                return new Fitted(tried, planRam(dialect, fp, device, fused, tried), null);
            } catch (UserError e) {
                BitSerial smaller = tried.withSmallerTables("its tables do not fit the RAM of " + device);
                if (smaller == null) {
                    return new Fitted(tried, null, e);
                }
                tried = smaller;
            }
        }
    }

    /** The RAM plan with no limit, the target's idioms' scratch included. */
    private static RamPlan unlimitedRam(CDialect dialect, FixedProgram fp, Thresholds fused, BitSerial bits) {
        return RamPlan.of(fp, Integer.MAX_VALUE, fused, bits, dialect.idioms());
    }

    private static RamPlan planRam(CDialect dialect, FixedProgram fp, Device device, Thresholds fused,
                                   BitSerial bits) {
        // the level tables' pages, and at most 255 B of padding before them (page-aligned)
        int pages = bits.levelTablePages();
        int otherStatics = staticBytes(fp) + (pages == 0 ? 0 : 256 * pages + 255);
        int input = callerInputBytes(fp);
        int limit = Integer.MAX_VALUE;
        String kept = "";
        if (device != null) {
            limit = device.ramBytes() - dialect.reservedRamBytes() - otherStatics - input;
            kept = dialect.reservedRamBytes() + " B kept for the stack and runtime, " + otherStatics
                    + " B for scalars and the output" + (pages == 0 ? "" : " and the level tables") + ", " + input
                    + " B for the caller's input array (predict.h: seedc_predict reads x from RAM)";
            if (limit <= 0) {
                long over = unlimitedRam(dialect, fp, fused, bits).plan().bufferBytes() - limit;
                throw new TooLarge("the model does not fit the RAM of " + device + ": " + kept + " leave "
                        + Math.max(0, limit) + " B for the model's buffer, " + over + " B over",
                        fp.shortfall(TooLarge.Kind.RAM, over, device.ramBytes(), fp.paramBytes()));
            }
        }
        try {
            return RamPlan.of(fp, limit, fused, bits, dialect.idioms());
        } catch (UserError e) {
            long over = unlimitedRam(dialect, fp, fused, bits).plan().bufferBytes() - limit;
            throw new TooLarge("the model does not fit the RAM of " + device + " (" + kept + "): "
                    + e.getMessage() + ", " + over + " B over",
                    fp.shortfall(TooLarge.Kind.RAM, over, device.ramBytes(), fp.paramBytes()));
        }
    }

    /**
     * RAM outside the planned buffer: int scalars and the output array. The sum loops' counters are seedc_predict's
     * locals (CEmitter.localInts), on the stack or in registers; their four bytes each are counted here all the same,
     * so that they never take from what the device keeps for the stack.
     */
    private static int staticBytes(FixedProgram fp) {
        int bytes = 0;
        for (Value v : fp.program().values()) {
            bytes += v.isInt() ? 4 : 0;
        }
        Value result = fp.program().result();
        int outLen = result.isInt() ? 0 : result.size();
        return bytes + outLen * (outLen > 0 ? fp.type(result).bits() / 8 : 0);
    }

    /**
     * The input array predict.h makes the caller hold: seedc_predict reads {@code x} with ordinary loads, so on the
     * AVR (a Harvard machine) it must be in RAM beside the planned buffer, and the RAM fit counts it.
     */
    static int callerInputBytes(FixedProgram fp) {
        Value in = fp.program().input();
        return in == null ? 0 : in.size() * Math.max(1, fp.type(in).bits() / 8);
    }

    FlashUse flashUse() {
        int[] ops = {0};
        fp.program().forEachOp(op -> ops[0]++);
        return new FlashUse(consts.bytes(), dialect.codeBytesEstimate(ops[0]));
    }

    /** Every low-bit product and the kernel it got (report.json memoryPlan's {@code lowBitProducts}). */
    java.util.List<seedc.backend.CBuildReport.LowBitProduct> lowBitProducts() {
        return bitSerial.report();
    }

    RamPlan ram() {
        return ram;
    }

    /** Bytes of the parameters stored packed (tables and indices; 0 when dense), of the constants' bytes. */
    long packedParamBytes() {
        return consts.packedParamBytes();
    }

    Device device() {
        return device;
    }

    private int inputBits() {
        Value in = fp.program().input();
        return in == null ? 16 : fp.type(in).bits();
    }

    CDialect.RenderedC render() {
        // The predictor first: its output copy may be the first use of a constant (a result that is an
        // Index view of a parameter), and model.h holds only the constants used.
        String predictC = predictC();
        String modelH = "/* Generated by seedc: quantized parameters, tables and index maps. */\n"
                + "#ifndef SEEDC_MODEL_H\n#define SEEDC_MODEL_H\n#include <stdint.h>\n"
                + dialect.modelIncludes() + "\n" + consts.render() + "\n#endif\n";
        return new CDialect.RenderedC(predictH(), modelH, predictC, dialect.designFiles(fp, device));
    }

    private String predictH() {
        Value in = fp.program().input();
        Value result = fp.program().result();
        int outLen = result.isInt() ? 0 : result.size();
        String output = "";
        if (outLen > 0) {
            FixedType rt = fp.type(result);
            output = Templates.fill("predict-output.h", Map.of("OUTPUT_SCALE", String.valueOf(rt.scale()),
                    "OUTPUT_BITS", String.valueOf(rt.bits())));
        }
        return Templates.fill("predict.h", Map.of("INPUT_LEN", String.valueOf(in == null ? 0 : in.size()),
                "INPUT_BITS", String.valueOf(inputBits()),
                "INPUT_SCALE", String.valueOf(in == null ? 0 : fp.type(in).scale()),
                "INPUT_SHIFTS", inputShifts(), "OUTPUT_LEN", String.valueOf(outLen), "OUTPUT", output));
    }

    /** The input shifts' definition for predict.h, or nothing when the program reads its input unshifted. */
    private String inputShifts() {
        if (!fp.program().shiftsInput()) {
            return "";
        }
        return "/* seedc scaled the input per feature (the features' magnitudes differ widely): element i holds\n"
                + "   round(x[i] * 2^(SEEDC_INPUT_SCALE + s[i])) with s = SEEDC_INPUT_SHIFTS, saturated to the type. */\n"
                + "#define SEEDC_INPUT_SHIFTS " + java.util.Arrays.toString(fp.program().inputShifts())
                        .replace('[', '{').replace(']', '}') + "\n";
    }

    private String predictC() {
        StringBuilder c = new StringBuilder();
        c.append("/* Generated by seedc: ").append(fp.origin()).append(", target ").append(dialect.id()).append(". */\n");
        c.append(dialect.beforeInterface());
        c.append("#include \"predict.h\"\n");
        c.append(dialect.constantReads());
        if (CNames.needsWideIndex(fp.program())) {
            c.append("#define SEEDC_IDX32\n");
        }
        c.append("\n/* The planned RAM: every temporary at its offset (see memoryPlan in report.json). */\n");
        c.append(emitter.buffer());
        c.append(dialect.runtime());
        c.append("#include \"model.h\"\n\n");
        c.append(emitter.intStatics(fp.program()));
        if (!fp.program().result().isInt()) {
            c.append("seedc_output_t seedc_output[SEEDC_OUTPUT_LEN];\n");
        }
        c.append('\n').append(emitter.helpers());
        return c.append(emitter.predict()).toString();
    }
}
