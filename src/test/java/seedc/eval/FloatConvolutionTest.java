package seedc.eval;

import static seedc.eval.Programs.assertOutput;
import static seedc.eval.Programs.v;
import static seedc.eval.Programs.w;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * conv2d, maxpool and mbconv on tiny NHWC tensors, against numbers worked out by hand.
 * X is the 1x3x3x1 image [[1, 2, 3]; [4, 5, 6]; [7, 8, 9]] and K the 2x2 kernel [[1, 2]; [3, 4]].
 */
class FloatConvolutionTest {
    private static final String X33 = "let X = (9, 1) in [-10, 10] in let x = reshape(X, (1, 3, 3, 1), (1, 2)) in ";
    private static final double[] IMAGE = v(1, 2, 3, 4, 5, 6, 7, 8, 9);
    private static final String K = "let K = (1, 2, 2, 1, 1) in [-5, 5] in ";
    private static final Map<String, double[]> WK = w("K", v(1, 2, 3, 4));

    private static String conv(String s, String p, String d) {
        return X33 + K + "conv2d(x, K, {s " + s + "}, {p " + p + "}, {d " + d + "}, {g 1})";
    }

    @Test
    void convolutionValid() {
        // 1+4+12+20, 2+6+15+24, 4+10+21+32, 5+12+24+36
        assertOutput(v(37, 47, 67, 77), conv("1 1", "0 0 0 0", "1 1"), WK, IMAGE);
    }

    @Test
    void convolutionStrideAndPadding() {
        // padded to 5x5, windows at (-1,-1), (-1,1), (1,-1), (1,1):
        // 1*4; 2*3 + 3*4; 4*2 + 7*4; 5*1 + 6*2 + 8*3 + 9*4
        assertOutput(v(4, 18, 36, 77), conv("2 2", "1 1 1 1", "1 1"), WK, IMAGE);
    }

    @Test
    void convolutionAsymmetricPadding() {
        // one row of padding on top only: 3x2 outputs; the first row sees image row 0 through K's bottom row
        // 1*3 + 2*4, 2*3 + 3*4, then the valid outputs
        assertOutput(v(11, 18, 37, 47, 67, 77), conv("1 1", "1 0 0 0", "1 1"), WK, IMAGE);
        // one column of padding on the right only: 2x3 outputs; the last column sees image column 2 through K's left column
        // 3*1 + 6*3, 6*1 + 9*3
        assertOutput(v(37, 47, 21, 67, 77, 33), conv("1 1", "0 0 0 1", "1 1"), WK, IMAGE);
    }

    @Test
    void convolutionDilation() {
        // taps at the four corners: 1*1 + 3*2 + 7*3 + 9*4
        assertOutput(v(64), conv("1 1", "0 0 0 0", "2 2"), WK, IMAGE);
        // dilated along the width only: 2x1 outputs, taps (r, 0), (r, 2), (r+1, 0), (r+1, 2)
        // 1 + 6 + 12 + 24, 4 + 12 + 21 + 36
        assertOutput(v(43, 73), conv("1 1", "0 0 0 0", "1 2"), WK, IMAGE);
    }

    /** A 1x2x2x2 image: channel 0 is [[1, 2]; [3, 4]], channel 1 is [[5, 6]; [7, 8]]. */
    private static final String X222 = "let X = (8, 1) in [-10, 10] in let x = reshape(X, (1, 2, 2, 2), (1, 2)) in ";
    private static final double[] TWO_CHANNELS = v(1, 5, 2, 6, 3, 7, 4, 8);

    @Test
    void convolutionOverChannels() {
        // a 1x1 kernel mixing the channels: c0 + 10 c1 at each pixel
        assertOutput(v(51, 62, 73, 84), X222 + "let F = (1, 1, 1, 2, 1) in [-10, 10] in "
                + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})", w("F", v(1, 10)), TWO_CHANNELS);
        // two output channels: c0 + c1 and c0 - c1
        assertOutput(v(6, -4, 8, -4, 10, -4, 12, -4), X222 + "let F = (1, 1, 1, 2, 2) in [-10, 10] in "
                + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})", w("F", v(1, 1, 1, -1)), TWO_CHANNELS);
    }

    @Test
    void batchesAreIndependent() {
        // the two-channel pixels as a batch of two 2x1 images
        String x = "let X = (8, 1) in [-10, 10] in let x = reshape(X, (2, 2, 1, 2), (1, 2)) in ";
        assertOutput(v(51, 62, 73, 84), x + "let F = (1, 1, 1, 2, 1) in [-10, 10] in "
                + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})", w("F", v(1, 10)), TWO_CHANNELS);
        // image 0 is pixels (1, 5), (2, 6); image 1 is (3, 7), (4, 8)
        assertOutput(v(2, 6, 4, 8), x + "maxpool(x, {k 2 1}, {p 0 0 0 0}, {s 1 1})", w(), TWO_CHANNELS);
    }

    @Test
    void groupedConvolution() {
        // 2 groups of one input channel and two output channels each, 2x2 kernels, one output pixel:
        // group 0 (channel 0 = [[1,2];[3,4]]): [[1,0];[0,1]] -> 5, all ones -> 10
        // group 1 (channel 1 = [[5,6];[7,8]]): [[0,1];[1,0]] -> 13, [[1,0];[0,0]] -> 5
        // F[g][i][j][0][co], co innermost
        double[] f = {1, 1, 0, 1, 0, 1, 1, 1, /* group 1 */ 0, 1, 1, 0, 1, 0, 0, 0};
        assertOutput(v(5, 10, 13, 5), X222 + "let F = (2, 2, 2, 1, 2) in [-10, 10] in "
                + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 2})", w("F", f), TWO_CHANNELS);
        // depthwise (groups = channels), 1x1 kernels scaling channel 0 by 2 and channel 1 by -1
        assertOutput(v(2, -5, 4, -6, 6, -7, 8, -8), X222 + "let F = (2, 1, 1, 1, 1) in [-10, 10] in "
                + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 2})", w("F", v(2, -1)), TWO_CHANNELS);
    }

    @Test
    void maxpool() {
        assertOutput(v(5, 6, 8, 9), X33 + "maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 1 1})", w(), IMAGE);
        assertOutput(v(5), X33 + "maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 2 2})", w(), IMAGE);
        assertOutput(v(4, 8), X222 + "maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 2 2})", w(), TWO_CHANNELS); // per channel
    }

    @Test
    void maxpoolIgnoresPadding() {
        // windows {1}, {2, 3}, {4, 7}, {5, 6, 8, 9}
        assertOutput(v(1, 3, 7, 9), X33 + "maxpool(x, {k 2 2}, {p 1 1 1 1}, {s 2 2})", w(), IMAGE);
        // negative values: a zero padding would win, an ignored one does not
        double[] negative = v(-1, -2, -3, -4, -5, -6, -7, -8, -9);
        assertOutput(v(-1, -2, -4, -5), X33 + "maxpool(x, {k 2 2}, {p 1 1 1 1}, {s 2 2})", w(), negative);
        // 2x1 windows at stride 2 with one row of padding below: rows {0, 1} and {2}
        assertOutput(v(-1, -2, -3, -7, -8, -9), X33 + "maxpool(x, {k 2 1}, {p 0 1 0 0}, {s 2 1})", w(), negative);
    }

    @Test
    void dilatedMaxpool() {
        // 2x2 windows dilated 2: the corners 1, 3, 7, 9 of the one window
        assertOutput(v(9), X33 + "maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 1 1}, {d 2 2})", w(), IMAGE);
        // 1x2 windows dilated 2 along the rows, padded one column left and right: the columns (-1, 1), (0, 2),
        // (1, 3) of each row; the padding is ignored
        assertOutput(v(-2, -1, -2, -5, -4, -5, -8, -7, -8), X33 + "maxpool(x, {k 1 2}, {p 0 0 1 1}, {s 1 1}, {d 1 2})",
                w(), v(-1, -2, -3, -4, -5, -6, -7, -8, -9));
        // 2x1 windows dilated 2 down the columns: rows (0, 2) of each column
        assertOutput(v(7, 8, 9), X33 + "maxpool(x, {k 2 1}, {p 0 0 0 0}, {s 1 1}, {d 2 1})", w(), IMAGE);
    }

    @Test
    void mbconv() {
        // x: 1x2x2x1 pixels 1, 2, 3, 4.
        // expand: F1 = [1, -1], W1 = [2, 2], B1 = [0, 8], relu6:
        //   ch0 = relu6(2p) = 2, 4, 6, 6; ch1 = relu6(8 - 2p) = 6, 4, 2, 0
        // depthwise 3x3, padding 1: ch0 all ones -> 18 everywhere; ch1 only the top-middle tap -> out(y, x) = in(y - 1, x)
        //   = 0, 0, 6, 4; W2 = [0.25, 1], B2 = [0, -1], relu6: ch0 = 4.5; ch1 = 0, 0, 5, 3
        // project: F3 = [1, 2] -> 4.5, 4.5, 14.5, 10.5; W3 = [2], B3 = [-1] -> 8, 8, 28, 20 (no relu6)
        double[] f2 = new double[18];
        java.util.Arrays.fill(f2, 0, 9, 1.0);
        f2[9 + 1] = 1; // group 1, row 0, column 1
        Map<String, double[]> weights = w("F1", v(1, -1), "W1", v(2, 2), "B1", v(0, 8),
                "F2", f2, "W2", v(0.25, 1), "B2", v(0, -1),
                "F3", v(1, 2), "W3", v(2), "B3", v(-1));
        String p = "let X = (4, 1) in [0, 4] in let x = reshape(X, (1, 2, 2, 1), (1, 2)) in "
                + "let F1 = (1, 1, 1, 1, 2) in [-1, 1] in let W1 = (2) in [0, 2] in let B1 = (2) in [0, 8] in "
                + "let F2 = (2, 3, 3, 1, 1) in [0, 1] in let W2 = (2) in [0, 1] in let B2 = (2) in [-1, 0] in "
                + "let F3 = (1, 1, 1, 2, 1) in [0, 2] in let W3 = (1) in [0, 2] in let B3 = (1) in [-1, 0] in "
                + "mbconv(x, [F1, W1, B1], [F2, W2, B2], [F3, W3, B3], {s 1 1}, {p 1 1 1 1})";
        assertOutput(v(8, 8, 28, 20), p, weights, v(1, 2, 3, 4));
        // with stride 2 only the top-left pixel remains
        assertOutput(v(8), p.replace("{s 1 1}", "{s 2 2}"), weights, v(1, 2, 3, 4));
    }

    @Test
    void mbconvMatchesIndependentLoops() {
        // a random-looking 1x3x3x2 input, expansion to 3 channels, 3x3 depthwise without padding, 1 output channel
        double[] x = new double[18], f1 = new double[6], f2 = new double[27], f3 = new double[3];
        double[] w1 = v(1, 0.5, 2), b1 = v(0.1, -0.2, 0.3), w2 = v(0.5, 1, 0.25), b2 = v(0, 0.1, -0.1);
        for (int i = 0; i < x.length; i++) {
            x[i] = ((i * 7) % 11) / 5.0 - 0.8;
        }
        for (int i = 0; i < f1.length; i++) {
            f1[i] = ((i * 5) % 7) / 3.0 - 1;
        }
        for (int i = 0; i < f2.length; i++) {
            f2[i] = ((i * 3) % 8) / 4.0 - 0.9;
        }
        f3[0] = 0.5;
        f3[1] = -1;
        f3[2] = 2;
        // independent reference
        double[][] e = new double[9][3]; // pixel, expanded channel
        for (int p = 0; p < 9; p++) {
            for (int c = 0; c < 3; c++) {
                double s = x[2 * p] * f1[c] + x[2 * p + 1] * f1[3 + c];
                e[p][c] = Math.min(6, Math.max(0, s * w1[c] + b1[c]));
            }
        }
        double out = 0;
        for (int c = 0; c < 3; c++) {
            double s = 0;
            for (int p = 0; p < 9; p++) {
                s += e[p][c] * f2[c * 9 + p];
            }
            out += Math.min(6, Math.max(0, s * w2[c] + b2[c])) * f3[c];
        }
        out = out * 3 - 1; // W3 = [3], B3 = [-1]
        String p = "let X = (18, 1) in [-1, 2] in let x = reshape(X, (1, 3, 3, 2), (1, 2)) in "
                + "let F1 = (1, 1, 1, 2, 3) in [-1, 1] in let W1 = (3) in [0, 2] in let B1 = (3) in [-1, 1] in "
                + "let F2 = (3, 3, 3, 1, 1) in [-1, 1] in let W2 = (3) in [0, 1] in let B2 = (3) in [-1, 1] in "
                + "let F3 = (1, 1, 1, 3, 1) in [-1, 2] in let W3 = (1) in [0, 3] in let B3 = (1) in [-1, 0] in "
                + "mbconv(x, [F1, W1, B1], [F2, W2, B2], [F3, W3, B3], {s 1 1}, {p 0 0 0 0})";
        assertOutput(v(out), p, w("F1", f1, "W1", w1, "B1", b1, "F2", f2, "W2", w2, "B2", b2,
                "F3", f3, "W3", v(3), "B3", v(-1)), x);
    }
}
