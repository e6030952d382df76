#!/usr/bin/env bash
# Retrains the large fixtures under benchmarks/large/ (about 3 minutes on 2 cores), checks each one against
# seedc's float interpreter (--check), then records the md5 sums of the train.npy / test.npy they were
# trained on (scripts/large-data --record; commit benchmarks/large/data.md5 with the new weights).
# Needs python3-torch, python3-numpy. Benchmarking never runs this: scripts/large-data regenerates the data.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
py=/usr/bin/python3
$py protonn.py  --dataset letter16k --proj 12 --protos-per-class 4 --input scaled --w-init 4 --lr 0.05 --target-g2 0.0247 --large --check
$py fastgrnn.py --dataset fashion   --steps 28 --hidden 32 --input raw --epochs 40 --large --check
$py cnn.py      --dataset fashion   --shape 28,28,1 --epochs 15 --large --check
../large-data --record
