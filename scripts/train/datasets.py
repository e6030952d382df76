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
  letter16k the letter set at UCI letter's size: 16000 train / 4000 test (benchmarks/large)
  fashion   synthetic 28x28 grey images (row-major) of 10 Fashion-MNIST-like garment classes,
            pixels in [0, 1]; 20000 train / 1000 test (benchmarks/large)
  letter57  the letter generator with other classes (seed 57) and other sizes: 1000 train / 300 test
            (fixtures/unseen: models the search was not tuned on, regenerate-unseen.sh)
  gestures12 the gestures generator with 12 time steps (36 features) and seed 88: 600 train / 300 test
            (fixtures/unseen)
  digits    scikit-learn's 8x8 digits as the cnn-digits-10 fixture stores them (pixels / 16 in [0, 1],
            row-major), 10 classes; 1437 train / 360 test. Read from that fixture's train.npy and
            test.npy, so every model trained on it sees the same rows the digits fixtures do.

Only wine and cancer need scikit-learn; the rest, scale_pm1 and save_split need numpy alone, so that
scripts/large-data can regenerate the large data files without PyTorch.
"""
import math
import os

import numpy as np

NUM_CLASSES = {"letter": 26, "wine": 3, "cancer": 2, "gestures": 8, "shapes": 8, "letter16k": 26, "fashion": 10, "fashion300": 10,
               "digits": 10, "letter57": 26, "gestures12": 8}
DIGITS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "test", "resources", "fixtures",
                      "models", "cnn-digits-10")


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
    style, mix = _letter_classes(rng)
    X, y = _letter_rows(rng, style, mix, n_train + n_test)
    return X[:n_train], y[:n_train], X[n_train:], y[n_train:]


def _letter_classes(rng, L=26, d=16, styles=3):
    """What makes a letter: each class's 3 style centres and the correlated noise's mixing matrix."""
    centers = rng.uniform(2.0, 13.0, size=(L, d))
    style = centers[:, None, :] + rng.normal(0.0, 2.5, size=(L, styles, d))
    mix = rng.normal(0.0, 1.0, size=(d, d)) / np.sqrt(d)  # correlated noise, as between box features
    return style, mix


def _letter_rows(rng, style, mix, n):
    L, styles, d = style.shape
    y = rng.integers(0, L, size=n)
    s = rng.integers(0, styles, size=n)
    noise = rng.normal(0.0, 4.0, size=(n, d)) @ (0.6 * np.eye(d) + 0.8 * mix)
    return np.clip(np.rint(style[y, s] + noise), 0, 15), y


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


# The seed of a data set's unseen rows is its own seed plus this: other draws of the same classes.
UNSEEN_SEED_OFFSET = 1000
# The seed offset of the population rows scripts/bench-population measures programs on: neither the validation rows
# nor the training and test rows.
POPULATION_SEED_OFFSET = 2000


def unseen(name, n, offset=UNSEEN_SEED_OFFSET):
    """n more rows of a generated set that neither its training nor its test rows are (X, y): the same classes
    (letter's style centres and noise mixing are drawn from its own seed first), other draws of each row.
    For a validation set the trained model never saw (validation.py; offset: another offset gives other rows,
    POPULATION_SEED_OFFSET for scripts/bench-population). Only the generated sets have them:
    wine, cancer and digits use every row they have."""
    if name in ("letter", "letter57"):
        seed = {"letter": 10, "letter57": 57}[name]
        style, mix = _letter_classes(np.random.default_rng(seed))
        return _letter_rows(np.random.default_rng(seed + offset), style, mix, n)
    if name in ("gestures", "shapes", "gestures12"):  # every row drawn alone: another seed, the same generator
        seed, kind, shape = {"gestures": (8, "gestures", {}), "shapes": (12, "shapes", {}),
                             "gestures12": (GESTURES12_SEED, "gestures", {"T": 12})}[name]
        X, y, _, _ = LOADERS[kind](seed=seed + offset, n_train=n, n_test=0, **shape)
        return X, y
    raise ValueError("%s has no unseen rows: it is not generated here" % name)


FASHION_CLASSES = ("t-shirt", "trouser", "pullover", "dress", "coat", "sandal", "shirt", "sneaker", "bag", "ankle boot")


def _capsule(u, v, u0, v0, u1, v1, hw):
    """Points within hw of the segment (u0, v0)-(u1, v1)."""
    du, dv = u1 - u0, v1 - v0
    t = np.clip(((u - u0) * du + (v - v0) * dv) / (du * du + dv * dv), 0.0, 1.0)
    eu, ev = u - u0 - t * du, v - v0 - t * dv
    return eu * eu + ev * ev <= hw * hw


def _box(u, v, u0, u1, v0, v1):
    return (u >= u0) & (u <= u1) & (v >= v0) & (v <= v1)


def _trap(u, v, v0, v1, w0, w1, uc=0.0):
    """Rows v0..v1 whose half width goes linearly from w0 to w1."""
    w = w0 + (w1 - w0) * (v - v0) / (v1 - v0)
    return (v >= v0) & (v <= v1) & (np.abs(u - uc) <= w)


def _garment(c, u, v, rng):
    """Mask (in canonical coordinates, about [-1, 1]^2, v downwards) and a 'line' mask of darker detail."""
    U = lambda lo, hi: rng.uniform(lo, hi)
    line = np.zeros(u.shape, dtype=bool)
    if c in (0, 2, 4, 6):  # tops: torso + sleeves (+ collar / placket)
        sh = U(0.36, 0.5)              # half shoulder width
        hem = U(0.7, 0.95) if c != 4 else U(0.8, 1.0)
        bot = sh + U(-0.06, 0.06)
        m = _trap(u, v, -0.75, hem, sh, bot)
        if c == 0:
            L, hw = U(0.25, 0.55), U(0.14, 0.2)
        elif c == 6:
            L, hw = U(0.35, 1.45), U(0.11, 0.17)
        else:
            L, hw = U(1.1, 1.5), U(0.11, 0.16)
        ang = math.radians(U(15, 40) if L > 0.8 else U(25, 55))
        for s in (-1.0, 1.0):
            u0, v0 = s * (sh - 0.08), -0.62
            m |= _capsule(u, v, u0, v0, u0 + s * L * math.sin(ang), v0 + L * math.cos(ang), hw)
        neck = U(0.12, 0.2)
        if c in (4, 6) or rng.uniform() < 0.3:    # v neck / collar
            m &= ~((v < -0.75 + 2.2 * neck) & (np.abs(u) < neck - (v + 0.75) * 0.45))
        else:
            m &= ~(u * u + (v + 0.78) * (v + 0.78) < neck * neck)
        if (c == 4 and rng.uniform() < 0.8) or (c == 6 and rng.uniform() < 0.6) or (c == 2 and rng.uniform() < 0.2):
            line = np.abs(u) < U(0.025, 0.06)      # placket / zip
        if c == 4 and rng.uniform() < 0.7:
            line |= _box(u, v, -sh, sh, U(0.05, 0.2), 2.0) & (np.abs(np.abs(u) - 0.25) < 0.03)  # pockets
    elif c == 1:  # trousers
        g, w = U(0.02, 0.08), U(0.36, 0.5)
        m = _box(u, v, -w, w, -0.95, -0.6)
        m |= _trap(u, v, -0.6, 0.95, w, w + U(-0.08, 0.04), 0.0) & (np.abs(u) >= g + (v + 0.6) * U(0.0, 0.08))
        line = _box(u, v, -w, w, -0.7, -0.64)
    elif c == 3:  # dress
        top, bot = U(0.18, 0.32), U(0.45, 0.75)
        m = _trap(u, v, -0.85, 0.95, top, bot)
        if rng.uniform() < 0.4:
            for s in (-1.0, 1.0):
                m |= _capsule(u, v, s * top * 0.9, -0.75, s * (top + 0.3), -0.45, 0.1)
        if rng.uniform() < 0.5:
            line = np.abs(v - U(-0.3, 0.0)) < 0.04
        m &= ~(u * u + (v + 0.88) ** 2 < 0.12 ** 2)
    elif c in (5, 7, 9):  # footwear, toe to the right
        sole = U(0.28, 0.42)
        top = U(-0.95, -0.6)  # the boot's shaft
        m = _box(u, v, -0.9, 0.9, sole - 0.14, sole)  # sole
        if c == 7:
            # upper: from the heel, high, sloping to the toe
            h = -0.2 + U(-0.1, 0.1) + (u + 0.9) * U(0.2, 0.35)
            m |= (u >= -0.9) & (u <= 0.9) & (v >= h) & (v <= sole)
            line = (np.abs(v - (h + 0.18)) < 0.04) & (u > -0.6) & (u < 0.4)
        elif c == 9:
            shaft = U(-0.95, -0.25)
            m |= _box(u, v, -0.9, shaft + 0.55, top, sole)
            m |= (u >= -0.9) & (u <= 0.9) & (v >= 0.0 + (u + 0.2) * 0.1) & (v <= sole)
            if rng.uniform() < 0.5:
                m |= _box(u, v, -0.9, -0.6, sole, sole + 0.12)  # heel
        else:  # sandal: straps and sole, much open space
            n = rng.integers(2, 5)
            for k in range(n):
                x0 = -0.8 + 1.6 * (k + U(0.0, 0.6)) / n
                m |= _capsule(u, v, x0, sole - 0.1, x0 + U(-0.3, 0.3), U(-0.35, -0.05), U(0.05, 0.09))
            if rng.uniform() < 0.5:
                m |= _capsule(u, v, -0.8, U(-0.3, -0.1), 0.6, U(-0.2, 0.0), 0.05)
    else:  # bag
        w, h0 = U(0.55, 0.9), U(-0.35, 0.0)
        m = _box(u, v, -w, w, h0, U(0.7, 0.95))
        if rng.uniform() < 0.75:
            r, t = U(0.25, 0.5), U(0.06, 0.12)
            rr = np.sqrt(u * u + (v - h0) * (v - h0))
            m |= (v <= h0) & (rr <= r) & (rr >= r - t)
        if rng.uniform() < 0.5:
            line = np.abs(v - (h0 + U(0.15, 0.3))) < 0.04
    return m, line & m


def fashion(seed=28, n_train=20000, n_test=1000, S=28):
    """Ten Fashion-MNIST-like classes (FASHION_CLASSES) as 28x28 silhouettes drawn in a garment's own
    coordinates (about [-1, 1] both ways, v downwards) and mapped to the image by a random rotation
    (+-12 degrees), size, aspect and place; random part sizes (sleeve length and angle, hem, neckline,
    leg gap, straps, handle), brightness, a texture (plain, stripes either way, checks), darker details
    (placket, pockets, waistband, laces) and pixel noise. Rendered at 56x56 and averaged down, clipped to
    [0, 1]. The tops overlap on purpose: a shirt's sleeves range from a t-shirt's to a pullover's and it
    shares the coat's collar and placket, so a small CNN stays near 90%. Only arithmetic, comparisons,
    floor, sqrt and the generator's draws touch the pixels (no transcendental array functions, no BLAS),
    so the bytes do not depend on the CPU's vector unit."""
    rng = np.random.default_rng(seed)
    n = n_train + n_test
    y = rng.integers(0, 10, size=n)
    q = 2 * S  # rendered at twice the resolution, averaged down
    yy, xx = np.mgrid[0:q, 0:q].astype(np.float64)
    yy, xx = (yy + 0.5) / 2.0, (xx + 0.5) / 2.0
    X = np.zeros((n, S, S))
    for k in range(n):
        c = int(y[k])
        th = math.radians(rng.uniform(-12.0, 12.0))
        cs, sn = math.cos(th), math.sin(th)
        sc = rng.uniform(10.0, 13.5)
        ax, ay = sc * rng.uniform(0.85, 1.15), sc * rng.uniform(0.85, 1.15)
        cx, cy = S / 2 + rng.uniform(-1.5, 1.5), S / 2 + rng.uniform(-1.5, 1.5)
        dx, dy = xx - cx, yy - cy
        u = (cs * dx + sn * dy) / ax
        v = (-sn * dx + cs * dy) / ay
        m, line = _garment(c, u, v, rng)
        b = rng.uniform(0.35, 1.0)
        img = b * m
        kind = rng.integers(0, 4)
        if kind == 1 or kind == 2:   # stripes across or along
            f = rng.uniform(2.0, 6.0)
            w = (v if kind == 1 else u) * f + rng.uniform()
            tri = np.abs(2.0 * (w - np.floor(w)) - 1.0)
            img = img * (1.0 - rng.uniform(0.2, 0.6) * tri)
        elif kind == 3:              # checks
            f = rng.uniform(2.0, 5.0)
            a, bb = np.floor(u * f), np.floor(v * f)
            img = img * (1.0 - rng.uniform(0.15, 0.45) * ((a + bb) % 2.0))
        img = img * (1.0 - rng.uniform(0.3, 0.7) * line)
        img = (img[0::2, 0::2] + img[1::2, 0::2] + img[0::2, 1::2] + img[1::2, 1::2]) / 4.0
        img = img + rng.normal(0.0, rng.uniform(0.03, 0.14), size=(S, S))
        X[k] = np.clip(img, 0.0, 1.0)
    X = X.reshape(n, S * S)
    return X[:n_train], y[:n_train], X[n_train:], y[n_train:]


def fashion300():
    """The fashion generator at 200 training and 100 test rows (other rows than fashion's): 784-pixel inputs small
    enough to commit, for the device-fit fixtures (device_fit.py)."""
    return fashion(n_train=200, n_test=100)


def letter57():
    """The letter generator with other classes (style centres and noise drawn from seed 57) and other sizes, for the
    models of fixtures/unseen (issue 41's promises on models the search was not tuned on)."""
    return letter(seed=57, n_train=1000, n_test=300)


GESTURES12_SEED = 88


def gestures12():
    """The gestures generator at 12 time steps (36 features), seed 88, 600 train / 300 test rows (fixtures/unseen)."""
    return gestures(seed=GESTURES12_SEED, n_train=600, n_test=300, T=12)


def letter16k():
    return letter(n_train=16000, n_test=4000)


def digits():
    """The rows of models/cnn-digits-10/{train,test}.npy (float32, label first), as float64 and int64."""
    out = []
    for f in ("train.npy", "test.npy"):
        rows = np.load(os.path.join(DIGITS, f)).astype(np.float64)
        out += [rows[:, 1:], rows[:, 0].astype(np.int64)]
    return tuple(out)


LOADERS = {"letter": letter, "wine": wine, "cancer": cancer, "gestures": gestures, "shapes": shapes,
           "letter16k": letter16k, "fashion": fashion, "fashion300": fashion300, "digits": digits,
           "letter57": letter57, "gestures12": gestures12}


def load(name):
    return LOADERS[name]()


def scale_pm1(Xtr, Xte):
    """Each feature mapped linearly to [-1, 1] with the training set's min and max (libsvm's letter.scale)."""
    lo, hi = Xtr.min(axis=0), Xtr.max(axis=0)
    span = np.where(hi > lo, hi - lo, 1.0)
    return 2 * (Xtr - lo) / span - 1, 2 * (Xte - lo) / span - 1


def save_split(d, Xtr, ytr, Xte, yte):
    """train.npy / test.npy: float32, the label in the first column, the features after."""
    for fname, X, y in (("train.npy", Xtr, ytr), ("test.npy", Xte, yte)):
        rows = np.concatenate([np.asarray(y, dtype=np.float64)[:, None], np.asarray(X, dtype=np.float64)], axis=1)
        np.save(os.path.join(d, fname), rows.astype(np.float32))
