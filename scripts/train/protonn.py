"""ProtoNN (Gupta et al., ICML 2017), the EdgeML formulation, trained with PyTorch:

    score(x) = sum_j Z_j * exp(-gamma^2 * ||W x - B_j||^2),   prediction = argmax(score)

W (d_cap x d) projects, B (m x d_cap) are the prototypes, Z (m x L) their label vectors. As in
EdgeML, B starts from k-means of each class's projected training points, Z from the prototypes'
classes, gamma = gamma_scale * 2.5 / median distance to the nearest prototype (fixed while
training; --target-g2 rescales the trained model to a chosen gamma). Loss: cross-entropy of the scores (no sparsity, no weight decay: the ranges stay wide).

--input raw:    the model reads the raw features; it is trained on standardized ones and the
                standardization is folded into W and B exactly (W' = W / sd, B' = B + W' mu), so the
                fixture's X, W and B have the data set's native, wide ranges.
--input scaled: features mapped linearly to [-1, 1] with the training set's min and max
                (like libsvm's letter.scale); the program reads the scaled values.
--input unit:   features already in [0, 1] (pixels).

Writes src/test/resources/fixtures/models/protonn-<dataset>-<L>/ (or --name; --large: benchmarks/large/).
"""
import argparse

import numpy as np
import torch

import common
import datasets


def kmeans(P, k, gen, iters=30):
    C = P[torch.randperm(P.shape[0], generator=gen)[:k]].clone()
    for _ in range(iters):
        a = torch.cdist(P, C).argmin(dim=1)
        for j in range(k):
            if (a == j).any():
                C[j] = P[a == j].mean(dim=0)
    return C


def scores(X, W, B, Z, g2):
    WX = X @ W.T                                          # n x d_cap
    d2 = ((WX[:, None, :] - B[None, :, :]) ** 2).sum(-1)  # n x m
    return torch.exp(-g2 * d2) @ Z                        # n x L


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", required=True, choices=sorted(datasets.LOADERS))
    ap.add_argument("--proj", type=int, required=True, help="d_cap, the projection's dimension")
    ap.add_argument("--protos-per-class", type=int, required=True)
    ap.add_argument("--input", choices=["raw", "scaled", "unit"], default="raw")
    ap.add_argument("--w-init", type=float, default=1.0, help="scale of W's random initialisation")
    ap.add_argument("--gamma-scale", type=float, default=1.0)
    ap.add_argument("--target-g2", type=float,
                    help="after training, scale W and B by k and gamma^2 by 1/k^2 (the same model) so that "
                         "gamma^2 is about this value: wider projections and squared distances")
    a, gen = common.parse_training_args(ap, epochs=60, lr=0.02, weight_decay=False)

    Xtr, ytr, Xte, yte = datasets.load(a.dataset)
    L = datasets.NUM_CLASSES[a.dataset]
    if a.input == "raw":
        Ttr, Tte, mu, sd = common.standardize(Xtr, Xte)
    elif a.input == "scaled":
        Xtr, Xte = datasets.scale_pm1(Xtr, Xte)
        Ttr, Tte = Xtr, Xte
    else:
        Ttr, Tte = Xtr, Xte
    d = Xtr.shape[1]
    Xt = torch.tensor(Ttr)
    yt = torch.tensor(ytr)

    W = (torch.randn(a.proj, d, generator=gen, dtype=torch.float64) * a.w_init / np.sqrt(d))
    P = Xt @ W.T
    Bs, Zs = [], []
    for c in range(L):
        Bs.append(kmeans(P[yt == c], a.protos_per_class, gen))
        Zs.append(torch.nn.functional.one_hot(torch.full((a.protos_per_class,), c), L).double())
    B, Z = torch.cat(Bs), torch.cat(Zs)
    nearest = torch.cdist(P, B).min(dim=1).values
    gamma = a.gamma_scale * 2.5 / nearest.median().item()
    g2 = float("%.8f" % (gamma * gamma))  # the literal the program states
    W, B, Z = (t.clone().requires_grad_(True) for t in (W, B, Z))
    opt = torch.optim.Adam([W, B, Z], lr=a.lr)
    for epoch in range(a.epochs):
        for idx in common.batches(len(yt), 64, gen):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(scores(Xt[idx], W, B, Z, g2), yt[idx])
            loss.backward()
            opt.step()
        if epoch % 10 == 9 or epoch == a.epochs - 1:
            with torch.no_grad():
                tr = (scores(Xt, W, B, Z, g2).argmax(1) == yt).double().mean().item()
                te = (scores(torch.tensor(Tte), W, B, Z, g2).argmax(1) == torch.tensor(yte)).double().mean().item()
            print("epoch %3d loss %.4f train %.4f test %.4f" % (epoch + 1, loss.item(), tr, te))

    W, B, Z = (t.detach().numpy() for t in (W, B, Z))
    if a.input == "raw":  # fold the standardization: W (x - mu) / sd - B = (W / sd) x - (B + (W / sd) mu)
        W = W / sd[None, :]
        B = B + (W @ mu)[None, :]
    if a.target_g2:  # ||kWx - kB||^2 = k^2 ||Wx - B||^2: the same scores with gamma^2 / k^2
        k = (g2 / a.target_g2) ** 0.5
        W, B, g2 = W * k, B * k, float("%.8f" % (g2 / (k * k)))
    m = B.shape[0]
    name = a.name or "protonn-%s-%d" % (a.dataset, L)
    out = common.fixture_dir(name, a.large, a.into)
    common.save_param(out, "W", W)
    common.save_param(out, "B", B)
    common.save_param(out, "Z", Z)
    common.save_data(out, Xtr, ytr, Xte, yte)
    # The accuracy of the exported model (float32 weights and data, float64 arithmetic, as seedc).
    with torch.no_grad():
        pred = scores(torch.tensor(common.f32(Xte)), torch.tensor(common.f32(W)), torch.tensor(common.f32(B)),
                      torch.tensor(common.f32(Z)), g2).argmax(1).numpy()
    common.write_accuracy(out, int((pred == yte).sum()), len(yte))
    what = {"raw": "raw features", "scaled": "features scaled to [-1, 1]", "unit": "features in [0, 1]"}[a.input]
    common.write_program(out, f"""// ProtoNN ({a.dataset}-{L}): d={d} ({what}), d_cap={a.proj}, m={m} prototypes, L={L} classes; trained with scripts/train/protonn.py
let X = ({d}, 1) in {common.rng_decl(Xtr, Xte)} in
let W = ({a.proj}, {d}) in {common.rng_decl(W)} in
let B = ({m}, {a.proj}, 1) in {common.rng_decl(B)} in
let Z = ({m}, {L}, 1) in {common.rng_decl(Z)} in
let g2 = {g2:.8f} in

let XX = reshape(X, ({d}, 1), (1, 2)) in
let WX = W * XX in
let res = $(i = [0:{m}])
(
\tlet del = WX - B[i] in
\tZ[i] * exp(-g2 * (del^T * del))
) in
argmax(res)
""")
    if a.check:
        common.check_with_seedc(out)


if __name__ == "__main__":
    main()
