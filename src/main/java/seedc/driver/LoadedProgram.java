package seedc.driver;

import java.nio.file.Path;
import seedc.ir.Lowering;
import seedc.ir.Program;
import seedc.lang.Expr;
import seedc.lang.SeeDotReader;
import seedc.lang.SourceFile;
import seedc.types.TypeChecker;
import seedc.types.TypedProgram;

/** A SeeDot program taken through the front end: parsed, type-checked and lowered to IR. */
public record LoadedProgram(SourceFile source, TypedProgram typed, Program program) {

    public static LoadedProgram load(Path file) {
        return from(SeeDotReader.read(file));
    }

    public static LoadedProgram from(SourceFile source) {
        Expr ast = SeeDotReader.parse(source);
        TypedProgram typed = TypeChecker.check(source, ast);
        return new LoadedProgram(source, typed, Lowering.lower(typed));
    }
}
