package seedc.codegen.c.avr;

/**
 * One of the AVR's assembly kernels at one shape: a C function whose body is inline assembly on the AVR and the same
 * result in C for every other compiler (and for the tests on x86), chosen by the preprocessor. The low-bit planner
 * asks whether the kernel applies at a product's shape; the emitters write its source once and call it by name.
 */
public interface AvrKernel {
    /** What selects the assembly: gcc for the AVR, with the program-memory reads of avr_reads.h. */
    String ON_THE_AVR = "#if defined(__AVR__) && defined(SEEDC_PARAM_READ)\n";

    /** The C function's name, one a kernel and shape. */
    String name();

    /** Whether the kernel is generated for this shape (its registers, displacements and counts hold it). */
    boolean applies();

    /** The function's line up to its opening brace, with the newline. */
    String signature();

    /** The body on the AVR: its declarations and the asm statement. */
    String assembly();

    /** The body elsewhere: the same result in C. */
    String fallback();

    /** The whole function: the assembly on the AVR, the fallback elsewhere. */
    default String source() {
        return signature() + ON_THE_AVR + assembly() + "#else\n" + fallback() + "#endif\n}\n";
    }

    /** {@code static __attribute__((noinline, unused)) RESULT NAME(PARAMS) {} and a newline. */
    static String signature(String result, String name, String params) {
        return "static __attribute__((noinline, unused)) " + result + " " + name + "(" + params + ") {\n";
    }
}
