package seedc.codegen.c.emit;

import java.util.Set;
import java.util.function.IntUnaryOperator;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.ir.Op.Conv2d;
import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Window;

/**
 * How a convolution's plain 8-bit sums are cheapest on the AVR ({@link Way}): a call a channel over the taps inside the
 * input, one a kernel row where some kernel columns fall outside (DotEmitter's runs); every output channel of a pixel
 * in one call over the whole window, padding zeros included (sd_avr_dots8_32); or every channel in one call a run of
 * taps inside, a kernel row's where some columns fall outside, the rows' sums added. The second adds a term for each
 * padding tap; the first makes calls; the third makes fewer calls and adds rows. Each is counted exactly over the
 * output pixels and priced in cycles the kernels take (a term, a call, a row, an added row), so the choice follows the
 * convolution's shape: cnn-digits-10's first convolution (one input channel, an 8x8 image) takes the one call a pixel,
 * 139,579 -> 113,599 cycles on the Uno, and its second (eight input channels, a 4x4 image, where the zeros would be
 * 44% more terms, and the one call a pixel made 120,707 -> 150,641) one call a run (BENCHMARKS.md "A pixel's output
 * channels in one call", "A pixel's channels in one call a run of taps").
 */
final class ConvChannelCalls {
    /**
     * sd_avr_dot8_32's cycles a term: ld, lpm, muls and four adds (12), and its loop's step over two terms (4), as it
     * was when these prices were read and the choices measured; its loop now takes four terms a step (13 a term),
     * which the count does not take yet (at 13, cnn-digits-10's t14 would count 41,344 against 20,160: the same
     * choice).
     */
    static final int TERM = 14;
    /**
     * A call a channel beyond its terms: sd_dotK's own 40 (call and return, two pushes and pops, the sum's start and
     * the odd term's test, from its assembly) and about 50 of seedc_predict's C setting up its operands and adding a
     * kernel row's sum (read in avr-objdump's listing of cnn-digits-10's first convolution).
     */
    static final int CALL = 90;
    /** sd_avr_dots8_32's call: call and return, 15 pushes and pops and the sum's start (its listing). */
    static final int PIXEL = 80;
    /** sd_avr_dots8_32's cycles a channel beyond its terms: the start copied, the row's pointers, four stores. */
    static final int ROW = 27;
    /** A channel's row sum added into its pixel's: two 32-bit loads, the add, a store and the loop's step. */
    static final int ADD = 22;
    /**
     * The scan for the kernel rows and columns inside the input (i0, i1, j0, j1) and the branch on the run, which the
     * one call a pixel does not make, a kernel row or column: measured on the two convolutions whose way it decides
     * (1x5 kernels: cnn-gestures-8's first, 16 pixels, and dscnn-waves-6's first, 20), where one call a run cost 47
     * and 53 cycles a pixel more than one call a pixel, beyond the zeros it leaves out. A call a channel scans alike,
     * so it weighs only between those two.
     */
    static final int SCAN = 9;

    /** How the output channels of each pixel are summed. */
    enum Way {
        /** A call a channel over the taps inside (one a kernel row inside where some columns are not). */
        A_CALL_A_CHANNEL,
        /** Every channel in one call over the whole window, padding zeros included. */
        ONE_CALL_A_PIXEL,
        /** Every channel in one call over the taps inside, one a kernel row inside where some columns are not. */
        ONE_CALL_A_RUN
    }

    private ConvChannelCalls() {
    }

    /**
     * What the three ways of summing c's output channels differ by, for one output channel: the padding taps' terms the
     * one call adds ({@code zeros}, counting each input channel), the calls a channel over the taps inside would make
     * ({@code calls}: one a pixel whose kernel columns are all inside, else one a kernel row inside), the output
     * pixels, each one call of the second way, the row sums the third way adds into another's ({@code addedRows}:
     * the kernel rows inside less one, at each pixel with columns outside), and the pixels whose window has no tap
     * inside (padding as wide as the kernel's reach: there the third way has no run to sum, and its sums are zeros).
     */
    record Counts(long zeros, long calls, long pixels, long addedRows, long emptyWindows) {}

    /** The counts of c, pixel by pixel. */
    static Counts count(Conv2d c) {
        Shape xs = c.x().shape(), fs = c.filter().shape(), os = c.out().shape();
        Window win = c.window();
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3);
        long zeros = 0, calls = 0, added = 0, empty = 0;
        for (int y = 0; y < os.dim(1); y++) {
            int oy = y, rows = inside(kh, i -> win.inRow(oy, i), xs.dim(1));
            for (int x = 0; x < os.dim(2); x++) {
                int ox = x, cols = inside(kw, j -> win.inCol(ox, j), xs.dim(2));
                zeros += (long) (kh * kw - rows * cols) * cig;
                calls += cols == kw ? 1 : rows;
                added += cols == kw ? 0 : Math.max(rows - 1, 0);
                empty += rows * cols == 0 ? 1 : 0;
            }
        }
        return new Counts(zeros, calls, (long) os.dim(1) * os.dim(2), added, empty);
    }

    /**
     * The bytes of c's channel sums that its scratch holds after the window where the target's {@code idioms} sum a
     * pixel's channels in one call and c's sums are the kind it takes (plain, 32 bits, a window of {@code windowBits}
     * 8-bit elements, a filter of at most 8 bits in flash): 4 a channel for one call a pixel, 8 for one a run (the
     * pixel's sums and a row's); else, or where a call a channel is cheaper, 0.
     */
    static int sumsBytes(FixedProgram fp, Set<Value> flash, Conv2d c, IdiomCalls.Flags idioms, int windowBits) {
        OpParams.Mul p = fp.params(c, OpParams.Mul.class);
        Shape fs = c.filter().shape();
        int n = fs.dim(1) * fs.dim(2) * fs.dim(3), cog = fs.dim(4);
        boolean kind = idioms.sumsChannelsInOneCall() && DotFunctions.levels(p, n) == 0 && p.width() == 32
                && windowBits <= 8 && flash.contains(c.filter()) && fp.type(c.filter()).bits() <= 8 && cog <= 255;
        return !kind ? 0 : switch (way(c)) {
            case A_CALL_A_CHANNEL -> 0;
            case ONE_CALL_A_PIXEL -> 4 * cog;
            case ONE_CALL_A_RUN -> 8 * cog;
        };
    }

    /** The cheapest way for c (one call a pixel where it ties with one a run and its scan). */
    static Way way(Conv2d c) {
        Counts n = count(c);
        Shape fs = c.filter().shape();
        long channels = (long) fs.dim(4) * c.groups();
        long perChannel = n.calls() * CALL * channels;
        long perPixel = n.zeros() * TERM * channels + n.pixels() * c.groups() * PIXEL + n.pixels() * channels * ROW;
        long perRun = n.calls() * c.groups() * PIXEL + n.calls() * channels * ROW + n.addedRows() * channels * ADD;
        long scan = n.pixels() * (fs.dim(1) + fs.dim(2)) * SCAN;
        if (perPixel <= perRun + scan && perPixel < perChannel) {
            return Way.ONE_CALL_A_PIXEL;
        }
        return perRun < perChannel ? Way.ONE_CALL_A_RUN : Way.A_CALL_A_CHANNEL;
    }

    /** How many of the taps 0..k-1 read an input index (at(t)) within 0..size-1. */
    private static int inside(int k, IntUnaryOperator at, int size) {
        int n = 0;
        for (int t = 0; t < k; t++) {
            int v = at.applyAsInt(t);
            n += v >= 0 && v < size ? 1 : 0;
        }
        return n;
    }
}
