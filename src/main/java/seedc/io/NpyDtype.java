package seedc.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import seedc.diag.UserError;

/**
 * A numeric .npy element type ('descr' such as {@code '<f4'}, {@code '>i8'}, {@code '|b1'}) and the
 * decoding of its elements to doubles.
 */
record NpyDtype(String descr, char kind, int size, ByteOrder order) {

    static NpyDtype parse(Object descr, Path file) {
        if (descr instanceof java.util.List<?>) {
            throw UserError.inFile(file, "structured arrays (record dtypes) are not supported; save a plain numeric array");
        }
        if (!(descr instanceof String d)) throw NpyHeader.malformed(file, "'descr' must be a string");
        String body = d;
        ByteOrder order = ByteOrder.LITTLE_ENDIAN; // '=' (native) and '|' are treated as little-endian
        if (!body.isEmpty() && "<>|=".indexOf(body.charAt(0)) >= 0) {
            if (body.charAt(0) == '>') order = ByteOrder.BIG_ENDIAN;
            body = body.substring(1);
        }
        if (body.startsWith("O")) {
            throw UserError.inFile(file, "object arrays (dtype " + FileAccess.quote(d)
                    + ") are not supported; save a numeric array, e.g. with arr.astype(np.float32)");
        }
        if (body.length() == 2 && body.charAt(1) >= '1' && body.charAt(1) <= '9') {
            char kind = body.charAt(0);
            int size = body.charAt(1) - '0';
            boolean ok = switch (kind) {
                case 'f' -> size == 2 || size == 4 || size == 8;
                case 'i', 'u' -> size == 1 || size == 2 || size == 4 || size == 8;
                case 'b' -> size == 1;
                default -> false;
            };
            if (ok) return new NpyDtype(d, kind, size, order);
        }
        throw UserError.inFile(file, "unsupported dtype " + FileAccess.quote(d)
                + "; supported are float16/32/64, int8..int64, uint8..uint64 and bool");
    }

    /** Decodes {@code count} elements stored from {@code offset} on. */
    double[] decode(byte[] bytes, int offset, int count) {
        ByteBuffer b = ByteBuffer.wrap(bytes, offset, count * size).slice().order(order);
        double[] out = new double[count];
        switch (kind * 16 + size) {
            case 'f' * 16 + 2 -> { for (int i = 0; i < count; i++) out[i] = Float.float16ToFloat(b.getShort(2 * i)); }
            case 'f' * 16 + 4 -> { for (int i = 0; i < count; i++) out[i] = b.getFloat(4 * i); }
            case 'f' * 16 + 8 -> { for (int i = 0; i < count; i++) out[i] = b.getDouble(8 * i); }
            case 'i' * 16 + 1 -> { for (int i = 0; i < count; i++) out[i] = b.get(i); }
            case 'i' * 16 + 2 -> { for (int i = 0; i < count; i++) out[i] = b.getShort(2 * i); }
            case 'i' * 16 + 4 -> { for (int i = 0; i < count; i++) out[i] = b.getInt(4 * i); }
            case 'i' * 16 + 8 -> { for (int i = 0; i < count; i++) out[i] = b.getLong(8 * i); }
            case 'u' * 16 + 1 -> { for (int i = 0; i < count; i++) out[i] = b.get(i) & 0xff; }
            case 'u' * 16 + 2 -> { for (int i = 0; i < count; i++) out[i] = b.getShort(2 * i) & 0xffff; }
            case 'u' * 16 + 4 -> { for (int i = 0; i < count; i++) out[i] = b.getInt(4 * i) & 0xffffffffL; }
            case 'u' * 16 + 8 -> { for (int i = 0; i < count; i++) out[i] = unsignedToDouble(b.getLong(8 * i)); }
            case 'b' * 16 + 1 -> { for (int i = 0; i < count; i++) out[i] = b.get(i) != 0 ? 1 : 0; }
            default -> throw new IllegalStateException("unhandled dtype " + descr);
        }
        return out;
    }

    private static double unsignedToDouble(long v) {
        if (v >= 0) return v;
        return ((v >>> 1) | (v & 1)) * 2.0; // halve (keeping the rounding bit), convert, double
    }
}
