package seedc.backend;

/**
 * How an FPGA design's sigmoid and tanh engines divide ({@code --fpga-divider}): a combinational divider per lane
 * (one element per lane per cycle, hundreds to thousands of LUTs) or an iterative one (one quotient bit per cycle,
 * a subtractor and a few registers: a tenth of the LUTs for about the numerator's bits in cycles per element).
 */
public enum FpgaDivider {
    COMBINATIONAL, ITERATIVE;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
