"""Fits the iCE40 clock model to placed and routed designs (see scripts/fit-fpga-clock): for each design that
'seedc bench --device ice40-up5k' placed, nextpnr's final Fmax and the engine its critical path runs through (the
node whose source lines the path's cells come from most often); per template, the slowest clock measured where it
was critical. A design's estimated clock is then the least over its templates (fastest: the fastest design
measured, for a design of templates never critical). Writes clock-models.json.

Usage: fit_fpga_clock.py OUT.json WORK...
"""
import collections, glob, json, os, re, sys

out, works = sys.argv[1], sys.argv[2:]


def critical_node(log):
    """The node the last clock-domain critical path report runs through most, or None."""
    counts, inside = None, False
    for line in open(log, errors="replace"):
        if "Critical path report for clock 'clk" in line:
            counts, inside = collections.Counter(), True
        elif "Critical path report for" in line:
            inside = False
        elif inside:
            m = re.search(r"nodes/(n\d+)\.vh", line)
            if m:
                counts[m.group(1)] += 1
    return counts.most_common(1)[0][0] if counts else None


rows, designs = [], []  # (critical template, MHz, model, strategy); (its templates, MHz)
for work in works:
    for bench in sorted(glob.glob(os.path.join(work, "*-ice40-up5k", "bench.json"))):
        b = json.load(open(bench))
        model = os.path.basename(os.path.dirname(bench))[: -len("-ice40-up5k")]
        for d in b["designs"]:
            s = d.get("synth") or {}
            log = os.path.join(os.path.dirname(bench), "fpga", d["strategy"].lower(), "build", "nextpnr.log")
            if "fmax_mhz" not in s or not os.path.exists(log):
                continue
            node = critical_node(log)
            templates = {n["node"]: n["template"] for n in d["plan"]["nodes"]}
            if node in templates:
                rows.append((templates[node], s["fmax_mhz"], model, d["strategy"].lower()))
                designs.append((set(templates.values()), s["fmax_mhz"]))

by = collections.defaultdict(list)
for t, mhz, model, strategy in rows:
    by[t].append((mhz, model, strategy))
fit = {"designs": len(rows), "fastest": max(r[1] for r in rows),
       "templates": {t: {"mhz": min(v)[0], "designs": len(v), "slowest": f"{min(v)[1]} {min(v)[2]}"}
                     for t, v in sorted(by.items())}}
errors = [min([fit["templates"][t]["mhz"] for t in ts if t in fit["templates"]] + [fit["fastest"]]) / mhz - 1
          for ts, mhz in designs]
fit["meanError"] = round(sum(abs(e) for e in errors) / len(errors), 3)
fit["maxError"] = round(max(abs(e) for e in errors), 3)
print(f"{len(rows)} placed designs; fastest {fit['fastest']} MHz; the model's estimate against them:"
      f" mean |error| {fit['meanError']:.1%}, max {fit['maxError']:.1%} (never above: {max(errors) <= 0})")
for t, v in sorted(by.items(), key=lambda kv: min(kv[1])[0]):
    print(f"  {t:18s} critical in {len(v):2d}: {min(v)[0]:6.2f} - {max(v)[0]:6.2f} MHz")
with open(out, "w") as f:
    json.dump({"ice40": fit}, f, indent=2)
    f.write("\n")
print("wrote", out)
