package seedc.codegen.verilog.emit;

import java.util.Map;

/**
 * {@code nodes.ys}, run by {@code make synth} after synthesis: each node's share of the synthesized design, so
 * the report can set it beside the node's estimate. The design is one flat module (engines share memories), so
 * a node's share is found in the netlist: its registers (the memory it writes, and its own {@code *_nID}
 * counters, lane accumulators and operand registers) and the logic in their input cone up to other registers:
 * its arithmetic, its address logic, the read ports on the memories it reads and the ROMs in logic it reads.
 * Logic feeding several nodes' registers (a loop's iteration control) is counted in each; a memory two nodes
 * write is counted in both. A memory in block RAM (an iCE40 SB_RAM40_4K, named after the memory) is not registers:
 * its writer's share is the logic feeding its write ports, and the cones stop at those ports, so that a reader's
 * share holds the blocks it reads and their read addresses, not their writers' logic.
 */
final class NodeCones {
    private NodeCones() {}

    /**
     * The yosys script: for each node (id to the name of the memory or register it writes), its flip-flops are the
     * cells driving those wires through an output Q, and its cone everything upstream of their inputs that is not
     * reached through another cell's Q (only flip-flops have one, on both devices). build/nodes.txt gets a
     * "node ID" line and yosys's stat of the cone for each.
     */
    static String script(Map<String, String> writes) {
        StringBuilder sb = new StringBuilder("# seedc: each node's registers and the logic in their input cone"
                + " (make synth runs this after synthesis; synth.awk reads build/nodes.txt)\n"
                + "tee -q -o build/nodes.txt log nodes\n");
        writes.forEach((id, mem) -> sb.append("select -set ff_").append(id).append(' ').append(words(mem))
                .append(' ').append(words("*_" + id)).append(" %u %ci1:+[Q] t:FD* t:SB_DFF* %u %i\n")
                .append("select -set wr_").append(id).append(" c:").append(mem).append(".* t:SB_RAM40_4K %i %ci1:+[")
                .append(WRITE_PORTS).append("] c:").append(mem).append(".* %d\n")
                .append("tee -q -a build/nodes.txt log node ").append(id).append('\n')
                .append("tee -q -a build/nodes.txt stat @ff_").append(id).append(" @wr_").append(id)
                .append(" %u %ci*:-[Q,").append(WRITE_PORTS).append("]\n"));
        return sb.toString();
    }

    /** The write ports of an iCE40 block RAM: data, address, enables and bit mask. */
    private static final String WRITE_PORTS = "WDATA,WADDR,WE,WCLKE,MASK";

    /** The wires named {@code name} (a register) or {@code name[k]} (a memory's words, after synthesis). */
    private static String words(String name) {
        return "w:" + name + " w:" + name + "[[]* %u";
    }
}
