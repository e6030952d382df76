package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import seedc.ir.Window;
import seedc.ir.Layouts;
import seedc.ir.Shape;

/** The reference integer kernels on tiny inputs worked by hand. */
class FixedKernelsTest {
    private static final Window UNIT = new Window(1, 1, 0, 0, 0, 0, 1, 1);

    private static OpParams.Mul mul(int shrA, int shrB, int width, int treeShift, int post) {
        return new OpParams.Mul(shrA, shrB, width, treeShift, post);
    }

    @Test
    void treeSumOfFiveValuesHalvingTwice() {
        // level 1 (halve): 10/2+20/2 = 15, 30/2+40/2 = 35, odd 51/2 = 25
        // level 2 (halve): 15/2+35/2 = 7+17 = 24, odd 25/2 = 12
        // level 3 (no halving left): 24+12 = 36 (exact sum 151 / 4 = 37.75)
        assertEquals(36, FixedKernels.treeSum(new long[] {10, 20, 30, 40, 51}, 5, 2, 16));
    }

    @Test
    void treeSumHalvesNegativesTowardZero() {
        // level 1: -5/2 + -7/2 = -2-3 = -5, -9/2 = -4; level 2: -5 + -4 = -9
        assertEquals(-9, FixedKernels.treeSum(new long[] {-5, -7, -9}, 3, 1, 16));
        // both levels halve: -5/2 + -4/2 = -2 + -2 = -4 (a third shift has no level left)
        assertEquals(-4, FixedKernels.treeSum(new long[] {-5, -7, -9}, 3, 3, 16));
    }

    @Test
    void treeSumWithoutShiftIsTheWrappedSum() {
        assertEquals(151, FixedKernels.treeSum(new long[] {10, 20, 30, 40, 51}, 5, 0, 16));
        assertEquals(-56, FixedKernels.treeSum(new long[] {100, 100}, 2, 0, 8)); // 200 wraps in 8 bits
        assertEquals(7, FixedKernels.treeSum(new long[] {7, 99}, 1, 0, 16)); // only the first n count
        assertEquals(7, FixedKernels.treeSum(new long[] {7}, 1, 3, 16)); // one value: nothing to halve
    }

    @Test
    void treeSumWrapsAtEveryLevel() {
        // level 1 halves: 50+50 = 100, 50+50 = 100; level 2: 200 wraps to -56 in 8 bits
        assertEquals(-56, FixedKernels.treeSum(new long[] {100, 100, 100, 100}, 4, 1, 8));
        // halving at both levels keeps it in range: 100/2 + 100/2 = 100
        assertEquals(100, FixedKernels.treeSum(new long[] {100, 100, 100, 100}, 4, 2, 8));
        // more shifts than levels: only the two levels there are halve
        assertEquals(100, FixedKernels.treeSum(new long[] {100, 100, 100, 100}, 4, 9, 8));
    }

    @Test
    void matmulOfTheLinearClassifier() {
        // SeeDot section 3: w (1x4, scale 6) * x (4x1, scale 7), operands shifted by 4, no halving.
        long[] w = {50, -47, 115, -119};
        long[] x = {10, 118, -106, 105};
        // 3*0 + (-2)*7 + 7*(-6) + (-7)*6 = -98
        assertArrayEquals(new long[] {-98}, FixedKernels.matmul(w, x, 1, 4, 1, mul(4, 4, 8, 0, 0), 8, WrapSite.IGNORE));
        // The naive rules halve at both tree levels: level 1: 0/2 + -14/2 = -7, -42/2 + -42/2 = -42;
        // level 2: -7/2 + -42/2 = -3 - 21 = -24 at scale 3, i.e. -3.0 (the paper's -2.625 rounds differently)
        assertArrayEquals(new long[] {-24}, FixedKernels.matmul(w, x, 1, 4, 1, mul(4, 4, 8, 2, 0), 8, WrapSite.IGNORE));
    }

    @Test
    void matmulPostShiftAndWrap() {
        long[] a = {1, 2, 3, 4}; // 2x2
        long[] b = {5, 6, 7, 8}; // 2x2
        // [[19, 22], [43, 50]]
        assertArrayEquals(new long[] {19, 22, 43, 50}, FixedKernels.matmul(a, b, 2, 2, 2, mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE));
        // post shift 2: 19/4 = 4, 22/4 = 5, 43/4 = 10, 50/4 = 12
        assertArrayEquals(new long[] {4, 5, 10, 12}, FixedKernels.matmul(a, b, 2, 2, 2, mul(0, 0, 16, 0, 2), 16, WrapSite.IGNORE));
        // negative post shift multiplies; 50*8 = 400 wraps to -112 in 8 bits
        assertArrayEquals(new long[] {-104, -80, 88, -112},
                FixedKernels.matmul(a, b, 2, 2, 2, mul(0, 0, 16, 0, -3), 8, WrapSite.IGNORE));
    }

    /** The definition: every term wrapped to W, the wrapped sum of the wrapped terms, then post and out wrap. */
    private static long definedSum(long[] as, long[] bs, OpParams.Mul p, int outBits) {
        long sum = 0;
        for (int q = 0; q < as.length; q++) {
            long term = FixedArith.wrap(FixedArith.shr(as[q], p.shrA()) * FixedArith.shr(bs[q], p.shrB()), p.width());
            sum = FixedArith.wrap(sum + term, p.width());
        }
        return FixedArith.wrap(FixedArith.shr(sum, p.post()), outBits);
    }

    private static long[] random(Random rnd, int n, int bits) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextInt(1 << bits) - (1 << (bits - 1));
        }
        return v;
    }

    @Test
    void plainSumProductsWrapLikeTheirTermsInEveryShape() {
        // 16-bit operands in a 16-bit temporary: most terms and sums wrap.
        Random rnd = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            int m = 1 + rnd.nextInt(4), k = 1 + rnd.nextInt(9), n = 1 + rnd.nextInt(3);
            long[] a = random(rnd, m * k, 16), b = random(rnd, k * n, 16);
            OpParams.Mul p = mul(rnd.nextInt(3), rnd.nextInt(3), new int[] {16, 32, 64}[rnd.nextInt(3)], 0,
                    rnd.nextInt(5) - 1);
            long[] c = FixedKernels.matmul(a, b, m, k, n, p, 16, WrapSite.IGNORE);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    long[] row = new long[k], col = new long[k];
                    for (int q = 0; q < k; q++) {
                        row[q] = a[i * k + q];
                        col[q] = b[q * n + j];
                    }
                    assertEquals(definedSum(row, col, p, 16), c[i * n + j], "trial " + trial + " " + p);
                }
            }
        }
    }

    @Test
    void convolutionWrapsLikeItsTermsWithPaddingGroupsStrideAndDilation() {
        // Every output against its own terms summed by treeSum (plainly or halving): the row-at-once kernel must
        // give each output the same integer, and count a wrap event exactly where the unwrapped sum differs.
        Random rnd = new Random(11);
        for (int trial = 0; trial < 400; trial++) {
            int groups = 1 + rnd.nextInt(2), cig = 1 + rnd.nextInt(3), cog = 1 + rnd.nextInt(3);
            int side = trial % 8 == 0 ? 16 : 4; // every 8th: more output pixels than the kernel's block of 64
            int h = 2 + rnd.nextInt(side), w = 2 + rnd.nextInt(side), kh = 1 + rnd.nextInt(3), kw = 1 + rnd.nextInt(3);
            Window win = new Window(1 + rnd.nextInt(2), 1 + rnd.nextInt(2), rnd.nextInt(2), rnd.nextInt(2),
                    rnd.nextInt(2), rnd.nextInt(2), 1 + rnd.nextInt(2), 1 + rnd.nextInt(2));
            int oh = (h + win.pt() + win.pb() - win.dh() * (kh - 1) - 1) / win.sh() + 1;
            int ow = (w + win.pl() + win.pr() - win.dw() * (kw - 1) - 1) / win.sw() + 1;
            if (oh < 1 || ow < 1) {
                continue;
            }
            int c = groups * cig, oc = groups * cog, bits = rnd.nextBoolean() ? 16 : 8;
            long[] x = random(rnd, h * w * c, bits), f = random(rnd, groups * kh * kw * cig * cog, bits);
            OpParams.Mul p = mul(rnd.nextInt(2), rnd.nextInt(2), rnd.nextBoolean() ? 16 : 32, rnd.nextInt(4),
                    rnd.nextInt(3));
            WrapCounter counter = new WrapCounter(1);
            counter.startRun();
            long[] out = ConvKernels.conv2d(x, Shape.of(1, h, w, c), f, Shape.of(groups, kh, kw, cig, cog), win,
                    groups, Shape.of(1, oh, ow, oc), p, 16, counter.site(0));
            long events = 0;
            for (int o = 0; o < out.length; o++) {
                int y = o / (ow * oc), xo = o / oc % ow, ch = o % oc, g = ch / cog, co = ch % cog;
                long[] xs = new long[kh * kw * cig], fs = new long[kh * kw * cig]; // padding: 0 * 0
                for (int t = 0; t < xs.length; t++) {
                    int i = t / (kw * cig), j = t / cig % kw, ci = t % cig;
                    int yi = y * win.sh() - win.pt() + i * win.dh(), xi = xo * win.sw() - win.pl() + j * win.dw();
                    if (yi >= 0 && yi < h && xi >= 0 && xi < w) {
                        xs[t] = x[(yi * w + xi) * c + g * cig + ci];
                        fs[t] = f[(((g * kh + i) * kw + j) * cig + ci) * cog + co];
                    }
                }
                long want = p.treeShift() == 0 ? definedSum(xs, fs, p, 16) : definedTree(xs, fs, p, p.width(), 16);
                assertEquals(want, out[o], "trial " + trial + " output " + o + " " + p);
                events += want != definedTree(xs, fs, p, 64, 64) ? 1 : 0;
            }
            assertEquals(events, counter.counts().events()[0], "trial " + trial + " wrap events " + p);
        }
    }

    /** The products' halving tree (treeSum) in {@code width} bits, post-shifted and wrapped to outBits. */
    private static long definedTree(long[] as, long[] bs, OpParams.Mul p, int width, int outBits) {
        long[] terms = new long[as.length];
        for (int q = 0; q < as.length; q++) {
            terms[q] = FixedArith.wrap(FixedArith.shr(as[q], p.shrA()) * FixedArith.shr(bs[q], p.shrB()), width);
        }
        return FixedArith.wrap(FixedArith.shr(FixedKernels.treeSum(terms, terms.length, p.treeShift(), width),
                p.post()), outBits);
    }

    @Test
    void sparseMatmulHandWorked() {
        long[] a = {4, 0, -6, 0, 0, 0}; // 2x3
        long[] b = {3, 5, 7};
        // row 0: (4/2)*(3/2) = 2 -> 2/2 = 1; (-6/2)*(7/2) = -9 -> -9/2 = -4; sum -3. Row 1 is empty: 0.
        assertArrayEquals(new long[] {-3, 0}, FixedKernels.sparseMatmul(a, b, 2, 3, mul(1, 1, 16, 1, 0), 16, WrapSite.IGNORE));
    }

    @Test
    void sparseMatmulEqualsDenseWithoutTreeHalving() {
        Random rnd = new Random(42);
        int m = 7, k = 13;
        for (int trial = 0; trial < 50; trial++) {
            long[] a = new long[m * k], b = new long[k];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextInt(3) == 0 ? rnd.nextInt(65536) - 32768 : 0;
            }
            for (int i = 0; i < k; i++) {
                b[i] = rnd.nextInt(65536) - 32768;
            }
            OpParams.Mul p = mul(rnd.nextInt(9), rnd.nextInt(9), 16, 0, rnd.nextInt(3));
            assertArrayEquals(FixedKernels.matmul(a, b, m, k, 1, p, 16, WrapSite.IGNORE), FixedKernels.sparseMatmul(a, b, m, k, p, 16, WrapSite.IGNORE),
                    "trial " + trial + " " + p);
        }
    }

    @Test
    void productsBroadcastAndWrap() {
        // scalar 64 (shifted by 2: 16) times [10, -20, 30] (shifted by 1: 5, -10, 15)
        assertArrayEquals(new long[] {80, -160, 240},
                FixedKernels.product(new long[] {64}, new long[] {10, -20, 30}, 3, mul(2, 1, 16, 0, 0), 16, WrapSite.IGNORE));
        // the same into 8 bits: -160 -> 96, 240 -> -16
        assertArrayEquals(new long[] {80, 96, -16},
                FixedKernels.product(new long[] {64}, new long[] {10, -20, 30}, 3, mul(2, 1, 16, 0, 0), 8, WrapSite.IGNORE));
        // element-wise, a vector along the last axis: [[1, 2], [3, 4]] <*> [10, -10]
        assertArrayEquals(new long[] {10, -20, 30, -40},
                FixedKernels.product(new long[] {1, 2, 3, 4}, new long[] {10, -10}, 4, mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE));
        // a product is wrapped to W before the post shift: 200*200 = 40000 -> -25536 in 16 bits, / 2^4 = -1596
        assertArrayEquals(new long[] {-1596},
                FixedKernels.product(new long[] {200}, new long[] {200}, 1, mul(0, 0, 16, 0, 4), 16, WrapSite.IGNORE));
    }

    @Test
    void addAndSubtract() {
        OpParams.Add p = new OpParams.Add(0, 1, 16, 1);
        // 100 + 3/2 = 101 -> /2 = 50; -7 + 5/2 = -5 -> /2 = -2
        assertArrayEquals(new long[] {50, -2},
                FixedKernels.add(new long[] {100, -7}, new long[] {3, 5}, 2, false, p, 16, WrapSite.IGNORE));
        // 100 - 1 = 99 -> 49; -7 - 2 = -9 -> -4
        assertArrayEquals(new long[] {49, -4},
                FixedKernels.add(new long[] {100, -7}, new long[] {3, 5}, 2, true, p, 16, WrapSite.IGNORE));
        // 1.23 + 1.23 at scale 14, both halved: 10076 + 10076 = 20152 at scale 13
        assertArrayEquals(new long[] {20152}, FixedKernels.add(new long[] {20152}, new long[] {20152}, 1, false,
                new OpParams.Add(1, 1, 16, 0), 16, WrapSite.IGNORE));
        // without halving the sum wraps: 40304 -> -25232
        assertArrayEquals(new long[] {-25232}, FixedKernels.add(new long[] {20152}, new long[] {20152}, 1, false,
                new OpParams.Add(0, 0, 16, 0), 16, WrapSite.IGNORE));
        // a scalar broadcasts
        assertArrayEquals(new long[] {11, 12, 13},
                FixedKernels.add(new long[] {1, 2, 3}, new long[] {10}, 3, false, new OpParams.Add(0, 0, 16, 0), 16, WrapSite.IGNORE));
    }

    @Test
    void conv2dDiagonalFilterNoPadding() {
        // x: 1x3x3x1 = 1..9, F: (1, 2, 2, 1, 1) = [[1, 0], [0, 1]] -> 1x2x2x1 = [1+5, 2+6, 4+8, 5+9]
        long[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        long[] f = {1, 0, 0, 1};
        long[] out = ConvKernels.conv2d(x, Shape.of(1, 3, 3, 1), f, Shape.of(1, 2, 2, 1, 1), UNIT, 1,
                Shape.of(1, 2, 2, 1), mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {6, 8, 12, 14}, out);
    }

    @Test
    void conv2dPaddingStrideAndDilation() {
        long[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        long[] ones = {1, 1, 1, 1, 1, 1, 1, 1, 1};
        // 3x3 ones, padding 1: corners sum their 2x2 neighbourhood, edges 2x3, the centre all nine.
        long[] same = ConvKernels.conv2d(x, Shape.of(1, 3, 3, 1), ones, Shape.of(1, 3, 3, 1, 1),
                new Window(1, 1, 1, 1, 1, 1, 1, 1), 1, Shape.of(1, 3, 3, 1), mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {12, 21, 16, 27, 45, 33, 24, 39, 28}, same);
        // stride 2: only the corners
        long[] strided = ConvKernels.conv2d(x, Shape.of(1, 3, 3, 1), ones, Shape.of(1, 3, 3, 1, 1),
                new Window(2, 2, 1, 1, 1, 1, 1, 1), 1, Shape.of(1, 2, 2, 1), mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {12, 16, 24, 28}, strided);
        // 2x2 filter dilated by 2 on 3x3 reads the four corners: 1+3+7+9 = 20
        long[] dilated = ConvKernels.conv2d(x, Shape.of(1, 3, 3, 1), new long[] {1, 1, 1, 1}, Shape.of(1, 2, 2, 1, 1),
                new Window(1, 1, 0, 0, 0, 0, 2, 2), 1, Shape.of(1, 1, 1, 1), mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {20}, dilated);
        // the nine terms of the centre halved twice by the tree sum: 1..9 in (i, j) order
        // level 1: 1/2+2/2=1, 3/2+4/2=3, 5/2+6/2=5, 7/2+8/2=7, odd 9/2=4; level 2: 1/2+3/2=1, 5/2+7/2=5, odd 4/2=2;
        // level 3: 1+5 = 6, odd 2; level 4: 8
        long[] halved = ConvKernels.conv2d(x, Shape.of(1, 3, 3, 1), ones, Shape.of(1, 3, 3, 1, 1), UNIT, 1,
                Shape.of(1, 1, 1, 1), mul(0, 0, 16, 2, 0), 16, WrapSite.IGNORE);
        assertArrayEquals(new long[] {8}, halved);
    }

    @Test
    void conv2dChannelsAndGroups() {
        // 1x1x1x2 input [3, 5]; a 1x1 filter (1, 1, 1, 2, 2) = [[1, 2], [3, 4]] (cin x cout): [3+15, 6+20]
        long[] x = {3, 5};
        assertArrayEquals(new long[] {18, 26}, ConvKernels.conv2d(x, Shape.of(1, 1, 1, 2), new long[] {1, 2, 3, 4},
                Shape.of(1, 1, 1, 2, 2), UNIT, 1, Shape.of(1, 1, 1, 2), mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE));
        // depthwise (2 groups of one channel), F (2, 1, 1, 1, 1) = [2, 10]: [3*2, 5*10]
        assertArrayEquals(new long[] {6, 50}, ConvKernels.conv2d(x, Shape.of(1, 1, 1, 2), new long[] {2, 10},
                Shape.of(2, 1, 1, 1, 1), UNIT, 2, Shape.of(1, 1, 1, 2), mul(0, 0, 16, 0, 0), 16, WrapSite.IGNORE));
    }

    @Test
    void maxpool() {
        long[] x = new long[16];
        for (int i = 0; i < 16; i++) {
            x[i] = i;
        }
        Window s2 = new Window(2, 2, 0, 0, 0, 0, 1, 1);
        assertArrayEquals(new long[] {5, 7, 13, 15},
                pool(x, Shape.of(1, 4, 4, 1), 2, 2, s2, Shape.of(1, 2, 2, 1)));
        long[] neg = new long[16];
        for (int i = 0; i < 16; i++) {
            neg[i] = -i;
        }
        assertArrayEquals(new long[] {0, -2, -8, -10},
                pool(neg, Shape.of(1, 4, 4, 1), 2, 2, s2, Shape.of(1, 2, 2, 1)));
        // padding cells are ignored, not zeros: each 2x2 window over the padded 2x2 input sees one pixel
        assertArrayEquals(new long[] {-1, -2, -3, -4}, pool(new long[] {-1, -2, -3, -4},
                Shape.of(1, 2, 2, 1), 2, 2, new Window(2, 2, 1, 1, 1, 1, 1, 1), Shape.of(1, 2, 2, 1)));
        // channels pool separately: 1x2x2x2
        assertArrayEquals(new long[] {7, -1}, pool(new long[] {1, -1, 7, -8, 3, -5, 2, -2},
                Shape.of(1, 2, 2, 2), 2, 2, s2, Shape.of(1, 1, 1, 2)));
    }

    private static long[] pool(long[] x, Shape in, int kh, int kw, Window w, Shape out) {
        return FixedKernels.maxpool(x, Layouts.maxpool(in, kh, kw, w, out));
    }

    @Test
    void convertBetweenTypes() {
        // scale 4 -> 2: divide by 4 toward zero
        assertArrayEquals(new long[] {1, -1, 25},
                FixedKernels.convert(new long[] {5, -5, 100}, new FixedType(16, 4), new FixedType(8, 2), WrapSite.IGNORE));
        // scale 2 -> 6: multiply by 16, wrap in 8 bits: 3*16 = 48, 10*16 = 160 -> -96
        assertArrayEquals(new long[] {48, -96},
                FixedKernels.convert(new long[] {3, 10}, new FixedType(16, 2), new FixedType(8, 6), WrapSite.IGNORE));
        long[] same = {1, 2};
        assertArrayEquals(same, FixedKernels.convert(same, new FixedType(16, 3), new FixedType(16, 3), WrapSite.IGNORE));
    }

    @Test
    void normaliseL2() {
        // [3, 4] / 5 at scale 14: 49152/5 = 9830, 65536/5 = 13107
        assertArrayEquals(new long[] {9830, 13107},
                FixedKernels.normaliseL2(new long[] {3, 4}, Shape.of(2), new FixedType(16, 14), WrapSite.IGNORE));
        // rank 4: per pixel over channels; a zero pixel stays zero
        assertArrayEquals(new long[] {-9830, 13107, 0, 0}, FixedKernels.normaliseL2(new long[] {-6, 8, 0, 0},
                Shape.of(1, 1, 2, 2), new FixedType(16, 14), WrapSite.IGNORE));
    }
}
