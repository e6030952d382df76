package seedc.fixed;

import java.util.Map;

/**
 * What a program takes on a backend, per resource (flash and RAM bytes on a microcontroller;
 * LUTs, DSPs and block RAMs on an FPGA), and a sentence saying what the amounts are made of.
 */
public record Cost(Map<Resource, Long> amounts, String breakdown) {
    public enum Resource {
        FLASH_BYTES("B"), RAM_BYTES("B"), LUTS("LUTs"), DSPS("DSP blocks"), BRAMS("block RAMs");

        private final String unit;

        Resource(String unit) {
            this.unit = unit;
        }

        public String unit() {
            return unit;
        }
    }

    public Cost {
        amounts = Map.copyOf(amounts);
    }

    /** The amount of one resource (0 when the backend does not use it). */
    public long of(Resource r) {
        return amounts.getOrDefault(r, 0L);
    }
}
