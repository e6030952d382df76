"""Data sets for the trained fixtures: scikit-learn's bundled ones and synthetic ones made here.

Every loader returns (Xtr, ytr, Xte, yte) as float64 features (one row per example) and int64
labels 0..L-1, deterministic for a given seed. No loader downloads anything: wine and
breast_cancer ship with scikit-learn (python3-sklearn), the others are generated.

Sets:
  letter    26 classes, 16 integer features in 0..15 (like UCI letter: box sizes, pixel counts,
            moments), 3 writing styles per class; 1500 train / 400 test
  wine      scikit-learn wine: 13 raw chemical measurements (proline up to 1680), 3 classes;
            stratified 133 train / 45 test
  cancer    scikit-learn breast_cancer: 30 raw features (area up to 4254), 2 classes;
            stratified 455 train / 114 test
  gestures  synthetic 3-axis accelerometer gestures, 16 time steps x 3 axes stored time-major
            (t0x, t0y, t0z, t1x, ...), 8 classes; 1200 train / 400 test
  shapes    synthetic 12x12 grey images (row-major) of 8 shapes at random places and sizes with
            noise, pixels in [0, 1]; 1000 train / 300 test
"""
import numpy as np

NUM_CLASSES = {"letter": 26, "wine": 3, "cancer": 2, "gestures": 8, "shapes": 8}


def _stratified_split(X, y, test_fraction, seed):
    rng = np.random.default_rng(seed)
    tr, te = [], []
    for c in np.unique(y):
        idx = rng.permutation(np.flatnonzero(y == c))
        k = int(round(len(idx) * test_fraction))
        te.extend(idx[:k])
        tr.extend(idx[k:])
    tr, te = rng.permutation(np.array(tr)), rng.permutation(np.array(te))
    return X[tr], y[tr], X[te], y[te]


def letter(seed=10, n_train=1500, n_test=400):
    rng = np.random.default_rng(seed)
    L, d, styles = 26, 16, 3
    centers = rng.uniform(2.0, 13.0, size=(L, d))
    style = centers[:, None, :] + rng.normal(0.0, 2.5, size=(L, styles, d))
    mix = rng.normal(0.0, 1.0, size=(d, d)) / np.sqrt(d)  # correlated noise, as between box features
    n = n_train + n_test
    y = rng.integers(0, L, size=n)
    s = rng.integers(0, styles, size=n)
    noise = rng.normal(0.0, 4.0, size=(n, d)) @ (0.6 * np.eye(d) + 0.8 * mix)
    X = np.clip(np.rint(style[y, s] + noise), 0, 15)
    return X[:n_train], y[:n_train], X[n_train:], y[n_train:]


def wine(seed=3):
    from sklearn.datasets import load_wine
    d = load_wine()
    return _stratified_split(d.data.astype(np.float64), d.target.astype(np.int64), 0.25, seed)


def cancer(seed=2):
    from sklearn.datasets import load_breast_cancer
    d = load_breast_cancer()
    return _stratified_split(d.data.astype(np.float64), d.target.astype(np.int64), 0.2, seed)


def gestures(seed=8, n_train=1200, n_test=400, T=16):
    """Eight motions on three axes: a shake (fast sine) on x / on y, a slow wave on z, a circle
    (x and y in quadrature), a tap (one spike on z), a double tap, a tilt (ramp on x), a twist
    (y and z in opposite phase). Random amplitude, speed, start time, gravity offset and noise."""
    rng = np.random.default_rng(seed)
    n = n_train + n_test
    y = rng.integers(0, 8, size=n)
    t = np.arange(T, dtype=np.float64)
    X = np.zeros((n, T, 3))
    for k in range(n):
        a = rng.uniform(0.6, 2.2)
        f = rng.uniform(0.8, 1.25)
        ph = rng.uniform(0, 2 * np.pi)
        t0 = rng.uniform(2, T - 4)
        sig = np.zeros((T, 3))
        c = y[k]
        if c == 0:
            sig[:, 0] = a * np.sin(2 * np.pi * 0.3 * f * t + ph)
        elif c == 1:
            sig[:, 1] = a * np.sin(2 * np.pi * 0.3 * f * t + ph)
        elif c == 2:
            sig[:, 2] = a * np.sin(2 * np.pi * 0.08 * f * t + ph)
        elif c == 3:
            sig[:, 0] = a * np.sin(2 * np.pi * 0.12 * f * t + ph)
            sig[:, 1] = a * np.cos(2 * np.pi * 0.12 * f * t + ph)
        elif c == 4:
            sig[:, 2] = 2.5 * a * np.exp(-0.5 * ((t - t0) / 0.7) ** 2)
        elif c == 5:
            sig[:, 2] = 2.5 * a * (np.exp(-0.5 * ((t - t0 + 1.8) / 0.6) ** 2) + np.exp(-0.5 * ((t - t0 - 1.8) / 0.6) ** 2))
        elif c == 6:
            sig[:, 0] = a * np.clip((t - t0) / 4.0, -1, 1)
        else:
            sig[:, 1] = a * np.sin(2 * np.pi * 0.12 * f * t + ph)
            sig[:, 2] = -a * np.sin(2 * np.pi * 0.12 * f * t + ph)
        gravity = np.array([0.0, 0.0, 1.0]) + rng.normal(0, 0.3, size=3)
        X[k] = sig + gravity + rng.normal(0, 0.45, size=(T, 3))
    X = X.reshape(n, T * 3)
    return X[:n_train], y[:n_train], X[n_train:], y[n_train:]


def shapes(seed=12, n_train=1000, n_test=300, S=12):
    """Eight shapes: filled square, hollow square, filled disc, ring, plus, x-cross, horizontal bar,
    triangle; random centre, size and brightness, Gaussian noise, clipped to [0, 1]."""
    rng = np.random.default_rng(seed)
    n = n_train + n_test
    y = rng.integers(0, 8, size=n)
    yy, xx = np.mgrid[0:S, 0:S].astype(np.float64)
    X = np.zeros((n, S, S))
    for k in range(n):
        r = rng.uniform(2.5, 4.5)
        cy, cx = rng.uniform(r, S - 1 - r, size=2)
        b = rng.uniform(0.6, 1.0)
        dy, dx = yy - cy, xx - cx
        c = y[k]
        if c == 0:
            m = (np.abs(dy) <= r) & (np.abs(dx) <= r)
        elif c == 1:
            m = (np.maximum(np.abs(dy), np.abs(dx)) <= r) & (np.maximum(np.abs(dy), np.abs(dx)) >= r - 1.1)
        elif c == 2:
            m = dy ** 2 + dx ** 2 <= r ** 2
        elif c == 3:
            rr = np.sqrt(dy ** 2 + dx ** 2)
            m = (rr <= r + 0.3) & (rr >= r - 1.0)
        elif c == 4:
            m = ((np.abs(dy) <= 0.6) & (np.abs(dx) <= r)) | ((np.abs(dx) <= 0.6) & (np.abs(dy) <= r))
        elif c == 5:
            m = ((np.abs(dy - dx) <= 0.8) | (np.abs(dy + dx) <= 0.8)) & (np.abs(dx) <= r) & (np.abs(dy) <= r)
        elif c == 6:
            m = (np.abs(dy) <= 1.0) & (np.abs(dx) <= r)
        else:
            m = (dy <= r * 0.8) & (dy >= -r) & (np.abs(dx) <= (dy + r) * 0.55)
        img = b * m + rng.normal(0, 0.18, size=(S, S))
        X[k] = np.clip(img, 0.0, 1.0)
    X = X.reshape(n, S * S)
    return X[:n_train], y[:n_train], X[n_train:], y[n_train:]


LOADERS = {"letter": letter, "wine": wine, "cancer": cancer, "gestures": gestures, "shapes": shapes}


def load(name):
    return LOADERS[name]()
