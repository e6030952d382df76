#!/usr/bin/env bash
# Retrains the low-bit fixtures of issue 15 (src/test/resources/fixtures/lowbit/; about 3 minutes on 2 cores)
# and checks each one against seedc's float interpreter (--check). Needs python3-torch and python3-numpy.
# Building and testing seedc never runs this: the trained fixtures are committed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
py=/usr/bin/python3
$py lowbit.py --arch mlp --wbits 0 --abits 0 --check
$py lowbit.py --arch mlp --wbits 1 --abits 1 --check
$py lowbit.py --arch mlp --wbits 2 --abits 2 --check
$py lowbit.py --arch mlp --wbits 3 --abits 2 --check
$py lowbit.py --arch mlp --wbits 1 --abits 1 --in-bits 1 --check
$py lowbit.py --arch mlp --wbits 2 --abits 2 --in-bits 2 --check
$py lowbit.py --arch mlp --wbits 3 --abits 2 --in-bits 2 --check
$py lowbit.py --arch cnn --wbits 0 --abits 0 --check
$py lowbit.py --arch cnn --wbits 1 --abits 1 --check
$py lowbit.py --arch cnn --wbits 2 --abits 2 --check
$py lowbit.py --arch cnn --wbits 3 --abits 2 --check
$py lowbit.py --arch cnn --wbits 1 --abits 1 --in-bits 1 --check
$py lowbit.py --arch cnn --wbits 2 --abits 2 --in-bits 2 --check
