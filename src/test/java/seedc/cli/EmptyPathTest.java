package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** An empty path argument is named as such, not read as the working directory (issue 42). */
class EmptyPathTest {
    @Test
    void anEmptyProgramOrOutputPathIsRefusedByName() {
        assertEquals(new CliRun(1, "", "seedc: error: Invalid value for positional parameter at index 0 (PROGRAM): an"
                + " empty path\n(see 'seedc check --help')\n"), CliRun.args("check", ""));
        assertEquals(new CliRun(1, "", "seedc: error: Invalid value for option '--out': an empty path\n"
                + "(see 'seedc compile --help')\n"), CliRun.args("compile", "p.sd", "--train", "t.npy", "--test",
                "t.npy", "--out", ""));
    }

    @Test
    void withoutACommandEveryCommandIsListed() {
        assertEquals(1, CliRun.args().status());
        assertEquals("seedc: error: missing command: check, import, run, compile, bench or demo\n(see 'seedc --help')\n",
                CliRun.args().err());
    }
}
