"""Bonsai (Kumar et al., ICML 2017), the EdgeML formulation, trained with PyTorch.

x gets a constant 1 appended (the bias); ZX = Z x (Z already divided by the projection's
dimension, as EdgeML's exported Z is used). A complete binary tree of the given depth; every node k
scores (W_k ZX) * tanh(sigma * V_k ZX) (L values); inference follows one path from the root, going
to child 2k+1 when T_k ZX >= 0 and to 2k+2 otherwise, and sums the scores of the nodes on it.
Training uses EdgeML's soft path, p(child 2k+1) = (1 + tanh(sigmaI * T_k ZX)) / 2, with sigmaI
annealed from 1 to --sigma-i-max so that the soft tree becomes the hard one; cross-entropy loss,
Adam (optional weight decay), no sparsity. sigma is folded into V.

--input standardized: the program reads standardized features (train mean and std) plus the 1.
--input raw:          the program reads the raw features plus the 1; the model is trained on
                      standardized ones and the standardization is folded into Z exactly (the
                      mean goes into the bias column), so X and Z keep the data set's wide ranges.

Writes src/test/resources/fixtures/models/bonsai-<dataset>-<L>/ (or --name).
"""
import argparse

import numpy as np
import torch

import common
import datasets


class Bonsai(torch.nn.Module):
    def __init__(self, d, proj, L, depth, sigma, gen):
        super().__init__()
        nodes, internal = 2 ** (depth + 1) - 1, 2 ** depth - 1
        r = lambda *s: torch.randn(*s, generator=gen, dtype=torch.float64)
        self.depth, self.proj, self.sigma = depth, proj, sigma
        self.Z = torch.nn.Parameter(r(proj, d) * 0.3)
        self.W = torch.nn.Parameter(r(nodes, L, proj) * 0.3)
        self.V = torch.nn.Parameter(r(nodes, L, proj) * 0.3)
        self.T = torch.nn.Parameter(r(max(internal, 1), proj) * 0.3)

    def node_scores(self, ZX):  # n x nodes x L
        w = torch.einsum("klp,np->nkl", self.W, ZX)
        v = torch.einsum("klp,np->nkl", self.V, ZX)
        return w * torch.tanh(self.sigma * v)

    def forward(self, X, sigma_i):
        ZX = X @ self.Z.T / self.proj
        s = self.node_scores(ZX)
        n = X.shape[0]
        prob = [torch.ones(n, dtype=X.dtype)]
        for i in range(1, s.shape[1]):
            j = (i + 1) // 2 - 1
            t = torch.tanh(sigma_i * (ZX @ self.T[j]))
            prob.append(prob[j] * (1 + (t if i % 2 == 1 else -t)) / 2)
        return (torch.stack(prob, dim=1)[:, :, None] * s).sum(1)


def hard_predict(X, Z, W, V, T, depth):
    """The exported model as the SeeDot program computes it (Z already / proj, sigma in V)."""
    ZX = X @ Z.T
    n = X.shape[0]
    node = np.zeros(n, dtype=np.int64)
    score = np.zeros((n, W.shape[1]))
    for level in range(depth + 1):
        w = np.einsum("nlp,np->nl", W[node], ZX)
        v = np.einsum("nlp,np->nl", V[node], ZX)
        score += w * np.tanh(v)
        if level < depth:
            t = np.einsum("np,np->n", T[node], ZX)
            node = np.where(t >= 0, 2 * node + 1, 2 * node + 2)
    return score.argmax(1)


def program(dataset, L, d, proj, depth, what, ranges):
    lines = [f"// Bonsai ({dataset}-{L}): depth={depth}, proj={proj}, d={d} ({what} + bias 1), L={L}; trained with scripts/train/bonsai.py",
             "// Z already divided by projectionDimension, V already multiplied by sigma",
             f"let X = ({d}, 1) in {ranges['X']} in",
             f"let Z = ({proj}, {d}) in {ranges['Z']} in",
             f"let W = ({2 ** (depth + 1) - 1}, {L}, {proj}) in {ranges['W']} in",
             f"let V = ({2 ** (depth + 1) - 1}, {L}, {proj}) in {ranges['V']} in",
             f"let T = ({max(2 ** depth - 1, 1)}, 1, {proj}) in {ranges['T']} in",
             "",
             f"let XX = reshape(X, ({d}, 1), (1, 2)) in",
             "let ZX = Z * XX in",
             "",
             "// depth 0",
             "let node0 = 0 in",
             "let W0 = W[node0] * ZX in",
             "let V0 = V[node0] * ZX in",
             "let V0_tanh = tanh(V0) in",
             "let score0 = W0 <*> V0_tanh in"]
    for k in range(1, depth + 1):
        lines += ["", f"// depth {k}",
                  f"let node{k} = (T[node{k - 1}] * ZX) >= 0 ? 2 * node{k - 1} + 1 : 2 * node{k - 1} + 2 in",
                  f"let W{k} = W[node{k}] * ZX in",
                  f"let V{k} = V[node{k}] * ZX in",
                  f"let V{k}_tanh = tanh(V{k}) in",
                  f"let score{k} = score{k - 1} + W{k} <*> V{k}_tanh in"]
    lines += ["", f"argmax(score{depth})", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", required=True, choices=sorted(datasets.LOADERS))
    ap.add_argument("--proj", type=int, required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--input", choices=["standardized", "raw"], default="standardized")
    ap.add_argument("--sigma", type=float, default=1.0)
    ap.add_argument("--sigma-i-max", type=float, default=200.0)
    a, gen = common.parse_training_args(ap, epochs=80, lr=0.01)

    Xtr, ytr, Xte, yte = datasets.load(a.dataset)
    L = datasets.NUM_CLASSES[a.dataset]
    Str, Ste, mu, sd = common.standardize(Xtr, Xte)
    one = lambda X: np.concatenate([X, np.ones((X.shape[0], 1))], axis=1)
    Ttr, Tte = one(Str), one(Ste)
    d = Ttr.shape[1]
    model = Bonsai(d, a.proj, L, a.depth, a.sigma, gen)
    opt = torch.optim.Adam(model.parameters(), lr=a.lr, weight_decay=a.weight_decay)
    Xt, yt = torch.tensor(Ttr), torch.tensor(ytr)
    for epoch in range(a.epochs):
        sigma_i = a.sigma_i_max ** min(1.0, epoch / (0.7 * a.epochs))
        for idx in common.batches(len(yt), 64, gen):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(Xt[idx], sigma_i), yt[idx])
            loss.backward()
            opt.step()
        if epoch % 10 == 9 or epoch == a.epochs - 1:
            with torch.no_grad():
                P = lambda X: hard_predict(X, model.Z.numpy() / a.proj, model.W.numpy(), a.sigma * model.V.numpy(),
                                           model.T.numpy(), a.depth)
                print("epoch %3d sigmaI %7.2f loss %.4f hard train %.4f test %.4f" % (
                    epoch + 1, sigma_i, loss.item(), (P(Ttr) == ytr).mean(), (P(Tte) == yte).mean()))

    Z = model.Z.detach().numpy() / a.proj
    W = model.W.detach().numpy()
    V = a.sigma * model.V.detach().numpy()
    T = model.T.detach().numpy()
    if a.input == "raw":  # Z [(x - mu) / sd; 1] = [Z_x / sd, z_1 - Z_x (mu / sd)] [x; 1]
        Zx = Z[:, :-1] / sd[None, :]
        Z = np.concatenate([Zx, (Z[:, -1] - Zx @ mu)[:, None]], axis=1)
        Xin_tr, Xin_te = one(Xtr), one(Xte)
        what = "raw features"
    else:
        Xin_tr, Xin_te = Ttr, Tte
        what = "standardized"
    name = a.name or "bonsai-%s-%d" % (a.dataset, L)
    out = common.fixture_dir(name, into=a.into)
    common.save_param(out, "Z", Z)
    common.save_param(out, "W", W.reshape(W.shape[0], -1))  # EdgeML layout: (nodes, L * proj)
    common.save_param(out, "V", V.reshape(V.shape[0], -1))
    common.save_param(out, "T", T)
    common.save_data(out, Xin_tr, ytr, Xin_te, yte)
    pred = hard_predict(common.f32(Xin_te), common.f32(Z), common.f32(W), common.f32(V), common.f32(T), a.depth)
    common.write_accuracy(out, int((pred == yte).sum()), len(yte))
    ranges = {"X": common.rng_decl(Xin_tr, Xin_te), "Z": common.rng_decl(Z), "W": common.rng_decl(W),
              "V": common.rng_decl(V), "T": common.rng_decl(T)}
    common.write_program(out, program(a.dataset, L, d, a.proj, a.depth, what, ranges))
    if a.check:
        common.check_with_seedc(out)


if __name__ == "__main__":
    main()
