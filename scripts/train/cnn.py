"""A small CNN, trained with PyTorch, in the structure of the cnn-digits-10 fixture:

    conv (kh x kw, C -> c1, stride 1, same padding) + bias, relu, maxpool p;
    conv (kh x kw, c1 -> c2, same padding) + bias, relu, maxpool p;  dense (flattened NHWC) -> L

Each row of the data set is one H x W x C image, row-major (NHWC; a time series of T steps and C
channels is 1 x T x C, with 1 x k kernels and 1 x 2 pooling). Cross-entropy, Adam.

Writes src/test/resources/fixtures/models/cnn-<dataset>-<L>/ (or --name; --large: benchmarks/large/).
"""
import argparse

import numpy as np
import torch
import torch.nn.functional as F

import common
import datasets


def forward(x, F1, B1, F2, B2, FC, FCb, pool):  # x: n x C x H x W; F*: torch layout (out, in, kh, kw)
    def block(x, f, b):
        kh, kw = f.shape[2], f.shape[3]
        y = F.conv2d(x, f, b, padding=((kh - 1) // 2, (kw - 1) // 2))
        return F.max_pool2d(F.relu(y), pool, pool)
    y = block(block(x, F1, B1), F2, B2)
    flat = y.permute(0, 2, 3, 1).reshape(x.shape[0], -1)  # NHWC order, as the program flattens
    return flat @ FC + FCb


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", required=True, choices=sorted(datasets.LOADERS))
    ap.add_argument("--shape", required=True, help="H,W,C of one example")
    ap.add_argument("--kernel", default="3,3", help="kh,kw (odd)")
    ap.add_argument("--pool", default="2,2", help="ph,pw")
    ap.add_argument("--channels", default="8,8", help="c1,c2")
    a, gen = common.parse_training_args(ap, epochs=30, lr=0.005)
    H, Wd, C = (int(v) for v in a.shape.split(","))
    kh, kw = (int(v) for v in a.kernel.split(","))
    ph, pw = (int(v) for v in a.pool.split(","))
    c1, c2 = (int(v) for v in a.channels.split(","))
    pool = (ph, pw)

    Xtr, ytr, Xte, yte = datasets.load(a.dataset)
    L = datasets.NUM_CLASSES[a.dataset]
    img = lambda X: torch.tensor(X).reshape(X.shape[0], H, Wd, C).permute(0, 3, 1, 2).contiguous()
    Xt, yt, Xv = img(Xtr), torch.tensor(ytr), img(Xte)
    oh, ow = H // ph // ph, Wd // pw // pw
    flat = oh * ow * c2
    r = lambda *s, fan: torch.randn(*s, generator=gen, dtype=torch.float64) * np.sqrt(2.0 / fan)
    P = {"F1": r(c1, C, kh, kw, fan=C * kh * kw), "B1": torch.zeros(c1, dtype=torch.float64),
         "F2": r(c2, c1, kh, kw, fan=c1 * kh * kw), "B2": torch.zeros(c2, dtype=torch.float64),
         "FC": r(flat, L, fan=flat), "FCb": torch.zeros(L, dtype=torch.float64)}
    for t in P.values():
        t.requires_grad_(True)
    order = ["F1", "B1", "F2", "B2", "FC", "FCb"]
    opt = torch.optim.Adam(P.values(), lr=a.lr, weight_decay=a.weight_decay)
    for epoch in range(a.epochs):
        for idx in common.batches(len(yt), 64, gen):
            opt.zero_grad()
            loss = F.cross_entropy(forward(Xt[idx], *(P[k] for k in order), pool), yt[idx])
            loss.backward()
            opt.step()
        if epoch % 10 == 9 or epoch == a.epochs - 1:
            with torch.no_grad():
                acc = lambda X, y: (forward(X, *(P[k] for k in order), pool).argmax(1) == y).double().mean().item()
                print("epoch %3d loss %.4f train %.4f test %.4f" % (epoch + 1, loss.item(), acc(Xt, yt), acc(Xv, torch.tensor(yte))))

    N = {k: v.detach().numpy() for k, v in P.items()}
    name = a.name or "cnn-%s-%d" % (a.dataset, L)
    out = common.fixture_dir(name, a.large, a.into)
    seedot = {"F1": N["F1"].transpose(2, 3, 1, 0)[None], "B1": N["B1"], "F2": N["F2"].transpose(2, 3, 1, 0)[None],
              "B2": N["B2"], "FC": N["FC"], "FCb": N["FCb"]}  # filters (G, kh, kw, Cin, Cout)
    for k, v in seedot.items():
        common.save_param(out, k, v)
    common.save_data(out, Xtr, ytr, Xte, yte)
    with torch.no_grad():
        pred = forward(img(common.f32(Xte)), *(torch.tensor(common.f32(N[k])) for k in order), pool).argmax(1).numpy()
    common.write_accuracy(out, int((pred == yte).sum()), len(yte))
    pt, pl = (kh - 1) // 2, (kw - 1) // 2
    rd = lambda k: common.rng_decl(seedot[k])
    conv = lambda x, f, b: (f"maxpool(relu(conv2d({x}, {f}, {{s 1 1}}, {{p {pt} {pt} {pl} {pl}}}, {{d 1 1}}, {{g 1}}) <+> {b}), "
                            f"{{k {ph} {pw}}}, {{p 0 0 0 0}}, {{s {ph} {pw}}})")
    common.write_program(out, f"""// A small CNN for {a.dataset}-{L}, {H}x{Wd}x{C} inputs (conv {kh}x{kw} {C}->{c1}, relu, maxpool {ph}x{pw}; conv {kh}x{kw} {c1}->{c2}, relu, maxpool {ph}x{pw}; dense {flat}->{L}); trained with scripts/train/cnn.py
let X = ({H * Wd * C}, 1) in {common.rng_decl(Xtr, Xte)} in
let F1 = (1, {kh}, {kw}, {C}, {c1}) in {rd("F1")} in
let B1 = ({c1}) in {rd("B1")} in
let F2 = (1, {kh}, {kw}, {c1}, {c2}) in {rd("F2")} in
let B2 = ({c2}) in {rd("B2")} in
let FC = ({flat}, {L}) in {rd("FC")} in
let FCb = ({L}) in {rd("FCb")} in
let Xt = reshape(X, (1, {H}, {Wd}, {C}), (1, 2)) in
let C1 = {conv("Xt", "F1", "B1")} in
let C2 = {conv("C1", "F2", "B2")} in
let flat = reshape(C2, (1, {flat}), (1, 2, 3, 4)) in
let score = (flat * FC) <+> FCb in
argmax(score)
""")
    if a.check:
        common.check_with_seedc(out)


if __name__ == "__main__":
    main()
