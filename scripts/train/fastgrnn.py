"""FastGRNN (Kusupati et al., NeurIPS 2018), EdgeML's FastGRNNCell, trained with PyTorch:

    c = x_t W + h U;  g = sigmoid(c + Bg);  h~ = tanh(c + Bh)
    h = g * h + (zeta (1 - g) + nu) * h~,   zeta = sigmoid(zeta_raw), nu = sigmoid(nu_raw)
    score = h_T FC + FCbias

Full-rank W and U, h_0 = 0, cross-entropy on the last step's score, Adam (optional weight decay). Each example is one row
of the data set read as --steps time steps of d / steps features (time-major). zeta and nu go into
the program as literals (8 decimals; the accuracy is computed with those literals).

--input raw:          the program reads the rows as they are (gestures: accelerometer values).
--input standardized: each column standardized with the training set's mean and std.

Writes src/test/resources/fixtures/models/fastgrnn-<dataset>-<L>/ (or --name; --large: benchmarks/large/).
"""
import argparse

import numpy as np
import torch

import common
import datasets


class FastGRNN(torch.nn.Module):
    def __init__(self, inp, hidden, L, gen):
        super().__init__()
        r = lambda *s: torch.randn(*s, generator=gen, dtype=torch.float64)
        self.W = torch.nn.Parameter(r(inp, hidden) / np.sqrt(inp))
        self.U = torch.nn.Parameter(r(hidden, hidden) / np.sqrt(hidden))
        self.Bg = torch.nn.Parameter(torch.ones(1, hidden, dtype=torch.float64))
        self.Bh = torch.nn.Parameter(torch.ones(1, hidden, dtype=torch.float64))
        self.zeta = torch.nn.Parameter(torch.tensor(1.0, dtype=torch.float64))
        self.nu = torch.nn.Parameter(torch.tensor(-4.0, dtype=torch.float64))
        self.FC = torch.nn.Parameter(r(hidden, L) / np.sqrt(hidden))
        self.FCbias = torch.nn.Parameter(torch.zeros(1, L, dtype=torch.float64))

    def forward(self, X):  # X: n x steps x inp
        return run(X, self.W, self.U, self.Bg, self.Bh, torch.sigmoid(self.zeta), torch.sigmoid(self.nu),
                   self.FC, self.FCbias)


def run(X, W, U, Bg, Bh, zeta, nu, FC, FCbias):
    H = torch.zeros(X.shape[0], W.shape[1], dtype=X.dtype)
    for t in range(X.shape[1]):
        c = X[:, t] @ W + H @ U
        g = torch.sigmoid(c + Bg)
        h = torch.tanh(c + Bh)
        H = g * H + (zeta * (1.0 - g) + nu) * h
    return H @ FC + FCbias


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", required=True, choices=sorted(datasets.LOADERS))
    ap.add_argument("--steps", type=int, required=True)
    ap.add_argument("--hidden", type=int, required=True)
    ap.add_argument("--input", choices=["raw", "standardized"], default="standardized")
    a, gen = common.parse_training_args(ap, epochs=40, lr=0.01)

    Xtr, ytr, Xte, yte = datasets.load(a.dataset)
    L = datasets.NUM_CLASSES[a.dataset]
    if a.input == "standardized":
        Xtr, Xte, _, _ = common.standardize(Xtr, Xte)
    d = Xtr.shape[1]
    assert d % a.steps == 0, "the row does not split into %d steps" % a.steps
    inp = d // a.steps
    seq = lambda X: torch.tensor(X).reshape(X.shape[0], a.steps, inp)
    Xt, yt, Xv = seq(Xtr), torch.tensor(ytr), seq(Xte)
    model = FastGRNN(inp, a.hidden, L, gen)
    opt = torch.optim.Adam(model.parameters(), lr=a.lr, weight_decay=a.weight_decay)
    for epoch in range(a.epochs):
        for idx in common.batches(len(yt), 64, gen):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(Xt[idx]), yt[idx])
            loss.backward()
            opt.step()
        if epoch % 10 == 9 or epoch == a.epochs - 1:
            with torch.no_grad():
                print("epoch %3d loss %.4f train %.4f test %.4f" % (epoch + 1, loss.item(),
                      (model(Xt).argmax(1) == yt).double().mean(), (model(Xv).argmax(1) == torch.tensor(yte)).double().mean()))

    P = {k: v.detach().numpy() for k, v in model.named_parameters()}
    zeta = float("%.8f" % (1 / (1 + np.exp(-P["zeta"]))))
    nu = float("%.8f" % (1 / (1 + np.exp(-P["nu"]))))
    name = a.name or "fastgrnn-%s-%d" % (a.dataset, L)
    out = common.fixture_dir(name, a.large, a.into)
    for k in ("W", "U", "Bg", "Bh", "FC", "FCbias"):
        common.save_param(out, k, P[k])
    common.save_data(out, Xtr, ytr, Xte, yte)
    with torch.no_grad():
        t = lambda k: torch.tensor(common.f32(P[k]))
        pred = run(torch.tensor(common.f32(Xte)).reshape(len(yte), a.steps, inp), t("W"), t("U"), t("Bg"), t("Bh"),
                   zeta, nu, t("FC"), t("FCbias")).argmax(1).numpy()
    common.write_accuracy(out, int((pred == yte).sum()), len(yte))
    H = a.hidden
    r = lambda k: common.rng_decl(P[k])
    what = "standardized" if a.input == "standardized" else "raw"
    common.write_program(out, f"""// FastGRNN ({a.dataset}-{L}): {a.steps} time steps x {inp} features ({what}), hidden {H}, L={L}; trained with scripts/train/fastgrnn.py
// zeta, nu below are sigmoid(zeta_raw), sigmoid(nu_raw) as used by FastGRNNCell
let W = ({inp}, {H}) in {r("W")} in
let U = ({H}, {H}) in {r("U")} in
let Bg = (1, {H}) in {r("Bg")} in
let Bh = (1, {H}) in {r("Bh")} in
let FC = ({H}, {L}) in {r("FC")} in
let FCbias = (1, {L}) in {r("FCbias")} in
let X = ({d}, 1) in {common.rng_decl(Xtr, Xte)} in

let XX = reshape(X, ({a.steps}, 1, {inp}), (1, 2)) in

let zeta = {zeta:.8f} in
let nu = {nu:.8f} in

let H = init([1, {H}], 0.0) in

let res = loop(i = [0:{a.steps}], H)
(
\tlet a = (XX[i] * W) in
\tlet b = (H * U) in
\tlet c = a + b in
\tlet g = sigmoid(c + Bg) in
\tlet h = tanh(c + Bh) in
\tlet H = (g <*> H) + (zeta * (1.0 - g) + nu) <*> h in H
) in

let score = (res * FC) + FCbias in
argmax(score)
""")
    if a.check:
        common.check_with_seedc(out)


if __name__ == "__main__":
    main()
