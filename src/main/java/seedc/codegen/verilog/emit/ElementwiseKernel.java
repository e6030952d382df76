package seedc.codegen.verilog.emit;

import java.util.List;
import seedc.codegen.verilog.graph.Interval;
import seedc.codegen.verilog.plan.BlockRams;
import seedc.ir.Value;

/**
 * The engine of a linear-time node (MAFIA section IV-A: input, execution and output PF equal): PF output
 * elements per cycle, lane l computing element x = e + l. Each lane loads its operands into 64-bit temporaries
 * ({@code loads}, statements over x) and writes {@code result} (an expression over them) to the output memory.
 * The ops it serves say, in their own files, what they load and compute.
 *
 * <p>An operand in block RAM ({@link BlockRams}) is fetched a group ahead ({@link FetchAhead}), group 0's in the
 * cycle the engine starts.
 */
final class ElementwiseKernel {
    private ElementwiseKernel() {}

    /**
     * One operand load: {@code t<k>_N = expr;} in the lane's loop, the temporary declared at the bits of
     * {@code range}, a sound bound on the expression's values ({@link Interval#ANY}: 64 bits). A bounded expression
     * is written so that Verilog evaluates it at 64 bits (a 64-bit literal or function among its operands) or
     * exactly at the temporary's width, so narrowing the temporary drops only bits that are copies of its sign.
     */
    record Load(String expr, Interval range) {
        Load(String expr) {
            this(expr, Interval.ANY);
        }
    }

    static String emit(NodeContext c, String what, List<Load> loads, String result) {
        int n = c.node().elements(), pf = c.pf();
        int xb = c.xBits();
        String id = c.id(), e = "e_" + id, x = "x_" + id;
        StringBuilder sb = new StringBuilder(c.title(what));
        sb.append(c.handshake());
        sb.append(c.groups(n)).append("reg [").append(xb - 1).append(":0] ").append(x).append(";\n");
        sb.append("integer l_").append(id).append(";\n");
        sb.append(temps(c, loads)).append(fetches(c));
        StringBuilder lane = new StringBuilder(loading(c, loads));
        lane.append(c.mem(c.op().out())).append('[').append(x).append("] <= ").append(result).append(";\n");
        String step = c.forOutputs(n, lane.toString())
                + c.nextGroup()
                + "if (" + e + " + " + pf + " >= " + n + ") " + c.doneFlag() + " <= 1'b1;\n";
        sb.append(c.process(c.firstGroup(), step));
        return sb.toString();
    }

    /** The declarations of the loads' 64-bit temporaries. */
    static String temps(NodeContext c, List<Load> loads) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < loads.size(); k++) {
            sb.append("reg signed [").append(loads.get(k).range().bits() - 1).append(":0] ").append(temp(c, k))
              .append(";\n");
        }
        return sb.toString();
    }

    /** The loads as a lane's statements, temporary k = load k, in order. */
    static String loading(NodeContext c, List<Load> loads) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < loads.size(); k++) {
            sb.append(temp(c, k)).append(" = ").append(loads.get(k).expr()).append(";\n");
        }
        return sb.toString();
    }

    /** The k-th operand temporary of the node. */
    static String temp(NodeContext c, int k) {
        return "t" + k + "_" + c.id();
    }

    /**
     * The element of {@code v} lane x reads (its register, fetched a group ahead, when {@code v} is block RAM).
     */
    static String at(NodeContext c, Value v) {
        return c.inBlockRam(v) ? FetchAhead.at(c, v) : read(c, v);
    }

    /** The operands the node's lanes fetch from block RAM. */
    static List<Value> fetched(NodeContext c) {
        java.util.stream.Stream<Value> reads = c.realThresholds() == null ? c.op().inputs().stream()
                : java.util.stream.Stream.of(c.realThresholds().x()); // RealQuantize reads x, not its operand
        return reads.filter(c::inBlockRam).distinct().toList();
    }

    /** The fetch registers of the node's block-RAM operands, group 0's loaded in the cycle the engine starts. */
    static String fetches(NodeContext c) {
        return FetchAhead.registers(c, fetched(c), c.startWire());
    }

    /** The element of {@code v} lane x reads: x, 0 for one element, x mod its size for a broadcast vector. */
    private static String read(NodeContext c, Value v) {
        return read(c, v, "x_" + c.id(), c.xBits());
    }

    /** The element of {@code v} that output {@code x} (a register of {@code bits} bits) reads. */
    static String read(NodeContext c, Value v, String x, int bits) {
        int size = v.size(), n = c.node().elements();
        if (size == n) {
            return c.mem(v) + "[" + x + "]";
        }
        return size == 1 ? c.mem(v) + "[0]" : c.mem(v) + "[" + Verilog.mod(x, bits, size) + "]";
    }
}
