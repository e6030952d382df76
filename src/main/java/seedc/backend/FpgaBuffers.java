package seedc.backend;

/**
 * Where an FPGA design keeps the values its engines write ({@code --fpga-buffers}), on a device whose logic has
 * no RAM of its own (the iCE40): in registers, a flip-flop per bit read through a multiplexer of the words by each
 * engine that reads them, or in block RAM, which every reader reads through a register (a cycle ahead) and whose
 * writer works one element a cycle (PF 1), to fit a design the registers do not.
 */
public enum FpgaBuffers {
    REGISTERS, BLOCK_RAM;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
