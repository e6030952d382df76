"""Writes validation.npy beside a trained fixture's train.npy: rows of its data set that the model never saw
(datasets.unseen: the same classes, other draws), in the form the program reads them.

seedc compile and bench accept their program on a validation.npy beside the training file when no --validation
is given (docs/design/search.md, "Acceptance"): rows the training read sit farther from the model's decision
boundaries than new ones, so only unseen rows hold the program to --max-accuracy-drop as a user reads it.

The trainers map the generator's raw features to what the program reads by one affine map per feature (scaled
to [-1, 1], standardized, or raw), fitted on the training rows, and some append a constant column (Bonsai's 1).
This script recovers that map from the generator's training rows and the fixture's train.npy, checks that it
reproduces train.npy and test.npy (to float32's precision), and applies it to the unseen rows, so it needs no
copy of each trainer's preprocessing. Only the generated sets (letter, gestures, shapes, and letter57, gestures12
of fixtures/unseen, --into) have unseen rows.

usage: validation.py FIXTURE DATASET [--rows N] [--into DIR] [--population --out FILE]   e.g. validation.py protonn-letter-26 letter
--population draws other unseen rows (datasets.POPULATION_SEED_OFFSET), for scripts/bench-population, into FILE.
"""
import argparse
import os

import numpy as np

import datasets

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "test", "resources",
                        "fixtures", "models")


def feature_maps(raw, stored):
    """(scale, offset) per stored column: stored = raw * scale + offset, a constant column's scale 0."""
    maps = []
    for j in range(stored.shape[1]):
        if j >= raw.shape[1]:
            if np.ptp(stored[:, j]) != 0:
                raise SystemExit("column %d is neither a raw feature nor a constant" % j)
            maps.append((0.0, float(stored[0, j])))
            continue
        a = np.stack([raw[:, j], np.ones(len(raw))], axis=1)
        (scale, offset), *_ = np.linalg.lstsq(a, stored[:, j], rcond=None)
        maps.append((float(scale), float(offset)))
    return maps


def apply(maps, raw):
    return np.stack([raw[:, j] * s + o if s != 0 else np.full(len(raw), o) for j, (s, o) in enumerate(maps)], axis=1)


def check(maps, raw, labels, stored, what):
    """The recovered maps give the fixture's own rows, to float32 precision: they are the trainer's."""
    got = apply(maps, raw)
    tol = 1e-5 * max(1.0, np.abs(stored[:, 1:]).max())
    if not (labels == stored[:, 0]).all() or np.abs(got - stored[:, 1:]).max() > tol:
        raise SystemExit("the fixture's %s is not the data set's rows under one affine map per feature" % what)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fixture")
    ap.add_argument("dataset", choices=["letter", "gestures", "shapes", "letter57", "gestures12"])
    ap.add_argument("--rows", type=int, default=1000,
                    help="unseen rows to write (default 1000: one row is 0.1 points, below the limit's resolution)")
    ap.add_argument("--population", action="store_true",
                    help="draw the population rows scripts/bench-population measures on, not the validation rows")
    ap.add_argument("--out", help="where to write the rows (default: validation.npy beside train.npy)")
    ap.add_argument("--into", default=FIXTURES, help="the folder holding the fixture (default: the fixtures' models/)")
    a = ap.parse_args()
    d = os.path.join(a.into, a.fixture)
    train = np.load(os.path.join(d, "train.npy")).astype(np.float64)
    test = np.load(os.path.join(d, "test.npy")).astype(np.float64)
    xtr, ytr, xte, yte = datasets.load(a.dataset)
    maps = feature_maps(xtr, train[:, 1:])
    check(maps, xtr, ytr, train, "train.npy")
    check(maps, xte, yte, test, "test.npy")
    offset = datasets.POPULATION_SEED_OFFSET if a.population else datasets.UNSEEN_SEED_OFFSET
    x, y = datasets.unseen(a.dataset, a.rows, offset)
    rows = np.concatenate([y[:, None].astype(np.float64), apply(maps, x)], axis=1).astype(np.float32)
    if a.population:
        disjoint(rows, [train, test] + [np.load(os.path.join(d, "validation.npy"))] * os.path.exists(
            os.path.join(d, "validation.npy")))
    out = a.out or os.path.join(d, "validation.npy")
    np.save(out, rows)
    print("%s: %s, %d unseen rows of %s" % (a.fixture, out, a.rows, a.dataset))


def disjoint(rows, others):
    """No row of rows is a row of the others (training, test, validation): the population is unseen."""
    seen = {r.tobytes() for o in others for r in o.astype(np.float32)}
    shared = sum(r.tobytes() in seen for r in rows)
    if shared:
        raise SystemExit("%d population rows are rows of the fixture's own sets" % shared)


if __name__ == "__main__":
    main()
