#!/usr/bin/env bash
# faults/run.sh - `make faults`: kconnect and Java Connect under kill -9 on the same local
# brokers, every record checked, written to build/faults/ (results.md, results.json).
#
# Installs what a fresh machine lacks (tests/setup.sh), builds the optimized build/kconnect
# (never the sanitized build: the suite measures recovery times), then runs faults/faults.py,
# which starts its own clusters, workers and producers and stops them all when it ends.
# Settings are environment variables (FAULTS_ONLY, FAULTS_KINDS, FAULTS_PROTOCOLS,
# FAULTS_SECONDS, ...): faults/README.md lists them. Arguments go to faults.py
# (e.g. --report build/faults/results.json faults/latest.md).
#
# SPDX-License-Identifier: Apache-2.0
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
tests/setup.sh packages librdkafka kafka venv bench
# Run from `make faults` or by hand alike: this make is not a sub-make of the caller's.
unset MAKEFLAGS MFLAGS MAKELEVEL
make --no-print-directory -j"$(nproc)" SANITIZE= build/kconnect
eval "$(tests/setup.sh env)"
export KAFKA_LIBS
exec "$KC_VENV/bin/python" faults/faults.py "$@"
