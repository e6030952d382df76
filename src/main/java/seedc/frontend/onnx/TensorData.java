package seedc.frontend.onnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import onnx.Onnx.TensorProto;
import seedc.diag.Names;

/** The values of an ONNX TensorProto (an initializer or a Constant's value) as doubles, with its dims. */
final class TensorData {
    private TensorData() {}

    static int[] shape(TensorProto t) {
        int[] s = new int[t.getDimsCount()];
        for (int i = 0; i < s.length; i++) {
            long d = t.getDims(i);
            if (d < 0 || d > Integer.MAX_VALUE) {
                throw new ImportError("tensor '" + shown(t) + "' has dimension " + d);
            }
            s[i] = (int) d;
        }
        return s;
    }

    /** The values, row-major; an ImportError for external data, an unsupported type or a wrong count. */
    static double[] values(TensorProto t) {
        if (t.getDataLocation() == TensorProto.DataLocation.EXTERNAL || t.getExternalDataCount() > 0) {
            throw new ImportError("tensor '" + shown(t) + "' keeps its values in an external file; save the model"
                    + " with its weights inside (onnx.save_model(..., save_as_external_data=False))");
        }
        if (type(t) == null) {
            throw unsupported(t);
        }
        int n = Sym.elements(shape(t));
        double[] v = t.hasRawData() ? raw(t, n) : typed(t);
        if (v.length != n) {
            throw new ImportError("tensor '" + shown(t) + "' holds " + v.length + " values for its " + n
                    + " elements");
        }
        for (double x : v) {
            if (!Double.isFinite(x)) {
                throw new ImportError("tensor '" + shown(t) + "' holds " + x + "; seedc needs finite weights");
            }
        }
        return v;
    }

    private static double[] raw(TensorProto t, int n) {
        ByteBuffer b = t.getRawData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        int width = switch (type(t)) {
            case INT8, UINT8, BOOL -> 1;
            case FLOAT, INT32 -> 4;
            case DOUBLE, INT64 -> 8;
            default -> throw unsupported(t);
        };
        if (b.remaining() != (long) n * width) {
            throw new ImportError("tensor '" + shown(t) + "' has " + b.remaining() + " bytes of data for " + n
                    + " values of " + width + " bytes");
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (type(t)) {
                case INT8 -> b.get();
                case UINT8 -> b.get() & 0xff;
                case BOOL -> b.get() != 0 ? 1 : 0;
                case FLOAT -> b.getFloat();
                case INT32 -> b.getInt();
                case DOUBLE -> b.getDouble();
                default -> b.getLong();
            };
        }
        return v;
    }

    private static double[] typed(TensorProto t) {
        return switch (type(t)) {
            case FLOAT -> t.getFloatDataList().stream().mapToDouble(Float::doubleValue).toArray();
            case DOUBLE -> t.getDoubleDataList().stream().mapToDouble(Double::doubleValue).toArray();
            case INT32, INT8, UINT8, BOOL -> t.getInt32DataList().stream().mapToDouble(Integer::doubleValue).toArray();
            case INT64 -> t.getInt64DataList().stream().mapToDouble(Long::doubleValue).toArray();
            default -> throw unsupported(t);
        };
    }

    private static TensorProto.DataType type(TensorProto t) {
        return TensorProto.DataType.forNumber(t.getDataType());
    }

    private static ImportError unsupported(TensorProto t) {
        TensorProto.DataType d = type(t);
        return new ImportError("tensor '" + shown(t) + "' has element type " + (d == null ? t.getDataType() : d)
                + "; seedc reads float, double, int8, uint8, int32, int64 and bool tensors");
    }

    /** The tensor's name as a message shows it (escaped, cut: it comes from the file). */
    private static String shown(TensorProto t) {
        return Names.display(t.getName());
    }
}
