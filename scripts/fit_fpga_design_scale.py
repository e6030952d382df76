"""Sets a device family's design.scale in estimation-models.json (see scripts/fit-fpga-design-scale): the median
over whole designs of yosys's LUTs (build/stat.txt) over the planner's estimate without the scale, and the scaled
estimate's error on those designs; designBlockRam likewise from the designs with buffers in block RAM (report.json
buffers = block-ram). A kind with no design among the samples keeps its scale. Where nextpnr packed the designs
(build/pack.log, the iCE40), also cells.scale: the median of the logic cells nextpnr packs over the estimated LUTs
(at the scale just fitted) plus flip-flops, which the planner budgets against the device's cells.

Where no design was packed (the Artix-7: yosys's LUTs are the budget, and one scale misses its designs by -51% to
+123%), the family's design scale is left alone (the planner's estimate, by which its plans were chosen and
measured, stays) and wholeDesign is fitted instead: weights for the parts of the estimate that report.json's
lutParts lists (DesignLuts.java), by least squares on the relative error with weights never negative (scipy's
nnls), the logic multipliers' LUTs added as they are. Its errors are leave-one-out: each design predicted by the
weights fitted without it. The report predicts yosys's LUTs with it and warns when a design may not fit.

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


# the parts of lutParts the whole-design fit weighs (the others weigh 0): on the 51 Artix-7 designs of BENCHMARKS.md
# ("whole designs predicted by parts") the buffer, register and tree bits and the max pools' window ports lowered no
# leave-one-out error
WHOLE_DESIGN_PARTS = ["products", "activations", "windows", "otherTemplates", "romBits", "flipFlops"]


def fit_whole_design(fam, samples):
    """wholeDesign weights for a family from (design, yosys LUTs, lutParts) rows, with leave-one-out errors."""
    import numpy as np
    from scipy.optimize import nnls
    x = np.array([[p[k] for k in WHOLE_DESIGN_PARTS] for _, _, p in samples], float)
    y = np.array([m for _, m, _ in samples], float)
    logic = np.array([p["logicMultiplierLut"] for _, _, p in samples], float)

    def weights(keep):
        return nnls(x[keep] / y[keep, None], 1 - logic[keep] / y[keep])[0]
    every = np.arange(len(y))
    loo = np.array([x[i] @ weights(every[every != i]) + logic[i] for i in every])
    errors = np.abs(loo - y) / y
    w = weights(every)
    print(f"## {fam} whole designs by parts on {len(y)} designs: leave-one-out mean |error| {errors.mean():.1%}, "
          f"max {errors.max():.1%}")
    print("  weights: " + ", ".join(f"{k} {v:.4f}" for k, v in zip(WHOLE_DESIGN_PARTS, w)))
    for (n, m, _), p in zip(samples, loo):
        print(f"  {n:40s} measured {m:6d}  predicted without it {p:8.0f}  error {(p - m) / m:+6.1%}")
    return {"weights": {k: round(float(v), 5) for k, v in zip(WHOLE_DESIGN_PARTS, w)}, "samples": len(y),
            "meanError": round(float(errors.mean()), 3), "maxError": round(float(errors.max()), 3)}


rows, whole = [], {}
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
    if cells is None:
        whole.setdefault(fam, []).append((os.path.basename(d), lut, r["lutParts"]))
        continue
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
for fam, samples in sorted(whole.items()):
    models[fam]["wholeDesign"] = fit_whole_design(fam, samples)
with open(out, "w") as f:
    json.dump(models, f, indent=2)
    f.write("\n")
print("wrote", out)
