"""Low-bit (1-3-bit weights, 1-2-bit activations) MLPs and CNNs on the digits data, trained with the
quantization in the loop (straight-through estimator), and their float baselines (issue 15).

Architectures (the same two for every bit width):
  mlp  64 pixels -> dense 64->H (--hidden; a comma list gives several hidden layers) -> activation -> dense H->10
  cnn  8x8x1 -> conv 3x3 1->c1 (same padding) + bias, activation, maxpool 2 -> conv 3x3 c1->c2 + bias,
       activation, maxpool 2 -> dense (NHWC-flattened 2x2xc2) -> 10   (cnn.py's structure; --channels c1,c2, default 16,16)

Weights (--wbits K; 0 = float): every weight matrix and filter, first and last layer included, is a*q with one
scale a per tensor and the integer q on a symmetric grid: K=1 binary q in {-1, 1}, a = mean |w| (the L2-optimal
scale of sign(w)); K=2 ternary q in {-1, 0, 1}; K=3 q in -3..3 (7 levels). For K = 2, a is the L2-optimal one
of 96 candidates (max |w| / n times 0.05 .. 1); for K = 3 the L2-optimal power of two (hardware-friendly: the
fixed-point integers of a*q are then q times a power of two, evenly spaced at any scale seedc gives the tensor, so
its bit-serial kernels apply; a ternary or binary tensor's levels are evenly spaced whatever a is). a is rounded
to 12 significant bits, so that every a*q is exact
in float32 (.npy) and float64: the exported values lie exactly on the grid, and seedc recognizes them as K-bit
(report.txt's parameter storage). The forward pass uses a*q, the backward pass passes the gradient straight to
the latent float weights (w + (a q - w).detach()). Biases, and the MLP's scale vectors, stay float.

Activations (--abits A; 0 = float relu) between layers, exactly the language's operations:
  A=1  sign(e): +1 where e >= 0, else -1                        (STE: gradient where |e| <= 1)
  A>=2 quantize(e, A, 0.0, hi): unipolar, levels i*hi/(2^A-1)   (STE: gradient where 0 <= e <= hi)
       hi = --act-hi (default 1.5: with A=2 the step is 0.5, a power of two, so the levels are exact in fixed point)
Both are computed as seedc's float interpreter computes Op.Quantize: clamp to [lo, hi], level =
min(2^A - 1, floor((c - lo) / step + 0.5)) (ties to the larger level), lo + level * step.
The scores (last layer's output) are not quantized. The pixels (first layer's input) are read as they are, or with
--in-bits B (1 or 2) quantized by the program itself, so that every product of the model is a low-bit one:
  Xq = quantize(X, B, 0.0, in_hi), in_hi = 1.0 for B = 1 (a pixel >= 0.5 is 1, else 0) and 0.75 for B = 2 (levels
  0, 0.25, 0.5, 0.75: exact in fixed point); the trainer applies the same function to its inputs (no gradient
  flows to the data). Such a model's default name ends in i<B> (mlp-digits-w1a1i1).

MLP hidden layers with low-bit activations have a batch-norm in training (batch statistics); after training it
is folded, with the statistics of the whole training set, into a scale vector S and a bias vector B:
act(((h * W) <*> S) + B), the form seedc's threshold customization compiles to one comparison per element
when act is sign. The CNN has a per-channel bias only: the language has no per-channel product for a 4-D
tensor (<*> needs equal shapes; only <+> and <-> broadcast along the channels), and with sign it would be
redundant anyway.

Float baselines (--wbits 0 --abits 0): the same architectures in float with relu and biases, as cnn.py.

Every product of the exported programs is exact in float64 for the low-bit models (pixels are multiples of
1/16, weights a*q with a of 12 bits, activations on their levels), so the test accuracy computed here with the
exported float32 values in float64 is the one 'seedc run' computes, example for example (--check).

Writes src/test/resources/fixtures/lowbit/<name>/ (default name: <arch>-digits-w<K>a<A>, or
<arch>-digits-float): input.sd, one .npy per parameter and float_accuracy.txt. The data are not copied: the
rows are models/cnn-digits-10/train.npy and test.npy (datasets.digits), which seedc is pointed at:
  ./seedc run     DIR/input.sd --model DIR --data src/test/resources/fixtures/models/cnn-digits-10/test.npy
  ./seedc compile DIR/input.sd --model DIR --train .../cnn-digits-10/train.npy --test .../test.npy --out OUT
"""
import argparse
import math
import os

import numpy as np
import torch
import torch.nn.functional as F

import common
import datasets

LOWBIT = os.path.join(common.ROOT, "src", "test", "resources", "fixtures", "lowbit")
TRAIN = os.path.join(datasets.DIGITS, "train.npy")
TEST = os.path.join(datasets.DIGITS, "test.npy")
BN_EPS = 1e-5


# ---------------------------------------------------------------- the language's activations

def quantize(x, k, lo, hi):
    """quantize(x, k, lo, hi) as seedc's Op.Quantize computes it in float (ties to the larger level)."""
    step = (hi - lo) / ((1 << k) - 1)
    c = torch.clamp(x, lo, hi)
    level = torch.clamp(torch.floor((c - lo) / step + 0.5), max=(1 << k) - 1)
    return lo + level * step


def activation(x, abits, hi):
    """sign (abits 1), quantize(x, abits, 0, hi) (abits >= 2) or relu (0); STE: the clamp's gradient."""
    if abits == 0:
        return F.relu(x)
    lo, top = (-1.0, 1.0) if abits == 1 else (0.0, hi)
    xc = torch.clamp(x, lo, top)
    return xc + (quantize(x, abits, lo, top) - xc).detach()


def act_text(e, abits, hi):
    if abits == 0:
        return f"relu({e})"
    if abits == 1:
        return f"sign({e})"
    return f"quantize({e}, {abits}, 0.0, {hi!r})"


def input_hi(in_bits):
    """hi of the pixels' quantize: 1.0 for one bit (threshold 0.5), 0.75 for two (levels k/4, exact)."""
    return 1.0 if in_bits == 1 else 0.75


def quantize_input(X, in_bits):
    return X if in_bits == 0 else quantize(X, in_bits, 0.0, input_hi(in_bits))


def input_text(in_bits):
    return f"quantize(X, {in_bits}, 0.0, {input_hi(in_bits)!r})"


# ---------------------------------------------------------------- weights on a k-bit grid

def round_scale(a):
    """a with 12 significant bits: a*q (|q| <= 3) is then exact in float32."""
    m, e = math.frexp(a)
    return math.ldexp(round(m * 4096) / 4096, e)


def weight_grid(w, k):
    """(a, q): the tensor's scale and integers, q in {-1, 1} (k=1) or -n..n, n = 2^(k-1) - 1."""
    with torch.no_grad():
        if k == 1:
            return round_scale(w.abs().mean().item()), torch.where(w >= 0, 1.0, -1.0).to(w.dtype)
        n = (1 << (k - 1)) - 1
        top = w.abs().max().item()
        best = None
        centre = math.floor(math.log2(top / n))
        candidates = ([top * t / n for t in np.linspace(0.05, 1.0, 96)] if k == 2
                      else [2.0 ** e for e in range(centre - 5, centre + 2)])
        for c in candidates:
            a = round_scale(c)
            q = torch.clamp(torch.round(w / a), -n, n)
            err = ((w - a * q) ** 2).sum().item()
            if best is None or err < best[0]:
                best = (err, a, q)
        return best[1], best[2]


def qweight(w, k):
    if k == 0:
        return w
    a, q = weight_grid(w, k)
    return w + (a * q - w).detach()


# ---------------------------------------------------------------- models

class MLP:
    def __init__(self, sizes, wbits, abits, hi, gen):
        self.sizes, self.wbits, self.abits, self.hi = sizes, wbits, abits, hi
        r = lambda n, m: torch.randn(n, m, generator=gen, dtype=torch.float64) * np.sqrt(2.0 / n)
        z = lambda m: torch.zeros(m, dtype=torch.float64)
        self.P = {}
        for i in range(len(sizes) - 1):
            n, m = sizes[i], sizes[i + 1]
            self.P["W%d" % (i + 1)] = r(n, m)
            last = i == len(sizes) - 2
            if abits and not last:  # batch-norm, folded into S and B after training
                self.P["G%d" % (i + 1)] = torch.ones(m, dtype=torch.float64)
                self.P["Be%d" % (i + 1)] = z(m)
            else:
                self.P["B%d" % (i + 1)] = z(m)
        for t in self.P.values():
            t.requires_grad_(True)
        self.layers = len(sizes) - 1

    def forward(self, X, stats=None):
        """Training forward: batch statistics (or the given (mean, var) per layer)."""
        h, seen = quantize_input(X, self.in_bits), []
        for i in range(1, self.layers + 1):
            z = h @ qweight(self.P["W%d" % i], self.wbits)
            if i == self.layers:
                return z + self.P["B%d" % i], seen
            if self.abits:
                mu, var = (z.mean(0), z.var(0, unbiased=False)) if stats is None else stats[i - 1]
                seen.append((mu, var))
                s = self.P["G%d" % i] / torch.sqrt(var + BN_EPS)
                z = z * s + (self.P["Be%d" % i] - mu * s)
                h = activation(z, self.abits, self.hi)
            else:
                h = F.relu(z + self.P["B%d" % i])

    def export(self, X):
        """The parameters as the program reads them (float32 values): W (k-bit grids), S, B (1 x m)."""
        out, grids = {}, {}
        with torch.no_grad():
            _, stats = self.forward(X)  # batch statistics of the whole training set
            for i in range(1, self.layers + 1):
                w = self.P["W%d" % i]
                if self.wbits:
                    a, q = weight_grid(w, self.wbits)
                    out["W%d" % i], grids["W%d" % i] = (a * q).numpy(), (a, q.numpy())
                else:
                    out["W%d" % i] = w.numpy()
                if i < self.layers and self.abits:
                    mu, var = stats[i - 1]
                    s = self.P["G%d" % i] / torch.sqrt(var + BN_EPS)
                    out["S%d" % i] = s.numpy()[None]
                    out["B%d" % i] = (self.P["Be%d" % i] - mu * s).numpy()[None]
                else:
                    out["B%d" % i] = self.P["B%d" % i].detach().numpy()[None]
        return out, grids

    def program_forward(self, X, E):
        """What input.sd computes, in float64, from the exported values E."""
        h = quantize_input(X, self.in_bits)
        for i in range(1, self.layers + 1):
            z = h @ E["W%d" % i]
            if i == self.layers:
                return z + E["B%d" % i]
            if self.abits:
                h = activation((z * E["S%d" % i]) + E["B%d" % i], self.abits, self.hi)
            else:
                h = F.relu(z + E["B%d" % i])

    def program(self, E, title):
        lines = ["let X = (%d, 1) in %s in" % (self.sizes[0], self.x_range)]
        for k, v in E.items():
            lines.append("let %s = (%s) in %s in" % (k, ", ".join(str(d) for d in v.shape), common.rng_decl(v)))
        h = "X^T"
        if self.in_bits:
            lines.append(f"let Xq = {input_text(self.in_bits)} in")
            h = "Xq^T"
        for i in range(1, self.layers):
            z = f"(({h} * W{i}) <*> S{i}) + B{i}" if self.abits else f"({h} * W{i}) + B{i}"
            lines.append(f"let H{i} = {act_text(z, self.abits, self.hi)} in")
            h = "H%d" % i
        lines.append(f"let score = ({h} * W{self.layers}) + B{self.layers} in")
        lines.append("argmax(score)")
        return "// %s\n%s\n" % (title, "\n".join(lines))


class CNN:
    def __init__(self, channels, wbits, abits, hi, gen, H=8, W=8, L=10, k=3, pool=2):
        self.c1, self.c2 = channels
        self.wbits, self.abits, self.hi, self.H, self.W, self.L, self.k, self.pool = wbits, abits, hi, H, W, L, k, pool
        self.flat = (H // pool // pool) * (W // pool // pool) * self.c2
        r = lambda *s, fan: torch.randn(*s, generator=gen, dtype=torch.float64) * np.sqrt(2.0 / fan)
        z = lambda m: torch.zeros(m, dtype=torch.float64)
        self.P = {"F1": r(self.c1, 1, k, k, fan=k * k), "B1": z(self.c1),
                  "F2": r(self.c2, self.c1, k, k, fan=self.c1 * k * k), "B2": z(self.c2),
                  "FC": r(self.flat, L, fan=self.flat), "FCb": z(L)}
        if wbits:  # a learnable gain per filter tensor (log scale), absorbed into the grid's a at export
            self.P["G1"] = torch.zeros((), dtype=torch.float64)
            self.P["G2"] = torch.zeros((), dtype=torch.float64)
        for t in self.P.values():
            t.requires_grad_(True)

    def init_gains(self, X):
        """Data-driven start: each conv's pre-activation spread (std) 1 for sign, hi / 2 for quantize."""
        if not self.wbits:
            return
        target = 1.0 if self.abits == 1 else self.hi / 2
        with torch.no_grad():
            x = quantize_input(X, self.in_bits).reshape(X.shape[0], self.H, self.W, 1).permute(0, 3, 1, 2)
            pad = (self.k - 1) // 2
            for i in (1, 2):
                f = qweight(self.P["F%d" % i], self.wbits)
                y = F.conv2d(x, f, None, padding=pad)
                self.P["G%d" % i].fill_(math.log(target / y.std().item()))
                y = y * target / y.std().item() + self.P["B%d" % i][None, :, None, None]
                x = F.max_pool2d(activation(y, self.abits, self.hi), self.pool, self.pool)

    def _forward(self, X, f1, f2, fc, P):
        x = quantize_input(X, self.in_bits).reshape(X.shape[0], self.H, self.W, 1).permute(0, 3, 1, 2)
        pad = (self.k - 1) // 2

        def block(x, f, b):
            y = F.conv2d(x, f, None, padding=pad) + b[None, :, None, None]
            return F.max_pool2d(activation(y, self.abits, self.hi), self.pool, self.pool)
        y = block(block(x, f1, P["B1"]), f2, P["B2"])
        flat = y.permute(0, 2, 3, 1).reshape(x.shape[0], -1)  # NHWC order, as the program flattens
        return flat @ fc + P["FCb"]

    def forward(self, X, stats=None):
        q = lambda k: qweight(self.P[k], self.wbits)
        g = lambda i: torch.exp(self.P["G%d" % i]) if self.wbits else 1.0
        return self._forward(X, q("F1") * g(1), q("F2") * g(2), q("FC"), self.P), []

    def export(self, X):
        out, grids = {}, {}
        with torch.no_grad():
            for k in ("F1", "B1", "F2", "B2", "FC", "FCb"):
                v = self.P[k]
                if self.wbits and k in ("F1", "F2", "FC"):
                    a, q = weight_grid(v, self.wbits)
                    if k != "FC":
                        a = round_scale(a * math.exp(self.P["G" + k[1]].item()))
                    v, grids[k] = a * q, (a, None)
                v = v.detach().numpy()
                out[k] = v.transpose(2, 3, 1, 0)[None] if k in ("F1", "F2") else v  # filters (G, kh, kw, Cin, Cout)
                if k in grids:
                    grids[k] = (grids[k][0], np.rint(out[k] / grids[k][0]))
        return out, grids

    def program_forward(self, X, E):
        t = lambda k: E[k]
        f = lambda k: t(k)[0].permute(3, 2, 0, 1).contiguous()  # back to torch's (out, in, kh, kw)
        return self._forward(X, f("F1"), f("F2"), t("FC"), {"B1": t("B1"), "B2": t("B2"), "FCb": t("FCb")})

    def program(self, E, title):
        p, ph = (self.k - 1) // 2, self.pool
        conv = lambda x, f, b: (f"maxpool({act_text(f'conv2d({x}, {f}, {{s 1 1}}, {{p {p} {p} {p} {p}}}, {{d 1 1}}, {{g 1}}) <+> {b}', self.abits, self.hi)}, "
                                f"{{k {ph} {ph}}}, {{p 0 0 0 0}}, {{s {ph} {ph}}})")
        lines = ["let X = (%d, 1) in %s in" % (self.H * self.W, self.x_range)]
        for k, v in E.items():
            lines.append("let %s = (%s) in %s in" % (k, ", ".join(str(d) for d in v.shape), common.rng_decl(v)))
        if self.in_bits:
            lines.append(f"let Xq = {input_text(self.in_bits)} in")
        lines += [f"let Xt = reshape({'Xq' if self.in_bits else 'X'}, (1, {self.H}, {self.W}, 1), (1, 2)) in",
                  f"let C1 = {conv('Xt', 'F1', 'B1')} in",
                  f"let C2 = {conv('C1', 'F2', 'B2')} in",
                  f"let flat = reshape(C2, (1, {self.flat}), (1, 2, 3, 4)) in",
                  "let score = (flat * FC) <+> FCb in",
                  "argmax(score)"]
        return "// %s\n%s\n" % (title, "\n".join(lines))


# ---------------------------------------------------------------- training and export

def train(model, Xt, yt, Xv, yv, a, gen):
    """Adam (a.lr, a.weight_decay) with a cosine schedule over a.epochs, batches of a.batch; prints the accuracies."""
    opt = torch.optim.Adam(model.P.values(), lr=a.lr, weight_decay=a.weight_decay)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=a.epochs)
    for epoch in range(a.epochs):
        for idx in common.batches(len(yt), a.batch, gen):
            opt.zero_grad()
            loss = F.cross_entropy(model.forward(Xt[idx])[0], yt[idx])
            loss.backward()
            opt.step()
        sched.step()
        if epoch % 10 == 9 or epoch == a.epochs - 1:
            with torch.no_grad():
                _, stats = model.forward(Xt)
                acc = lambda X, y: (model.forward(X, stats)[0].argmax(1) == y).double().mean().item()
                print("epoch %3d loss %.4f train %.4f test %.4f" % (epoch + 1, loss.item(), acc(Xt, yt), acc(Xv, yv)))


def save(model, E, out, Xte, yte):
    """The exported parameters E into out, and float_accuracy.txt: the program's test accuracy from E's float32 values."""
    for k, v in E.items():
        common.save_param(out, k, v)
    with torch.no_grad():
        Et = {k: torch.tensor(common.f32(v)) for k, v in E.items()}
        pred = model.program_forward(torch.tensor(common.f32(Xte)), Et).argmax(1).numpy()
    common.write_accuracy(out, int((pred == yte).sum()), len(yte))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--arch", required=True, choices=["mlp", "cnn"])
    ap.add_argument("--wbits", type=int, required=True, choices=[0, 1, 2, 3], help="weight bits (0: float)")
    ap.add_argument("--abits", type=int, required=True, choices=range(0, 9), metavar="{0..8}",
                    help="activation bits (0: float relu, 1: sign, 2..8: quantize(e, A, 0, hi))")
    ap.add_argument("--act-hi", type=float, default=1.5, help="hi of quantize(e, A, 0.0, hi) (default 1.5)")
    ap.add_argument("--hidden", default="64", help="mlp: hidden layer sizes, comma-separated")
    ap.add_argument("--channels", default="16,16", help="cnn: c1,c2 (default 16,16)")
    ap.add_argument("--in-bits", type=int, default=0, choices=[0, 1, 2],
                    help="quantize the pixels in the program to 1 or 2 bits (default 0: read as they are)")
    ap.add_argument("--batch", type=int, default=64)
    a, gen = common.parse_training_args(ap, epochs=100, lr=0.01)
    if (a.wbits == 0) != (a.abits == 0):
        ap.error("a float baseline has --wbits 0 --abits 0; a low-bit model has both > 0")

    Xtr, ytr, Xte, yte = datasets.load("digits")
    Xt, yt, Xv, yv = torch.tensor(Xtr), torch.tensor(ytr), torch.tensor(Xte), torch.tensor(yte)
    if a.arch == "mlp":
        model = MLP([64] + [int(v) for v in a.hidden.split(",")] + [10], a.wbits, a.abits, a.act_hi, gen)
        shape = "dense 64->%s->10" % "->".join(a.hidden.split(","))
    else:
        ch = tuple(int(v) for v in a.channels.split(","))
        model = CNN(ch, a.wbits, a.abits, a.act_hi, gen)
        shape = "8x8x1, conv 3x3 1->%d, maxpool 2, conv 3x3 %d->%d, maxpool 2, dense %d->10" % (
            ch[0], ch[0], ch[1], model.flat)
    model.x_range = common.rng_decl(Xtr, Xte)
    model.in_bits = a.in_bits
    if a.arch == "cnn":
        model.init_gains(Xt)
    train(model, Xt, yt, Xv, yv, a, gen)

    E, grids = model.export(Xt)
    E = {k: np.asarray(v, dtype=np.float32) for k, v in E.items()}
    for k, (scale, q) in grids.items():  # every exported value exactly a*q, in float32 and float64
        assert np.array_equal(E[k].astype(np.float64), scale * q), k
        print("%s: %d-bit grid a = %r, q in {%s}" % (k, a.wbits, scale, ", ".join("%d" % v for v in np.unique(q))))

    if a.wbits:
        bits = "w%da%d" % (a.wbits, a.abits) + ("i%d" % a.in_bits if a.in_bits else "")
        what = {1: "binary", 2: "ternary", 3: "3-bit (q in -3..3)"}[a.wbits] + " weights, "
        what += "sign activations" if a.abits == 1 else "quantize(e, %d, 0.0, %r) activations" % (a.abits, a.act_hi)
        what += ", pixels %s" % input_text(a.in_bits) if a.in_bits else ""
    else:
        bits, what = "float", "float weights, relu"
    name = a.name or "%s-digits-%s" % (a.arch, bits)
    out = os.path.join(LOWBIT, name)
    os.makedirs(out, exist_ok=True)
    save(model, E, out, Xte, yte)
    title = "%s for 8x8 digits (%s): %s; trained with scripts/train/lowbit.py %s" % (
        a.arch.upper(), shape, what, " ".join("--%s %s" % kv for kv in (
            (("arch", a.arch), ("wbits", a.wbits), ("abits", a.abits), ("epochs", a.epochs), ("seed", a.seed))
            + ((("in-bits", a.in_bits),) if a.in_bits else ()))))
    common.write_program(out, model.program(E, title))
    if a.check:
        common.check_with_seedc(out, TEST)


if __name__ == "__main__":
    main()
