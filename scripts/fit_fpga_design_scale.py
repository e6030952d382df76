"""Sets a device family's design.scale in estimation-models.json (see scripts/fit-fpga-design-scale): the median
over whole designs of yosys's LUTs (build/stat.txt) over the planner's estimate without the scale, and the scaled
estimate's error on those designs; designBlockRam likewise from the designs with buffers in block RAM (report.json
buffers = block-ram). A kind with no design among the samples keeps its scale. Where nextpnr packed the designs
(build/pack.log, the iCE40), also cells.scale: the median of the logic cells nextpnr packs over the estimated LUTs
(at the scale just fitted) plus flip-flops, which the planner budgets against the device's cells.

Usage: fit_fpga_design_scale.py DESIGNS.list MODELS.json
"""
import json, os, re, statistics, sys

designs, out = sys.argv[1], sys.argv[2]
models = json.load(open(out))


def fit(name, ratios):
    """The median of measured / estimate over (design, measured, estimate) rows, with the scaled errors."""
    scale = statistics.median(m / e for _, m, e in ratios)
    errors = [abs(scale * e - m) / m for _, m, e in ratios]
    print(f"## {name}: scale {scale:.3f} on {len(ratios)} designs, mean |error| "
          f"{sum(errors) / len(errors):.1%}, max {max(errors):.1%}")
    for (n, m, e), err in zip(ratios, errors):
        print(f"  {n:40s} measured {m:6d}  unscaled {e:8.0f}  scaled {scale * e:8.0f}  error {err:6.1%}")
    return {"scale": round(scale, 4), "samples": len(ratios),
            "meanError": round(sum(errors) / len(errors), 3), "maxError": round(max(errors), 3)}


rows = []
for line in open(designs):
    d = line.strip()
    stat = os.path.join(d, "build", "stat.txt")
    if not os.path.exists(stat):
        continue
    text = open(stat).read()
    lut = sum(int(m.group(1)) for m in re.finditer(r"^\s+(?:SB_LUT4|LUT[1-6])\s+(\d+)\s*$", text, re.M))
    pack = os.path.join(d, "build", "pack.log")
    cells = None
    if os.path.exists(pack):
        m = re.search(r"ICESTORM_LC:\s+(\d+)/", open(pack).read())
        cells = int(m.group(1)) if m else None
    r = json.load(open(os.path.join(d, "report.json")))
    fam = r["lutModel"]["family"]
    key = "designBlockRam" if r.get("buffers") == "block-ram" else "design"
    scale = r["lutModel"]["design"]["scale"]  # the scale the estimate was made with
    rows.append((os.path.basename(d), (fam, key), lut, r["estimatedLut"] / scale, r["estimatedFf"], cells))
for fam, key in sorted({f for _, f, *_ in rows}):
    models[fam][key] = fit(f"{fam} {key} (yosys LUTs)", [(n, lut, est) for n, f, lut, est, _, _ in rows
                                                         if f == (fam, key)])
for fam in sorted({f[0] for _, f, *_ in rows}):
    packed = [(n, cells, models[fam][key]["scale"] * est + ff) for n, (f, key), _, est, ff, cells in rows
              if f == fam and cells is not None]
    if packed:
        models[fam]["cells"] = fit(f"{fam} cells (nextpnr's packed logic cells over LUTs + flip-flops)", packed)
with open(out, "w") as f:
    json.dump(models, f, indent=2)
    f.write("\n")
print("wrote", out)
