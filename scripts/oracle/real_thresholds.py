"""The quantizes compared with real thresholds (docs/fixed-point-semantics.md, "Real thresholds"), written from the
document for seedc_oracle.py: which quantizes the rule covers, and their outputs.

A quantize of at most 2 bits whose input is a sum (+, -, <+>, <->) of a value u and a parameter or constant b (u
minus b, never b minus u), u read by nothing else, where u is either x or a product (*, <*>, a scalar's) of x and a
parameter or constant s read by nothing else, and x is an exact matrix product or convolution read by nothing else in
the quantize's block: its level compares x's integer with thresholds from b's and s's real values.
"""
import math

import numpy as np

SUMS = {"add": False, "sub": True, "vec_add": False, "vec_sub": True}
SCALES = ("vec_mul", "hadamard", "scalar_mul")


def find(prog, prim):
    """{quantize's out: Chain} of every block of the program (prim: the oracle's primitives)."""
    reads = {}
    for op in _all_ops(prog.doc["body"]):
        for name in op["in"]:
            reads[name] = reads.get(name, 0) + 1
        for key in ("result", "out", "acc"):
            if "body" in op and key in op:
                reads[op[key]] = reads.get(op[key], 0) + 1  # a loop reads these when an iteration ends
    reads[prog.doc["result"]] = reads.get(prog.doc["result"], 0) + 1
    chains = {}
    for block in _blocks(prog.doc["body"]):
        names = {op["out"] for op in block}
        for op in block:
            if op["op"] == "quantize":
                c = _chain(prog, prim, op, reads, names)
                if c is not None:
                    chains[op["out"]] = c
    return chains


def _blocks(ops):
    yield ops
    for op in ops:
        if "body" in op:
            yield from _blocks(op["body"])


def _all_ops(ops):
    for block in _blocks(ops):
        yield from block


def _known(prog, name):
    """The real values of a parameter or constant (as the oracle read them), else None."""
    op = prog.defs.get(name)
    if op is None or op["op"] not in ("param", "const"):
        return None
    return np.ravel(prog.reals[name] if op["op"] == "param" else np.array(op["values"], dtype=np.float64))


def _link(prog, op, scale):
    """(chained operand, real values, negated) of a scale or a bias op with exactly one known operand, else None."""
    if op is None or (op["op"] not in SCALES if scale else op["op"] not in SUMS):
        return None
    a, b = op["in"]
    ka, kb = _known(prog, a), _known(prog, b)
    if (ka is None) == (kb is None):
        return None
    negated = not scale and SUMS[op["op"]]
    if negated and ka is not None:
        return None  # b - u: not this rule
    return (b, ka, negated) if ka is not None else (a, kb, negated)


class Chain:
    def __init__(self, x, channels, levels, per_channel):
        self.x, self.channels, self.levels, self.per_channel = x, channels, levels, per_channel

    def output(self, xs):
        """The quantize's output for x's integers (element i in channel i mod channels)."""
        flat = np.ravel(xs)
        level = np.zeros(flat.shape, dtype=np.int64)
        for c in range(self.channels):
            direction, at, fixed = self.per_channel[c]
            v = flat[c::self.channels].astype(np.float64)
            if direction == 0:
                level[c::self.channels] = fixed
            else:  # an integer reaches ceil(at) exactly when it reaches at (and passes floor(at) when it passes at)
                level[c::self.channels] = sum(((v >= t) if direction > 0 else (v <= t)) for t in at)
        return self.levels[level].reshape(np.shape(xs))


def _chain(prog, prim, q, reads, block_names):
    a = q["in"][0]
    if q["bits"] > 2 or reads.get(a, 0) != 1:
        return None
    bias = _link(prog, prog.defs.get(a), False)
    if bias is None:
        return None
    u = bias[0]
    scale = _link(prog, prog.defs.get(u), True)
    if scale is not None and reads.get(u, 0) != 1:
        return None
    x = u if scale is None else scale[0]
    product = prog.defs.get(x)
    if product is None or product["op"] not in ("mat_mul", "conv2d") or reads.get(x, 0) != 1 \
            or x not in block_names or "outType" not in product or product["outType"]["bits"] > 16:
        return None
    size, last = int(np.prod(prog.shapes[q["out"]])), prog.shapes[x][-1]
    channels = math.lcm(1 if scale is None else len(scale[1]), len(bias[1]))
    if int(np.prod(prog.shapes[x])) != size or size % channels or last % channels:
        return None
    if not exact(prog, prim, product):
        return None
    k, lo, hi = q["bits"], q["lo"], q["hi"]
    step = (hi - lo) / ((1 << k) - 1)
    levels = prim.quantize_to(np.array([lo + i * step for i in range(1 << k)]), q["outType"])
    sx = product["outType"]["scale"]
    per_channel = []
    for c in range(channels):
        s = 1.0 if scale is None else float(scale[1][c % len(scale[1])])
        b = float(bias[1][c % len(bias[1])])
        per_channel.append(_channel(k, lo, step, sx, s, -b if bias[2] else b))
    return Chain(x, channels, levels, per_channel)


def _channel(k, lo, step, sx, s, b):
    """(direction, the real points (t - b) / s 2^sx of the 2^k - 1 midpoints t, the level when s = 0)."""
    ts = [lo + (j + 0.5) * step for j in range((1 << k) - 1)]
    if s == 0:
        return 0, [], sum(1 for t in ts if b >= t)
    return (1 if s > 0 else -1), [math.ldexp((t - b) / s, sx) for t in ts], 0


def _levels(prog, prim, name):
    """The integers an activation can hold: a quantize's reachable levels through views (else None)."""
    views = []
    op = prog.defs.get(name)
    while op is not None and (op["op"] in ("transpose", "reshape")
                              or op["op"] == "maxpool" and not any(op["window"][p] for p in ("pt", "pb", "pl", "pr"))):
        views.insert(0, op)
        op = prog.defs.get(op["in"][0])
    if op is None or op["op"] != "quantize":
        return None
    k, lo, hi = op["bits"], op["lo"], op["hi"]
    step = (hi - lo) / ((1 << k) - 1)
    t_in = prog.typ(op["in"][0])
    least, most = -(2 ** (t_in["bits"] - 1)), 2 ** (t_in["bits"] - 1) - 1
    mids = [math.ldexp(lo + (j + 0.5) * step, t_in["scale"]) for j in range((1 << k) - 1)]
    base = sum(1 for t in mids if t <= least)
    inside = sum(1 for t in mids if least < t <= most)
    v = prim.quantize_to(np.array([lo + i * step for i in range(1 << k)]), op["outType"])[base:base + inside + 1]
    frm = op["outType"]
    for view in views:
        v = prim.conv(v, frm, view["outType"])
        frm = view["outType"]
    return np.asarray(v, dtype=np.int64)


def exact(prog, prim, product):
    """Whether the product's integers are its exact sums: the document's conditions, in its order."""
    p = product["params"]
    if p["treeShift"] > 0:
        return False
    for i in range(1 if product["op"] == "conv2d" else 2):
        levels = _levels(prog, prim, product["in"][i])
        wname = product["in"][1 - i]
        if levels is None or prog.defs[wname]["op"] not in ("param", "const"):
            continue
        weights = np.ravel(prog.weights[wname] if prog.defs[wname]["op"] == "param" else
                           prim.quantize_to(np.array(prog.defs[wname]["values"]), prog.defs[wname]["outType"]))
        sl, sw = (p["shrA"], p["shrB"]) if i == 0 else (p["shrB"], p["shrA"])
        lv, wv = prim.shr(levels, sl), prim.shr(weights, sw)
        if sl > 0 and np.any(prim.shr(lv, -sl) != levels) or sw > 0 and np.any(prim.shr(wv, -sw) != weights):
            continue
        if p["post"] > _twos(lv) + _twos(wv):
            continue
        least, most = int(lv.min()), int(lv.max())
        tlo = np.minimum(least * wv, most * wv).reshape(prog.shapes[wname])
        thi = np.maximum(least * wv, most * wv).reshape(prog.shapes[wname])
        if _fits(prog, prim, product, i, tlo, thi):
            return True
    return False


def _twos(v):
    """Trailing zeros of the values' greatest common divisor (64 when all are 0)."""
    g = 0
    for x in np.ravel(v):
        g = math.gcd(g, int(x))
    return 64 if g == 0 else (g & -g).bit_length() - 1


def _fits(prog, prim, product, i, tlo, thi):
    """Every output's sum of its terms' intervals within W bits, and shifted by post within the output's type."""
    p, t = product["params"], product["outType"]
    lo, hi = _sums(prog, product, i, tlo), _sums(prog, product, i, thi)
    wmax = 2 ** (p["width"] - 1) - 1
    olo, ohi = prim.shr(lo, p["post"]), prim.shr(hi, p["post"])
    return bool(np.all(lo >= -wmax - 1) and np.all(hi <= wmax)
                and np.all(olo >= -(2 ** (t["bits"] - 1))) and np.all(ohi <= 2 ** (t["bits"] - 1) - 1))


def _sums(prog, product, i, w):
    """Each output's plain sum of its terms when the activation is 1 everywhere (a padding tap 0)."""
    plain = {"shrA": 0, "shrB": 0, "width": 64, "treeShift": 0, "post": 0}
    ones = np.ones(prog.shapes[product["in"][i]], dtype=np.int64)
    if product["op"] == "conv2d":
        return prog.conv_sums(product, ones, w, plain)
    a, b = (ones, w) if i == 0 else (w, ones)
    return np.asarray(a, dtype=np.int64) @ np.asarray(b, dtype=np.int64)
