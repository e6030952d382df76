"""Shared helpers for the trainers: seeds, fixture folders, .npy export, range declarations and
a cross-check against seedc's float interpreter."""
import math
import os
import re
import subprocess
import sys

import numpy as np
import torch

import datasets

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(ROOT, "src", "test", "resources", "fixtures", "models")
LARGE = os.path.join(ROOT, "benchmarks", "large")  # --large: too big for the test suite; train/test.npy git-ignored


def seed_everything(seed):
    """Fixed seeds and one thread so that a rerun on the same machine reproduces the same weights."""
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)


def fixture_dir(name, large=False, into=None):
    """The fixture's folder: under the test fixtures' models/ (every models/ test reads it), benchmarks/large/
    (--large) or the folder --into names (the device-fit fixtures, read by their own tests only)."""
    d = os.path.join(into or (LARGE if large else FIXTURES), name)
    os.makedirs(d, exist_ok=True)
    return d


def f32(a):
    """The values as seedc reads them: float32 in the .npy, widened to double."""
    return np.asarray(a, dtype=np.float32).astype(np.float64)


def save_param(d, name, a):
    np.save(os.path.join(d, name + ".npy"), np.ascontiguousarray(np.asarray(a, dtype=np.float32)))


def save_data(d, Xtr, ytr, Xte, yte):
    """train.npy / test.npy: float32, the label in the first column, the features after."""
    datasets.save_split(d, Xtr, ytr, Xte, yte)  # numpy only: scripts/large-data writes the same bytes


def rng_decl(*arrays):
    """'[lo, hi]' with six decimals, rounded outwards so that it covers every value."""
    lo = min(float(np.min(f32(a))) for a in arrays)
    hi = max(float(np.max(f32(a))) for a in arrays)
    return "[%.6f, %.6f]" % (math.floor(lo * 1e6) / 1e6, math.ceil(hi * 1e6) / 1e6)


def write_program(d, text):
    with open(os.path.join(d, "input.sd"), "w") as f:
        f.write(text)


def write_accuracy(d, correct, total):
    acc = 100.0 * correct / total
    with open(os.path.join(d, "float_accuracy.txt"), "w") as f:
        f.write("%.3f\n" % acc)
    print("%s: float test accuracy %.3f (%d/%d)" % (os.path.basename(d), acc, correct, total))
    return acc


def check_with_seedc(d, data=None):
    """Runs 'seedc run' (float) on test.npy (or the given data file) and checks it gives float_accuracy.txt
    exactly."""
    expected = open(os.path.join(d, "float_accuracy.txt")).read().strip()
    out = subprocess.run([os.path.join(ROOT, "seedc"), "run", os.path.join(d, "input.sd"), "--model", d,
                          "--data", data or os.path.join(d, "test.npy")], capture_output=True, text=True)
    m = re.search(r"float accuracy: [0-9.]+% \((\d+)/(\d+)\)", out.stdout)
    if out.returncode != 0 or not m:
        sys.exit("seedc run failed on %s:\n%s%s" % (d, out.stdout, out.stderr))
    got = "%.3f" % (100.0 * int(m.group(1)) / int(m.group(2)))
    print("%s: seedc float %s (%s/%s), PyTorch %s -> %s" % (os.path.basename(d), got, m.group(1), m.group(2),
                                                          expected, "match" if got == expected else "MISMATCH"))
    if got != expected:
        sys.exit(1)


def standardize(Xtr, Xte):
    mu = Xtr.mean(axis=0)
    sd = Xtr.std(axis=0)
    sd[sd == 0] = 1.0
    return (Xtr - mu) / sd, (Xte - mu) / sd, mu, sd


def batches(n, size, gen):
    perm = torch.randperm(n, generator=gen)
    for i in range(0, n, size):
        yield perm[i:i + size]


def fit(model, n, epochs, lr, batch, gen, loss_of):
    """Adam over shuffled mini-batches of the n training rows (the order drawn from gen), loss_of(idx) giving
    the batch's loss; leaves the model in eval mode. The loop the ONNX trainers share."""
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(epochs):
        model.train()
        for idx in torch.randperm(n, generator=gen).split(batch):
            loss = loss_of(idx)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model.eval()


def parse_training_args(ap, epochs, lr, weight_decay=True):
    """Adds the options every trainer shares, parses, seeds everything; returns the args and a seeded generator."""
    ap.add_argument("--epochs", type=int, default=epochs)
    ap.add_argument("--lr", type=float, default=lr)
    if weight_decay:
        ap.add_argument("--weight-decay", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--name")
    ap.add_argument("--large", action="store_true",
                    help="write to benchmarks/large/<name> (train.npy and test.npy there are git-ignored; "
                         "scripts/large-data regenerates them) instead of the test fixtures")
    ap.add_argument("--into", help="write <name> under this folder instead of the test fixtures' models/")
    ap.add_argument("--check", action="store_true", help="also run seedc's float interpreter on the fixture")
    a = ap.parse_args()
    seed_everything(a.seed)
    return a, torch.Generator().manual_seed(a.seed)
