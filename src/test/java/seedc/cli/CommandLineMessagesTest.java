package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Messages and help that name the real thing (issue 42): an empty path, the commands, bench's devices. */
class CommandLineMessagesTest {
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

    /** bench's help names every device it measures, not the Uno alone (issue 42). */
    @Test
    void benchHelpNamesEveryDevice() {
        String help = CliRun.args("bench", "--help").out().replaceAll("\\s+", " ");
        for (String device : List.of("Arduino Uno under simavr", "Cortex-M0+ under Unicorn", "x86 natively",
                "arty-a7-35t or ice40-up5k")) {
            assertTrue(help.contains(device), device + " in: " + help);
        }
    }
}
