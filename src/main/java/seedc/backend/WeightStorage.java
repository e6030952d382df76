package seedc.backend;

/**
 * How the C backends store a parameter in flash ({@code --weight-storage}, Zac 4.1): dense, each element in the
 * narrowest C integer type that holds it, or packed where that takes fewer bytes: the array's distinct fixed-point
 * values once, in a table, and each element as a 1-, 2-, 4- or 8-bit index into it, several to a byte. The
 * integers a kernel computes with are the same either way; a packed read costs an index extraction and a table
 * lookup. Models whose weights lie on few values (trained that way, or quantized by --weight-bits / --codebook)
 * shrink by up to the container's bits over the index's.
 */
public enum WeightStorage {
    DENSE, PACKED;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
