#!/usr/bin/env bash
# tests/run.sh - run the test tiers against a build directory and end with one line:
#     N passed, N failed
# Usage: tests/run.sh BUILD_DIR [layers|unit|fuzz|integration ...]   (no tier: all of them)
# Exits non-zero if anything failed or no test ran. FUZZ_TEST_SECONDS (60) and FUZZ_TEST_JOBS
# (2) bound the fuzz tier's search (see fuzz below).
#
# SPDX-License-Identifier: Apache-2.0
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: tests/run.sh BUILD_DIR [unit|fuzz|integration ...]}
shift
[ $# -gt 0 ] || set -- layers unit fuzz integration
cd "$top"

passed=0
failed=0
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:halt_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

unit() {
    local t out p f
    for t in "$build"/tests/test_*; do
        [ -x "$t" ] || continue
        out=$("$t" 2>&1)
        local rc=$?
        printf '%s\n' "$out"
        p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
        f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
        p=${p:-0}
        f=${f:-0}
        if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
            echo "unit: $t exited $rc (crash or sanitizer report)"
            f=1
        fi
        passed=$((passed + p))
        failed=$((failed + f))
    done
}

integration() {
    eval "$(tests/setup.sh env)"
    export KAFKA_LIBS RDKAFKA_PREFIX KCONNECT_BIN="$top/$build/kconnect"
    local junit="$top/build/pytest-junit.xml"
    mkdir -p "$top/build"
    rm -f "$junit"
    # Two test files per core at a time (each process has its own brokers and port slice,
    # tests/kafka/kafka_harness.py): the tests mostly wait on brokers and timeouts (one
    # process per core left the CPU half idle; two per core cut the tier from 18 to 12
    # minutes on 2 cores), handed out longest first, in the order conftest.py gives them
    # (xdist would otherwise reorder them by their number of tests); every test bounded
    # (conftest.py) so a hang fails it, not the run.
    local jobs
    jobs=${KC_TEST_JOBS:-$((2 * $(nproc 2>/dev/null || echo 2)))}
    [ "$jobs" -gt 5 ] && jobs=5
    "$KC_VENV/bin/python" -m pytest -p no:cacheprovider -ra --junitxml="$junit" \
        -n "$jobs" --dist loadfile --no-loadscope-reorder "${PYTEST_ARGS[@]}" tests/integration
    local rc=$?
    if [ ! -f "$junit" ]; then
        echo "integration: pytest produced no report (exit $rc)"
        failed=$((failed + 1))
        return
    fi
    read -r p f < <("$KC_VENV/bin/python" - "$junit" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
tests = sum(int(s.get("tests", 0)) for s in suites)
bad = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
skipped = sum(int(s.get("skipped", 0)) for s in suites)
print(tests - bad - skipped, bad + skipped)
PY
)
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "integration: pytest exited $rc"
        failed=$((failed + 1))
    fi
}

# Every libFuzzer target (build/fuzz, built by `make test` too) over its seed corpus, once
# (the targets keep building and their seeds keep passing), then a bounded search: all the
# targets share FUZZ_TEST_SECONDS (60) of FUZZ_TEST_JOBS (2) cores, each mutating its seeds
# into a fresh scratch corpus under build/fuzz/test-run/. A crash, leak, timeout or
# sanitizer report fails the run, naming the target and the input that did it.
# `make fuzz` is the long search.
fuzz() {
    local f name out targets=()
    for f in "$top"/build/fuzz/fuzz_*; do
        [ -f "$f" ] && [ -x "$f" ] || continue
        targets+=("$f")
        name=$(basename "$f")
        if out=$("$f" -runs=0 "tests/fuzz/seeds/$name" 2>&1); then
            passed=$((passed + 1))
        else
            printf '%s\n' "$out" | tail -n 30
            echo "fuzz: $name failed on its seeds"
            failed=$((failed + 1))
        fi
    done
    [ ${#targets[@]} -gt 0 ] || return 0
    fuzz_search "${targets[@]}"
}

# The search: each target is started with its share of what is left of the budget, so that
# what a process takes beyond its -max_total_time (start-up, the final leak check) comes out
# of the later targets' shares, not on top of the budget.
fuzz_search() {
    local total=${FUZZ_TEST_SECONDS:-60} jobs=${FUZZ_TEST_JOBS:-2}
    local scratch="$top/build/fuzz/test-run" start=$SECONDS left=$# each f name dir artifact
    local order
    [ "$total" -gt 0 ] || return 0
    rm -rf "$scratch"
    # In a new order each run: the last targets' shares are the ones squeezed.
    mapfile -t order < <(printf '%s\n' "$@" | shuf)
    for f in "${order[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
            wait -n
        done
        each=$(( (start + total - SECONDS) * jobs / left ))
        [ "$each" -ge 1 ] || each=1
        left=$((left - 1))
        name=$(basename "$f")
        dir="$scratch/$name"
        mkdir -p "$dir/corpus"
        # -timeout: one input running this long is a hang, not a slow machine.
        ( "$f" -max_total_time="$each" -timeout=20 -artifact_prefix="$dir/" \
              "$dir/corpus" "tests/fuzz/seeds/$name" >"$dir/log" 2>&1
          echo $? >"$dir/rc" ) &
    done
    wait
    echo "fuzz: $# targets searched in $((SECONDS - start))s (FUZZ_TEST_SECONDS=$total," \
         "$jobs at a time)"
    for f in "$@"; do
        name=$(basename "$f")
        dir="$scratch/$name"
        if [ "$(cat "$dir/rc" 2>/dev/null)" = 0 ]; then
            echo "fuzz: $name: $(grep -o 'Done [0-9]* runs in [0-9]* second' "$dir/log")s"
            passed=$((passed + 1))
            continue
        fi
        tail -n 40 "$dir/log"
        artifact=$(ls -d "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-* \
                   2>/dev/null | head -n 1)
        echo "fuzz: $name failed in its search: input ${artifact:-(none written)}," \
             "log $dir/log" | sed "s|$top/||g"
        failed=$((failed + 1))
    done
}

# The include graph's floors (tests/layers.py): the tree, then the checker's own cases.
layers() {
    local out
    if python3 tests/layers.py; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
    out=$(python3 tests/layers.py --self-test)
    printf '%s\n' "$out"
    passed=$((passed + $(printf '%s\n' "$out" | grep -c ': ok$')))
    failed=$((failed + $(printf '%s\n' "$out" | grep -vc ': ok$')))
}

PYTEST_ARGS=()
[ -n "${PYTEST_K:-}" ] && PYTEST_ARGS+=(-k "$PYTEST_K")
for tier in "$@"; do
    case $tier in
        unit) unit ;;
        integration) integration ;;
        fuzz) fuzz ;;
        layers) layers ;;
        *) echo "unknown tier $tier"; exit 2 ;;
    esac
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
