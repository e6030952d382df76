package seedc.frontend.seedot;

import java.nio.file.Path;
import seedc.analysis.WorkBound;
import seedc.ir.Program;
import seedc.frontend.seedot.lang.Expr;
import seedc.frontend.seedot.lang.SeeDotReader;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.frontend.seedot.types.TypeChecker;
import seedc.frontend.seedot.types.TypedProgram;

/** A SeeDot program taken through the front end: parsed, type-checked, lowered to IR and within {@link WorkBound}. */
public record SeeDotProgram(SourceFile source, TypedProgram typed, Program program) {

    public static SeeDotProgram load(Path file) {
        return from(SeeDotReader.read(file));
    }

    /** Runs on a large stack (FrontEndThread), so that every program within the nesting limit goes through. */
    public static SeeDotProgram from(SourceFile source) {
        return FrontEndThread.run(() -> {
            Expr ast = SeeDotReader.parse(source);
            TypedProgram typed = TypeChecker.check(source, ast);
            Program program = Lowering.lower(typed);
            WorkBound.excess(program).ifPresent(e -> {
                throw source.error(e.where().pos(), e.message());
            });
            return new SeeDotProgram(source, typed, program);
        });
    }
}
