package seedc.frontend.onnx;

/** What is wrong with an ONNX file, in the user's terms; {@link OnnxFrontEnd} puts the file's name in front. */
public final class ImportError extends RuntimeException {
    public ImportError(String message) {
        super(message, null, false, false);
    }
}
