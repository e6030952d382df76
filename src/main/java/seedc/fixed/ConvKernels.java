package seedc.fixed;

import static seedc.fixed.FixedArith.shr;

import java.util.Arrays;
import seedc.ir.Shape;
import seedc.ir.Window;

/**
 * NHWC convolution in integers, the definition of docs/fixed-point-semantics.md: per output, the kh*kw*cin/G
 * products in (i, j, c) order, padding terms 0, each wrapped to the temporary width W and summed by SeeDot's
 * halving tree (or plainly, when the tree halves nowhere).
 *
 * <p>Both sums run over a block of output pixels at once, each pixel a lane: the terms of channel co of every
 * pixel of the block sit in one row, and each step (a product, a tree node) is one loop over equal indices of a
 * few rows, which the JIT turns into vector instructions (a loop over one array at two offsets it cannot, not
 * knowing that they do not overlap). Each lane computes exactly the nodes {@link FixedKernels#treeSum} computes
 * for its output. cnn-fashion-10's search took 20 s instead of 40 s with SeeDot's halving tree and 23 s
 * instead of 30 s with Shiftry's plain sums (BENCHMARKS.md, "Large training sets").
 */
public final class ConvKernels {
    private ConvKernels() {}

    /** Output pixels per block: long enough vectors, and the block's terms stay in the second-level cache. */
    private static final int BLOCK = 64;

    public static long[] conv2d(long[] x, Shape xs, long[] f, Shape fs, Window w, int groups, Shape os,
                                OpParams.Mul p, int outBits, WrapSite site) {
        return conv2dShifted(FixedKernels.shifted(x, p.shrA()), xs, FixedKernels.shifted(f, p.shrB()), fs, w, groups,
                os, p, outBits, site);
    }

    /** {@link #conv2d} of operands already {@link FixedKernels#shifted} by shrA and shrB. */
    public static long[] conv2dShifted(long[] x, Shape xs, long[] f, Shape fs, Window w, int groups, Shape os,
                                       OpParams.Mul p, int outBits, WrapSite site) {
        Patch patch = new Patch(x, xs, fs, w, os);
        long[] out = new long[os.size()];
        for (int b = 0; b < xs.dim(0); b++) {
            for (int g = 0; g < groups; g++) {
                for (int p0 = 0; p0 < patch.pixels; p0 += BLOCK) {
                    patch.at(b, g, p0, Math.min(BLOCK, patch.pixels - p0));
                    if (p.treeShift() <= 0) {
                        plainSum(patch, f, p, outBits, site, out);
                    } else {
                        halvingTree(patch, f, p, outBits, site, out);
                    }
                }
            }
        }
        return out;
    }

    /**
     * A block of output pixels [p0, p0 + size) (the output rows flattened) of example b and group g: the input
     * each term reads for every pixel of it, and where its outputs go.
     */
    private static final class Patch {
        final long[] x;
        final int h, wd, c, kh, kw, cig, cog, n, ow, oc, pixels;
        final Window w;
        /** Per pixel of the block: the input row and column of tap (0, 0), and that tap's index in x. */
        final int[] y0, x0, base;
        final long[] in;
        /** Per pixel of the block: whether a wrap changed one of its terms or tree nodes (non-zero). */
        final long[] changed;
        /** Rows of the block's terms or sums, allocated on first use. */
        long[][] rows, exact;
        int b, g, p0, size;

        Patch(long[] x, Shape xs, Shape fs, Window w, Shape os) {
            this.x = x;
            this.w = w;
            h = xs.dim(1);
            wd = xs.dim(2);
            c = xs.dim(3);
            kh = fs.dim(1);
            kw = fs.dim(2);
            cig = fs.dim(3);
            cog = fs.dim(4);
            n = kh * kw * cig;
            ow = os.dim(2);
            oc = os.dim(3);
            pixels = os.dim(1) * ow;
            int block = Math.min(pixels, BLOCK);
            y0 = new int[block];
            x0 = new int[block];
            base = new int[block];
            in = new long[block];
            changed = new long[block];
        }

        void at(int b, int g, int p0, int size) {
            this.b = b;
            this.g = g;
            this.p0 = p0;
            this.size = size;
            for (int k = 0; k < size; k++) {
                y0[k] = w.inRow((p0 + k) / ow, 0);
                x0[k] = w.inCol((p0 + k) % ow, 0);
                base[k] = ((b * h + y0[k]) * wd + x0[k]) * c + g * cig; // used only when tap (0, 0) is inside
            }
        }

        /** in[k]: the input term q of the block's k-th pixel reads (0 in the padding). */
        void gather(int q) {
            int i = q / (kw * cig), j = q / cig % kw, ci = q % cig;
            int dy = w.inRow(0, i) - w.inRow(0, 0), dx = w.inCol(0, j) - w.inCol(0, 0), off = (dy * wd + dx) * c + ci;
            for (int k = 0; k < size; k++) {
                int yi = y0[k] + dy, xi = x0[k] + dx;
                in[k] = yi >= 0 && yi < h && xi >= 0 && xi < wd ? x[base[k] + off] : 0;
            }
        }

        /** Where term q's filter values for this group's output channels start in the filter. */
        int filterRow(int q) {
            int i = q / (kw * cig), j = q / cig % kw, ci = q % cig;
            return (((g * kh + i) * kw + j) * cig + ci) * cog;
        }

        /** The output index of channel co of the block's k-th pixel. */
        int out(int k, int co) {
            return (b * pixels + p0 + k) * oc + g * cog + co;
        }

        long[][] rows(int count) {
            return rows != null ? rows : (rows = new long[count][in.length]);
        }
    }

    /**
     * A plain (unhalved) sum: the unwrapped products summed in 64 bits and wrapped once equal the wrapped terms'
     * sum (both are modular in 2^W); padding terms add 0. acc[co][k] accumulates channel co of pixel k.
     */
    private static void plainSum(Patch pt, long[] f, OpParams.Mul p, int outBits, WrapSite site, long[] out) {
        long[][] acc = pt.rows(pt.cog);
        for (long[] a : acc) {
            Arrays.fill(a, 0);
        }
        for (int q = 0; q < pt.n; q++) {
            pt.gather(q);
            int fr = pt.filterRow(q);
            for (int co = 0; co < pt.cog; co++) {
                long fv = f[fr + co];
                long[] a = acc[co], in = pt.in;
                for (int k = 0; k < pt.size; k++) {
                    a[k] += in[k] * fv;
                }
            }
        }
        for (int co = 0; co < pt.cog; co++) {
            for (int k = 0; k < pt.size; k++) {
                out[pt.out(k, co)] = FixedKernels.finishExact(acc[co][k], p, outBits, site);
            }
        }
    }

    /**
     * The halving tree: term q of channel co of every pixel in row q * cog + co. With no wrap anywhere in the
     * block the tree's sums are exact; else the tree runs again on the unwrapped products, and every output is
     * checked against its exact value.
     */
    private static void halvingTree(Patch pt, long[] f, OpParams.Mul p, int outBits, WrapSite site, long[] out) {
        long[][] t = pt.rows(pt.n * pt.cog);
        long[] changed = pt.changed;
        Arrays.fill(changed, 0);
        terms(pt, f, p.width(), t, changed);
        levels(t, pt.n, pt.cog, pt.size, p.treeShift(), p.width(), changed);
        long[][] sums = t;
        if (any(changed)) {
            sums = pt.exact != null ? pt.exact : (pt.exact = new long[t.length][pt.in.length]);
            terms(pt, f, 64, sums, changed);
            levels(sums, pt.n, pt.cog, pt.size, p.treeShift(), 64, changed);
        }
        for (int co = 0; co < pt.cog; co++) {
            for (int k = 0; k < pt.size; k++) {
                out[pt.out(k, co)] = site.check(FixedKernels.finish(t[co][k], p, outBits), shr(sums[co][k], p.post()));
            }
        }
    }

    /**
     * The block's terms, each product wrapped to {@code width} bits, term q of channel co of pixel k at
     * t[q * cog + co][k]; changed[k] marks a product of pixel k that a wrap changed.
     */
    private static void terms(Patch pt, long[] f, int width, long[][] t, long[] changed) {
        int sh = 64 - width;
        for (int q = 0; q < pt.n; q++) {
            pt.gather(q);
            int fr = pt.filterRow(q);
            for (int co = 0; co < pt.cog; co++) {
                long fv = f[fr + co];
                long[] row = t[q * pt.cog + co], in = pt.in;
                for (int k = 0; k < pt.size; k++) {
                    long e = in[k] * fv, wr = (e << sh) >> sh; // wrap(e, width)
                    row[k] = wr;
                    changed[k] |= wr ^ e;
                }
            }
        }
    }

    /**
     * {@link FixedKernels#treeLevels} on every lane at once: node q of lane (co, k) at t[q * cog + co][k], the sums
     * end in t[co][k]; changed[k] marks a lane k whose nodes a wrap changed.
     */
    private static void levels(long[][] t, int n, int cog, int size, int shift, int width, long[] changed) {
        int sh = 64 - width;
        for (int level = 0; n > 1; level++) {
            int half = n >> 1;
            boolean halve = level < shift;
            for (int i = 0; i < half; i++) {
                for (int co = 0; co < cog; co++) {
                    long[] o = t[i * cog + co], u = t[2 * i * cog + co], v = t[(2 * i + 1) * cog + co];
                    if (halve) {
                        for (int k = 0; k < size; k++) {
                            long e = ((u[k] + (u[k] >>> 63)) >> 1) + ((v[k] + (v[k] >>> 63)) >> 1);
                            long wr = (e << sh) >> sh;
                            o[k] = wr;
                            changed[k] |= wr ^ e;
                        }
                    } else {
                        for (int k = 0; k < size; k++) {
                            long e = u[k] + v[k], wr = (e << sh) >> sh;
                            o[k] = wr;
                            changed[k] |= wr ^ e;
                        }
                    }
                }
            }
            if ((n & 1) != 0) {
                for (int co = 0; co < cog; co++) {
                    long[] o = t[half * cog + co], u = t[(n - 1) * cog + co];
                    for (int k = 0; k < size; k++) {
                        o[k] = halve ? (u[k] + (u[k] >>> 63)) >> 1 : u[k];
                    }
                }
            }
            n = (n + 1) >> 1;
        }
    }

    private static boolean any(long[] changed) {
        long or = 0;
        for (long c : changed) {
            or |= c;
        }
        return or != 0;
    }
}
