#!/usr/bin/python3
"""Runs a bare-metal Cortex-M0+ ELF under Unicorn's Cortex-M0 CPU and counts its cycles at the M0+ timings.

usage: m0plus_run.py ELF RESULT.json [--max-cycles N] [--objdump PATH]
       m0plus_run.py ELF RESULT.json --outputs-only [--cpu cortex-m0|cortex-m4] [--flash-size B] [--ram-size B]
                     [--timeout S]
       m0plus_run.py --serve

The ELF (built for -mcpu=cortex-m0plus -mthumb with seedc_m0.ld and seedc_m0_bench.h) is loaded segment by segment
at its run-time addresses (flash at 0, 32 KB of RAM at 0x20000000, the stack at its top) and started at its entry.
Each executed instruction costs its Cortex-M0+ Technical Reference Manual timing (zero-wait-state memory, the
single-cycle multiplier): ALU and MULS 1, loads and stores 2, LDM/STM/PUSH 1+N, POP 1+N or 3+N with the PC, B 2, a
conditional branch 2 taken (the next instruction executed is not the one after it) and 1 not, BL 3, BX/BLX 2, a
MOV or ADD to the PC 2, barriers and MRS/MSR 3 (see cost()). Unicorn reports each translated block when it starts;
the block's instructions are decoded once (arm-none-eabi-objdump -d) and priced. Unicorn's PC is the block's
start in a memory hook, so the runner counts the block's writes to tell which store wrote a marker: a marker stamps
exactly the cycles up to and including its store.

Markers are 32-bit stores to 0x40000000 + 0x0 (start an inference), 0x4 (stop it), 0x8 (a profile mark), 0xC (a
byte of the text output), 0x10 (end the run). RESULT.json gets {"state": "done"|"crashed"|"budget", "error": text,
"output": text, "intervals": [cycles of each start..stop], "marks": [[cycles from its start to each mark]],
"cycles": total}. Exit status 0 unless the command line or the ELF is wrong.

--outputs-only runs for the text output alone (the tests' bit-exactness runs): no cycles counted, so no objdump and
no hook but one on the marker page, at Unicorn's full speed; START, STOP and marks are ignored ("intervals" and
"marks" stay empty, "cycles" 0) and a run still going after --timeout seconds ends as "budget". It may run a
Cortex-M4 build (--cpu cortex-m4: Unicorn's M4, Thumb-2 with the DSP instructions), whose timings the cost table
does not model, and with --flash-size and --ram-size a build linked for larger memories (many programs in one ELF).

--serve runs such output-only runs one after the other for a caller that has many (importing Unicorn takes longer
than most runs): each line of standard input is a JSON object {"elf", "cpu", "flash_size", "ram_size", "timeout"},
answered by a line of standard output holding the result's JSON object; it ends at the end of its input.
"""
import json
import re
import struct
import subprocess
import sys

FLASH, FLASH_SIZE = 0x00000000, 256 * 1024
RAM, RAM_SIZE = 0x20000000, 32 * 1024
MMIO, MMIO_SIZE = 0x40000000, 0x1000
START, STOP, MARK, PUTC, EXIT = 0x0, 0x4, 0x8, 0xC, 0x10

CONDITIONS = {"eq", "ne", "cs", "cc", "hs", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le"}


def registers(ops):
    """The registers of a {list}; a range r4-r7 counts each."""
    body = ops[ops.index("{") + 1:ops.index("}")]
    n = []
    for r in body.split(","):
        r = r.strip()
        m = re.fullmatch(r"r(\d+)-r(\d+)", r)
        n += ["r%d" % i for i in range(int(m.group(1)), int(m.group(2)) + 1)] if m else [r]
    return n


def conditional(m):
    return m.startswith("b") and m[1:] in CONDITIONS


def target(ops):
    return int(ops.split()[0], 16)


def writes_pc(m, ops):
    """MOV pc, Rm or ADD pc, Rm: a branch (2 cycles)."""
    return m in ("mov", "add") and ops.split(",")[0].strip() == "pc"


def cost(m, ops):
    """Cycles of one instruction (objdump's mnemonic without .n/.w, its operands), taken branches aside."""
    if m == "push":
        return 1 + len(registers(ops))
    if m == "pop":
        regs = registers(ops)
        return (3 + len(regs) - 1) if "pc" in regs else 1 + len(regs)
    if m.startswith("ldr") or m.startswith("str"):
        return 2
    if m in ("ldm", "ldmia", "stm", "stmia"):
        return 1 + len(registers(ops))
    if m == "bl":
        return 3
    if m in ("b", "bx", "blx") or writes_pc(m, ops):
        return 2
    if m in ("dmb", "dsb", "isb", "mrs", "msr"):
        return 3
    return 1


def returns(m, ops):
    return (m == "pop" and "pc" in registers(ops)) or (m == "bx" and ops.strip() == "lr")


def disassemble(elf, objdump):
    """Address -> (mnemonic, operands, bytes) of every instruction objdump decodes in the executable sections."""
    text = subprocess.run([objdump, "-d", elf], capture_output=True, text=True, check=True).stdout
    insns = {}
    for line in text.splitlines():
        f = line.split("\t")
        m = re.match(r"^\s*([0-9a-f]+):$", f[0])
        if not m or len(f) < 3:
            continue
        mnemonic = f[2].strip().split(".")[0]
        if mnemonic.startswith("."):  # .word, .short: data in the text
            continue
        size = 2 * len(f[1].split())
        insns[int(m.group(1), 16)] = (mnemonic, f[3].split(";")[0].strip() if len(f) > 3 else "", size)
    return insns


def segments(elf):
    """(address, bytes, memsz) of each PT_LOAD segment of a 32-bit little-endian ELF, and its entry."""
    with open(elf, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise SystemExit("m0plus_run: %s is not a 32-bit little-endian ELF" % elf)
    entry, phoff = struct.unpack_from("<II", data, 24)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    out = []
    for i in range(phnum):
        ptype, off, vaddr, _, filesz, memsz = struct.unpack_from("<IIIIII", data, phoff + i * phentsize)
        if ptype == 1 and memsz > 0:
            out.append((vaddr, data[off:off + filesz], memsz))
    return out, entry


class Block:
    """A translated block's instructions priced: cycles before each and in all, and how it ends."""

    def __init__(self, insns, address, size):
        self.prefix = {}
        cycles, a = 0, address
        last = None
        while a < address + size:
            if a not in insns:
                raise KeyError("no instruction decoded at 0x%x" % a)
            m, ops, n = insns[a]
            self.prefix[a] = cycles
            cycles += cost(m, ops)
            last = (a, m, n)
            a += n
        self.cycles = cycles
        # a conditional branch at the end: taken when the next block is not at the instruction after it
        self.fall_through = last[0] + last[2] if last and conditional(last[1]) else None
        # the block's k-th memory write comes from a store that has executed done[k] cycles into the block
        self.done = []
        for a, before in self.prefix.items():
            m, ops, _ = insns[a]
            n = len(registers(ops)) if m in ("push", "stm", "stmia") else 1 if m.startswith("str") else 0
            self.done += [before + cost(m, ops)] * n


CPUS = {"cortex-m0": "UC_CPU_ARM_CORTEX_M0", "cortex-m4": "UC_CPU_ARM_CORTEX_M4"}


def machine(elf, cpu, flash_size, ram_size):
    """A Unicorn ARM in Thumb M-class mode, model cpu: flash, RAM and the marker page mapped, the ELF's segments
    loaded, the stack pointer at the top of the RAM; and the ELF's entry."""
    from unicorn import Uc, UC_ARCH_ARM, UC_MODE_THUMB, UC_MODE_MCLASS
    from unicorn import arm_const
    uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
    uc.ctl_set_cpu_model(getattr(arm_const, CPUS[cpu]))
    uc.mem_map(FLASH, flash_size)
    uc.mem_map(RAM, ram_size)
    uc.mem_map(MMIO, MMIO_SIZE)
    segs, entry = segments(elf)
    for addr, data, memsz in segs:
        inside = lambda base, size: base <= addr and addr + memsz <= base + size
        if not (inside(FLASH, flash_size) or inside(RAM, ram_size)):
            raise SystemExit("m0plus_run: a segment at 0x%x (%d B) is outside the flash and RAM" % (addr, memsz))
        uc.mem_write(addr, data)
    uc.reg_write(arm_const.UC_ARM_REG_SP, RAM + ram_size)
    return uc, entry


class OutputsOnly:
    """A run for its text output alone: one hook, on the marker page (see --outputs-only)."""

    def __init__(self, elf, cpu, flash_size, ram_size, timeout):
        from unicorn import UC_HOOK_MEM_WRITE
        self.uc, self.entry = machine(elf, cpu, flash_size, ram_size)
        self.timeout = timeout
        self.state, self.error, self.output = "running", "", []
        self.uc.hook_add(UC_HOOK_MEM_WRITE, self.on_write, begin=MMIO, end=MMIO + MMIO_SIZE - 1)

    def on_write(self, uc, access, address, size, value, _):
        off = address - MMIO
        if off == PUTC:
            self.output.append(chr(value & 0xFF))
        elif off == EXIT:
            self.state = "done"
            uc.emu_stop()
        elif off not in (START, STOP, MARK):
            self.state, self.error = "crashed", "a store to 0x%x, no marker there" % address
            uc.emu_stop()

    def run(self):
        from unicorn import UcError
        from unicorn.arm_const import UC_ARM_REG_PC
        try:
            self.uc.emu_start(self.entry | 1, 0xFFFFFFFF, timeout=int(self.timeout * 1e6))
        except UcError as e:
            self.state, self.error = "crashed", "%s at pc 0x%x" % (e, self.uc.reg_read(UC_ARM_REG_PC))
        if self.state == "running":
            self.state = "budget"
        return {"state": self.state, "error": self.error, "output": "".join(self.output), "intervals": [],
                "marks": [], "cycles": 0}


class Runner:
    def __init__(self, elf, objdump, max_cycles):
        from unicorn import UC_HOOK_BLOCK, UC_HOOK_MEM_WRITE
        self.insns = disassemble(elf, objdump)
        self.blocks = {}
        self.cycles = 0
        self.base = 0  # cycles before the current block
        self.block = None
        self.max_cycles = max_cycles
        self.state, self.error = "running", ""
        self.output, self.intervals, self.marks = [], [], []
        self.started = None
        uc, self.entry = machine(elf, "cortex-m0", FLASH_SIZE, RAM_SIZE)
        uc.hook_add(UC_HOOK_BLOCK, self.on_block)
        uc.hook_add(UC_HOOK_MEM_WRITE, self.on_write)  # every write: see Block.done
        self.uc = uc

    def on_block(self, uc, address, size, _):
        prev = self.block
        if prev is not None and prev.fall_through is not None and address != prev.fall_through:
            self.cycles += 1  # the conditional branch that ended the last block was taken
        b = self.blocks.get((address, size))
        if b is None:
            b = self.blocks[(address, size)] = Block(self.insns, address, size)
        self.base = self.cycles
        self.cycles += b.cycles
        self.block = b
        self.writes = 0
        if self.cycles > self.max_cycles:
            self.state = "budget"
            uc.emu_stop()

    def on_write(self, uc, access, address, size, value, _):
        k = self.writes
        self.writes += 1
        if not MMIO <= address < MMIO + MMIO_SIZE:
            return
        if k >= len(self.block.done):
            return self.fail(uc, "a marker write the runner cannot place in its block")
        off, t = address - MMIO, self.base + self.block.done[k]
        if off == START:
            if self.started is not None:
                return self.fail(uc, "START twice without STOP")
            self.started, self.open = t, []
        elif off == STOP:
            if self.started is None:
                return self.fail(uc, "STOP without START")
            self.intervals.append(t - self.started)
            self.marks.append(self.open)
            self.started = None
        elif off == MARK:
            if self.started is None:
                return self.fail(uc, "a profile mark outside START..STOP")
            self.open.append(t - self.started)
        elif off == PUTC:
            self.output.append(chr(value & 0xFF))
        elif off == EXIT:
            self.state = "done"
            uc.emu_stop()
        else:
            self.fail(uc, "a store to 0x%x, no marker there" % address)

    def fail(self, uc, why):
        self.state, self.error = "crashed", why
        uc.emu_stop()

    def run(self):
        from unicorn import UcError
        from unicorn.arm_const import UC_ARM_REG_PC
        try:
            self.uc.emu_start(self.entry | 1, 0xFFFFFFFF)
        except UcError as e:
            self.state = "crashed"
            self.error = "%s at pc 0x%x" % (e, self.uc.reg_read(UC_ARM_REG_PC))
        except KeyError as e:
            self.state, self.error = "crashed", str(e)
        if self.state == "running":
            self.state, self.error = "crashed", "the run ended without SEEDC_BENCH_EXIT"
        return {"state": self.state, "error": self.error, "output": "".join(self.output),
                "intervals": self.intervals, "marks": self.marks, "cycles": self.cycles}


def serve(requests, answers):
    """Answers each request line with a result line (see --serve); a broken request or ELF is a crashed run."""
    for line in requests:
        if not line.strip():
            continue
        try:
            q = json.loads(line)
            result = OutputsOnly(q["elf"], q.get("cpu", "cortex-m0"), q.get("flash_size", FLASH_SIZE),
                                 q.get("ram_size", RAM_SIZE), q.get("timeout", 600)).run()
        except (SystemExit, KeyError, ValueError, OSError) as e:
            result = {"state": "crashed", "error": "m0plus_run: %s" % e, "output": "", "intervals": [],
                      "marks": [], "cycles": 0}
        answers.write(json.dumps(result) + "\n")
        answers.flush()


def main(argv):
    if argv[1:] == ["--serve"]:
        return serve(sys.stdin, sys.stdout)
    import argparse
    ap = argparse.ArgumentParser(description="Runs a Cortex-M0+ ELF under Unicorn, counting M0+ cycles.")
    ap.add_argument("elf")
    ap.add_argument("result")
    ap.add_argument("--max-cycles", type=int, default=2_000_000_000)
    ap.add_argument("--objdump", default="arm-none-eabi-objdump")
    ap.add_argument("--outputs-only", action="store_true", help="run for the text output alone, no cycles counted")
    ap.add_argument("--cpu", choices=sorted(CPUS), default="cortex-m0", help="with --outputs-only")
    ap.add_argument("--flash-size", type=int, default=FLASH_SIZE, help="bytes, with --outputs-only")
    ap.add_argument("--ram-size", type=int, default=RAM_SIZE, help="bytes, with --outputs-only")
    ap.add_argument("--timeout", type=float, default=600, help="seconds, with --outputs-only")
    a = ap.parse_args(argv[1:])
    if a.outputs_only:
        result = OutputsOnly(a.elf, a.cpu, a.flash_size, a.ram_size, a.timeout).run()
    elif a.cpu != "cortex-m0" or a.flash_size != FLASH_SIZE or a.ram_size != RAM_SIZE:
        ap.error("the cycle count models the Cortex-M0+ with the MKR1000's memories: --cpu, --flash-size and"
                 " --ram-size go with --outputs-only")
    else:
        result = Runner(a.elf, a.objdump, a.max_cycles).run()
    with open(a.result, "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main(sys.argv)
