package seedc.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import seedc.diag.UserError;

/**
 * Loads a model parameter {@code NAME} from {@code MODEL_DIR/NAME.npy} and checks it against the
 * shape the SeeDot program declares.
 *
 * <p>Besides the exact shape, two layouts that hold the same elements in the same C order are
 * accepted, since both are plain reshapes:
 * <ul>
 *   <li>the EdgeML layout, which saves a parameter declared {@code (a, b, c, ...)} as the 2-D
 *       {@code (a, b*c*...)};
 *   <li>shapes that differ only in size-1 axes, e.g. declared {@code (n)} saved as {@code (n, 1)}
 *       or {@code (1, n)}, or declared {@code (n, 1)} saved as {@code (n)}.
 * </ul>
 * Anything else, such as a transposed matrix, is an error.
 */
public final class Parameters {
    private Parameters() {}

    /** The longest parameter name: NAME.npy within the 255 bytes of a file name. */
    public static final int MAX_NAME = 250;

    /** Returns the parameter's elements in row-major order of {@code declaredShape}. */
    public static double[] load(Path modelDir, String name, int[] declaredShape) {
        checkModelDir(modelDir);
        if (name.length() > MAX_NAME) { // NAME.npy would pass the file system's 255 bytes: say so, not a bare path
            throw UserError.inFile(modelDir, "parameter '" + seedc.diag.Names.display(name) + "' has a name of "
                    + name.length() + " characters; its file NAME.npy must fit the file system's 255 bytes, so"
                    + " parameters have names of at most " + MAX_NAME + " characters");
        }
        Path file = modelDir.resolve(name + ".npy");
        String declared = Shapes.format(declaredShape);
        if (!Files.exists(file)) {
            throw UserError.inFile(file, "missing parameter file for '" + name + "' (declared " + declared + ")"
                    + caseHint(modelDir, name + ".npy"));
        }
        NpyArray a = Npy.read(file);
        if (!fits(a.shape(), declaredShape)) {
            String hint = isTranspose(a.shape(), declaredShape) ? " (the matrix looks transposed)" : "";
            throw UserError.inFile(file, "shape " + Shapes.format(a.shape()) + " does not match the declared shape "
                    + declared + hint);
        }
        double[] d = a.data();
        for (int i = 0; i < d.length; i++) {
            if (!Double.isFinite(d[i])) {
                throw UserError.inFile(file, "contains " + DataSets.nonFinite(d[i]) + " at index " + Shapes.index(a.shape(), i));
            }
        }
        return d;
    }

    /** Whether an array saved with shape {@code found} can be read as {@code declared} by a reshape. */
    static boolean fits(int[] found, int[] declared) {
        if (Arrays.equals(found, declared)) return true;
        if (Shapes.elementCount(found) != Shapes.elementCount(declared)) return false;
        if (Arrays.equals(Shapes.squeeze(found), Shapes.squeeze(declared))) return true;
        // EdgeML: (a, b*c*...)
        return declared.length >= 2 && found.length == 2 && found[0] == declared[0]
                && found[1] == Shapes.elementCount(Arrays.copyOfRange(declared, 1, declared.length));
    }

    private static boolean isTranspose(int[] found, int[] declared) {
        return found.length == 2 && declared.length == 2 && found[0] == declared[1] && found[1] == declared[0];
    }

    private static void checkModelDir(Path dir) {
        if (!Files.exists(dir)) throw UserError.inFile(dir, "model directory does not exist");
        if (!Files.isDirectory(dir)) {
            throw UserError.inFile(dir, "is not a directory (expected the model directory holding the .npy parameter files)");
        }
    }

    /** Names a file that differs only in case, since names are case-sensitive on most systems. */
    private static String caseHint(Path dir, String fileName) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.equalsIgnoreCase(fileName) && !n.equals(fileName))
                    .findFirst()
                    .map(n -> "; found '" + n + "', but names are case-sensitive")
                    .orElse("");
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
