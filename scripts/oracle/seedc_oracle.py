#!/usr/bin/python3
"""An independent evaluator of seedc's fixed-point programs, written from docs/fixed-point-semantics.md.

It reads a program as 'seedc compile --emit-ir' writes it (OUT/program.json), the float weights (one NAME.npy per
parameter), and a data set (.npy, label columns first); it quantizes the weights and the inputs itself and runs
the program on integers, printing for each row the label (or '-') and the raw integers of the decision scores
(the argmax operand) or of the output. See README.md next to it; the Java interpreter must print the same.

Usage: seedc_oracle.py PROGRAM.json --model DIR --data FILE.npy [--labels N] [--rows N]
       seedc_oracle.py --batch FILE     (one case a line: the arguments above; results separated by '== case')
"""
import argparse
import json
import math
import os
import shlex
import sys

import numpy as np

import real_thresholds

I64 = np.int64
np.seterr(over="ignore")  # int64 overflow is the 64-bit wrap the semantics asks for, not an error


class Refused(Exception):
    """The program uses something this oracle does not implement (an op, a width): said, never guessed."""


# ---------------------------------------------------------------- primitives (section "Primitives")

def wrap(v, bits):
    """v reduced modulo 2^bits into [-2^(bits-1), 2^(bits-1)); numpy's int64 already wraps modulo 2^64."""
    v = np.asarray(v, dtype=I64)
    if bits >= 64:
        return v
    half = I64(1) << I64(bits - 1)
    mask = (I64(1) << I64(bits)) - I64(1)
    return ((v + half) & mask) - half


def shr(v, n):
    """n > 0: v / 2^n rounded toward zero; n = 0: v; n < 0: v * 2^-n wrapping in 64 bits."""
    v = np.asarray(v, dtype=I64)
    if n == 0:
        return v
    if n <= -64:
        return np.zeros_like(v)  # v * 2^64 or more is 0 modulo 2^64
    if n < 0:
        return v << I64(-n)
    if n >= 63:
        return np.zeros_like(v)
    mag = np.abs(v) >> I64(n)
    return np.where(v < 0, -mag, mag)


def conv(v, t_from, t_to):
    return wrap(shr(v, t_from["scale"] - t_to["scale"]), t_to["bits"])


def round_away(y):
    """C's round on doubles: halves away from zero, exact (floor(|y| + 0.5) is not, near 0.5 - ulp)."""
    a = np.abs(y)
    f = np.floor(a)
    r = f + (a - f >= 0.5)
    return np.where(y < 0, -r, r)


def quantize_real(r, bits, scale):
    """round(r * 2^s), saturated to the bits' range (parameters, literals, the input, tables, levels)."""
    if not np.all(np.isfinite(r)):
        raise Refused("a value that is not finite (NaN or infinite): the document does not define its quantization")
    lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    y = round_away(np.ldexp(np.asarray(r, dtype=np.float64), scale))
    y = np.clip(y, lo, hi)  # in float first: an out-of-range double never reaches the int64 conversion
    return y.astype(I64)


def quantize_to(r, t):
    return quantize_real(r, t["bits"], t["scale"])


# ---------------------------------------------------------------- products and sums

def tree_sum(terms, width, halvings):
    """TreeSum over the last axis: pairwise levels, halving (shr 1) at the first `halvings` levels."""
    t = terms
    level = 0
    while t.shape[-1] > 1:
        s = 1 if level < halvings else 0
        n = t.shape[-1]
        pairs = wrap(shr(t[..., 0:n - 1:2], s) + shr(t[..., 1:n:2], s), width)
        if n % 2 == 1:
            pairs = np.concatenate([pairs, shr(t[..., n - 1:n], s)], axis=-1)
        t = pairs
        level += 1
    return t[..., 0]


def term(a, b, p):
    return wrap(shr(a, p["shrA"]) * shr(b, p["shrB"]), p["width"])


def finish(s, p, out_type):
    return wrap(shr(s, p["post"]), out_type["bits"])


def add_sub(a, b, p, out_type, subtract):
    x, y = shr(a, p["shrA"]), shr(b, p["shrB"])
    return wrap(shr(wrap(x - y if subtract else x + y, p["width"]), p["post"]), out_type["bits"])


# ---------------------------------------------------------------- exp, sigmoid, tanh (two tables)

class Tables:
    """Tf and Tg from the constants that define them: built here, never read from seedc."""

    def __init__(self, t):
        self.s_in, self.mq = t["sIn"], t["mQ"]
        self.h, self.l, self.d = t["hiBits"], t["loBits"], t["drop"]
        self.sf, self.sg, self.e = t["sf"], t["sg"], t["entryBits"]
        ld = self.l + self.d
        i = np.arange(1 << self.h, dtype=np.float64)
        self.tf = quantize_real(np.exp(np.ldexp(self.mq + i * (1 << ld), -self.s_in)), self.e, self.sf)
        mid = ((1 << self.d) - 1) / 2.0
        j = np.arange(1 << self.l, dtype=np.float64)
        self.tg = quantize_real(np.exp(np.ldexp(j * (1 << self.d) + mid, -self.s_in)), self.e, self.sg)

    _cache = {}

    @classmethod
    def of(cls, t):
        """One build per distinct table (a loop body's exp runs once per iteration)."""
        key = tuple(sorted(t.items()))
        if key not in cls._cache:
            cls._cache[key] = Tables(t)
        return cls._cache[key]

    def lookup(self, x):
        d = np.clip(x - I64(self.mq), 0, (1 << (self.h + self.l + self.d)) - 1)
        i = d >> I64(self.l + self.d)
        j = (d >> I64(self.d)) & I64((1 << self.l) - 1)
        return self.tf[i] * self.tg[j]


def trunc_div(n, d):
    """n / d rounded toward zero, element-wise on Python ints (exact)."""
    q = abs(n) // abs(d)
    return q if (n >= 0) == (d > 0) else -q


def activation(a, p, out_type, tanh):
    tables = Tables.of(p["table"])
    x = shr(a, p["inShift"])
    e = shr(tables.lookup(-2 * np.abs(x) if tanh else -np.abs(x)), tables.sg)
    one = 1 << tables.sf
    so = out_type["scale"]
    if so < 0:
        raise Refused("a %s output of negative scale %d (the document's 2^so)" % ("tanh" if tanh else "sigmoid", so))
    out = []
    for xv, ev in zip(x.ravel().tolist(), e.ravel().tolist()):
        if tanh:
            r = trunc_div((one - ev) << so, one + ev)
            r = -r if xv < 0 else r
        else:
            r = trunc_div((ev if xv <= 0 else one) << so, one + ev)
        out.append(r)
    return wrap(np.array(out, dtype=I64).reshape(a.shape), out_type["bits"])


def softplus(a, in_type, out_type):
    """relu(A) at the table's scale plus log(1 + e^-|A|) interpolated between knots, rounded to the output."""
    sa, so = in_type["scale"], out_type["scale"]
    st = min(so + 2, out_type["bits"] - 1)
    k = min(4 if out_type["bits"] <= 16 else 5, max(0, -((4 - so) // 2)))  # ceil((so - 4) / 2)
    drop = max(0, sa - k)
    table = []
    while True:
        v = math.floor(math.ldexp(math.log1p(math.exp(-math.ldexp(len(table), drop - sa))), st) + 0.5)
        table.append(v)
        if v == 0:
            break
    last = len(table) - 1
    down = st - so
    out = []
    for x in a.ravel().tolist():
        t = abs(x)
        i = t >> drop
        g = 0
        if i < last:
            f = t & ((1 << drop) - 1)
            g = table[i] - (((table[i] - table[i + 1]) * f) >> drop)  # toward zero: the step is never positive
        relu = max(x, 0)
        p = relu >> (sa - st) if sa >= st else relu << (st - sa)
        y = p + g + ((1 << (down - 1)) if down > 0 else 0)
        out.append(y >> down if down >= 0 else y << -down)
    return wrap(np.array(out, dtype=I64).reshape(a.shape), out_type["bits"])


def softsign(a, in_type, out_type):
    """floor(|A| 2^so / (2^sa + |A|)) with A's sign, exactly (sa may be negative: both sides times 2^-sa)."""
    sa, so = in_type["scale"], out_type["scale"]
    up, base = max(0, -sa), max(0, sa)
    out = []
    for x in a.ravel().tolist():
        n = abs(x) << up
        q = 0 if so < 0 else (n << so) // ((1 << base) + n)
        out.append(-q if x < 0 else q)
    return wrap(np.array(out, dtype=I64).reshape(a.shape), out_type["bits"])


# ---------------------------------------------------------------- the program

class Program:
    def __init__(self, doc, model_dir):
        if doc.get("format") != "seedc-fixed-program/1":
            raise Refused("format %r (this oracle reads seedc-fixed-program/1)" % doc.get("format"))
        self.doc = doc
        self.model_dir = model_dir
        self.types = {}
        self.shapes = {}
        self.defs = {}
        self._declare(doc["body"])
        self.shifts = doc.get("inputShifts") or []
        self.reals = {}
        self.weights = {pa["value"]: self._weight(pa) for pa in doc["params"]}
        self.consts = {}
        self.real_chains = real_thresholds.find(self, sys.modules[__name__])

    def _declare(self, ops):
        for op in ops:
            self.defs[op["out"]] = op
            self.shapes[op["out"]] = tuple(op["outShape"])
            if "outType" in op:
                self.types[op["out"]] = op["outType"]
            if "acc" in op:
                self.shapes[op["acc"]] = tuple(op["accShape"])
                if "accType" in op:
                    self.types[op["acc"]] = op["accType"]
            if "body" in op:
                self._declare(op["body"])

    def _weight(self, pa):
        """The float parameter, its columns scaled by 2^-shift when it is a product's left operand on the input."""
        op = self.defs[pa["value"]]
        w = np.load(os.path.join(self.model_dir, op["param"] + ".npy")).astype(np.float64)
        shape = self.shapes[pa["value"]]
        if w.size != int(np.prod(shape)):
            raise Refused("%s.npy has %d values, the program's %s has shape %s" % (op["param"], w.size,
                          pa["value"], shape))
        w = w.reshape(shape)
        if self.shifts and pa["value"] in self._folded():
            w = np.ldexp(w, -np.array(self.shifts)[np.newaxis, :])
        self.reals[pa["value"]] = w
        return quantize_to(w, self.types[pa["value"]])

    def _folded(self):
        """The parameters read as P * X where X is the input (through (n, 1) reshapes): the input shifts' columns."""
        columns = {self.doc["input"]}
        folded = set()
        changed = True
        while changed:
            changed = False
            for name, op in self.defs.items():
                if op["op"] == "reshape" and op["in"][0] in columns and name not in columns:
                    columns.add(name)
                    changed = True
        for op in self.defs.values():
            if op["op"] in ("mat_mul", "sparse_mat_mul") and op["in"][1] in columns:
                folded.add(op["in"][0])
        return folded

    def run(self, row):
        env = {}
        x = np.asarray(row, dtype=np.float64)
        if self.shifts:
            x = np.ldexp(x, np.array(self.shifts))
        self.row = x
        self.block(self.doc["body"], env)
        scores = self.doc.get("scores")
        result = env[self.doc["result"]]
        label = int(result) if isinstance(result, int) else None
        raw = env[scores] if scores else result
        return label, np.asarray(raw, dtype=I64).ravel()

    def block(self, ops, env):
        for op in ops:
            env[op["out"]] = self.eval(op, env)

    def eval(self, op, env):
        kind = op["op"]
        fn = getattr(self, "op_" + kind, None)
        if fn is None:
            raise Refused("op '%s' (value %s) is not implemented by this oracle" % (kind, op["out"]))
        ins = [env.get(n) for n in op["in"]]
        return fn(op, ins, env)

    def typ(self, name):
        return self.types[name]

    # values
    def op_input(self, op, ins, env):
        return quantize_to(self.row.reshape(self.shapes[op["out"]]), op["outType"])

    def op_param(self, op, ins, env):
        return self.weights[op["out"]]

    def op_const(self, op, ins, env):
        return quantize_to(np.array(op["values"]).reshape(self.shapes[op["out"]]), op["outType"])

    def op_int_const(self, op, ins, env):
        return int(op["value"])

    def op_int_arith(self, op, ins, env):
        a, b = ins
        return {"add": a + b, "sub": a - b, "mul": a * b}[op["arith"]]

    # products
    def op_mat_mul(self, op, ins, env):
        a, b = ins
        p = op["params"]
        t = term(a[:, :, np.newaxis], b[np.newaxis, :, :], p)  # (m, k, n): term l of output (i, j)
        return finish(tree_sum(np.moveaxis(t, 1, 2), p["width"], p["treeShift"]), p, op["outType"])

    def op_sparse_mat_mul(self, op, ins, env):
        a, b = ins
        p = op["params"]
        t = shr(term(a, b.reshape(1, -1), p), p["treeShift"])
        acc = np.zeros(a.shape[0], dtype=I64)
        for l in range(a.shape[1]):
            acc = wrap(acc + t[:, l], p["width"])  # zero entries add 0: the same as their omission
        return finish(acc, p, op["outType"]).reshape(self.shapes[op["out"]])

    def op_hadamard(self, op, ins, env):
        a, b = ins
        return finish(term(a, b, op["params"]), op["params"], op["outType"])

    def op_scalar_mul(self, op, ins, env):
        s, t = ins
        return finish(term(s.reshape(()), t, op["params"]), op["params"], op["outType"])

    def op_vec_mul(self, op, ins, env):
        a, v = ins
        return finish(term(a, v.reshape(-1), op["params"]), op["params"], op["outType"])

    def op_conv2d(self, op, ins, env):
        return finish(self.conv_sums(op, ins[0], ins[1], op["params"]), op["params"], op["outType"])

    def conv_sums(self, op, x, f, p):
        """Each output's TreeSum of its terms (before the shift by post)."""
        w, g = op["window"], op["groups"]
        n, h, wd, cin = x.shape
        _, kh, kw, cig, cog = f.shape
        _, oh, ow, cout = self.shapes[op["out"]]
        # every output pixel's window, the taps in (i, j, c) order, zero in the padding
        win = np.zeros((n, oh, ow, kh, kw, cin), dtype=I64)
        for y in range(oh):
            for xo in range(ow):
                for i in range(kh):
                    r = y * w["sh"] - w["pt"] + i * w["dh"]
                    for j in range(kw):
                        c = xo * w["sw"] - w["pl"] + j * w["dw"]
                        if 0 <= r < h and 0 <= c < wd:
                            win[:, y, xo, i, j, :] = x[:, r, c, :]
        out = np.zeros((n, oh, ow, cout), dtype=I64)
        for gi in range(g):
            taps = win[..., gi * cig:(gi + 1) * cig].reshape(n, oh, ow, 1, -1)
            t = term(taps, f[gi].reshape(-1, cog).T.reshape(1, 1, 1, cog, -1), p)  # (n, oh, ow, cog, taps)
            out[..., gi * cog:(gi + 1) * cog] = tree_sum(t, p["width"], p["treeShift"])
        return out

    # sums
    def op_add(self, op, ins, env):
        return add_sub(ins[0], ins[1], op["params"], op["outType"], False)

    def op_sub(self, op, ins, env):
        return add_sub(ins[0], ins[1], op["params"], op["outType"], True)

    def op_vec_add(self, op, ins, env):
        return add_sub(ins[0], ins[1].reshape(-1), op["params"], op["outType"], False)

    def op_vec_sub(self, op, ins, env):
        return add_sub(ins[0], ins[1].reshape(-1), op["params"], op["outType"], True)

    # element-wise and data movement: the integer operation, then conv to the output type
    def _conv_out(self, op, v, src):
        return conv(v, self.typ(src), op["outType"])

    def op_neg(self, op, ins, env):
        return self._conv_out(op, -ins[0], op["in"][0])

    def op_relu(self, op, ins, env):
        return self._conv_out(op, np.maximum(ins[0], 0), op["in"][0])

    def op_relu6(self, op, ins, env):
        six = int(shr(np.array(6), -self.typ(op["in"][0])["scale"]))
        return self._conv_out(op, np.clip(ins[0], 0, six), op["in"][0])

    def op_transpose(self, op, ins, env):
        return self._conv_out(op, ins[0].T, op["in"][0])

    def op_reshape(self, op, ins, env):
        v = np.transpose(ins[0], op["order"]).reshape(self.shapes[op["out"]])
        return self._conv_out(op, v, op["in"][0])

    def op_reverse(self, op, ins, env):
        return self._conv_out(op, np.flip(ins[0], axis=op["axis"]), op["in"][0])

    def op_index(self, op, ins, env):
        return self._conv_out(op, ins[0][ins[1]], op["in"][0])

    def op_splice(self, op, ins, env):
        a, offsets = ins[0], ins[1:]
        shape = self.shapes[op["out"]]
        sl = tuple(slice(o, o + d) for o, d in zip(offsets, shape)) + tuple(slice(0, d) for d in shape[len(offsets):])
        return self._conv_out(op, a[sl], op["in"][0])

    def op_splice_write(self, op, ins, env):
        base, part, offsets = ins[0], ins[1], ins[2:]
        out = conv(base, self.typ(op["in"][0]), op["outType"]).copy()
        pshape = part.shape
        sl = tuple(slice(o, o + d) for o, d in zip(offsets, pshape)) + tuple(slice(0, d) for d in pshape[len(offsets):])
        out[sl] = conv(part, self.typ(op["in"][1]), op["outType"])
        return out

    def op_select(self, op, ins, env):
        c, a, b = ins
        if "outInt" in op:
            return a if c >= 0 else b
        t = op["outType"]
        return np.where(c >= 0, conv(a, self.typ(op["in"][1]), t), conv(b, self.typ(op["in"][2]), t))

    def op_maxpool(self, op, ins, env):
        x = ins[0]
        w = op["window"]
        n, h, wd, ch = x.shape
        _, oh, ow, _ = self.shapes[op["out"]]
        out = np.zeros((n, oh, ow, ch), dtype=I64)
        for y in range(oh):
            for xo in range(ow):
                cells = [x[:, r, c, :] for i in range(op["kh"]) for j in range(op["kw"])
                         for r in [y * w["sh"] - w["pt"] + i * w["dh"]] for c in [xo * w["sw"] - w["pl"] + j * w["dw"]]
                         if 0 <= r < h and 0 <= c < wd]
                if cells:  # a window wholly in the padding gives 0
                    out[:, y, xo, :] = np.max(np.stack(cells), axis=0)
        return self._conv_out(op, out, op["in"][0])

    # non-linear
    def op_exp(self, op, ins, env):
        p = op["params"]
        tables = Tables.of(p["table"])
        x = shr(ins[0], p["inShift"])
        return wrap(shr(tables.lookup(x), p["post"]), op["outType"]["bits"])

    def op_sigmoid(self, op, ins, env):
        return activation(ins[0], op["params"], op["outType"], False)

    def op_tanh(self, op, ins, env):
        return activation(ins[0], op["params"], op["outType"], True)

    def op_softplus(self, op, ins, env):
        return softplus(ins[0], self.typ(op["in"][0]), op["outType"])

    def op_softsign(self, op, ins, env):
        return softsign(ins[0], self.typ(op["in"][0]), op["outType"])

    def op_quantize(self, op, ins, env):
        chain = self.real_chains.get(op["out"])
        if chain is not None:  # "Real thresholds": compared on the exact product x
            return chain.output(env[chain.x])
        a = ins[0]
        k, lo, hi = op["bits"], op["lo"], op["hi"]
        sa = self.typ(op["in"][0])["scale"]
        step = (hi - lo) / ((1 << k) - 1)
        thresholds = np.array([math.ldexp(lo + (j + 0.5) * step, sa) for j in range((1 << k) - 1)])
        # reaching the real threshold t is reaching ceil(t) for an integer A
        level = np.sum(a[..., np.newaxis].astype(np.float64) >= thresholds, axis=-1)
        levels = quantize_to(np.array([lo + i * step for i in range(1 << k)]), op["outType"])
        return levels[level]

    def op_normalise_l2(self, op, ins, env):
        a = ins[0]
        so = op["outType"]["scale"]
        groups = a.reshape(-1, a.shape[-1]) if a.ndim == 4 else a.reshape(1, -1)
        out = []
        for g in groups.tolist():
            n = math.isqrt(sum(v * v for v in g))
            out.append([0 if n == 0 else trunc_div(int(shr(np.array(v), -so)), n) for v in g])
        return wrap(np.array(out, dtype=I64).reshape(a.shape), op["outType"]["bits"])

    def op_argmax(self, op, ins, env):
        return int(np.argmax(ins[0].ravel()))  # numpy's argmax is the first maximum

    def op_sgn(self, op, ins, env):
        return 1 if int(ins[0].ravel()[0]) > 0 else 0

    # loops
    def op_sum_loop(self, op, ins, env):
        t = op["outType"]
        total = np.zeros(self.shapes[op["out"]], dtype=I64)
        for i in range(op["from"], op["to"]):
            env[op["index"]] = i
            self.block(op["body"], env)
            r = op["result"]
            total = wrap(total + shr(env[r], self.typ(r)["scale"] - t["scale"]), t["bits"])
        return total

    def op_loop(self, op, ins, env):
        t = op["outType"]
        acc = conv(ins[0], self.typ(op["in"][0]), t)
        for i in range(op["from"], op["to"]):
            env[op["index"]] = i
            env[op["acc"]] = acc
            self.block(op["body"], env)
            acc = conv(env[op["result"]], self.typ(op["result"]), t)
        return acc


def run_case(args, out):
    with open(args.program) as f:
        program = Program(json.load(f), args.model)
    data = np.load(args.data).astype(np.float64)
    if data.ndim == 1:
        data = data.reshape(1, -1)
    rows = data[: args.rows] if args.rows else data
    for row in rows:
        label, raw = program.run(row[args.labels:])
        out.write("%s %s\n" % ("-" if label is None else label, " ".join(str(int(v)) for v in raw)))


def parser():
    p = argparse.ArgumentParser(description="Evaluates a seedc program.json on integers (docs/fixed-point-semantics.md).")
    p.add_argument("program")
    p.add_argument("--model", required=True, help="directory with one NAME.npy per parameter (float)")
    p.add_argument("--data", required=True, help="data set .npy, label columns first")
    p.add_argument("--labels", type=int, default=1, help="label columns (default 1)")
    p.add_argument("--rows", type=int, default=0, help="only the first N rows (default: all)")
    return p


def main(argv):
    if argv[:1] == ["--batch"]:
        with open(argv[1]) as f:
            lines = [l for l in f.read().splitlines() if l.strip()]
        status = 0
        for line in lines:
            sys.stdout.write("== case\n")
            try:
                run_case(parser().parse_args(shlex.split(line)), sys.stdout)
            except Refused as e:
                sys.stdout.write("refused: %s\n" % e)
                status = 3
            except Exception as e:  # a bug here: one case's, told, and the others still run
                sys.stdout.write("error: %s: %s\n" % (type(e).__name__, e))
                status = 4
        return status
    try:
        run_case(parser().parse_args(argv), sys.stdout)
        return 0
    except Refused as e:
        sys.stderr.write("seedc_oracle: refused: %s\n" % e)
        return 3


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
