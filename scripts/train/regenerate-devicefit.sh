#!/bin/sh
# The device-fit fixtures (issue 42) under src/test/resources/fixtures/devicefit/, each followed by the check
# against seedc's float interpreter (build seedc first). The ProtoNN first: its folder holds the rows both read.
set -e
cd "$(dirname "$0")/../.."
F=src/test/resources/fixtures/devicefit
/usr/bin/python3 scripts/train/protonn.py --dataset fashion300 --proj 10 --protos-per-class 2 --input unit --gamma-scale 0.03 --lr 0.01 \
    --into $F --name protonn-fashion784-10 --check
/usr/bin/python3 scripts/train/device_fit.py --check
