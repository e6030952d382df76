package seedc.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the code simavr 1.6 (Debian's version) runs wrongly: a skip instruction (cpse, sbrc,
 * sbrs, sbic, sbis) directly followed by adiw/sbiw whose immediate K has (K &amp; 0xF) &gt;= 12.
 * simavr 1.6 tests "is the next instruction 2 words long" with the opcode mask 0xfc0f, under
 * which such an adiw/sbiw (0x96xx/0x97xx) reads as jmp/call (0x940c..0x940f), so a taken skip
 * jumps over two instructions. simavr 1.7 uses 0xfe0f.
 *
 * <p>{@link SimavrRunner} corrects these sites while running (see simavr_runner.c), so the
 * scan is for reporting and for checking that the correction is exercised.
 */
public final class SkipBugScanner {
    private static final Set<String> SKIPS = Set.of("cpse", "sbrc", "sbrs", "sbic", "sbis");
    /** "  e6:\t88 13       \tcpse\tr24, r24" (operands optional). */
    private static final Pattern INSN = Pattern.compile(
            "^\\s*([0-9a-fA-F]+):\\t((?:[0-9a-fA-F]{2} )*[0-9a-fA-F]{2})\\s*\\t(\\S+)\\s*(.*)$");

    private record Insn(int address, int size, String mnemonic, String operands) {}

    private SkipBugScanner() {}

    /** Byte addresses of the offending skip instructions in {@code elf}, ascending. */
    public static List<Integer> scan(Path elf) {
        return scanDisassembly(AvrToolchain.find().disassemble(elf));
    }

    /** Same as {@link #scan(Path)} on {@code avr-objdump -d} text. */
    public static List<Integer> scanDisassembly(String objdump) {
        TreeMap<Integer, Insn> code = new TreeMap<>();
        for (String line : objdump.split("\n")) {
            Matcher m = INSN.matcher(line);
            if (m.matches()) {
                int addr = Integer.parseInt(m.group(1), 16);
                int size = (m.group(2).length() + 1) / 3;
                code.put(addr, new Insn(addr, size, m.group(3), m.group(4)));
            }
        }
        List<Integer> sites = new ArrayList<>();
        for (Insn skip : code.values()) {
            if (!SKIPS.contains(skip.mnemonic())) {
                continue;
            }
            Insn next = code.get(skip.address() + skip.size());
            if (next != null && (next.mnemonic().equals("adiw") || next.mnemonic().equals("sbiw"))
                    && (immediate(next.operands()) & 0xF) >= 12) {
                sites.add(skip.address());
            }
        }
        return sites;
    }

    /** K from "r24, 0x0d\t; 13". */
    private static int immediate(String operands) {
        String ops = operands.contains(";") ? operands.substring(0, operands.indexOf(';')) : operands;
        String[] parts = ops.split(",");
        if (parts.length != 2) {
            throw new IllegalStateException("cannot read adiw/sbiw operands: " + operands);
        }
        String k = parts[1].trim();
        return k.startsWith("0x") ? Integer.parseInt(k.substring(2), 16) : Integer.parseInt(k);
    }
}
