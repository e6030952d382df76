package seedc.harness;

import static seedc.harness.Operand.in;
import static seedc.harness.Operand.param;
import static seedc.harness.Operand.sparse;
import static seedc.harness.Ops.i16;
import static seedc.harness.Ops.i8;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaDivider;
import seedc.backend.Emitted;
import seedc.codegen.verilog.FpgaBackend;
import seedc.fixed.FixedType;
import seedc.ir.Op.VecKind;

/**
 * The samples the FPGA estimation models are fitted to (scripts/fit-fpga-models): each template alone in a design,
 * over a range of dimensions, bit widths and parallelism factors, written to {@code OUT/<sample>/} with its
 * report.json (the model's features: every node's PF-1 LUTs, the memories' bits) for yosys to synthesize.
 *
 * <p>Usage: {@code FpgaCostSamples OUT DEVICE [REGEX]}; prints the sample folders (those whose name matches REGEX).
 */
public final class FpgaCostSamples {
    private FpgaCostSamples() {}

    /** One design of the grid: its name, the op alone and how sigmoid and tanh divide (null: not at all). */
    record Sample(String name, OpSpec spec, FpgaDivider divider) {
        Sample(String name, OpSpec spec) {
            this(name, spec, null);
        }
    }

    static final int[] PFS = {1, 2, 4, 8};

    static List<Sample> grid() {
        List<Sample> s = new ArrayList<>();
        for (int bits : new int[] {8, 16}) {
            FixedType t = bits == 8 ? i8(5) : i16(10), w = bits == 8 ? i8(6) : i16(12);
            for (int[] mk : new int[][] {{4, 8}, {8, 16}, {16, 32}}) {
                int m = mk[0], k = mk[1];
                s.add(new Sample("matmul-" + bits + "-" + m + "x" + k, Ops.matmul(param("w", w, m, k), in("x", t, k, 1), t)));
                s.add(new Sample("sparse-" + bits + "-" + m + "x" + k,
                        Ops.sparseMatmul(sparse("w", w, m, k), in("x", t, k), t)));
            }
            for (int n : new int[] {16, 64}) {
                String d = bits + "-" + n;
                s.add(new Sample("add-" + d, Ops.add(in("a", t, n), param("b", t, n), false, t)));
                s.add(new Sample("hadamard-" + d, Ops.hadamard(in("a", t, n), param("b", w, n), t)));
                s.add(new Sample("scalarmul-" + d, Ops.scalarMul(param("s", w), in("a", t, n), t)));
                s.add(new Sample("vecmul-" + d, Ops.vec(VecKind.MUL, in("a", t, n / 4, 4), param("v", w, 4), t)));
                for (String u : List.of("neg", "relu", "exp", "transpose")) {
                    int[] dims = u.equals("transpose") ? new int[] {n / 4, 4} : new int[] {n};
                    s.add(new Sample(u + "-" + d, Ops.unary(u, in("a", t, dims), t)));
                }
                if (n == 16) { // the combinational dividers take yosys minutes at larger sizes
                    for (String u : List.of("sigmoid", "tanh")) {
                        s.add(new Sample(u + "-" + d, Ops.unary(u, in("a", t, n), t), FpgaDivider.COMBINATIONAL));
                    }
                }
                s.add(new Sample("argmax-" + d, Ops.argmax(in("a", t, n))));
            }
            for (int hw : new int[] {4, 6}) {
                String d = bits + "-" + hw;
                s.add(new Sample("conv2d-" + d, Ops.conv2d(in("x", t, 1, hw, hw, 2), param("f", w, 1, 3, 3, 2, 2),
                        Ops.window(1, 1, 1), 1, t)));
                s.add(new Sample("maxpool-" + d, Ops.maxpool(in("x", t, 1, hw, hw, 2), 2, 2, Ops.window(2, 0, 1), t)));
            }
        }
        // Last, so that the samples above keep their seeds (and the fit its designs).
        for (int bits : new int[] {8, 16}) {
            FixedType t = bits == 8 ? i8(5) : i16(10);
            for (int n : new int[] {16, 64}) {
                for (String u : List.of("sigmoid", "tanh")) {
                    s.add(new Sample(u + "iter-" + bits + "-" + n, Ops.unary(u, in("a", t, n), t), FpgaDivider.ITERATIVE));
                }
            }
        }
        // Loops over the rows of a buffer (their bodies' Index fitted above): ProtoNN's sum over prototypes.
        for (int bits : new int[] {8, 16}) {
            FixedType t = bits == 8 ? i8(5) : i16(10);
            for (int n : new int[] {16, 32}) {
                s.add(new Sample("sumloop-" + bits + "-8x" + n, Ops.sumLoop(in("a", t, 8, n), t, t)));
            }
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Device device = Device.byName(args[1]).orElseThrow();
        String only = args.length > 2 ? args[2] : ".*";
        long seed = 1;
        for (Sample sample : grid()) {
            if (!sample.name().matches(only)) {
                seed++;
                continue;
            }
            OneOp.Built b = OneOp.build(sample.spec(), OpCases.seedot(sample.name().contains("-8-") ? 8 : 16, 6),
                    seed++, 1);
            int elements = b.draft().op().out().size();
            for (int pf : PFS) {
                if (pf > 1 && pf > elements || pf > 4 && sample.divider() == FpgaDivider.COMBINATIONAL) {
                    continue;
                }
                Path dir = out.resolve(sample.name() + "-pf" + pf);
                Files.createDirectories(dir);
                Emitted e = FpgaBackend.INSTANCE.emit(b.fp(), b.model().weights(), EmitOptions.on(device).withFpgaPf(pf)
                        .withFpgaDivider(sample.divider()), dir);
                Files.writeString(dir.resolve("report.json"),
                        new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(e.fpga()));
                System.out.println(dir);
            }
        }
    }
}
