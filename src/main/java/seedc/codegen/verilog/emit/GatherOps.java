package seedc.codegen.verilog.emit;

import java.util.List;
import seedc.codegen.verilog.emit.ElementwiseKernel.Load;
import seedc.codegen.verilog.graph.Sizes;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * Reshape, transpose, reverse, index and splice as address maps (MAFIA's data interface, no arithmetic): output
 * element x reads a[base + map(x)], converted to the output's type. The map is a ROM of the node (none when it is
 * the identity); base is 0, or computed from int registers at run time (Bonsai's W[node] selects a slice).
 */
final class GatherOps {
    private GatherOps() {}

    static String transpose(NodeContext c, Op.Transpose t) {
        return gather(c, "transpose", t.a(), "0", Layouts.transpose(t.a().shape()));
    }

    static String reshape(NodeContext c, Op.Reshape r) {
        return gather(c, "reshape", r.a(), "0", Layouts.reshape(r.a().shape(), r.order()));
    }

    static String reverse(NodeContext c, Op.Reverse r) {
        return gather(c, "reverse", r.a(), "0", Layouts.reverse(r.a().shape(), r.axis()));
    }

    static String index(NodeContext c, Op.Index ix) {
        int n = ix.out().size();
        return gather(c, "index", ix.a(), Verilog.timesConstant(c.mem(ix.index()), n, addressBits(ix.a().size())), identity(n));
    }

    static String splice(NodeContext c, Op.Splice sp) {
        return gather(c, "splice", sp.a(), base(c, sp.a().shape(), sp.offsets()),
                Layouts.splice(sp.a().shape(), sp.out().shape()));
    }

    /**
     * The linear position of a sub-tensor at int offsets, one per leading axis ({@link Layouts#spliceBase}), each
     * offset's product with its stride at the address's width ({@link Verilog#timesConstant}).
     */
    static String base(NodeContext c, Shape in, List<Value> offsets) {
        int[] strides = in.strides();
        StringBuilder sb = new StringBuilder("0");
        for (int a = 0; a < offsets.size(); a++) {
            sb.append(" + ").append(Verilog.timesConstant(c.mem(offsets.get(a)), strides[a], addressBits(in.size())));
        }
        return sb.toString();
    }

    /** Bits of an address into a memory of {@code words} words. */
    private static int addressBits(int words) {
        return Sizes.counterBits(words);
    }

    /**
     * Output x reads a[base + map(x)]: in the cycle it is written when a is a buffer in logic, through a register
     * ({@link GatherKernel}) when a is a memory no engine writes or block RAM.
     */
    static String gather(NodeContext c, String what, Value a, String base, int[] map) {
        boolean plain = isIdentity(map);
        String x = "x_" + c.id();
        String address = base + " + " + (plain ? x : "m_" + c.id() + "(" + x + ")");
        String rom = plain ? "" : Verilog.rom("m_" + c.id(), Sizes.counterBits(a.size()) + 1, map);
        if (c.registered(a)) {
            return rom + GatherKernel.emit(c, what, a, address, t -> Verilog.conv(t, c.type(a), c.type(c.op().out())));
        }
        return rom + ElementwiseKernel.emit(c, what, List.of(new Load(c.mem(a) + "[" + address + "]")),
                Verilog.conv(ElementwiseKernel.temp(c, 0), c.type(a), c.type(c.op().out())));
    }

    static int[] identity(int n) {
        int[] m = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = i;
        }
        return m;
    }

    static boolean isIdentity(int[] map) {
        for (int i = 0; i < map.length; i++) {
            if (map[i] != i) {
                return false;
            }
        }
        return true;
    }
}
