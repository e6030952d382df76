package seedc.backend;

import java.util.Locale;

/**
 * A device's budget: {@code uno} (ATmega328P: 2 KB RAM, 32 KB flash), {@code mkr1000} (SAMD21 Cortex-M0+:
 * 32 KB RAM, 256 KB flash), {@code RAM:FLASH} in bytes, or an FPGA, which also has a {@link Fabric}:
 * {@code arty-a7-35t} (Xilinx XC7A35T: 20,800 LUTs, 90 DSP48 slices, 225 KB of block RAM) and
 * {@code ice40-up5k} (Lattice iCE40 UltraPlus 5K: 5,280 LUTs, 8 DSPs, 128 KB of SPRAM for buffers and 15 KB of
 * EBR for constants). On an FPGA "RAM" is the on-chip memory the buffers take and "flash" the one the
 * constants take.
 */
public record Device(String name, int ramBytes, int flashBytes, Fabric fabric) {
    /**
     * An FPGA's resources: LUTs, DSP blocks, block RAMs of {@code blockRamBits} bits each (the iCE40 UP5K's 30
     * EBRs of 4 kbit; the Artix-7 35T's 50 RAMB36, counted as 100 RAMB18 of 18 kbit) and flip-flops (0: not
     * budgeted). With {@code cellsShared} each logic cell holds one LUT and one flip-flop, and since nextpnr packs few
     * flip-flops with the LUT that drives them (ProtoNN digits on the UP5K: 3,047 LUT4 and 1,812 flip-flops took
     * 5,172 cells), LUTs and flip-flops together must fit the cells (the iCE40's {@code luts}).
     */
    public record Fabric(int luts, int dsps, int blockRams, int blockRamBits, int flipFlops, boolean cellsShared) {
        public Fabric(int luts, int dsps, int blockRams, int blockRamBits) {
            this(luts, dsps, blockRams, blockRamBits, 0, false);
        }
    }

    public Device(String name, int ramBytes, int flashBytes) {
        this(name, ramBytes, flashBytes, null);
    }

    public static final Device UNO = new Device("uno", 2048, 32768);
    public static final Device MKR1000 = new Device("mkr1000", 32 * 1024, 256 * 1024);
    public static final Device ARTY_A7_35T = new Device("arty-a7-35t", 225 * 1024, 225 * 1024, new Fabric(20800, 90, 100, 18 * 1024,
            41600, false));
    public static final Device ICE40_UP5K = new Device("ice40-up5k", 128 * 1024, 15 * 1024, new Fabric(5280, 8, 30, 4096, 5280,
            true));

    /** The device a name stands for: uno, mkr1000, arty-a7-35t, ice40-up5k, or RAM:FLASH in bytes. */
    public static java.util.Optional<Device> byName(String s) {
        String k = s.trim().toLowerCase(Locale.ROOT);
        switch (k) {
            case "uno", "arduino-uno", "atmega328p" -> {
                return java.util.Optional.of(UNO);
            }
            case "mkr1000", "mkr", "samd21" -> {
                return java.util.Optional.of(MKR1000);
            }
            case "arty-a7-35t", "arty", "xc7a35t" -> {
                return java.util.Optional.of(ARTY_A7_35T);
            }
            case "ice40-up5k", "up5k" -> {
                return java.util.Optional.of(ICE40_UP5K);
            }
            default -> { }
        }
        String[] f = k.split(":");
        if (f.length == 2) {
            try {
                int ram = Integer.parseInt(f[0]), flash = Integer.parseInt(f[1]);
                if (ram > 0 && flash > 0) {
                    return java.util.Optional.of(new Device(ram + ":" + flash, ram, flash));
                }
            } catch (NumberFormatException e) {
                // falls through to the error
            }
        }
        return java.util.Optional.empty();
    }

    @Override
    public String toString() {
        String memory = name + " (" + ramBytes + " B RAM, " + flashBytes + " B flash";
        return fabric == null ? memory + ")" : memory + ", " + fabric.luts() + " LUTs, " + fabric.dsps() + " DSPs)";
    }
}
