package seedc.backend;

/**
 * How the FPGA backend chooses each node's parallelism factor and schedule ({@code --fpga-strategy}): MAFIA's
 * greedy critical-path optimizer over a dataflow schedule, SeeDot's program-order unrolling under the budget, or
 * every node at PF 1 run one after another (the plain HLS-like baseline).
 */
public enum FpgaStrategy {
    MAFIA, SEEDOT, SEQUENTIAL;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
