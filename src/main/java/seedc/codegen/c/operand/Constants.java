package seedc.codegen.c.operand;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.backend.WeightStorage;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Everything constant the generated code reads: quantized parameters (dense, or SeeDot's sparse
 * val/idx lists), literals, exp tables and index maps. Emitted on first use into model.h, in flash
 * (PROGMEM) on the AVR. Counts the bytes it emits.
 */
public final class Constants {
    private final FixedProgram fp;
    private final QuantizedModel qm;
    private final Map<Value, String> names = new IdentityHashMap<>();
    private final Map<Value, long[]> pending = new IdentityHashMap<>();
    private final Map<Value, String[]> sparse = new IdentityHashMap<>();
    private final Map<String, String> maps = new HashMap<>();
    private final Map<String, Variant> variants = new HashMap<>();
    private final Map<ExpTable, String[]> tables = new IdentityHashMap<>();
    private final Map<String, String> emitted = new LinkedHashMap<>();
    private final String flashAttribute;
    private final boolean packParams;
    private FlashRowReads packing; // which copies of parameters are packed (the fact), made on first use
    private int bytes;
    private long packedParamBytes;
    private int counter;

    /**
     * @param flashAttribute what puts a constant array in flash ("PROGMEM" on AVR, "" elsewhere)
     * @param storage how parameters are stored: packed where that is smaller, or dense
     */
    public Constants(FixedProgram fp, QuantizedModel qm, String flashAttribute, WeightStorage storage) {
        this.fp = fp;
        this.qm = qm;
        this.flashAttribute = flashAttribute;
        this.packParams = storage == WeightStorage.PACKED;
    }

    /** How this program's parameters are stored, as {@link FlashRowReads} reads it. */
    public FlashRowReads.Storage storage() {
        return new FlashRowReads.Storage(packParams, qm);
    }

    public void param(Value v, String paramName) {
        pending.put(v, qm.param(paramName));
        names.put(v, "p_" + v.name());
    }

    public void constant(Value v, Op.Const c) {
        pending.put(v, qm.constant(c));
        names.put(v, "c_" + v.name());
    }

    /** The C array holding v, emitted on first use. */
    private Variant stored(Value v) {
        String n = names.get(v);
        return variants.computeIfAbsent(n, k -> store(n, fp.type(v).bits(), fp.type(v).bits(), pending.get(v),
                packedBits(v, List.of(fp.type(v)), 0, true)));
    }

    /**
     * A constant as one reader wants it (see {@link #variant}): its C array, the bits its elements need, and, when
     * packed ({@link WeightStorage#PACKED}), the bits of each element's index into the table of its distinct values
     * (0: dense). A reader reads through {@link #read}; a dot product streams the indices (DotFunctions).
     */
    public record Variant(String name, int bits, int indexBits, long[] values) {
        /** Up to this many distinct values are selected by comparisons in the code, not read from a table. */
        static final int SELECTED = 4;

        Variant(String name, int bits) {
            this(name, bits, 0, null);
        }

        public int container() {
            return IntExpr.container(bits);
        }

        public boolean packed() {
            return indexBits > 0;
        }

        /** Element {@code idx} (a C expression without side effects) as an int of the container. */
        public String read(String idx) {
            return packed() ? value("sd_ix" + indexBits + "(" + name + "_pk, " + idx + ")")
                    : "SD_R" + container() + "(" + name + ", " + idx + ")";
        }

        /**
         * The value at table index {@code code} (evaluated once): with at most {@link #SELECTED} values a selection
         * among literals (Zac 4.3's customization for 1-2-bit operands: no flash read, and a product with a literal
         * the C compiler can turn into shifts and adds); else the table's entry.
         */
        public String value(String code) {
            if (values.length > SELECTED) {
                return "SD_R" + container() + "(" + name + "_tab, " + code + ")";
            }
            if (values.length == 1) {
                return "(" + IntExpr.lit(values[0]).c() + ")";
            }
            StringBuilder sb = new StringBuilder("sd_sel" + values.length + "(" + code);
            for (long v : values) {
                sb.append(", ").append(IntExpr.lit(v).c());
            }
            return sb.append(")").toString();
        }

        /** The packed indices' array (packed only). */
        public String indices() {
            return name + "_pk";
        }
    }

    /**
     * The constant {@code v} converted along {@code chain} (its own type first: each step is
     * conv(e, chain[i] -> chain[i+1]), as an Index of it reads it), then shifted by {@code shift} (shr), every
     * block of {@code block} elements reordered by {@code layout} (new position to old; null keeps the
     * order), stored in the narrowest type that holds the results. Computed here, once, instead of on
     * the device for every read.
     */
    public Variant variant(Value v, List<seedc.fixed.FixedType> chain, int shift, int block, int[] layout) {
        if (chain.size() == 1 && shift == 0 && layout == null) {
            return stored(v);
        }
        String key = names.get(v) + chain + shift + "/" + block + (layout == null ? "" : Arrays.toString(layout));
        return variants.computeIfAbsent(key, k -> {
            long[] data = pending.get(v);
            long[] o = new long[data.length];
            for (int i = 0; i < data.length; i++) {
                int from = layout == null ? i : i - i % block + layout[i % block];
                o[i] = FlashRowReads.converted(data[from], chain, shift);
            }
            int bits = FlashRowReads.storedBits(o);
            return store(names.get(v) + "_v" + counter++, bits, IntExpr.container(bits), o,
                    packedBits(v, chain, shift, false));
        });
    }

    /** SeeDot's sparse layout: for each column, the row+1 of every non-zero (then 0), and their values. */
    public String[] sparse(Value v) {
        return sparse.computeIfAbsent(v, k -> {
            long[] dense = pending.get(v);
            int rows = v.shape().dim(0), cols = v.shape().dim(1);
            List<Long> val = new ArrayList<>(), idx = new ArrayList<>();
            for (int q = 0; q < cols; q++) {
                for (int i = 0; i < rows; i++) {
                    if (dense[i * cols + q] != 0) {
                        val.add(dense[i * cols + q]);
                        idx.add((long) i + 1);
                    }
                }
                idx.add(0L);
            }
            String base = names.get(v);
            array(base + "_val", fp.type(v).bits(), val.stream().mapToLong(Long::longValue).toArray());
            array(base + "_idx", 16, idx.stream().mapToLong(Long::longValue).toArray());
            return new String[] {base + "_val", base + "_idx"};
        });
    }

    /** Element idx of an index map (16-bit entries when they fit, else 32-bit), as an int32_t expression. */
    public String readIndex(int[] map, String idx) {
        int bits = Arrays.stream(map).allMatch(i -> i >= 0 && i < 32768) ? 16 : 32;
        String key = Arrays.toString(map);
        String name = maps.computeIfAbsent(key, k -> {
            String n = "m_" + counter++;
            array(n, bits, Arrays.stream(map).asLongStream().toArray());
            return n;
        });
        return "(sd_idx)SD_R" + bits + "(" + name + ", " + idx + ")";
    }

    /** A lookup table of {@code bits}-bit entries (one per possible input), shared by equal tables. */
    public String table(long[] entries, int bits) {
        return maps.computeIfAbsent("table" + bits + Arrays.toString(entries), k -> {
            String n = "l_" + counter++;
            array(n, bits, entries);
            return n;
        });
    }

    /** Bytes (each 0 to 255) in flash, once for equal contents (bit planes); the array's name. */
    public String bytes(long[] data) {
        return maps.computeIfAbsent("bytes" + Arrays.toString(data), k -> {
            String n = "l_" + counter++;
            unsignedBytes(n, data);
            return n;
        });
    }

    /** Words of {@code bits} (32 or 64) bits in flash, once for equal contents (bit planes); the array's name. */
    public String words(long[] data, int bits) {
        return maps.computeIfAbsent("words" + bits + Arrays.toString(data), k -> {
            String n = "l_" + counter++;
            unsigned(n, bits, data);
            return n;
        });
    }

    public String[] table(ExpTable t) {
        for (Map.Entry<ExpTable, String[]> e : tables.entrySet()) {
            ExpTable o = e.getKey();
            if (Arrays.equals(o.tf(), t.tf()) && Arrays.equals(o.tg(), t.tg())) {
                return e.getValue();
            }
        }
        String n = "t_" + counter++;
        array(n + "_f", 16, t.tf());
        array(n + "_g", 16, t.tg());
        String[] names = {n + "_f", n + "_g"};
        tables.put(t, names);
        return names;
    }

    /**
     * Emits a parameter's array (or a variant of it) of {@code bits}-bit values in {@code container}-bit elements:
     * dense, or, when parameters are packed and that takes fewer bytes, as the table of its distinct values
     * ({@code name_tab}, ascending, in the container) and one index into it per element ({@code name_pk}: 8 / k
     * indices a byte, element i in bits (i mod 8/k) * k of byte i / (8/k)), k the fewest of 1, 2, 4, 8 bits that
     * number the values.
     */
    private Variant store(String name, int bits, int container, long[] data, int factBits) {
        // which copies are packed is FlashRowReads' decision (packedBits), which PackedReads and the cost model read
        int k = packParams && baseName(name).startsWith("p_") ? FlashRowReads.packedIndexBits(data, container) : 0;
        if (k != factBits) {
            throw new IllegalStateException("internal error: " + name + " would be stored with " + k
                    + "-bit indices where FlashRowReads.packedBits says " + factBits + " (0: dense)");
        }
        if (k == 0) {
            array(name, container, data);
            return new Variant(name, bits);
        }
        long[] distinct = java.util.Arrays.stream(data).distinct().sorted().toArray();
        long[] index = new long[(data.length * k + 7) / 8];
        for (int i = 0; i < data.length; i++) {
            int code = java.util.Arrays.binarySearch(distinct, data[i]);
            index[i * k / 8] |= (long) code << (i * k % 8);
        }
        if (distinct.length > Variant.SELECTED) { // fewer values are literals in the code (Variant.value)
            array(name + "_tab", container, distinct);
        }
        unsignedBytes(name + "_pk", index);
        packedParamBytes += index.length + (distinct.length > Variant.SELECTED ? (long) distinct.length * container / 8 : 0);
        return new Variant(name, bits, k, distinct);
    }

    /** The fact's index bits of the copy of constant v along chain shifted (0: dense); ownArray: v's own array. */
    private int packedBits(Value v, List<seedc.fixed.FixedType> chain, int shift, boolean ownArray) {
        if (!packParams) {
            return 0;
        }
        if (packing == null) {
            packing = new FlashRowReads(fp, storage());
        }
        return packing.copyPackedBits(v, chain, shift, ownArray);
    }

    /** The name a variant was derived from (p_W for p_W_v3): a parameter's start with p_. */
    private static String baseName(String name) {
        int v = name.lastIndexOf("_v");
        return v > 0 && name.substring(v + 2).chars().allMatch(Character::isDigit) ? name.substring(0, v) : name;
    }

    private void unsignedBytes(String name, long[] data) {
        unsigned(name, 8, data);
    }

    /** An array of {@code bits}-bit unsigned words (8: decimal, wider: hexadecimal, as the bits they are). */
    private void unsigned(String name, int bits, long[] data) {
        StringBuilder sb = new StringBuilder("static const uint" + bits + "_t " + name + "[" + data.length + "]"
                + (flashAttribute.isEmpty() ? "" : " " + flashAttribute) + " = {");
        int perLine = bits == 8 ? 16 : 64 / bits * 2;
        for (int i = 0; i < data.length; i++) {
            String v = bits == 8 ? Long.toString(data[i])
                    : "0x" + Long.toHexString(data[i]) + (bits == 64 ? "ull" : "u");
            sb.append(i % perLine == 0 ? "\n    " : " ").append(v).append(i + 1 < data.length ? "," : "");
        }
        emitted.put(name, sb.append("\n};\n").toString());
        bytes += data.length * bits / 8;
    }

    private void array(String name, int bits, long[] data) {
        StringBuilder sb = new StringBuilder();
        sb.append("static const int").append(bits).append("_t ").append(name).append('[')
          .append(Math.max(1, data.length)).append(']').append(flashAttribute.isEmpty() ? "" : " " + flashAttribute)
          .append(" = {");
        for (int i = 0; i < data.length; i++) {
            sb.append(i % 16 == 0 ? "\n    " : " ").append(literal(data[i], bits)).append(i + 1 < data.length ? "," : "");
        }
        if (data.length == 0) {
            sb.append("0");
        }
        sb.append("\n};\n");
        emitted.put(name, sb.toString());
        bytes += Math.max(1, data.length) * bits / 8;
    }

    /** INT32_MIN and the like cannot be written as a plain negative literal in C. */
    private static String literal(long v, int bits) {
        if (v == -(1L << (bits - 1))) {
            return "(" + (v + 1) + " - 1)";
        }
        return Long.toString(v);
    }

    boolean isConstant(Value v) {
        return names.containsKey(v);
    }

    public int bytes() {
        return bytes;
    }

    /** Bytes of the packed parameters (their tables and indices), of {@link #bytes}. */
    public long packedParamBytes() {
        return packedParamBytes;
    }

    public String render() {
        return String.join("\n", emitted.values());
    }
}
