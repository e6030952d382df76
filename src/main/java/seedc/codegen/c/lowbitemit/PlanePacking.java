package seedc.codegen.c.lowbitemit;

import seedc.codegen.c.lowbit.PackedSources;
import seedc.codegen.c.lowbit.PlaneProduct;
import seedc.codegen.c.lowbit.WindowPacking;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.codegen.c.writer.Windows;
import seedc.fixed.LowBitProducts;
import seedc.ir.Op.Conv2d;
import seedc.ir.Value;

/**
 * The activation side of a product on bit planes (BitSerial): each element's level number (from the activation,
 * or, PackedSources, from its quantize's input), packed into the scratch's planes eight elements a byte (or the bits
 * of one element together), a convolution's window tap by tap or copied from its input packed once, and the sum of
 * the level numbers, sq. BitSerialEmitter counts the planes against the weights'; the level tables read the level
 * numbers too (LevelTablesEmitter).
 */
final class PlanePacking {
    private final CWriter w;
    private final Operands r;
    /** Activations packed from their quantize's input. */
    private final PackedSources sources;

    PlanePacking(CWriter w, Operands r, PackedSources sources) {
        this.w = w;
        this.r = r;
        this.sources = sources;
    }

    /**
     * The window's taps one by one: each one's level number, its bits set in the planes; {@code np}: the padding taps'
     * elements counted into np.
     */
    void packWindow(PlaneProduct p, boolean np) {
        Conv2d c = (Conv2d) p.op();
        LowBitProducts.Levels a = p.activation();
        int nb = p.planeBytes();
        w.loop("k", p.windowPlanes() * nb, () -> w.line("sd_q[k] = 0;")); // b: the batch
        w.line("sd_idx t = 0;");
        w.line("uint8_t bit = 1;");
        Windows.taps(w, c, () -> {
            countPadding(p, np);
            packTap(p, c, a, nb);
        });
    }

    /** A tap in the padding: its channels to the count np, when the sum takes it ({@code np}). */
    private void countPadding(PlaneProduct p, boolean np) {
        if (np) {
            Conv2d c = (Conv2d) p.op();
            w.line("if (!inside) np = (uint16_t)(np + " + c.filter().shape().dim(3) + ");");
        }
    }

    /** A tap's elements, each one's level number's bits set in the planes (or in its element's bits). */
    private void packTap(PlaneProduct p, Conv2d c, LowBitProducts.Levels a, int nb) {
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
    void packPixels(PlaneProduct p, WindowPacking.Pixels input) {
        Conv2d c = (Conv2d) p.op();
        LowBitProducts.Levels a = p.activation();
        int cig = c.filter().shape().dim(3), cb = cig / 8, per = a.planes() * cb, groups = input.bytes() / (per + 1);
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
     * Once per inference, each input row's level numbers (one channel) as a 16-bit mask a plane, two bytes each in
     * the scratch (WindowPacking.RowMasks; plane i's rows from rows 2 i on): pixel xi at bit xi + pl, the padding's
     * bits 0 (level 0).
     */
    void rowMasks(PlaneProduct p) {
        Conv2d c = (Conv2d) p.op();
        int width = c.x().shape().dim(2), rows = c.x().shape().dim(0) * c.x().shape().dim(1);
        int planes = p.activation().planes();
        w.line("uint8_t *sd_rm = sd_q + " + p.rowMasksAt() + ";");
        w.loop("yb", rows, () -> { // batch and row
            w.line("uint16_t bit = " + (1 << c.window().pl()) + "u;");
            for (int i = 0; i < planes; i++) {
                w.line("uint16_t m" + i + " = 0;");
            }
            w.block("for (sd_idx xi = 0; xi < " + width + "; xi++, bit = (uint16_t)(bit << 1))", () -> {
                String q = level(p, c.x(), "yb * " + width + " + xi");
                if (planes == 1) {
                    w.line("if (" + q + ") m0 |= bit;");
                    return;
                }
                w.line("uint8_t q = " + q + ";");
                for (int i = 0; i < planes; i++) {
                    w.line("if (q & " + (1 << i) + "u) m" + i + " |= bit;");
                }
            });
            for (int i = 0; i < planes; i++) {
                w.line("sd_rm[" + 2 * i * rows + " + 2 * yb] = (uint8_t)m" + i + ";");
                w.line("sd_rm[" + 2 * i * rows + " + 2 * yb + 1] = (uint8_t)(m" + i + " >> 8);");
            }
        });
    }

    /**
     * Before each output row's windows (in b and y): kernel row i's input row's mask of each plane, yi = y sh - pt +
     * i dh (0 in the padding), in sd_r{plane}_{i}; each window shifts them on by sw (windowFromRows).
     */
    void rowsOfWindows(PlaneProduct p) {
        Conv2d c = (Conv2d) p.op();
        seedc.ir.Window win = c.window();
        int kh = c.filter().shape().dim(1), height = c.x().shape().dim(1);
        int rows = c.x().shape().dim(0) * height;
        for (int plane = 0; plane < p.activation().planes(); plane++) {
            for (int i = 0; i < kh; i++) {
                String yi = "(y * " + win.sh() + " - " + win.pt() + " + " + i * win.dh() + ")";
                String r = 2 * plane * rows + " + 2 * (b * " + height + " + " + yi + ")";
                w.line("uint16_t sd_r" + plane + "_" + i + " = " + yi + " >= 0 && " + yi + " < " + height
                        + " ? (uint16_t)(sd_rm[" + r + "] | (uint16_t)sd_rm[" + r + " + 1] << 8) : 0u;");
            }
        }
    }

    /**
     * The window of output pixel (b, y, xo) from the row masks, plane by plane: kernel row i's kw bits of its input
     * row (rowsOfWindows, shifted by xo sw so far) at bits i kw on (tap (i, j) is bit i kw + j), the rows then shifted
     * by sw for the next window, where each window shifted each row by xo sw (a loop on the AVR). The level numbers'
     * sum is sq.
     */
    void windowFromRows(PlaneProduct p) {
        Conv2d c = (Conv2d) p.op();
        int kh = c.filter().shape().dim(1), kw = c.filter().shape().dim(2), sw = c.window().sw(), nb = p.planeBytes();
        StringBuilder sq = new StringBuilder();
        for (int plane = 0; plane < p.activation().planes(); plane++) {
            int to = plane * nb;
            StringBuilder bits = new StringBuilder();
            for (int i = 0; i < kh; i++) {
                String row = "(uint16_t)(sd_r" + plane + "_" + i + " & " + ((1 << kw) - 1) + "u)";
                bits.append(i == 0 ? row : " | (uint16_t)(" + row + " << " + i * kw + ")");
            }
            String win = "sd_win" + plane;
            w.line("uint16_t " + win + " = (uint16_t)(" + bits + ");");
            for (int i = 0; i < kh; i++) {
                w.line("sd_r" + plane + "_" + i + " = (uint16_t)(sd_r" + plane + "_" + i + " >> " + sw + ");");
            }
            w.line("sd_q[" + to + "] = (uint8_t)" + win + ";");
            String ones = "SD_POP8(sd_q[" + to + "])";
            if (p.packedBytes() > 1) {
                w.line("sd_q[" + (to + 1) + "] = (uint8_t)(" + win + " >> 8);");
                ones = "(" + ones + " + SD_POP8(sd_q[" + (to + 1) + "]))";
            }
            sq.append(plane == 0 ? "" : " + ").append(plane == 0 ? ones : "(" + ones + " << " + plane + ")");
        }
        w.line("sq = (uint16_t)(" + sq + ");");
    }

    /**
     * Once per inference, the ones of each input pixel of a convolution reading packed signs (PackedSigns): the
     * windows copy the pixels' bytes from the sign itself, their sums from a byte a pixel after the window's planes.
     */
    void countPixels(PlaneProduct p, WindowPacking.Pixels input, String packed) {
        Conv2d c = (Conv2d) p.op();
        int cb = c.filter().shape().dim(3) / 8, pixels = input.bytes() / (cb + 1);
        w.line("const uint8_t *sd_px = (const uint8_t *)" + packed + ";");
        w.line("uint8_t *sd_ps = sd_q + " + (p.windowPlanes() * p.planeBytes() + pixels * cb) + ";");
        w.loop("pg", pixels, () -> {
            w.line("uint8_t s8 = 0;");
            w.loop("k", cb, () -> w.line("s8 = (uint8_t)(s8 + SD_POP8(sd_px[pg * " + cb + " + k]));"));
            w.line("sd_ps[pg] = s8;");
        });
    }

    /**
     * The window from the packed pixels: tap (i, j)'s bytes of each plane copied to its place (whole bytes: a tap's
     * channels start at bit (i kw + j) cig), a tap in the padding filled with the zero level's bits; {@code np}: the
     * padding taps' elements counted into np.
     */
    void copyWindow(PlaneProduct p, boolean np) {
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
            countPadding(p, np);
        });
    }

    /**
     * Plane i of a window in {@code planes} (the scratch's sd_q, planes one after another) as one number, its packed
     * bytes little-endian (a C expression): the window's pattern, which the pattern tables are indexed by.
     */
    static String pattern(PlaneProduct p, String planes, int i) {
        int from = i * p.planeBytes();
        StringBuilder bits = new StringBuilder(planes + "[" + from + "]");
        for (int b = 1; b < p.packedBytes(); b++) {
            bits.append(" | (sd_idx)").append(planes).append("[").append(from + b).append("] << ").append(8 * b);
        }
        return bits.toString();
    }

    /** Each plane's bytes past its packed ones, up to whole words: 0, so that the ANDs there count nothing. */
    void zeroPadding(PlaneProduct p) {
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
    String level(PlaneProduct p, Value act, String idx) {
        PackedSources.Source s = sources.at(p.op());
        if (s == null) {
            IntExpr x = r.x(act, idx);
            w.line(x.ctype() + " x = " + x.c() + ";");
            return levelNumber(IntExpr.of("x", x.bits()), p.activation());
        }
        seedc.fixed.FixedType t = r.type(s.x());
        IntExpr x = s.input() ? IntExpr.of("x[" + idx + "]", t.bits()) : r.x(s.x(), idx);
        w.line(x.ctype() + " sd_v = " + x.c() + ";");
        StringBuilder q = new StringBuilder();
        for (long at : s.at()) {
            if (at <= t.max()) { // beyond: never reached
                q.append(q.isEmpty() ? "" : " + ").append(at <= t.min() ? "1" : "(sd_v >= " + IntExpr.lit(at).c() + ")");
            }
        }
        return q.isEmpty() ? "(uint8_t)0" : "(uint8_t)(" + q + ")";
    }

    /** x's level number: how many of the activation's possible values below the top x exceeds (a C expression). */
    private static String levelNumber(IntExpr x, LowBitProducts.Levels a) {
        boolean ownNumbers = true; // levels 0, 1, 2, ...: each one is its number (a level-tables kernel's output)
        for (int i = 0; i < a.count(); i++) {
            ownNumbers &= a.raw()[i] == i;
        }
        if (ownNumbers) {
            return "(uint8_t)(" + x.c() + ")";
        }
        StringBuilder q = new StringBuilder("(uint8_t)(");
        for (int i = 0; i + 1 < a.count(); i++) {
            q.append(i == 0 ? "" : " + ").append("(").append(x.c()).append(" > ").append(IntExpr.lit(a.raw()[i]).c())
             .append(")");
        }
        return q.append(")").toString();
    }

    /**
     * Byte b of each of the activation's planes: its 8 elements' level numbers (fewer in a last partial byte, whose
     * high bits stay 0), each plane's byte built in a register, element t in bit t mod 8, then stored.
     */
    void pack(PlaneProduct p, Value act, String index, int nb) {
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
}
