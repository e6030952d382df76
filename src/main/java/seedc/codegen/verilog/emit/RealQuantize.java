package seedc.codegen.verilog.emit;

import static seedc.codegen.verilog.emit.ElementwiseKernel.at;
import static seedc.codegen.verilog.emit.ElementwiseKernel.temp;

import java.util.ArrayList;
import java.util.List;
import seedc.codegen.verilog.emit.ElementwiseKernel.Load;
import seedc.codegen.verilog.graph.Interval;
import seedc.diag.UserError;
import seedc.fixed.RealThresholds;
import seedc.ir.Value;

/**
 * A quantize under Real thresholds (docs/fixed-point-semantics.md): each lane reads the exact product x (two ops
 * before the quantize, complete before the scale and the bias start) instead of the quantize's operand, and its
 * output is its channel's step function of x ({@link RealThresholds.Chain#steps}, the interpreter's outputs) over the
 * values x can hold: at most three steps a channel (a quantize of at most 2 bits), thresholds and outputs from ROMs
 * indexed by the channel, element i's channel i mod the chain's channels.
 */
final class RealQuantize {
    private RealQuantize() {}

    static String emit(NodeContext c, RealThresholds.Chain chain) {
        Value x = chain.x();
        if (c.aliases().containsKey(x.id()) || c.aliases().containsValue(x)) {
            // a shared engine writes x's memory again once its graph readers are done: x would not last
            throw UserError.of("--target fpga: the exact product " + x.name() + " that quantize "
                    + chain.quantize().out().name() + " compares (Real thresholds) shares its memory with another"
                    + " engine's output; give --fpga-strategy mafia");
        }
        long lo = chain.reach()[0], hi = chain.reach()[1];
        int channels = chain.channels(), most = 1;
        List<long[]> at = new ArrayList<>(), out = new ArrayList<>();
        for (int ch = 0; ch < channels; ch++) {
            RealThresholds.ChannelSteps s = chain.steps(ch, lo, hi);
            at.add(s.at());
            out.add(s.outputs());
            most = Math.max(most, s.at().length);
        }
        int xBits = c.type(x).bits(), outBits = c.type(c.op().out()).bits();
        String id = c.id(), channel = channels == 1 ? "0" : Verilog.mod("x_" + id, c.xBits(), channels);
        StringBuilder roms = new StringBuilder();
        String result = null;
        for (int j = most; j >= 0; j--) {
            long[] v = new long[channels], t = new long[channels];
            for (int ch = 0; ch < channels; ch++) {
                long[] a = at.get(ch), y = out.get(ch);
                v[ch] = y[Math.min(j, y.length - 1)];
                t[ch] = j == 0 ? lo : a.length == 0 ? lo : a[Math.min(j - 1, a.length - 1)];
            }
            roms.append(Verilog.rom("rv" + j + "_" + id, outBits, v));
            String value = "rv" + j + "_" + id + "(" + channel + ")";
            if (j == 0) {
                result = "(" + result + value + ")".repeat(most + 1);
            } else { // from the last step down: the output from the last threshold x reaches
                roms.append(Verilog.rom("rt" + j + "_" + id, xBits, t));
                result = (result == null ? "" : result) + temp(c, 0) + " >= rt" + j + "_" + id + "(" + channel
                        + ") ? " + value + " : (";
            }
        }
        List<Load> loads = List.of(new Load(at(c, x), Interval.of(c.type(x))));
        return roms + ElementwiseKernel.emit(c, "quantize", loads, result);
    }
}
