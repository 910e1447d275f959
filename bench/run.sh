#!/usr/bin/env bash
# bench/run.sh - `make bench`: kconnect against Java Connect and a bare librdkafka pipe on the
# same local brokers, written to build/bench/ (results.md, results.json, chart.png).
#
# Installs what a fresh machine lacks (tests/setup.sh, plus bench/requirements.txt in the
# test virtualenv), builds the optimized build/kconnect, build/bench/pipe and
# build/bench/verify (never the sanitized build: sanitizers would be measured too), then runs
# bench/bench.py, which starts its own clusters and workers and stops them all when it ends.
# Settings are environment variables (BENCH_GB, BENCH_PAIRS, ...): bench/README.md lists them.
#
# SPDX-License-Identifier: Apache-2.0
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
tests/setup.sh packages librdkafka kafka venv bench
# Run from `make bench` or by hand alike: this make is not a sub-make of the caller's.
unset MAKEFLAGS MFLAGS MAKELEVEL
make --no-print-directory -j"$(nproc)" SANITIZE= build/kconnect build/bench/pipe build/bench/verify
eval "$(tests/setup.sh env)"
export KAFKA_LIBS
exec "$KC_VENV/bin/python" bench/bench.py "$@"
