#!/usr/bin/env bash
# Writes the "Devices" section of BENCHMARKS.md: 'seedc bench' on every fixture model with both
# strategies (Uno profile, simavr). The other sections of BENCHMARKS.md are kept.
# usage: scripts/bench-fixtures.sh [EXAMPLES]   (default 20)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
n=${1:-20}
work=$(mktemp -d /tmp/seedc-bench-fixtures.XXXXXX)
models="protonn-digits-10 bonsai-digits-10 fastgrnn-digits-10 cnn-digits-10"
heading="## Devices (Arduino Uno under simavr)"
for m in $models; do
  d=src/test/resources/fixtures/models/$m
  for s in seedot shiftry; do
    float=""; [ "$s" = shiftry ] && float="--no-float"  # the float build is the same for both strategies
    (cd "$root" && ./seedc bench $d/input.sd --model $d --train $d/train.npy --test $d/test.npy \
        --device uno --examples "$n" --strategy $s $float --jobs 2 --out "$work/$m-$s") >"$work/$m-$s.txt"
  done
done
python3 - "$work" "$n" "$heading" $models >"$work/section.md" <<'PY'
import json, sys
work, n, heading, models = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
print(heading + "\n")
print("Measured by `seedc bench` on the fixture models: the Arduino output built with avr-gcc -Os for the")
print("ATmega328P (as the Arduino IDE builds for an Uno; the fixed predict.cpp asks for -O2 itself) and run")
print(f"under simavr at 16 MHz on the first {n} test examples, embedded in flash. Cycles count the")
print("`seedc_predict` call alone. Flash and static RAM come")
print("from the ELF (harness included: its input copy and code); peak stack is the deepest SP seen. The float")
print("baseline is the same program in float C built and run the same way (one build serves both strategies).")
print("MACs are the multiply-accumulates of one inference (matrix and convolution terms inside the input,")
print("element-wise products), so cycles per MAC measures the distance to the multiply-accumulate bound.")
print("Accuracies are over the whole test set (360 examples) from seedc's Java interpreters; the device")
print("predictions were checked to equal the fixed-point interpreter's. Regenerate with")
print(f"`scripts/bench-fixtures.sh {n}`.\n")
runs = {m: {s: json.load(open(f"{work}/{m}-{s}/bench.json")) for s in ("seedot", "shiftry")} for m in models}
print("| model | MACs | float cycles | seedot cycles | shiftry cycles | cycles/MAC float / seedot / shiftry | speedup over float seedot / shiftry |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for m in models:
    sd, sh = runs[m]["seedot"], runs[m]["shiftry"]
    fl = sd["float"]
    print(f"| {m} | {sd['macs']} | {fl['meanCycles']:.0f} | {sd['fixed']['meanCycles']:.0f} | {sh['fixed']['meanCycles']:.0f} | "
          f"{fl['cyclesPerMac']:.1f} / {sd['fixed']['cyclesPerMac']:.1f} / {sh['fixed']['cyclesPerMac']:.1f} | "
          f"{fl['meanCycles'] / sd['fixed']['meanCycles']:.2f}x / {fl['meanCycles'] / sh['fixed']['meanCycles']:.2f}x |")
print()
for m in models:
    sd, sh = runs[m]["seedot"], runs[m]["shiftry"]
    fl = sd["float"]
    d = f"src/test/resources/fixtures/models/{m}"
    print(f"### {m}\n")
    print(f"`seedc bench {d}/input.sd --model {d} --train {d}/train.npy --test {d}/test.npy --device uno "
          f"--examples {n} --strategy seedot|shiftry` (shiftry with `--no-float`)\n")
    print(f"| | seedot ({sd['bits']}, maxscale {sd['maxscale']}) | shiftry ({sh['bits']}) | float |")
    print("|---|---:|---:|---:|")
    print(f"| test accuracy | {sd['fixedTestAccuracy']:.2f}% | {sh['fixedTestAccuracy']:.2f}% | {sd['floatTestAccuracy']:.2f}% |")
    def row(label, key, fmt):
        print(f"| {label} | {fmt % sd['fixed'][key]} | {fmt % sh['fixed'][key]} | {fmt % fl[key]} |")
    row("cycles / inference (mean)", "meanCycles", "%.0f")
    row("cycles / inference (max)", "maxCycles", "%d")
    row("cycles / MAC", "cyclesPerMac", "%.1f")
    row("ms / inference at 16 MHz", "meanMs", "%.2f")
    row("flash bytes", "flashBytes", "%d")
    row("static RAM bytes", "staticRamBytes", "%d")
    row("peak stack bytes", "peakStackBytes", "%d")
    print(f"| planned RAM buffer | {sd['plannedRamBytes']} B | {sh['plannedRamBytes']} B | |")
    print(f"| parameters and tables in flash | {sd['paramFlashBytes']} B | {sh['paramFlashBytes']} B | |")
    eq = lambda r: "yes" if r["predictionsEqual"] else "NO"
    print(f"| predictions equal the interpreter's | {eq(sd)} | {eq(sh)} | |")
    print(f"| speedup over float | {fl['meanCycles'] / sd['fixed']['meanCycles']:.2f}x | "
          f"{fl['meanCycles'] / sh['fixed']['meanCycles']:.2f}x | |")
    if sd.get("floatMcu", "atmega328p") != "atmega328p":
        print(f"\nThe float build does not fit the Uno's 2 KB of RAM; it was measured on an {sd['floatMcu']} "
              "(same AVR core and cycle timings, 16 KB RAM).")
    print()
PY
[ -f "$root/BENCHMARKS.md" ] || printf '# seedc benchmarks\n\n' >"$root/BENCHMARKS.md"
"$root/scripts/md-section" "$root/BENCHMARKS.md" "$heading" <"$work/section.md"
echo "updated the Devices section of $root/BENCHMARKS.md (runs in $work)"
