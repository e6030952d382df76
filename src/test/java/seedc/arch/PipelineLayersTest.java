package seedc.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Data flows one way through the pipeline: no stage's source names a class of a stage after it. Reads
 * every main source file and checks each reference to {@code seedc.<stage>.} (imports and fully
 * qualified names) against the order below.
 */
class PipelineLayersTest {
    /** The stages in pipeline order; a stage may use only itself and the stages before it. */
    static final List<String> ORDER = List.of("diag", "io", "ir", "analysis", "frontend", "rewrite", "eval", "fixed", "cost", "search",
            "memory", "backend", "codegen", "report", "bench", "driver", "cli");

    private static final Pattern REFERENCE = Pattern.compile("\\bseedc\\.([a-z]+)\\.[A-Za-z]");

    @Test
    void noStageUsesALaterOne() throws IOException {
        Path root = Path.of("src/main/java/seedc");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String stage = root.relativize(f).getName(0).toString();
                if (!ORDER.contains(stage)) {
                    violations.add(f + ": package seedc." + stage + " is not in the pipeline order");
                    continue;
                }
                violations.addAll(laterReferences(f, stage));
            }
        }
        assertEquals(List.of(), violations);
    }

    /**
     * The C backend's sub-packages in order: a class in one may use only classes of its own sub-package and of those
     * before it; the classes directly in {@code seedc.codegen.c} (the backend's entry) may use all of them. The C
     * text and its expressions; the AVR's assembly kernels; the fused comparisons' plans; the low-bit planner; how
     * kernels read operands and store results; the low-bit kernels' C; the generic emitter; the targets' dialects.
     */
    static final List<String> C_BACKEND_ORDER = List.of("writer", "avr", "threshold", "lowbit", "operand", "lowbitemit",
            "emit", "dialect");

    /**
     * The Verilog backend's sub-packages in order, read like {@link #C_BACKEND_ORDER}: the dataflow graph and the
     * value types both phases share, then planning (the immutable design: PFs, engines, memories, schedule), then
     * emission (the Verilog, read from the planned design); neither names the backend's entry in
     * {@code seedc.codegen.verilog}.
     */
    static final List<String> VERILOG_BACKEND_ORDER = List.of("graph", "plan", "emit");

    @Test
    void theCBackendsSubPackagesUseOnlyEarlierOnes() throws IOException {
        assertEquals(List.of(), subPackageViolations("codegen.c", C_BACKEND_ORDER));
    }

    @Test
    void theVerilogBackendsSubPackagesUseOnlyEarlierOnes() throws IOException {
        assertEquals(List.of(), subPackageViolations("codegen.verilog", VERILOG_BACKEND_ORDER));
    }

    /**
     * Each file in a sub-package of {@code seedc.<backend>}: every sub-package it names must come no later in
     * {@code order}, and it must not name a class of the backend's entry package itself.
     */
    private static List<String> subPackageViolations(String backend, List<String> order) throws IOException {
        Path root = Path.of("src/main/java/seedc").resolve(backend.replace('.', '/'));
        String prefix = "seedc." + backend + ".";
        Pattern reference = Pattern.compile("\\b" + Pattern.quote(prefix) + "(?:([a-z]+)\\.)?[A-Z]");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Path rel = root.relativize(f);
                if (rel.getNameCount() == 1) {
                    continue; // the backend's entry may use every sub-package
                }
                String sub = rel.getName(0).toString();
                if (!order.contains(sub)) {
                    violations.add(f + ": sub-package " + prefix + sub + " is not in the order");
                    continue;
                }
                Matcher m = reference.matcher(withoutComments(Files.readString(f)));
                while (m.find()) {
                    String used = m.group(1);
                    if (used == null) {
                        violations.add(f + ": " + prefix + sub + " uses the backend's entry package " + prefix.substring(0, prefix.length() - 1));
                    } else if (order.contains(used) && order.indexOf(used) > order.indexOf(sub)) {
                        violations.add(f + ": " + prefix + sub + " uses " + prefix + used + ", a later sub-package");
                    }
                }
            }
        }
        return violations;
    }

    private static List<String> laterReferences(Path f, String stage) throws IOException {
        List<String> out = new ArrayList<>();
        String code = withoutComments(Files.readString(f));
        Matcher m = REFERENCE.matcher(code);
        while (m.find()) {
            String used = m.group(1);
            if (ORDER.contains(used) && ORDER.indexOf(used) > ORDER.indexOf(stage)) {
                out.add(f + ": seedc." + stage + " uses seedc." + used + ", a later stage");
            }
        }
        return out;
    }

    /** Javadoc may name later stages (to say who reads a result); only code counts. */
    private static String withoutComments(String code) {
        return code.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    }
}
