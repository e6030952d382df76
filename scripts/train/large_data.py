"""Writes train.npy and test.npy of the large fixtures (benchmarks/large/<name>/) with numpy alone.

The trainers write the same two files (common.save_data -> datasets.save_split) from the same loaders
and input transforms; the files are too large to commit, so scripts/large-data calls this and checks
the bytes against benchmarks/large/data.md5.

usage: large_data.py ROOT NAME...   (ROOT: the benchmarks/large folder)
"""
import os
import sys

import datasets

# fixture -> (data set, the input transform its trainer applied before writing the files)
LARGE = {
    "protonn-letter16k-26": ("letter16k", "scaled"),  # protonn.py --input scaled
    "fastgrnn-fashion-10": ("fashion", "raw"),        # fastgrnn.py --input raw
    "cnn-fashion-10": ("fashion", "raw"),             # cnn.py: pixels as they are
}


def main():
    root, names = sys.argv[1], sys.argv[2:]
    cache = {}
    for name in names:
        if name not in LARGE:
            sys.exit("large_data.py: no large fixture %r (known: %s)" % (name, ", ".join(sorted(LARGE))))
        dataset, transform = LARGE[name]
        if dataset not in cache:
            cache[dataset] = datasets.load(dataset)
        Xtr, ytr, Xte, yte = cache[dataset]
        if transform == "scaled":
            Xtr, Xte = datasets.scale_pm1(Xtr, Xte)
        d = os.path.join(root, name)
        os.makedirs(d, exist_ok=True)
        datasets.save_split(d, Xtr, ytr, Xte, yte)
        print("large-data: wrote %s/train.npy (%d rows) and test.npy (%d rows)" % (name, len(ytr), len(yte)))


if __name__ == "__main__":
    main()
