#!/usr/bin/env python3
"""
tests/layers.py - the include graph's floors: every arrow points down.

    tests/layers.py [ROOT]       check the tree (default: this checkout); exit 1 on a fault
    tests/layers.py --self-test  check the checker on small trees made for it

A file may include headers of its own room and of the rooms below it that it stands on,
and nothing else; the include graph between files has no circle. Rooms, lowest first, and
what each stands on:

    lib/                     the ground floor: needs nothing of ours
    protocol/                Kafka's bytes: lib
    connectors/connector.h   the plugin API, a plugin's only door: lib
    worker/                  config, herder, runtime, stores: lib, protocol, the API
    connectors/              the built-in plugins: lib and the API only, as any plugin
    transforms/              the built-in transformations and predicates: the same
    rest/                    the REST API: lib, protocol, the API, worker
    cmd/                     the programs (main, dedicated MirrorMaker, mirror-status): all

KNOWN lists the arrows up or sideways not yet taken down, each to be removed with its fix; one that
no longer exists must leave the list too, so the list only shrinks.

SPDX-License-Identifier: Apache-2.0
"""

import os
import re
import sys
import tempfile

ROOMS = [  # (path prefix, room), most specific first
    ("connectors/connector.h", "api"),
    ("lib/", "lib"),
    ("protocol/", "protocol"),
    ("worker/", "worker"),
    ("connectors/", "connectors"),
    ("transforms/", "transforms"),
    ("rest/", "rest"),
    ("cmd/", "cmd"),
]
STANDS_ON = {
    "lib": {"lib"},
    "protocol": {"protocol", "lib"},
    "api": {"api", "lib"},
    "worker": {"worker", "protocol", "api", "lib"},
    "connectors": {"connectors", "api", "lib"},
    "transforms": {"transforms", "api", "lib"},
    "rest": {"rest", "worker", "protocol", "api", "lib"},
    "cmd": {"cmd", "rest", "connectors", "transforms", "worker", "protocol", "api", "lib"},
}

# Arrows up or sideways still in the tree: (includer, included).
KNOWN = set()

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def room(path):
    for prefix, name in ROOMS:
        if path == prefix or (prefix.endswith("/") and path.startswith(prefix)):
            return name
    return None


def sources(root):
    for prefix, _ in ROOMS:
        top = os.path.join(root, prefix)
        if not os.path.isdir(top):
            continue
        for d, _, files in os.walk(top):
            for f in sorted(files):
                if f.endswith((".c", ".h", ".inc")):
                    yield os.path.relpath(os.path.join(d, f), root)


def graph(root):
    edges = {}
    for path in sources(root):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        edges[path] = [inc for inc in INCLUDE.findall(text)
                       if os.path.exists(os.path.join(root, inc))]
    return edges


def faults(root, known=frozenset()):
    """The arrows that break the floors (minus known ones), the known ones that are gone,
    and the circles, as lines of text."""
    edges = graph(root)
    out, seen = [], set()
    for src, incs in edges.items():
        a = room(src)
        for inc in incs:
            b = room(inc)
            if a is None or b is None:
                continue
            if b not in STANDS_ON[a]:
                seen.add((src, inc))
                if (src, inc) not in known:
                    out.append(f"{src} includes {inc}: {a} stands on "
                               f"{', '.join(sorted(STANDS_ON[a]))}, not {b}")
    for src, inc in sorted(known - seen):
        out.append(f"{src} no longer includes {inc}: remove it from KNOWN")
    out += [f"include circle: {' -> '.join(c)}" for c in circles(edges)]
    return out


def circles(edges):
    """Circles of the include graph, a file's own header (x.c -> x.h) included, as paths."""
    found, state, stack = [], {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in edges.get(n, ()):
            if state.get(m) == 1:
                found.append(stack[stack.index(m):] + [m])
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(edges):
        if n not in state:
            visit(n)
    return found


def self_test():
    """The checker on trees made for it: a clean one passes; an arrow up, one between
    sibling rooms, a circle and a stale KNOWN entry each fail, naming the file."""
    def tree(files):
        d = tempfile.mkdtemp(prefix="layers-")
        for path, text in files.items():
            os.makedirs(os.path.join(d, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(d, path), "w") as f:
                f.write(text)
        return d

    clean = {"lib/a.h": "", "lib/a.c": '#include "lib/a.h"\n',
             "protocol/p.c": '#include "lib/a.h"\n', "worker/w.h": '#include "lib/a.h"\n',
             "worker/w.c": '#include "worker/w.h"\n#include "protocol/p.h"\n',
             "connectors/connector.h": '#include "lib/a.h"\n',
             "connectors/x/x.c": '#include "connectors/connector.h"\n',
             "rest/r.c": '#include "worker/w.h"\n', "cmd/main.c": '#include "rest/r.h"\n'}
    cases = [
        ("clean", clean, set(), None),
        ("lib up", clean | {"lib/b.c": '#include "worker/w.h"\n'}, set(), "lib/b.c"),
        ("connector into worker", clean | {"connectors/x/y.c": '#include "worker/w.h"\n'},
         set(), "connectors/x/y.c"),
        ("rest beside connectors", clean | {"rest/s.c": '#include "connectors/x/x.h"\n',
                                            "connectors/x/x.h": ""}, set(), "rest/s.c"),
        ("circle", clean | {"worker/u.h": '#include "worker/v.h"\n',
                            "worker/v.h": '#include "worker/u.h"\n'}, set(), "worker/u.h"),
        ("stale known", clean, {("worker/w.c", "rest/r.h")}, "worker/w.c"),
        ("known arrow", clean | {"worker/z.c": '#include "rest/r.h"\n', "rest/r.h": ""},
         {("worker/z.c", "rest/r.h")}, None),
    ]
    bad = 0
    for name, files, known, expect in cases:
        got = faults(tree(files), frozenset(known))
        ok = (not got) if expect is None else any(expect in line for line in got)
        print(f"layers self-test {name}: {'ok' if ok else 'FAILED'}"
              + ("" if ok else f" (got {got})"))
        bad += not ok
    return 1 if bad else 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    root = argv[0] if argv else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = faults(root, frozenset(KNOWN))
    for line in out:
        print(f"layers: {line}")
    if not out:
        print("layers: every include points down" +
              (f", but for {len(KNOWN)} known ones to remove" if KNOWN else ""))
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
