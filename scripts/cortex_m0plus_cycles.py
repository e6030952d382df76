"""Cycle model of the Cortex-M0+ for seedc_runtime.h's popcount kernels (scripts/measure-popcount-words).

Reads arm-none-eabi-objdump -d output of sd_popand, sd_popand16, sd_popand32 and sd_popand64 and prints, for planes of 1 to 256
bytes (whole words), the cycles of one call: the BL (3), the instructions before the loop, the loop's body once per word, and the
way out, each instruction at the Cortex-M0+ Technical Reference Manual's timing (ALU and the single-cycle MULS 1,
loads and stores 2, PUSH 1+N, POP 1+N or 3+N with PC, B 2, a conditional branch 2 taken and 1 not, BL 3, BX 2).
Each kernel is one loop without branches inside its body (the SWAR counts are straight-line), which the model checks.
"""
import os
import re
import sys

# The instruction timings are m0plus_run.py's, the runner of `seedc bench --target cortex-m` (one table for both)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "src/main/resources/seedc/bench"))
from m0plus_run import conditional, cost, registers, returns, target  # noqa: E402

KERNELS = {"sd_popand": 8, "sd_popand16": 16, "sd_popand32": 32, "sd_popand64": 64}


def functions(text):
    out, name = {}, None
    for line in text.splitlines():
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            name = m.group(1)
            out[name] = []
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if name and m and not m.group(2).startswith("."):
            out[name].append((int(m.group(1), 16), m.group(2).split(".")[0], m.group(3)))
    return out


class Kernel:
    def __init__(self, insns):
        self.insns = insns
        self.at = {a: i for i, (a, _, _) in enumerate(insns)}
        backs = [(a, target(o)) for a, m, o in insns if (m == "b" or conditional(m)) and target(o) < a]
        if len(backs) != 1:
            raise SystemExit(f"expected one loop, found {len(backs)} backward branches")
        self.back, self.head = backs[0]

    def leads_out(self, addr):
        """Whether the straight line from addr (following B) returns before meeting the head or a condition."""
        i = self.at[addr]
        while True:
            a, m, o = self.insns[i]
            if returns(m, o):
                return True
            if conditional(m) or a == self.head and a != addr:
                return False
            i = self.at[target(o)] if m == "b" else i + 1

    def walk(self, start, leave, stop_at_head):
        """Cycles from start to the head (stop_at_head) or to the return; leave: take the way out at the test."""
        i, cycles, first = self.at[start], 0, True
        while True:
            a, m, o = self.insns[i]
            if stop_at_head and a == self.head and not first:
                return cycles
            first = False
            if returns(m, o):
                return cycles + cost(m, o)
            if conditional(m):
                t = target(o)
                taken_out, fall_out = self.leads_out(t), self.leads_out(self.insns[i + 1][0])
                if taken_out == fall_out:
                    raise SystemExit(f"a branch inside the loop at {a:x}: the model assumes none")
                take = taken_out if leave else fall_out
                cycles += 2 if take else 1
                i = self.at[t] if take else i + 1
                continue
            cycles += cost(m, o)
            if m == "b":
                i = self.at[target(o)]
            else:
                i += 1

    def call(self, words):
        before = self.walk(self.insns[0][0], False, True)
        body = self.walk(self.head, False, True)
        out = self.walk(self.head, True, False)
        return 3 + before + words * body + out


def main():
    fs = functions(open(sys.argv[1]).read())
    for b in (1, 2, 4, 8, 16, 32, 64, 128, 256):
        for name, bits in KERNELS.items():
            if b * 8 % bits == 0:
                print(f"cortex-m\t{bits}\t{b}\t{Kernel(fs[name]).call(b * 8 // bits)}\tcycles")


if __name__ == "__main__":
    main()
