package seedc.rewrite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.ir.FloatModel;
import seedc.ir.Program;

/**
 * Post-training weight quantization (Zac 4.1, asked for with --weight-bits or --codebook): every weight matrix or
 * filter (a parameter with two or more dimensions above 1; vectors such as biases keep their values) is replaced by
 * values on few levels, so that the C backends can store it as short indices into a table of them
 * ({@code --weight-storage packed}). It changes the model: the float model the search then compiles is the
 * quantized one, and the report shows the float accuracy before and after. It runs after {@link InputShifts}, whose
 * columns scaled by powers of two even out a product's weights (on raw features, quantizing the weights as trained
 * kept ProtoNN cancer at 37% with 16 values). Each parameter's levels stay inside its
 * values' range, so they stay inside the range the program declares.
 *
 * <ul>
 *   <li>{@link Mode#GRID} with k bits: k = 1, the binary {-a, +a} with a the mean magnitude (XNOR-Net's scale);
 *   k &gt;= 2, the symmetric grid q * s, s = max |w| / (2^(k-1) - 1), q the nearest integer in +/-(2^(k-1) - 1)
 *   (2^k - 1 levels, zero among them). A level beyond the values' own range on the shorter side (W in [-8.3,
 *   6.4] has the level +8.3) is moved to its end, so the parameter keeps its declared range.</li>
 *   <li>{@link Mode#CODEBOOK} with n values: one-dimensional k-means (Lloyd's iterations from the values'
 *   quantiles; deterministic), each weight replaced by its nearest centre.</li>
 *   <li>{@link Mode#POWERS_OF_TWO} with k bits (a sign and a (k-1)-bit code: zero or one of 2^(k-1) - 1
 *   exponents): each weight replaced by the nearest of 0 and +/- 2^e, e from floor(log2 max |w|) down, the
 *   levels outside the values' range left out (so the parameter keeps its declared range). A product by such a
 *   weight is a shift (on the FPGA: no multiplier).</li>
 * </ul>
 */
public final class WeightQuantization {
    private WeightQuantization() {}

    /** The kind of levels, with the sizes it takes: a grid of 1 to 8 bits, a codebook of 2 to 256 values. */
    public enum Mode {
        GRID(1, 8, "bits"), CODEBOOK(2, 256, "values"), POWERS_OF_TWO(2, 8, "bits");

        public final int min, max;
        /** What a size counts, in words. */
        public final String unit;

        Mode(int min, int max, String unit) {
            this.min = min;
            this.max = max;
            this.unit = unit;
        }

        /** The name in report.json: grid, codebook, powersOfTwo. */
        public String id() {
            return this == POWERS_OF_TWO ? "powersOfTwo" : name().toLowerCase(java.util.Locale.ROOT);
        }

        public boolean allows(int size) {
            return size >= min && size <= max;
        }

        /** The mode named {@code id} (report.json's quantizedWeights.mode). */
        public static java.util.Optional<Mode> byId(String id) {
            return java.util.Arrays.stream(values()).filter(m -> m.id().equals(id)).findFirst();
        }
    }

    /** What to quantize to: a k-bit grid ({@code size} = k) or a codebook of {@code size} values. */
    public record Spec(Mode mode, int size) {}

    /** The quantized model and the parameters that were quantized. */
    public record Quantized(FloatModel model, List<String> parameters) {}

    public static Quantized apply(FloatModel model, Spec spec) {
        Map<String, double[]> weights = new LinkedHashMap<>(model.weights());
        List<String> changed = new ArrayList<>();
        for (Program.Param p : model.program().params()) {
            if (!isWeightTensor(p) || !weights.containsKey(p.name())) {
                continue;
            }
            double[] w = weights.get(p.name());
            weights.put(p.name(), switch (spec.mode()) {
                case GRID -> grid(w, spec.size());
                case CODEBOOK -> codebook(w, spec.size());
                case POWERS_OF_TWO -> powersOfTwo(w, spec.size());
            });
            changed.add(p.name());
        }
        return new Quantized(new FloatModel(model.program(), weights), List.copyOf(changed));
    }

    /** A matrix or filter: two or more dimensions above 1. */
    static boolean isWeightTensor(Program.Param p) {
        int big = 0;
        for (int a = 0; a < p.shape().rank(); a++) {
            big += p.shape().dim(a) > 1 ? 1 : 0;
        }
        return big >= 2;
    }

    static double[] grid(double[] w, int bits) {
        double lo = Arrays.stream(w).min().orElse(0), hi = Arrays.stream(w).max().orElse(0);
        double[] out = new double[w.length];
        if (bits == 1) {
            double a = Arrays.stream(w).map(Math::abs).average().orElse(0);
            for (int i = 0; i < w.length; i++) {
                out[i] = Math.min(hi, Math.max(lo, w[i] >= 0 ? a : -a));
            }
            return out;
        }
        double s = Math.max(Math.abs(lo), Math.abs(hi)) / ((1 << (bits - 1)) - 1);
        if (s == 0) {
            return w.clone();
        }
        long top = (1 << (bits - 1)) - 1;
        for (int i = 0; i < w.length; i++) {
            double level = Math.min(top, Math.max(-top, Math.round(w[i] / s))) * s;
            out[i] = Math.min(hi, Math.max(lo, level));
        }
        return out;
    }

    static double[] powersOfTwo(double[] w, int bits) {
        double lo = Arrays.stream(w).min().orElse(0), hi = Arrays.stream(w).max().orElse(0);
        double top = Math.max(Math.abs(lo), Math.abs(hi));
        if (top == 0) {
            return w.clone();
        }
        int eMax = Math.getExponent(top), exponents = (1 << (bits - 1)) - 1;
        List<Double> levels = new ArrayList<>(List.of(0.0));
        for (int e = eMax; e > eMax - exponents; e--) {
            for (double level : new double[] {Math.scalb(1.0, e), -Math.scalb(1.0, e)}) {
                if (level >= lo && level <= hi) {
                    levels.add(level);
                }
            }
        }
        double[] centre = levels.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] out = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            out[i] = centre[nearest(centre, w[i])];
        }
        return out;
    }

    static double[] codebook(double[] w, int n) {
        double[] sorted = w.clone();
        Arrays.sort(sorted);
        double[] centre = new double[Math.min(n, w.length)];
        for (int j = 0; j < centre.length; j++) {
            centre[j] = sorted[(int) ((j + 0.5) * sorted.length / centre.length)];
        }
        int[] of = new int[w.length];
        for (int iteration = 0; iteration < 100; iteration++) {
            boolean moved = false;
            for (int i = 0; i < w.length; i++) {
                int c = nearest(centre, w[i]);
                moved |= c != of[i];
                of[i] = c;
            }
            double[] sum = new double[centre.length];
            int[] count = new int[centre.length];
            for (int i = 0; i < w.length; i++) {
                sum[of[i]] += w[i];
                count[of[i]]++;
            }
            for (int j = 0; j < centre.length; j++) {
                centre[j] = count[j] > 0 ? sum[j] / count[j] : centre[j];
            }
            if (!moved && iteration > 0) {
                break;
            }
        }
        double[] out = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            out[i] = centre[nearest(centre, w[i])];
        }
        return out;
    }

    /**
     * The index of the centre nearest x, the lower of two as near. The centres stay ascending: they start at
     * ascending quantiles, and in one dimension each is the mean of a run of the sorted values between its
     * neighbours' runs.
     */
    private static int nearest(double[] centre, double x) {
        int j = Arrays.binarySearch(centre, x);
        if (j >= 0) {
            return j;
        }
        int above = -j - 1;
        if (above == 0) {
            return 0;
        }
        if (above == centre.length) {
            return centre.length - 1;
        }
        return x - centre[above - 1] <= centre[above] - x ? above - 1 : above;
    }
}
