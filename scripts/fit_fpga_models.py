"""Fits the FPGA LUT models to the synthesized samples of scripts/fit-fpga-models (see there): per template a and b
of LUT[PF] = (a + b * PF) * LUT[1], and per device family the LUTs per bit of ROM, of buffer (distributed RAM) and
of memory written by several lanes (registers read through multiplexers) and of halving-tree buffer, by non-negative least squares on the
relative error.

With --only T1,T2 it fits a and b of those templates alone on the samples that have them (the list WORK/FAMILY.list
names), the memories' coefficients and every other template's kept from OUT.json (and used for the samples' other
nodes, such as a loop's body): a new template joins the fit
without synthesizing every sample again. Each such template records its own samples and error.

Usage: fit_fpga_models.py WORK OUT.json [--only T1,T2]
"""
import json, os, sys
import numpy as np
from scipy.optimize import nnls
work, out = sys.argv[1], sys.argv[2]
only = sys.argv[4].split(",") if len(sys.argv) > 4 and sys.argv[3] == "--only" else None


def template(n):
    return n.get("template", n["op"])


def samples(fam):
    rows = []
    for line in open(os.path.join(work, fam + ".list")):
        d = line.strip()
        if not os.path.exists(os.path.join(d, "synth.json")):
            continue
        rows.append((os.path.basename(d), json.load(open(os.path.join(d, "report.json"))),
                     json.load(open(os.path.join(d, "synth.json")))["lut"]))
    return rows


def refit(model, rows):
    """a and b of the templates in `only` on the samples with one of them, every other node's LUTs (a loop's body)
    and the memories' as the model has them."""
    mem = model["memory"]
    rows = [r for r in rows if any(template(n) in only for n in r[1]["nodes"])]
    col = {k: i for i, k in enumerate(only)}
    A, y = [], []
    for _, r, lut in rows:
        x = np.zeros(2 * len(only))
        fixed = mem["rom"] * r["romBits"] + mem["buffer"] * r["bufferBits"]
        for n in r["nodes"]:
            fixed += (mem["register"] * n["storeBits"] if n["pf"] > 1 else 0) + mem["tree"] * n["treeBits"]
            if template(n) not in only:
                ab = model["templates"].get(template(n), model["templates"]["default"])
                fixed += (ab["a"] + ab["b"] * n["pf"]) * n["lut1"]
                continue
            i = 2 * col[template(n)]
            x[i] += n["lut1"]
            x[i + 1] += n["pf"] * n["lut1"]
        w = 1.0 / max(lut, 1)
        A.append(x * w)
        y.append((lut - fixed) * w)
    coef, _ = nnls(np.array(A), np.array(y))
    err = np.abs(np.array(A) @ coef - np.array(y))  # (fixed + fitted) / lut - 1
    for k, i in col.items():
        mine = [e for (_, r, _), e in zip(rows, err) if any(template(n) == k for n in r["nodes"])]
        model["templates"][k] = {"a": round(coef[2 * i], 4), "b": round(coef[2 * i + 1], 4), "samples": len(mine),
                                 "meanError": round(float(np.mean(mine)), 3), "maxError": round(float(np.max(mine)), 3)}
        print(f"  {k:18s} {len(mine):3d} designs  a {coef[2 * i]:.4f}  b {coef[2 * i + 1]:.4f}"
              f"  mean {np.mean(mine):6.1%}  max {np.max(mine):6.1%}")


models = json.load(open(out)) if only else {}
for fam in ("xc7", "ice40"):
    if not os.path.exists(os.path.join(work, fam + ".list")):
        continue
    rows = samples(fam)
    if only:
        print(f"## {fam}: refit of {', '.join(only)}")
        refit(models[fam], rows)
        continue
    kinds = sorted({template(n) for _, r, _ in rows for n in r["nodes"]})
    col = {k: i for i, k in enumerate(kinds)}
    A, y = [], []
    for _, r, lut in rows:
        x = np.zeros(2 * len(kinds) + 4)
        for n in r["nodes"]:
            i = 2 * col[template(n)]
            x[i] += n["lut1"]
            x[i + 1] += n["pf"] * n["lut1"]
            x[-2] += n["storeBits"] if n["pf"] > 1 else 0
            x[-1] += n["treeBits"]
        x[-4], x[-3] = r["romBits"], r["bufferBits"]
        w = 1.0 / max(lut, 1)
        A.append(x * w)
        y.append(lut * w)
    coef, _ = nnls(np.array(A), np.array(y))
    pred = np.array(A) @ coef
    err = np.abs(pred - 1.0)
    templates = {k: {"a": round(coef[2 * i], 4), "b": round(coef[2 * i + 1], 4)} for k, i in col.items()}
    templates["default"] = {"a": round(float(np.median([t["a"] for t in templates.values()])), 4),
                            "b": round(float(np.median([t["b"] for t in templates.values()])), 4)}
    models[fam] = {"templates": templates,
                   "memory": {"rom": round(coef[-4], 5), "buffer": round(coef[-3], 5),
                              "register": round(coef[-2], 5), "tree": round(coef[-1], 5)},
                   "fit": {"samples": len(rows), "maxPf": max(n["pf"] for _, r, _ in rows for n in r["nodes"]),
                           "meanError": round(float(err.mean()), 3),
                           "maxError": round(float(err.max()), 3)}}
    print(f"## {fam}: {len(rows)} designs, mean |error| {err.mean():.1%}, max {err.max():.1%}")
    by = {}
    for (name, r, lut), e in zip(rows, err):
        by.setdefault(name.split("-")[0], []).append(e)
    for k, es in sorted(by.items()):
        print(f"  {k:10s} {len(es):3d} designs  mean {np.mean(es):6.1%}  max {np.max(es):6.1%}")
with open(out, "w") as f:
    json.dump(models, f, indent=2)
    f.write("\n")
print("wrote", out)
