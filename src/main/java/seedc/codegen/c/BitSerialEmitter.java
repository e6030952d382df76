package seedc.codegen.c;

import java.util.function.Consumer;
import seedc.fixed.FixedArith;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op.Conv2d;
import seedc.ir.Op.MatMul;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * The C of a product on bit planes ({@link BitSerial}): for each activation vector, its elements' level numbers q
 * packed into planes in the op's scratch (bit t of byte t/8 of plane i holds bit i of q_t) and summed; then for each
 * weight vector, whose planes were packed at compile time, the popcounts of the planes' ANDs weighted by 2^(i+j),
 * and the sum from them, a per-vector constant and the activation's level sum, modulo 2^W. The weight planes are
 * one array in flash: vector f's plane j at bytes (f planes + j) * planeBytes, in the product's words (a plane
 * padded with zero bytes to whole words; bytes read as little-endian words, element t in bit t).
 */
final class BitSerialEmitter {
    private final CWriter w;
    private final Operands r;
    /** The kernels the sums call, by name, each written once in the C's helpers (SD_POPAND_N, AvrPlanePairs). */
    private final java.util.Map<String, String> kernels;
    /** Activations packed from their quantize's input. */
    private final PackedSources sources;
    /** Signs written and read as packed planes. */
    private final PackedSigns signs;
    /** Pages of the level tables the products share (AvrLevelTables). */
    private final int tablePages;

    BitSerialEmitter(CWriter w, Operands r, java.util.Map<String, String> kernels, BitSerial bits) {
        this.w = w;
        this.r = r;
        this.kernels = kernels;
        this.sources = bits.sources();
        this.signs = bits.signs();
        this.tablePages = bits.levelTablePages();
    }

    void matmul(BitSerial.Product p, Scratch s) {
        MatMul m = (MatMul) p.op();
        int rows = m.a().shape().dim(0), cols = m.b().shape().dim(1), k = p.terms(), nb = p.planeBytes();
        Value act = m.inputs().get(p.ram());
        int vectors = p.ram() == 0 ? rows : cols, weights = p.product().vectors();
        String planes = p.levelTables() ? null : weights(p);
        String codes = r.constants().table(BitPlaneWeights.codeSums(p), 16);
        w.line("/* " + p.kernel() + " */");
        w.block("", () -> {
            w.line("uint8_t *sd_q = (uint8_t *)" + s.name() + ";");
            zeroPadding(p); // the packing below writes only the packed bytes
            PackedSigns.Packed reads = signs.readBy(m), writes = signs.writtenBy(m);
            java.util.function.UnaryOperator<String> element = e -> p.ram() == 0 ? "v * " + k + " + " + e
                    : "(" + e + ") * " + cols + " + v";
            w.loop("v", vectors, () -> {
                w.line("uint16_t sq = 0;");
                boolean compared = false;
                if (p.levelTables()) {
                    compared = levelTables(p, act, element);
                } else if (reads != null) {
                    readPlane(reads, nb);
                } else {
                    w.block("for (sd_idx t = 0, b = 0; b < " + p.packedBytes() + "; b++)", () -> pack(p, act,
                            element.apply("t"), nb));
                }
                String plane = reads != null ? "sd_a" : "sd_q";
                if (writes != null) {
                    comparedRows(p, writes, plane);
                    return;
                }
                if (compared) {
                    return; // the kernel wrote the quantize's levels
                }
                countRows(p, planes, "0", plane);
                w.loop("f", weights, () -> sum(p, planes, codes, "f", "f", plane,
                        v -> r.store(w, m, p.ram() == 0, "v", "f", v)));
            });
        });
    }

    /**
     * A convolution on planes: per output pixel and group, the window's level numbers (taps i, j, ci in that order;
     * a tap in the padding is 0, whose level number {@link LowBitProducts.Product#zeroLevel} is) in the scratch's
     * planes, then each output channel's sum from the filter's planes (vector g cog + co). The window is packed tap
     * by tap, or, when each group's channels fill whole bytes, copied a pixel's bytes at a time from the input
     * packed once ({@link BitSerial.Product#pixelBytes}).
     */
    void conv2d(BitSerial.Product p, Scratch s) {
        Conv2d c = (Conv2d) p.op();
        Shape xs = c.x().shape(), os = c.out().shape();
        int cog = c.filter().shape().dim(4);
        String planes = weights(p), codes = r.constants().table(BitPlaneWeights.codeSums(p), 16);
        w.line("/* " + p.kernel() + " */");
        w.block("", () -> {
            w.line("uint8_t *sd_q = (uint8_t *)" + s.name() + ";");
            if (p.padMask()) {
                w.line("uint8_t *sd_ot = sd_q + " + p.padTapsAt() + ";");
            }
            if (p.pixelBytes() != null) {
                packPixels(p);
                zeroPadding(p); // the windows below write only the packed bytes
            }
            Windows.perPixel(w, xs.dim(0), os, () -> w.loop("g", c.groups(), () -> {
                w.line("uint16_t sq = 0;");
                if (p.padMask()) {
                    w.line("uint16_t np = 0;");
                    w.line("uint8_t no = 0;"); // the padding taps listed in sd_ot
                }
                if (p.pixelBytes() == null) {
                    packWindow(p);
                } else {
                    copyWindow(p);
                }
                String channel = "g * " + cog + " + co";
                countRows(p, planes, "g * " + cog * p.planeBytes(), "sd_q");
                w.loop("co", cog, () -> sum(p, planes, codes, channel, "co", "sd_q",
                        v -> r.store(w, c, Windows.outPixel(os), channel, v)));
            }));
        });
    }

    /**
     * The rows kernel's counts of this call's weight rows (from byte {@code at} of the planes) against the activation
     * plane {@code plane} into the scratch, when the product has it (AvrPopandRows); the sums then read them.
     */
    private void countRows(BitSerial.Product p, String planes, String at, String plane) {
        if (p.rowsAtOnce()) {
            int nb = p.planeBytes();
            kernels.put(AvrPopandRows.name(nb), AvrPopandRows.source(nb));
            w.line(AvrPopandRows.name(nb) + "(" + plane + ", " + planes + ", " + at + ", " + p.rowsACall()
                    + ", sd_q + " + p.countsAt() + ");");
        }
    }

    /**
     * Activation vector v's level tables (AvrLevelTables): each group of four elements' level numbers (sq their sum),
     * the sums of their subsets at sd_lt + 16 g; then every weight row's lookups by the kernel, into the scratch, or,
     * when the kernel compares them itself (true), its levels into the quantize's output.
     */
    private boolean levelTables(BitSerial.Product p, Value act, java.util.function.UnaryOperator<String> element) {
        int full = p.terms() / 4, rest = p.terms() % 4, groups = p.groups(), kb = p.weight().planes();
        w.block("for (uint8_t g = 0; g < " + full + "; g++)", () -> tableOfGroup(p, act, element, "g", 4));
        if (rest > 0) {
            w.block("", () -> tableOfGroup(p, act, element, Integer.toString(full), rest));
        }
        kernels.put("sd_lt", AvrLevelTables.table(tablePages));
        long[] index = BitPlaneWeights.indexBytes(p);
        CountThresholds t = comparedLevels(p);
        if (t == null) {
            kernels.put(AvrLevelTables.name(groups, kb), AvrLevelTables.source(groups, kb));
            w.line(AvrLevelTables.name(groups, kb) + "(" + r.constants().bytes(index) + ", " + p.rowsACall()
                    + ", sd_q);");
            return false;
        }
        int levels = t.at()[0].length + 1, row = groups * kb, stride = row + 2 * (levels - 1);
        long[] table = new long[p.rowsACall() * stride];
        for (int f = 0; f < p.rowsACall(); f++) {
            System.arraycopy(index, f * row, table, f * stride, row);
            for (int i = 0; i < levels - 1; i++) {
                table[f * stride + row + 2 * i] = t.at()[f][i] & 0xff;
                table[f * stride + row + 2 * i + 1] = t.at()[f][i] >> 8;
            }
        }
        String name = AvrLevelTables.comparedName(groups, kb, t.shift(), levels);
        kernels.put(name, AvrLevelTables.compared(groups, kb, t.shift(), levels));
        String k = t.bias() + "u" + (t.beta() == 0 ? "" : (t.beta() < 0 ? " - " : " + ") + Math.abs(t.beta())
                + "u * sq");
        w.line(name + "(" + r.constants().bytes(table) + ", " + p.rowsACall() + ", (uint16_t)(" + k + "), (uint8_t *)"
                + CNames.var(r.storedBy(p.op()).sign().out()) + " + v * " + p.rowsACall() + ");");
        return true;
    }

    /**
     * The thresholds of the quantize compared at the product's store on the level tables' sums, when the kernel can
     * count them (CountThresholds: activation rows, an 8-bit quantize whose levels are its level numbers 0, 1, ...);
     * else null.
     */
    private CountThresholds comparedLevels(BitSerial.Product p) {
        Thresholds.Chain c = r.storedBy(p.op());
        if (c == null || p.ram() != 0 || r.type(c.sign().out()).bits() != 8) {
            return null;
        }
        long[] levels = r.params(c.sign(), OpParams.Quantize.class).levels();
        for (int i = 0; i < levels.length; i++) {
            if (levels[i] != i) {
                return null;
            }
        }
        return CountThresholds.of(p, r.params(p.op(), OpParams.Mul.class), r.type(p.op().out()).bits(), c, levels,
                0xfffe);
    }

    /** Group g's table: its n elements' level numbers (the rest 0) and the sums of their subsets. */
    private void tableOfGroup(BitSerial.Product p, Value act, java.util.function.UnaryOperator<String> element,
                              String g, int n) {
        StringBuilder sum = new StringBuilder("sq");
        for (int i = 0; i < n; i++) {
            int e = i;
            w.line("uint8_t q" + i + ";");
            w.block("", () -> w.line("q" + e + " = " + level(p, act, element.apply(g + " * 4 + " + e)) + ";"));
            sum.append(" + q").append(i);
        }
        w.line("sq = (uint16_t)(" + sum + ");");
        w.line("uint8_t *e = sd_lt + " + g + " * " + AvrLevelTables.ENTRIES + ";");
        for (int m = 0; m < AvrLevelTables.ENTRIES; m++) {
            StringBuilder entry = new StringBuilder();
            for (int i = 0; i < n; i++) {
                if ((m >> i & 1) != 0) {
                    entry.append(entry.isEmpty() ? "" : " + ").append("q").append(i);
                }
            }
            w.line("e[" + m + "] = " + (entry.isEmpty() ? "0" : "(uint8_t)(" + entry + ")") + ";");
        }
    }

    /** Activation vector v's plane, a packed sign's row (PackedSigns), as sd_a; its ones counted into sq. */
    private void readPlane(PackedSigns.Packed packed, int nb) {
        w.line("const uint8_t *sd_a = (const uint8_t *)" + CNames.var(packed.signs()) + " + v * " + packed.rowBytes()
                + ";");
        w.loop("b", nb, () -> w.line("sq = (uint16_t)(sq + SD_POP8(sd_a[b]));"));
    }

    /**
     * Every weight row's count compared in the rows kernel, the bits written packed to the sign's row v
     * (AvrPopandRows.compared): the weight rows with their thresholds in flash, u's offset from sq.
     */
    private void comparedRows(BitSerial.Product p, PackedSigns.Packed packed, String plane) {
        int nb = p.planeBytes(), rows = p.rowsACall();
        String name = AvrPopandRows.comparedName(nb, packed.shift());
        kernels.put(name, AvrPopandRows.compared(nb, packed.shift()));
        long[] bytes = BitPlaneWeights.bytes(p), table = new long[rows * (nb + 1)];
        for (int f = 0; f < rows; f++) {
            System.arraycopy(bytes, f * nb, table, f * (nb + 1), nb);
            table[f * (nb + 1) + nb] = packed.thresholds()[f];
        }
        long beta = packed.beta();
        String k = packed.bias() + (beta == 0 ? "" : beta == 1 ? " + sq" : beta == -1 ? " - sq" : " + " + beta
                + " * (int16_t)sq");
        w.line(name + "(" + plane + ", " + r.constants().bytes(table) + ", " + rows + ", (uint8_t)(" + k
                + "), (uint8_t *)" + CNames.var(packed.signs()) + " + v * " + packed.rowBytes() + ");");
    }

    /** The window's taps one by one: each one's level number, its bits set in the planes. */
    private void packWindow(BitSerial.Product p) {
        Conv2d c = (Conv2d) p.op();
        LowBitProducts.Levels a = p.activation();
        int nb = p.planeBytes();
        w.loop("b", p.windowPlanes() * nb, () -> w.line("sd_q[b] = 0;"));
        w.line("sd_idx t = 0;");
        w.line("uint8_t bit = 1;");
        Windows.taps(w, c, () -> {
            listPadding(p);
            packTap(p, c, a, nb);
        });
    }

    /** A tap in the padding to the list, its channels to the count np (a padded window's, when it has the list). */
    private void listPadding(BitSerial.Product p) {
        if (p.padMask()) {
            Conv2d c = (Conv2d) p.op();
            w.line("if (!inside) { sd_ot[no++] = (uint8_t)(i * " + c.filter().shape().dim(2) + " + j); np = (uint16_t)(np + "
                    + c.filter().shape().dim(3) + "); }");
        }
    }

    /** A tap's elements, each one's level number's bits set in the planes (or in its element's bits). */
    private void packTap(BitSerial.Product p, Conv2d c, LowBitProducts.Levels a, int nb) {
        w.loop("ci", c.filter().shape().dim(3), () -> {
            String level = level(p, c.x(), "px + ci"); // px is 0 in the padding: a read in range, not used
            w.line("uint8_t q = inside ? " + level + " : " + Math.max(0, p.product().zeroLevel()) + ";");
            w.line("sq = (uint16_t)(sq + q);");
            if (p.layout().elements()) {
                // element t's level number at bits s (t mod 8/s) of byte t / (8/s): bit is that field's lowest bit
                int s = p.stride(), log = Integer.numberOfTrailingZeros(8 / s);
                for (int i = 0; i < a.planes(); i++) {
                    w.line("if (q & " + (1 << i) + "u) sd_q[t >> " + log + "] |= (uint8_t)(bit" + (i == 0 ? "" : " << " + i)
                            + ");");
                }
                w.line("bit = (uint8_t)(bit << " + s + " | bit >> " + (8 - s) + ");");
                w.line("t++;");
                return;
            }
            for (int i = 0; i < a.planes(); i++) {
                w.line("if (q & " + (1 << i) + "u) sd_q[" + (i * nb) + " + (t >> 3)] |= bit;");
            }
            w.line("bit = (uint8_t)(bit << 1 | bit >> 7);");
            w.line("t++;");
        });
    }

    /**
     * Once per inference, each input pixel's group channels: their level numbers packed a byte of eight channels at
     * a time into the pixel's planes (after the window's), and their sum into a byte after all pixels' planes.
     */
    private void packPixels(BitSerial.Product p) {
        Conv2d c = (Conv2d) p.op();
        LowBitProducts.Levels a = p.activation();
        int cig = c.filter().shape().dim(3), cb = cig / 8, per = a.planes() * cb, groups = p.pixelBytes() / (per + 1);
        w.line("uint8_t *sd_px = sd_q + " + p.windowPlanes() * p.planeBytes() + ", *sd_ps = sd_px + " + groups * per
                + ";");
        w.loop("pg", groups, () -> {
            w.line("uint8_t s8 = 0;");
            w.loop("k", cb, () -> {
                planeRegisters(a.planes());
                // NHWC: pixel-group pg's channels are a run
                w.block("for (uint8_t e = 0; e < 8; e++)", () -> shiftInLevel(level(p, c.x(), "pg * " + cig
                        + " + k * 8 + e"), a, "s8", "uint8_t"));
                for (int i = 0; i < a.planes(); i++) {
                    w.line("sd_px[pg * " + per + " + " + i * cb + " + k] = p" + i + ";");
                }
            });
            w.line("sd_ps[pg] = s8;");
        });
    }

    /**
     * The window from the packed pixels: tap (i, j)'s bytes of each plane copied to its place (whole bytes: a tap's
     * channels start at bit (i kw + j) cig), a tap in the padding filled with the zero level's bits.
     */
    private void copyWindow(BitSerial.Product p) {
        Conv2d c = (Conv2d) p.op();
        LowBitProducts.Levels a = p.activation();
        int cig = c.filter().shape().dim(3), cb = cig / 8, per = a.planes() * cb, nb = p.planeBytes();
        int zero = Math.max(0, p.product().zeroLevel()), kw = c.filter().shape().dim(2);
        Windows.taps(w, c, () -> {
            String at = "(i * " + kw + " + j) * " + cb;
            w.ifElse("inside", () -> {
                w.line("sd_idx pg = px / " + cig + ";"); // px = pg cig: the pixel-group's first channel
                for (int i = 0; i < a.planes(); i++) {
                    int plane = i;
                    w.loop("k", cb, () -> w.line("sd_q[" + plane * nb + " + " + at + " + k] = sd_px[pg * " + per
                            + " + " + plane * cb + " + k];"));
                }
                w.line("sq = (uint16_t)(sq + sd_ps[pg]);");
            }, () -> {
                for (int i = 0; i < a.planes(); i++) {
                    int plane = i;
                    String fill = (zero >> i & 1) != 0 ? "0xffu" : "0u";
                    w.loop("k", cb, () -> w.line("sd_q[" + plane * nb + " + " + at + " + k] = " + fill + ";"));
                }
                if (zero != 0) {
                    w.line("sq = (uint16_t)(sq + " + cig * zero + ");");
                }
            });
            listPadding(p);
        });
    }

    /**
     * sum_t q_t r_t of vector f with the bits of one element together (a C call): the runtime's table of nibble pairs'
     * products for the stride (the AVR's assembly kernel), or ka kb popcounts of masked 64-bit words.
     */
    private static String elementProducts(BitSerial.Product p, String weights, String f) {
        int nb = p.planeBytes(), ka = p.activation().planes(), kb = p.weight().planes();
        if (p.layout().wordBits() == 8) {
            return "sd_elemlut" + p.stride() + "(sd_q, " + weights + ", (" + f + ") * " + nb + ", " + nb + ")";
        }
        return "sd_elemand64_" + ka + kb + "(sd_q, " + weights + ", (" + f + ") * " + nb / 8 + ", " + nb / 8 + ")";
    }

    /** The weights in flash, planes or elements: bytes, or the product's words composed little-endian from them. */
    private String weights(BitSerial.Product p) {
        long[] bytes = BitPlaneWeights.bytes(p);
        int wb = p.kernelWordBits() / 8;
        if (wb == 1) {
            return r.constants().bytes(bytes);
        }
        long[] words = new long[bytes.length / wb];
        for (int i = 0; i < bytes.length; i++) {
            words[i / wb] |= bytes[i] << (8 * (i % wb));
        }
        return r.constants().words(words, wb * 8);
    }

    /** Each plane's bytes past its packed ones, up to whole words: 0, so that the ANDs there count nothing. */
    private void zeroPadding(BitSerial.Product p) {
        int nb = p.planeBytes(), packed = p.packedBytes();
        if (nb == packed) {
            return;
        }
        for (int i = 0; i < p.windowPlanes(); i++) {
            int from = i * nb + packed;
            w.loop("b", nb - packed, () -> w.line("sd_q[" + from + " + b] = 0;"));
        }
    }

    /** A byte of each plane, built in a register (p0, p1, ...). */
    private void planeRegisters(int planes) {
        for (int i = 0; i < planes; i++) {
            w.line("uint8_t p" + i + " = 0;");
        }
    }

    /**
     * Level number q ({@code level}) added to {@code sum} (of C type {@code type}; null: not summed here) and its
     * bits shifted in at the top of each plane's byte (p0, p1, ...).
     */
    private void shiftInLevel(String level, LowBitProducts.Levels a, String sum, String type) {
        w.line("uint8_t q = " + level + ";");
        if (sum != null) {
            w.line(sum + " = (" + type + ")(" + sum + " + q);");
        }
        for (int i = 0; i < a.planes(); i++) {
            w.line("p" + i + " = (uint8_t)(p" + i + " >> 1 | (q & " + (1 << i) + "u ? 0x80u : 0u));");
        }
    }

    /**
     * The bits of level number q set at the field whose lowest bit is {@code low}, as ORs of constants (a
     * variable shift is a loop on the AVR).
     */
    private static String elementBits(LowBitProducts.Levels a, int low) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < a.planes(); i++) {
            b.append(" | (q & ").append(1 << i).append("u ? 0x").append(Integer.toHexString(low << i)).append("u : 0u)");
        }
        return b.toString();
    }

    /**
     * Declares activation element idx's value (x), or, when the activation is packed from its quantize's input
     * ({@link PackedSources}), that input's (sd_v: from the caller's array x when it is the program's input), and
     * gives its level number (a C expression).
     */
    private String level(BitSerial.Product p, Value act, String idx) {
        PackedSources.Source s = sources.at(p.op());
        if (s == null) {
            X x = r.x(act, idx);
            w.line(x.ctype() + " x = " + x.c() + ";");
            return levelNumber(X.of("x", x.bits()), p.activation());
        }
        seedc.fixed.FixedType t = r.type(s.x());
        X x = s.input() ? X.of("x[" + idx + "]", t.bits()) : r.x(s.x(), idx);
        w.line(x.ctype() + " sd_v = " + x.c() + ";");
        StringBuilder q = new StringBuilder();
        for (long at : s.at()) {
            if (at <= t.max()) { // beyond: never reached
                q.append(q.isEmpty() ? "" : " + ").append(at <= t.min() ? "1" : "(sd_v >= " + X.lit(at).c() + ")");
            }
        }
        return q.isEmpty() ? "(uint8_t)0" : "(uint8_t)(" + q + ")";
    }

    /** x's level number: how many of the activation's possible values below the top x exceeds (a C expression). */
    private static String levelNumber(X x, LowBitProducts.Levels a) {
        boolean ownNumbers = true; // levels 0, 1, 2, ...: each one is its number (a level-tables kernel's output)
        for (int i = 0; i < a.count(); i++) {
            ownNumbers &= a.raw()[i] == i;
        }
        if (ownNumbers) {
            return "(uint8_t)(" + x.c() + ")";
        }
        StringBuilder q = new StringBuilder("(uint8_t)(");
        for (int i = 0; i + 1 < a.count(); i++) {
            q.append(i == 0 ? "" : " + ").append("(").append(x.c()).append(" > ").append(X.lit(a.raw()[i]).c())
             .append(")");
        }
        return q.append(")").toString();
    }

    /**
     * Byte b of each of the activation's planes: its 8 elements' level numbers (fewer in a last partial byte, whose
     * high bits stay 0), each plane's byte built in a register, element t in bit t mod 8, then stored.
     */
    private void pack(BitSerial.Product p, Value act, String index, int nb) {
        LowBitProducts.Levels a = p.activation();
        boolean elements = p.layout().elements();
        // a byte holds 8 elements of each plane, or 8 / s elements' level numbers
        int perByte = elements ? 8 / p.stride() : 8, bits = 8 / perByte;
        int k = p.terms(), rest = k % perByte, last = p.packedBytes() - 1, planes = elements ? 1 : a.planes();
        planeRegisters(planes);
        String count = rest == 0 ? "" + perByte : "(b == " + last + " ? " + rest + " : " + perByte + ")";
        w.block("for (uint8_t j = " + count + "; j; j--, t++)", () -> {
            if (elements) {
                w.line("uint8_t q = " + level(p, act, index) + ";");
                w.line("sq = (uint16_t)(sq + q);");
                w.line("p0 = (uint8_t)(p0 >> " + bits + elementBits(a, 0x100 >> bits) + ");");
            } else {
                shiftInLevel(level(p, act, index), a, planes > 1 ? "sq" : null, "uint16_t");
            }
        });
        if (!elements && planes == 1) {
            // one plane: its byte's ones from the table, where a 16-bit add an element cost more on the AVR
            // (mlp-digits-w1a1i1: 9,177 -> 8,739 Uno cycles with the packing's shifts; two planes measured slower)
            w.line("sq = (uint16_t)(sq + SD_POP8(p0));");
        }
        for (int i = 0; i < planes; i++) {
            String stored = rest == 0 ? "p" + i : "(b == " + last + " ? (uint8_t)(p" + i + " >> " + (8 - rest * bits)
                    + ") : p" + i + ")";
            w.line("sd_q[" + (i * nb) + " + b] = " + stored + ";");
        }
    }

    /**
     * One output: the weighted popcounts of vector f, then n a0 b0 + a0 db sum r + b0 da sum q + da db popcounts
     * modulo 2^W (sum r, vector f's value numbers' sum, from the table {@code codes}), finished into the output;
     * {@code row} is f's place among the counts of the rows kernel, when the product has it.
     */
    private void sum(BitSerial.Product p, String planes, String codes, String f, String row, String plane,
                     Consumer<Stored> out) {
        LowBitProducts.Levels a = p.activation(), b = p.weight();
        OpParams.Mul mul = r.params(p.op(), OpParams.Mul.class);
        int width = mul.width();
        String tapSums = p.padMask() ? r.constants().table(BitPlaneWeights.tapCodeSums(p), 16) : null;
        PlaneSum all = PlaneSum.of(p, codes, f);
        PlaneSum.Term pc = all.pc();
        if (p.layout().elements()) {
            w.line(pc.ctype() + " pc = (" + pc.ctype() + ")" + elementProducts(p, planes, f) + ";");
        } else if (p.levelTables()) {
            w.line(pc.ctype() + " pc = (uint16_t)(sd_q[2 * " + row + "] | sd_q[2 * " + row + " + 1] << 8);");
        } else if (p.rowsAtOnce()) {
            w.line(pc.ctype() + " pc = sd_q[" + p.countsAt() + " + " + row + "];");
        } else if (p.pairsAtOnce()) {
            int ka = a.planes(), kb = b.planes(), nb = p.planeBytes();
            kernels.put(AvrPlanePairs.name(ka, kb, nb), AvrPlanePairs.source(ka, kb, nb));
            w.line(pc.ctype() + " pc = (" + pc.ctype() + ")" + AvrPlanePairs.name(ka, kb, nb) + "(" + plane + ", " + planes
                    + ", (" + f + ") * " + kb * nb + ");");
        } else {
            w.line(pc.ctype() + " pc = 0;");
            for (int i = 0; i < a.planes(); i++) {
                for (int j = 0; j < b.planes(); j++) {
                    pc.accumulate(w, popand(p, planes, f, plane, i, j), i + j);
                }
            }
        }
        PlaneSum.Term pp = all.pp();
        if (pp != null) {
            // the padding taps were packed as level 0 (a0): their a0 (b0 + db r_t) come out again, sum r_t from the
            // listed taps' sums of value numbers
            w.line(pp.ctype() + " pp = 0;");
            w.line("for (uint8_t k = 0; k < no; k++) pp = (" + pp.ctype() + ")(pp + SD_R16(" + tapSums + ", (" + f
                    + ") * " + p.taps() + " + sd_ot[k]));");
        }
        seedc.ir.Value result = p.op().out();
        // below 2^(W-1) the sum never wraps, so its factors' common divisor comes out (ExactSum)
        ExactSum exact = all.exact(width, r.comparedAtStore(p.op()));
        if (exact != null) {
            w.line(exact.sum().ctype() + " acc = " + exact.sum().c() + ";");
            out.accept(all.stored("acc", exact, mul, r.type(result).bits()));
            return;
        }
        X sum = X.lit(FixedArith.wrap(all.constant(), width));
        for (PlaneSum.Term t : all.terms()) {
            X term = t.value().timesWrap(X.lit(FixedArith.wrap(t.factor(), width)), width).wrap(width);
            sum = sum.plusWrap(term, false, width);
        }
        w.line(CNames.ctype(width) + " acc = " + sum.wrap(width).c() + ";");
        out.accept(Stored.of(r.finish(X.of("acc", width), mul, result)));
    }

    /**
     * The popcount of window plane {@code plane} AND weight plane j of vector f: in bytes by the kernel of the
     * plane's length (registered for the helpers), or in the product's words.
     */
    private String popand(BitSerial.Product p, String planes, String f, String base, int plane, int j) {
        int nb = p.planeBytes(), wb = p.word().wordBytes(), per = p.weight().planes() * nb / wb;
        String at = "(" + f + ") * " + per + " + " + (j * nb / wb);
        if (wb == 1) {
            kernels.put("sd_popand_" + nb, "SD_POPAND_N(" + nb + ")\n");
            return "sd_popand_" + nb + "(" + base + " + " + plane * nb + ", " + planes + ", " + at + ")";
        }
        return "sd_popand" + p.word().wordBits() + "(" + base + " + " + plane * nb + ", " + planes + ", " + at + ", "
                + nb / wb + ")";
    }
}
