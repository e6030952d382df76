"""Sets a device family's design.scale in estimation-models.json (see scripts/fit-fpga-design-scale): the median
over whole designs of yosys's LUTs (build/stat.txt) over the planner's estimate without the scale, and the scaled
estimate's error on those designs; designBlockRam likewise from the designs with buffers in block RAM (report.json
buffers = block-ram). A kind with no design among the samples keeps its scale.

Usage: fit_fpga_design_scale.py DESIGNS.list MODELS.json
"""
import json, os, re, statistics, sys

designs, out = sys.argv[1], sys.argv[2]
models = json.load(open(out))
rows = []
for line in open(designs):
    d = line.strip()
    stat = os.path.join(d, "build", "stat.txt")
    if not os.path.exists(stat):
        continue
    text = open(stat).read()
    lut = sum(int(m.group(1)) for m in re.finditer(r"^\s+(?:SB_LUT4|LUT[1-6])\s+(\d+)\s*$", text, re.M))
    r = json.load(open(os.path.join(d, "report.json")))
    fam = r["lutModel"]["family"]
    key = "designBlockRam" if r.get("buffers") == "block-ram" else "design"
    scale = r["lutModel"]["design"]["scale"]  # the scale the estimate was made with
    rows.append((os.path.basename(d), (fam, key), lut, r["estimatedLut"] / scale))
for fam, key in sorted({f for _, f, _, _ in rows}):
    mine = [(n, lut, est) for n, f, lut, est in rows if f == (fam, key)]
    scale = statistics.median(lut / est for _, lut, est in mine)
    errors = [abs(scale * est - lut) / lut for _, lut, est in mine]
    models[fam][key] = {"scale": round(scale, 4), "samples": len(mine),
                        "meanError": round(sum(errors) / len(errors), 3), "maxError": round(max(errors), 3)}
    print(f"## {fam} {key}: design scale {scale:.3f} on {len(mine)} designs, mean |error| "
          f"{sum(errors) / len(errors):.1%}, max {max(errors):.1%}")
    for (n, lut, est), e in zip(mine, errors):
        print(f"  {n:28s} yosys {lut:6d}  unscaled {est:8.0f}  scaled {scale * est:8.0f}  error {e:6.1%}")
with open(out, "w") as f:
    json.dump(models, f, indent=2)
    f.write("\n")
print("wrote", out)
