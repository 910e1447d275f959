# kconnect - a Kafka Connect compatible distributed worker in C.
#
#   make                 build build/kconnect
#   make test            every tier CI runs: the include floors (tests/layers.py), unit
#                        (cmocka), the fuzz targets (each over its seeds, then a bounded
#                        search: FUZZ_TEST_SECONDS, 60 s for all of them together on
#                        FUZZ_TEST_JOBS=2 cores), and integration (pytest against real Kafka),
#                        under ASan+UBSan; ends with "N passed, N failed"
#   make layers          only the include floors: no file includes a header above its own
#   make run             local source and target Kafka clusters plus one worker on :8083
#   make stop            stop what `make run` started
#   make fuzz            build the libFuzzer targets and run each in turn for FUZZ_SECONDS
#                        (60), growing its corpus in build/fuzz/corpus-<target>; what it
#                        finds is written to build/fuzz/ (add it to tests/fuzz/seeds/)
#   make bench           kconnect against Java Connect and a bare librdkafka pipe, side by
#                        side on local brokers (bench/README.md); not part of `make test`
#   make faults          kconnect and Java Connect under kill -9 (rolling kills of a Connect
#                        cluster, a dedicated MirrorMaker node), every record checked: lost,
#                        duplicated, time to recover (faults/README.md); not part of `make test`
#   make install         build/kconnect, the bin/ wrappers and the examples under PREFIX
#                        (/usr/local) in DESTDIR: PREFIX/bin, PREFIX/share/kconnect/examples
#   make SANITIZE=address,undefined    an ASan+UBSan build (in build/san/)
#
# `make`, `make test` and `make run` install what a fresh machine lacks (tests/setup.sh).
#
# SPDX-License-Identifier: Apache-2.0

KC_VERSION    := 0.1.0
# The Kafka release we are compatible with and test against: pinned in tests/kafka/pom.xml.
KAFKA_VERSION := $(shell sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' tests/kafka/pom.xml | head -n 1)
KC_COMMIT     := $(shell git rev-parse --short=16 HEAD 2>/dev/null || echo unknown)

CC       ?= cc
SANITIZE ?=
# librdkafka is built by tests/setup.sh (Debian's 2.0.2 cannot do SCRAM with Kafka 4) and
# linked statically, so build/kconnect does not depend on the cache it was built from.
RDKAFKA_PREFIX ?= $(shell tests/setup.sh env | sed -n 's/^RDKAFKA_PREFIX=//p')
RDKAFKA_PC := PKG_CONFIG_PATH=$(RDKAFKA_PREFIX)/lib/pkgconfig pkg-config
PKGS     := jansson libmicrohttpd uuid openssl libpcre2-8 gnutls
# libcurl: its headers only; lib/http.c loads it with the first request (why there).
DLOPENED := libcurl

ifeq ($(SANITIZE),)
BUILD    := build
OPT      := -O2
else
BUILD    := build/san
OPT      := -O1 -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=undefined
endif

CFLAGS   ?= -g
CFLAGS   += -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -D_GNU_SOURCE $(OPT) -I. -MMD -MP \
            -DKC_VERSION='"$(KC_VERSION)"' -DKC_KAFKA_VERSION='"$(KAFKA_VERSION)"' \
            -DKC_COMMIT='"$(KC_COMMIT)"'
# -isystem: warnings in library headers are not ours to fix.
PKG_CFLAGS = $(patsubst -I%,-isystem %,$(shell $(RDKAFKA_PC) --cflags rdkafka-static $(PKGS) $(DLOPENED) 2>/dev/null))
PKG_LIBS   = $(shell $(RDKAFKA_PC) --libs rdkafka-static $(PKGS) 2>/dev/null)
LDLIBS   += $(PKG_LIBS) -lpthread -lm -ldl
LDFLAGS  += $(filter -fsanitize=%,$(OPT))

# Every source but main goes into a library the unit tests link against.
LIB_SRCS := $(wildcard lib/*.c protocol/*.c worker/*.c rest/*.c connectors/*/*.c transforms/*.c \
                       cmd/*.c)
LIB_SRCS := $(filter-out cmd/main.c,$(LIB_SRCS))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
MAIN_OBJ := $(BUILD)/obj/cmd/main.o
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
PLUGIN_SRCS := $(wildcard tests/plugins/*.c)
PLUGIN_SOS := $(PLUGIN_SRCS:tests/plugins/%.c=$(BUILD)/tests/plugins/%.so)
TOOL_SRCS := $(wildcard tests/tools/*.c)
TOOL_BINS := $(TOOL_SRCS:tests/tools/%.c=$(BUILD)/tests/%)
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=build/fuzz/%)
FUZZ_SECONDS ?= 60

.PHONY: all setup setup-build setup-test unit-bins test-bins test test-unit test-integration layers run stop fuzz \
        install \
        bench faults clean FORCE
.DEFAULT_GOAL := all

all: setup-build $(BUILD)/kconnect

# What building needs: Debian packages and librdkafka (a no-op when all are there).
setup-build:
	@tests/setup.sh packages librdkafka

setup:
	@tests/setup.sh

# The tests also drive a browser (the live page's).
setup-test:
	@tests/setup.sh packages librdkafka kafka venv browser

# Plugins call librdkafka through the binary's own copy (connectors/plugin_exports.list).
$(BUILD)/kconnect: $(MAIN_OBJ) $(BUILD)/libkc.a connectors/plugin_exports.list
	$(CC) $(LDFLAGS) -Wl,--dynamic-list=connectors/plugin_exports.list -o $@ \
	    $(MAIN_OBJ) $(BUILD)/libkc.a $(LDLIBS)

# main.c reports KC_COMMIT (log, GET /): it is rebuilt when HEAD moves, not only when it
# changes. The stamp is rewritten only when the commit differs.
$(MAIN_OBJ): $(BUILD)/commit.stamp
$(BUILD)/commit.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(KC_COMMIT)' | cmp -s - $@ || echo '$(KC_COMMIT)' > $@
FORCE:

$(BUILD)/libkc.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

# The live page is assembled into rest/ui.o (.incbin), which the compiler's dependency
# files cannot know.
$(BUILD)/obj/rest/ui.o build/fuzz/obj/rest/ui.o: rest/ui.html

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libkc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BUILD)/libkc.a $(LDFLAGS) $(LDLIBS) -lcmocka

# Programs the integration tests drive (e.g. a bare Connect group member).
$(BUILD)/tests/%: tests/tools/%.c $(BUILD)/libkc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BUILD)/libkc.a $(LDFLAGS) $(LDLIBS)

# Connector plugins as third parties build them: -fPIC -shared, only the entry exported.
$(BUILD)/tests/plugins/%.so: tests/plugins/%.c connectors/connector.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -fPIC -shared -fvisibility=hidden -o $@ $< $(LDFLAGS) -ljansson

unit-bins: $(UNIT_BINS)

test-bins: $(UNIT_BINS) $(TOOL_BINS) $(PLUGIN_SOS)

# make test: sanitized build of everything, then every tier, one summary line.
# The builds run one compiler per core (CI calls a plain `make test`). The plain
# build/kconnect is built with them: the integration test of `make run` (which builds it
# when missing) would otherwise compile it, one file at a time, while tests run beside it.
JOBS := -j$(shell nproc 2>/dev/null || echo 2)

test: setup-test
	@$(MAKE) --no-print-directory $(JOBS) SANITIZE=address,undefined build/san/kconnect test-bins
	@$(MAKE) --no-print-directory $(JOBS) build/kconnect
	@$(MAKE) --no-print-directory $(JOBS) $(FUZZ_BINS)
	@tests/run.sh build/san

# Every include points down a floor (tests/layers.py); make test runs it first too.
layers:
	@tests/run.sh build layers

test-unit: setup-build
	@$(MAKE) --no-print-directory $(JOBS) SANITIZE=address,undefined unit-bins
	@tests/run.sh build/san unit

test-integration: setup-test
	@$(MAKE) --no-print-directory $(JOBS) SANITIZE=address,undefined build/san/kconnect test-bins
	@tests/run.sh build/san integration

# The bare consume->produce pipe `make bench` measures kconnect against: librdkafka alone,
# linked as build/kconnect links it (libkc only for MirrorMaker's offset-sync rule and
# records, which the pipe writes with -s).
$(BUILD)/bench/pipe: bench/pipe.c $(BUILD)/libkc.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BUILD)/libkc.a $(LDFLAGS) $(LDLIBS)

# The record-for-record check of every copy `make bench` makes (a digest of a topic or a file).
$(BUILD)/bench/verify: bench/verify.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(LDFLAGS) $(LDLIBS)

# bench/run.sh installs what it needs, builds build/kconnect and build/bench/pipe (never
# sanitized), runs every scenario and writes build/bench/.
bench:
	@bench/run.sh

# faults/run.sh installs what it needs, builds the optimized build/kconnect, runs every fault
# scenario for both kinds, one after the other, and writes build/faults/.
faults:
	@faults/run.sh

run: setup all
	@tests/run-local.sh start

stop:
	@tests/run-local.sh stop

# The fuzz targets: the library is compiled once with coverage instrumentation
# (fuzzer-no-link) into build/fuzz/libkc.a, and each target only links against it. Undefined
# behaviour stops a target as a crash does (as in SANITIZE builds), whatever UBSAN_OPTIONS say.
# tests/fuzz/capture_seeds.py takes seeds of a broker's bytes from a real broker.
FUZZ_CFLAGS := -std=c11 -g -O1 -D_GNU_SOURCE -I. -Wall -Wextra -Werror -MMD -MP \
               -fno-sanitize-recover=undefined \
               -DKC_VERSION='"$(KC_VERSION)"' -DKC_KAFKA_VERSION='"$(KAFKA_VERSION)"'
FUZZ_OBJS   := $(LIB_SRCS:%.c=build/fuzz/obj/%.o)

build/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined $(PKG_CFLAGS) -c -o $@ $<

build/fuzz/libkc.a: $(FUZZ_OBJS)
	@rm -f $@
	ar rcs $@ $^

build/fuzz/%: tests/fuzz/%.c build/fuzz/libkc.a
	clang $(FUZZ_CFLAGS) -MF build/fuzz/obj/$*.d -fsanitize=fuzzer,address,undefined $(PKG_CFLAGS) -o $@ $< \
		build/fuzz/libkc.a $(PKG_LIBS) -lpthread -lm

fuzz: setup-build $(FUZZ_BINS)
	@for f in $(FUZZ_BINS); do \
		mkdir -p build/fuzz/corpus-$$(basename $$f); \
		echo "fuzz: $$f for $(FUZZ_SECONDS)s"; \
		$$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=build/fuzz/ \
			build/fuzz/corpus-$$(basename $$f) tests/fuzz/seeds/$$(basename $$f) || exit 1; \
	done

# The binary, the wrappers beside it (they run the kconnect next to them) and the examples
# (worker files, connector JSON, systemd units). KCONNECT_INSTALL_BIN: another binary to
# install instead of build/kconnect (one already built, e.g. by the tests).
PREFIX ?= /usr/local
KCONNECT_INSTALL_BIN ?= $(BUILD)/kconnect
install: $(KCONNECT_INSTALL_BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/kconnect/examples
	install -m 0755 $(KCONNECT_INSTALL_BIN) $(DESTDIR)$(PREFIX)/bin/kconnect
	install -m 0755 bin/connect-distributed.sh bin/connect-standalone.sh \
	    bin/connect-mirror-maker.sh bin/kconnect-run-class.sh $(DESTDIR)$(PREFIX)/bin/
	cp -R examples/. $(DESTDIR)$(PREFIX)/share/kconnect/examples/

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
