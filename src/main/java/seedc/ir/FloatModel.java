package seedc.ir;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every front end gives the rest of the pipeline: the float program and its trained
 * parameters, by parameter name, row-major. Analyses, the search and the backends read only this.
 */
public record FloatModel(Program program, Map<String, double[]> weights) {
    public FloatModel {
        weights = Collections.unmodifiableMap(new LinkedHashMap<>(weights)); // keeps the load order
    }

    /**
     * A SHA-256 of the program's IR (shapes and ops, not the source's spelling) and of every parameter's name and
     * values, bit for bit, in hex: what a compile report records so that running it on another model is refused.
     */
    public String digest() {
        try {
            java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
            md.update(IrPrinter.print(program).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8);
            for (var e : new java.util.TreeMap<>(weights).entrySet()) {
                md.update((e.getKey() + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                for (double x : e.getValue()) {
                    md.update(b.clear().putLong(Double.doubleToLongBits(x)).array());
                }
            }
            return java.util.HexFormat.of().formatHex(md.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
