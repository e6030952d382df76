package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AvrToolchainTest {
    @TempDir
    Path dir;

    @Test
    void compileErrorCarriesTheDiagnostics() throws Exception {
        Path src = dir.resolve("bad.c");
        Files.writeString(src, "int main(void) { return undeclared_thing; }\n");
        AvrCompileException e = assertThrows(AvrCompileException.class,
                () -> AvrToolchain.find().compile(List.of(src), List.of(), dir.resolve("bad.elf")));
        assertTrue(e.compilerOutput().contains("undeclared_thing"), e.compilerOutput());
        assertTrue(e.getMessage().contains("-mmcu=atmega328p"), e.getMessage());
    }

    @Test
    void elfSizesCountProgmemInFlashOnlyAndDataInBoth() {
        ElfSizes small = ElfSizes.of(Firmware.build(dir, "progmem", "N=1000", "R=10"));
        ElfSizes big = ElfSizes.of(Firmware.build(dir, "progmem", "N=3000", "R=10"));
        ElfSizes moreRam = ElfSizes.of(Firmware.build(dir, "progmem", "N=1000", "R=110"));
        assertEquals(2000, big.flashBytes() - small.flashBytes(), big + " vs " + small);
        assertEquals(0, big.ramBytes() - small.ramBytes());
        assertEquals(100, moreRam.flashBytes() - small.flashBytes(), "initial values in flash");
        assertEquals(100, moreRam.ramBytes() - small.ramBytes());
        assertTrue(small.flashBytes() >= 1000 && small.flashBytes() < 1400, small.toString());
        assertEquals(small.sections().get(".text") + small.sections().get(".data"),
                small.flashBytes());
    }

    @Test
    void parsesAvrSizeOutput() {
        String out = """
                x.elf  :
                section                    size      addr
                .data                        10   8388864
                .text                      1204         0
                .bss                         33   8388874
                .comment                     17         0
                Total                      1264
                """;
        ElfSizes s = ElfSizes.parse(out);
        assertEquals(1214, s.flashBytes());
        assertEquals(43, s.ramBytes());
    }
}
