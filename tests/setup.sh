#!/usr/bin/env bash
# tests/setup.sh - install what building, testing and `make run` need, on a fresh machine.
#
# Idempotent and quiet when there is nothing to do; `make`, `make test` and `make run` call it.
#   1. Debian -dev packages, a JDK and Maven (apt-get, only for what is missing);
#   1b. librdkafka LIBRDKAFKA_VERSION, built from source into $KC_CACHE (see below);
#   2. the Apache Kafka jars named by tests/kafka/pom.xml, resolved by Maven into
#      $KC_CACHE/kafka-<version>-<pom hash>/libs (reused between runs and between clones;
#      a pom that lists other jars gets a directory of its own, so clones on different
#      poms never replace each other's jars under a running test);
#   3. a Python virtualenv with tests/requirements.txt in $KC_CACHE/venv-<hash>;
#   4. (`bench` only, for `make bench`) bench/requirements.txt added to that virtualenv;
#   5. (`browser` only, for `make test`) Chromium, which the live page's tests drive.
# Usage: tests/setup.sh [packages|librdkafka|kafka|venv|bench|env ...]
#        (no argument: the first four)
# Prints nothing on success but progress lines; exits non-zero with a reason on failure.
#
# SPDX-License-Identifier: Apache-2.0
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
KC_CACHE=${KC_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kconnect}
mkdir -p "$KC_CACHE"

# Debian 12 ships librdkafka 2.0.2, whose SCRAM client cannot authenticate to Kafka 4.x
# brokers (it repeats the client nonce in the client-final-message; Kafka 4 checks it as
# RFC 5802 says; fixed in librdkafka 2.6.1). kconnect must speak SCRAM to Kafka 4, so it
# builds a current librdkafka from the source that the rdkafka-sys crate on crates.io
# carries, and links it statically. The crate version pins the librdkafka release.
LIBRDKAFKA_CRATE=4.10.0+2.12.1
LIBRDKAFKA_VERSION=${LIBRDKAFKA_CRATE#*+}

say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

kafka_version() {
    sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$top/tests/kafka/pom.xml" | head -n 1
}

# Where the jars of this pom live: the version, then the pom's hash (any edit, such as a
# jar added, resolves afresh into a new directory).
kafka_dir() {
    printf '%s/kafka-%s-%s' "$KC_CACHE" "$(kafka_version)" \
        "$(sha256sum "$top/tests/kafka/pom.xml" | cut -c1-12)"
}

# ---- 1. Debian packages ---------------------------------------------------------------
packages() {
    local want=(build-essential pkg-config libjansson-dev libmicrohttpd-dev
                uuid-dev libcmocka-dev libcurl4-openssl-dev libssl-dev zlib1g-dev libzstd-dev
                liblz4-dev libpcre2-dev libgnutls28-dev curl jq clang libclang-rt-14-dev openssl)
    command -v java >/dev/null 2>&1 || want+=(openjdk-17-jdk-headless)
    command -v javac >/dev/null 2>&1 || want+=(openjdk-17-jdk-headless)
    command -v mvn >/dev/null 2>&1 || want+=(maven)
    command -v cargo >/dev/null 2>&1 || want+=(cargo)
    command -v python3 >/dev/null 2>&1 || want+=(python3)
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || want+=(python3-venv)
    install_missing "${want[@]}"
}

# The browser the live page's tests drive (tests/integration/browser.py), with a font.
browser() {
    install_missing chromium fonts-dejavu-core
}

# apt-get install of the Debian packages among $@ that are not installed.
install_missing() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0

    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
    say "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq >/dev/null || die "apt-get update failed"
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
        die "apt-get install ${missing[*]} failed"
}

# ---- 1b. librdkafka ------------------------------------------------------------------
librdkafka() {
    local prefix="$KC_CACHE/librdkafka-$LIBRDKAFKA_VERSION" work src
    if [ -f "$prefix/.complete" ]; then
        return 0
    fi
    say "building librdkafka $LIBRDKAFKA_VERSION (from crates.io rdkafka-sys $LIBRDKAFKA_CRATE) into $prefix"
    work=$(mktemp -d)
    mkdir -p "$work/fetch/src"
    cat >"$work/fetch/Cargo.toml" <<TOML
[package]
name = "kconnect-librdkafka-source"
version = "0.0.0"
edition = "2021"
[lib]
path = "src/lib.rs"
[dependencies]
rdkafka-sys = { version = "=$LIBRDKAFKA_CRATE", default-features = false }
TOML
    : >"$work/fetch/src/lib.rs"
    cargo fetch -q --manifest-path "$work/fetch/Cargo.toml" >"$work/cargo.log" 2>&1 ||
        { cat "$work/cargo.log" >&2; die "cargo could not fetch rdkafka-sys $LIBRDKAFKA_CRATE"; }
    src=$(cargo metadata -q --format-version 1 --manifest-path "$work/fetch/Cargo.toml" |
          python3 -c 'import json,sys,os
m = json.load(sys.stdin)
print(next(os.path.dirname(p["manifest_path"]) for p in m["packages"] if p["name"] == "rdkafka-sys"))')
    [ -x "$src/librdkafka/configure" ] || die "no librdkafka source in $src"
    cp -r "$src/librdkafka" "$work/build"
    (cd "$work/build" &&
        ./configure --prefix="$prefix" --disable-gssapi --disable-curl >"$work/configure.log" 2>&1 &&
        make -j"$(nproc)" libs >"$work/make.log" 2>&1 &&
        make install >>"$work/make.log" 2>&1) ||
        { tail -n 30 "$work"/configure.log "$work"/make.log >&2; die "building librdkafka failed"; }
    touch "$prefix/.complete"
    rm -rf "$work"
}

# ---- 2. Kafka jars --------------------------------------------------------------------
kafka() {
    local v dir stamp sum
    v=$(kafka_version)
    [ -n "$v" ] || die "no <kafka.version> in tests/kafka/pom.xml"
    dir=$(kafka_dir)
    stamp="$dir/.resolved"
    sum=$(sha256sum "$top/tests/kafka/pom.xml" | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
        return 0
    fi
    say "resolving Apache Kafka $v jars with Maven into $dir"
    rm -rf "$dir.tmp"
    mkdir -p "$dir.tmp"
    if ! mvn -B -q -f "$top/tests/kafka/pom.xml" dependency:copy-dependencies \
            -DincludeScope=runtime -DoutputDirectory="$dir.tmp/libs" >"$dir.tmp/mvn.log" 2>&1; then
        tail -n 30 "$dir.tmp/mvn.log" >&2
        die "Maven could not resolve the Kafka $v jars (log above)"
    fi
    rm -rf "$dir"
    mv "$dir.tmp" "$dir"
    echo "$sum" >"$stamp"
}

# ---- 3. Python virtualenv -------------------------------------------------------------
venv() {
    local sum dir
    sum=$(sha256sum "$top/tests/requirements.txt" | cut -c1-12)
    dir="$KC_CACHE/venv-$sum"
    if [ -f "$dir/.complete" ]; then
        return 0
    fi
    say "creating Python virtualenv $dir"
    rm -rf "$dir"
    python3 -m venv "$dir" || die "python3 -m venv failed"
    "$dir/bin/pip" install -q --disable-pip-version-check -r "$top/tests/requirements.txt" ||
        die "pip install -r tests/requirements.txt failed"
    touch "$dir/.complete"
}

# ---- 4. the benchmark's Python packages ----------------------------------------------
# Added to the test virtualenv rather than a venv of their own: the benchmark drives the same
# harness. A stamp named after bench/requirements.txt's hash makes it a no-op next time.
bench_venv() {
    local sum dir stamp
    venv
    sum=$(sha256sum "$top/tests/requirements.txt" | cut -c1-12)
    dir="$KC_CACHE/venv-$sum"
    stamp="$dir/.bench-$(sha256sum "$top/bench/requirements.txt" | cut -c1-12)"
    if [ -f "$stamp" ]; then
        return 0
    fi
    say "installing bench/requirements.txt into $dir"
    "$dir/bin/pip" install -q --disable-pip-version-check -r "$top/bench/requirements.txt" ||
        die "pip install -r bench/requirements.txt failed"
    touch "$stamp"
}

# Paths for the Makefile and scripts: `tests/setup.sh env` prints them as shell assignments.
env_paths() {
    local v sum
    v=$(kafka_version)
    sum=$(sha256sum "$top/tests/requirements.txt" | cut -c1-12)
    printf 'KAFKA_VERSION=%s\nKAFKA_LIBS=%s\nKC_VENV=%s\nRDKAFKA_PREFIX=%s\n' \
        "$v" "$(kafka_dir)/libs" "$KC_CACHE/venv-$sum" \
        "$KC_CACHE/librdkafka-$LIBRDKAFKA_VERSION"
}

[ $# -gt 0 ] || set -- packages librdkafka kafka venv
for step in "$@"; do
    case $step in
        packages) packages ;;
        librdkafka) librdkafka ;;
        kafka)    kafka ;;
        venv)     venv ;;
        bench)    bench_venv ;;
        browser)  browser ;;
        env)      env_paths ;;
        *)        die "unknown step '$step' (packages, librdkafka, kafka, venv, bench, browser," \
                      "env)" ;;
    esac
done
