# fuzz.mk - the fuzz targets, included by the Makefile.
#
# Every target in fuzz/targets/ is one LLVMFuzzerTestOneInput, linked three ways:
#
#   build/fuzz/<t>            the replay driver (fuzz/replay.c): runs files, no fuzzer;
#                             `make test` replays the corpora with it (gcc, then clang
#                             with ASan+UBSan under build/asan/fuzz/<t>)
#   build/libfuzzer/fuzz/<t>  libFuzzer, clang, ASan+UBSan
#   build/afl/fuzz/<t>        AFL++ (afl-clang-fast and its LLVMFuzzerTestOneInput driver)
#
# The engine is what the target is linked with: FUZZ_ENGINE (default: the replay
# driver's object). FUZZ_LD links (OSS-Fuzz links with $CXX, as its engines are C++).
#
#   make fuzz-smoke                          every target a few seconds (part of make test)
#   make fuzz TARGET=query FUZZ_SECONDS=600       a libFuzzer campaign, with a summary
#   make fuzz-afl TARGET=query FUZZ_SECONDS=600   an AFL++ campaign, with a summary
#   make fuzz-reproduce TARGET=query INPUT=FILE   a finding shown again under ASan+UBSan
#   make fuzz-campaign FUZZ_SECONDS=60 [PLATFORM=i386]  every target in turn
#   make fuzz-budget                         every target's slowest inputs within 5 s (part of make test)
#   make corpus                              regenerate corpus/<t>/ from the case tables
#   make oss-fuzz-check                      run fuzz/oss-fuzz/build.sh as OSS-Fuzz would

# Every fuzz/targets/*.c is a target (scripts/fuzz-targets lists them for the scripts).
FUZZ_TARGETS := $(sort $(basename $(notdir $(wildcard fuzz/targets/*.c))))
FUZZ_ENGINE ?= $(O)/obj/fuzz/replay.o
FUZZ_LD ?= $(CC) $(ALL_CFLAGS)

# What each target needs besides the library: its oracle.
FUZZ_EXTRA_model := $(O)/obj/fuzz/oracles/model.o $(O)/obj/fuzz/oracles/sfdict_model.o
# The usage target: the model's usage reading and a second Dictionary reader.
FUZZ_EXTRA_usage := $(O)/obj/fuzz/oracles/model.o $(O)/obj/fuzz/oracles/sfdict_model.o
FUZZ_LIBS_punycode := -lidn2
FUZZ_LIBS_curl_url := -lcurl
# The batch protocol target drives the robots command's batch module in-process.
FUZZ_EXTRA_batch := $(call obj,ref/cli/batch.c ref/cli/batch_request.c ref/cli/allocator.c) $(COMMON_OBJ)
$(call obj,fuzz/targets/batch.c): INCLUDES := -Iref/cli -Icommon
# The WARC target drives robots census's WARC reader in-process (zlib when the
# command has it: CENSUS_ZLIB).
FUZZ_EXTRA_warc := $(call obj,$(CENSUS_READERS)) $(COMMON_OBJ)
FUZZ_LIBS_warc := $(CENSUS_LIBS)
$(call obj,fuzz/targets/warc.c): INCLUDES := -Iref/cli -Icommon
# The runner target drives robots-conform's command line and reports in-process,
# with the schemas, the index and one table built in (scripts/embed-files), so
# that it reads nothing of the source tree wherever it runs.
RUNNER_EMBEDDED := conformance/case-table.schema.json conformance/spec-examples.json conformance/spec-examples.schema.json \
                   conformance/crawler-catalog.json conformance/crawler-catalog.schema.json conformance/cases/rfc.json
FUZZ_EXTRA_runner := $(call obj,$(filter-out conformance/src/command/main.c,$(CONFORM_SRC))) $(COMMON_OBJ)
FUZZ_LIBS_runner := -lcjson $(CMARK_LIBS) -lm
$(call obj,fuzz/targets/runner.c): INCLUDES := $(CONFORM_INCLUDES) -I$(O)/gen
$(call obj,fuzz/targets/runner.c): $(O)/gen/runner_files.h
$(O)/gen/runner_files.h: $(RUNNER_EMBEDDED) scripts/embed-files
	@mkdir -p $(dir $@)
	scripts/embed-files $(RUNNER_EMBEDDED) > $@.tmp && mv $@.tmp $@
# The manual target makes a page of the manual as the site does (conformance/src/site,
# over cmark-gfm).
FUZZ_EXTRA_manual := $(call obj,conformance/src/site/markdown.c) $(COMMON_OBJ)
FUZZ_LIBS_manual := $(CMARK_LIBS)
$(call obj,fuzz/targets/manual.c): INCLUDES := $(CONFORM_INCLUDES)
# The access_log target reads lines as robots review --log does (ref/cli/access_log.c).
FUZZ_EXTRA_access_log := $(call obj,ref/cli/access_log.c)
$(call obj,fuzz/targets/access_log.c): INCLUDES := -Iref/cli
# The sitemap target reads XML sitemaps as robots review --sitemap does
# (ref/cli/sitemap.c): expat (REVIEW_LIBS), and zlib when the command has it.
FUZZ_EXTRA_sitemap := $(call obj,ref/cli/sitemap.c ref/cli/allocator.c) $(COMMON_OBJ)
FUZZ_LIBS_sitemap := $(REVIEW_LIBS) $(if $(CENSUS_ZLIB),-lz)
$(call obj,fuzz/targets/sitemap.c): INCLUDES := -Iref/cli $(if $(CENSUS_ZLIB),-DROBOTS_CENSUS_ZLIB)
# The sweep target compares two internal matchers of the library.
$(call obj,fuzz/targets/sweep.c): INCLUDES := -Iref/src

# The engine, when it is one of our objects, is built like the others.
FUZZ_ENGINE_OBJ := $(filter $(O)/obj/%.o,$(FUZZ_ENGINE))
FUZZ_BINS := $(addprefix $(O)/fuzz/,$(FUZZ_TARGETS))

.PHONY: FORCE fuzz-build fuzz-replay fuzz-smoke fuzz-budget fuzz fuzz-reproduce test-fuzz-reproduce test-crash-state test-seed-layout fuzz-campaign fuzz-afl fuzz-speed corpus test-corpus oss-fuzz-check test-fuzz-artifacts \
        fuzz-libfuzzer-build fuzz-afl-build

fuzz-build: $(FUZZ_BINS)

.SECONDEXPANSION:
$(FUZZ_BINS): $(O)/fuzz/%: $(O)/obj/fuzz/targets/%.o $$(FUZZ_EXTRA_$$*) $(LIB) $(FUZZ_ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(FUZZ_LD) $(O)/obj/fuzz/targets/$*.o $(FUZZ_EXTRA_$*) $(LIB) $(FUZZ_ENGINE) $(FUZZ_LIBS_$*) -o $@

# ---- Corpora -------------------------------------------------------------------------

# robots-corpus: the generator (fuzz/tools/) and every target's seed layout, which
# is fuzz/seeds/TARGET.c for each fuzz/targets/TARGET.c and for google_diff (a
# target without one does not link). $(O)/gen/seed_targets.h lists the targets for
# the tools' table; it is rewritten only when the list changes.
SEED_TARGETS := $(FUZZ_TARGETS) google_diff
SEED_SRC := $(addprefix fuzz/seeds/,$(addsuffix .c,$(SEED_TARGETS)))
SEED_LIST := $(O)/gen/seed_targets.h
$(SEED_LIST): FORCE
	@mkdir -p $(dir $@)
	@printf 'SEED_TARGET(%s)\n' $(SEED_TARGETS) > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
CORPUS_GEN := $(O)/bin/robots-corpus
$(CORPUS_GEN): $(call obj,fuzz/tools/make_corpus.c fuzz/tools/target_table.c fuzz/tools/seed_sink.c $(SEED_SRC) \
                 $(addprefix conformance/src/tables/,tables.c catalog.c schema.c spec_index.c json_file.c request.c)) \
               $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson -lm
# Both tools look targets up in one table (fuzz/tools/target_table.c), made from the list.
$(call obj,fuzz/tools/target_table.c): $(SEED_LIST)
$(call obj,fuzz/tools/target_table.c): INCLUDES := -I$(O)/gen -Ifuzz/tools $(call room_includes,tables)
$(call obj,fuzz/tools/make_corpus.c fuzz/tools/seed_layout.c fuzz/tools/seed_sink.c $(SEED_SRC)): INCLUDES := -Ifuzz/tools \
    $(call room_includes,tables)
# robots-seed-layout: every seed and regression read as its target reads it, by the
# layout checks beside the seeds (layout_TARGET in fuzz/seeds/TARGET.c).
SEED_LAYOUT := $(O)/bin/robots-seed-layout
$(SEED_LAYOUT): $(call obj,fuzz/tools/seed_layout.c fuzz/tools/target_table.c fuzz/tools/seed_sink.c $(SEED_SRC) \
                 $(addprefix conformance/src/tables/,tables.c catalog.c schema.c spec_index.c json_file.c request.c)) \
               $(COMMON_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@ -lcjson -lm

# Seeds for every target from the case tables; deterministic, so the committed
# corpus changes only when the tables or the generator do.
corpus: $(CORPUS_GEN)
	$(CORPUS_GEN) --out corpus $(SEED_TARGETS)

# The committed seeds must be what the generator makes from today's tables.
test-corpus: $(CORPUS_GEN)
	rm -rf $(O)/corpus-check
	$(CORPUS_GEN) --quiet --out $(O)/corpus-check $(SEED_TARGETS)
	@for t in $(SEED_TARGETS); do \
	    diff -rq corpus/$$t $(O)/corpus-check/$$t >/dev/null || { \
	        echo "corpus/$$t does not match the tables: run 'make corpus' and commit it"; \
	        diff -rq corpus/$$t $(O)/corpus-check/$$t | head -5; exit 1; }; \
	done
	@echo "corpus/ is up to date with the case tables"

# Every target's seeds (corpus/TARGET/, google_diff's too) and regressions
# (corpus/regressions/TARGET/) are in the layout the target reads (issue 63: google_diff
# had the query target's seeds, each agent behind a profile byte). In make test.
test-seed-layout: $(SEED_LAYOUT)
	$(SEED_LAYOUT) $(SEED_TARGETS)

# Every seed and every regression through every target.
fuzz-replay: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do \
	    $(O)/fuzz/$$t corpus/$$t $$(ls -d corpus/regressions/$$t 2>/dev/null) || exit 1; \
	done

# ---- Engines --------------------------------------------------------------------------

FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# PLATFORM=i386: the libFuzzer build and campaigns for 32-bit x86 (clang -m32), in
# build/libfuzzer-i386, without the targets that link 64-bit system libraries (and
# the warc target without zlib and brotli: CENSUS_ZLIB= CENSUS_BROTLI=).
PLATFORM ?=
ifeq ($(PLATFORM),i386)
LIBFUZZER_DIR := build/libfuzzer-i386
FUZZ_M32 := -m32 -idirafter build/i386/sysinclude
I386_ONLY := $(filter-out punycode curl_url runner,$(FUZZ_TARGETS))
else ifneq ($(PLATFORM),)
$(error PLATFORM is i386 or empty (x86-64), not '$(PLATFORM)')
else
LIBFUZZER_DIR := build/libfuzzer
FUZZ_M32 :=
endif
AFL_DIR := build/afl
AFL_CC ?= afl-clang-fast

fuzz-libfuzzer-build:
ifeq ($(PLATFORM),i386)
	@mkdir -p build/i386/sysinclude && ln -sfn /usr/include/x86_64-linux-gnu/asm build/i386/sysinclude/asm
	$(MAKE) --no-print-directory O=$(LIBFUZZER_DIR) CC="$(ASAN_CC) $(FUZZ_M32)" OPT="-O1 -g" PLATFORM= CENSUS_ZLIB= CENSUS_BROTLI= \
	    SAN="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" FUZZ_ENGINE=-fsanitize=fuzzer \
	    $(addprefix $(LIBFUZZER_DIR)/fuzz/,$(I386_ONLY))
else
	$(MAKE) --no-print-directory O=$(LIBFUZZER_DIR) CC=$(ASAN_CC) OPT="-O1 -g" \
	    SAN="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" FUZZ_ENGINE=-fsanitize=fuzzer fuzz-build
endif

fuzz-afl-build:
	AFL_QUIET=1 $(MAKE) --no-print-directory O=$(AFL_DIR) CC=$(AFL_CC) OPT="-O2 -g" \
	    SAN= FUZZ_ENGINE=-fsanitize=fuzzer fuzz-build

# Each smoke run starts from the target's seeds and regressions and must end with no
# finding; what it learns goes to a scratch directory, not to corpus/.
SMOKE_SECONDS ?= 8
AFL_SMOKE_TARGET ?= query
AFL_SMOKE_SECONDS ?= 15
fuzz-smoke: fuzz-libfuzzer-build fuzz-afl-build
	@for t in $(FUZZ_TARGETS); do \
	    FUZZ_WORK=build/fuzz-smoke scripts/fuzz-campaign libfuzzer $(LIBFUZZER_DIR)/fuzz/$$t $$t $(SMOKE_SECONDS) --quiet || exit 1; \
	done
	FUZZ_WORK=build/fuzz-smoke scripts/fuzz-campaign afl $(AFL_DIR)/fuzz/$(AFL_SMOKE_TARGET) $(AFL_SMOKE_TARGET) $(AFL_SMOKE_SECONDS) --quiet

TARGET ?= query
FUZZ_SECONDS ?= 600
fuzz: fuzz-libfuzzer-build
	scripts/fuzz-campaign libfuzzer $(LIBFUZZER_DIR)/fuzz/$(TARGET) $(TARGET) $(FUZZ_SECONDS)

# A campaign of every target in turn, FUZZ_SECONDS each (PLATFORM=i386: on 32-bit
# x86, under ASan and UBSan): each starts from its seeds and regressions, which it
# leaves as they are, and ends with no finding or stops.
fuzz-campaign: fuzz-libfuzzer-build
	@for t in $(if $(filter i386,$(PLATFORM)),$(I386_ONLY),$(FUZZ_TARGETS)); do \
	    FUZZ_WORK=build/fuzz-work$(if $(PLATFORM),-$(PLATFORM)) scripts/fuzz-campaign libfuzzer $(LIBFUZZER_DIR)/fuzz/$$t $$t $(FUZZ_SECONDS) || exit 1; \
	done

# make fuzz-reproduce TARGET=query INPUT=FILE: a finding shown again by the build
# that finds them (libFuzzer, ASan+UBSan; only that target is built), not by the
# replay driver, which has no sanitizer. TARGET=google_diff needs GOOGLE_ROBOTSTXT.
fuzz-reproduce:
	@test -n "$(INPUT)" && test -f "$(INPUT)" || \
	    { echo "make fuzz-reproduce: set INPUT to the file of the finding (and TARGET, default query)" >&2; exit 2; }
	@test -f fuzz/targets/$(TARGET).c || test "$(TARGET)" = google_diff || \
	    { echo "make fuzz-reproduce: no fuzz target '$(TARGET)' (fuzz/targets/, or google_diff)" >&2; exit 2; }
ifeq ($(TARGET),google_diff)
	$(MAKE) --no-print-directory fuzz-google-build GOOGLE_ROBOTSTXT="$(GOOGLE_ROBOTSTXT)"
else
	$(MAKE) --no-print-directory O=$(LIBFUZZER_DIR) CC=$(ASAN_CC) OPT="-O1 -g" \
	    SAN="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" FUZZ_ENGINE=-fsanitize=fuzzer $(LIBFUZZER_DIR)/fuzz/$(TARGET)
endif
	@mkdir -p build/reproduce
	$(LIBFUZZER_DIR)/fuzz/$(TARGET) -artifact_prefix=build/reproduce/ $(INPUT)

# In make test: a seed reproduces cleanly through the sanitizer build, and a call
# without an input or with an unknown target is refused.
test-fuzz-reproduce:
	@mkdir -p $(O)
	$(MAKE) --no-print-directory fuzz-reproduce TARGET=query INPUT=$(firstword $(sort $(wildcard corpus/query/*))) \
	    > $(O)/fuzz-reproduce.log 2>&1 || { tail -20 $(O)/fuzz-reproduce.log; exit 1; }
	@grep -q 'Executed .* in [0-9]* ms' $(O)/fuzz-reproduce.log || { echo "fuzz-reproduce ran no input"; exit 1; }
	@if $(MAKE) --no-print-directory fuzz-reproduce TARGET=query >/dev/null 2>&1; then echo "fuzz-reproduce runs with no INPUT"; exit 1; fi
	@if $(MAKE) --no-print-directory fuzz-reproduce TARGET=no-such INPUT=Makefile >/dev/null 2>&1; then \
	    echo "fuzz-reproduce runs an unknown target"; exit 1; fi
	@echo "fuzz-reproduce: a seed replays under ASan+UBSan; no input and an unknown target are refused"

# One crash state per invariant (common.h's DEFINE_FINDING): two findings planted
# in fuzz/tools/crash_state.c, linked with libFuzzer under ASan+UBSan at OSS-Fuzz's
# -O1 and at -O2, must abort from two different frames below abort(), each named
# for its invariant (fuzz/tools/check-crash-state, with llvm-symbolizer). In make test.
CRASH_STATE_DIR := $(O)/crash-state
test-crash-state:
	$(MAKE) --no-print-directory O=$(LIBFUZZER_DIR) CC=$(ASAN_CC) OPT="-O1 -g" \
	    SAN="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" $(LIBFUZZER_DIR)/lib/librobots.a
	@mkdir -p $(CRASH_STATE_DIR)
	for opt in O1 O2; do \
	    $(ASAN_CC) -std=c11 $(WARN) -$$opt -g $(FUZZ_SAN) -fsanitize=fuzzer -D_POSIX_C_SOURCE=200809L -Iref/include \
	        fuzz/tools/crash_state.c $(LIBFUZZER_DIR)/lib/librobots.a -o $(CRASH_STATE_DIR)/crash_state-$$opt || exit 1; \
	done
	fuzz/tools/check-crash-state $(CRASH_STATE_DIR)/crash_state-O1 $(CRASH_STATE_DIR)/crash_state-O2

fuzz-afl: fuzz-afl-build
	scripts/fuzz-campaign afl $(AFL_DIR)/fuzz/$(TARGET) $(TARGET) $(FUZZ_SECONDS)

# A failing input stays under build/: git ignores artifacts everywhere, every fuzzer
# run shown in the project names their place, and a fuzzer that fails at once,
# run by scripts/fuzz-campaign, leaves nothing outside build/.
test-fuzz-artifacts:
	ASAN_CC="$(ASAN_CC)" scripts/test-fuzz-artifacts

# ---- OSS-Fuzz -------------------------------------------------------------------------

# fuzz/oss-fuzz/build.sh, run here with the environment OSS-Fuzz gives it, then every
# fuzzer it produced over its own seed corpus zip.
# --draft: project.yaml's contacts are placeholders until the project is submitted
# (the check says which; without --draft it refuses them).
oss-fuzz-check:
	scripts/oss-fuzz-check --draft

# ---- Time budget -------------------------------------------------------------------------

# No fuzzer may time out on an input its own options allow (issue 63; OSS-Fuzz
# stops one at 25 s): robots-worst (fuzz/tools/worst_inputs.c) writes inputs made to
# be slow for every target, in its layout, at its max_len (or its harness's cap when
# smaller), and scripts/fuzz-budget runs them through the target's libFuzzer build
# (ASan+UBSan), each within BUDGET_SECONDS of CPU, printing each target's slowest. The
# inputs are made under $(O)/fuzz-budget, never kept. google_diff too when it was
# built (make fuzz-google-build). In make test: under a minute (docs/fuzzing.md,
# "Time budget", has the figures).
BUDGET_SECONDS ?= 5
WORST_GEN := $(O)/bin/robots-worst
$(WORST_GEN): $(call obj,fuzz/tools/worst_inputs.c)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $^ -o $@
fuzz-budget: fuzz-libfuzzer-build $(WORST_GEN)
	BUDGET_SECONDS=$(BUDGET_SECONDS) scripts/fuzz-budget $(LIBFUZZER_DIR)/fuzz $(WORST_GEN) $(O)/fuzz-budget \
	    $(if $(filter i386,$(PLATFORM)),$(I386_ONLY))

# Executions per second of every target under libFuzzer with ASan+UBSan, on small
# inputs and on the seed corpus as it is (scripts/fuzz-speed; SPEED_SECONDS each,
# the median of SPEED_RUNS runs).
SPEED_SECONDS ?= 30
SPEED_RUNS ?= 1
fuzz-speed: fuzz-libfuzzer-build
	SPEED_RUNS=$(SPEED_RUNS) scripts/fuzz-speed $(SPEED_SECONDS)

# ---- Google's parser as a live oracle ---------------------------------------------------

# google_diff (fuzz/google/): the reference's google profile against Google's
# RobotsMatcher in one process, from a checkout of github.com/google/robotstxt
# (GOOGLE_ROBOTSTXT=DIR; Debian's libabsl-dev). Its code is compiled from the
# checkout, never copied here. Seeds: corpus/google_diff (its own layout, AGENT\nURL\n
# ROBOTS: the query seeds without their profile byte; make corpus); dictionary
# fuzz/dict/google_diff.dict.
#   make fuzz-google GOOGLE_ROBOTSTXT=DIR [FUZZ_SECONDS=600]   a campaign
#   make fuzz-google-selftest GOOGLE_ROBOTSTXT=DIR   a switch toggled must be found within a minute
GOOGLE_DIFF := $(LIBFUZZER_DIR)/fuzz/google_diff
GOOGLE_DIFF_OBJ := $(LIBFUZZER_DIR)/obj/fuzz/google
GOOGLE_ABSL := -labsl_strings -labsl_strings_internal -labsl_raw_logging_internal -labsl_throw_delegate -labsl_int128
GOOGLE_SWITCH ?= index-html
.PHONY: fuzz-google-build fuzz-google fuzz-google-selftest
fuzz-google-build:
	@test -n "$(GOOGLE_ROBOTSTXT)" && test -f "$(GOOGLE_ROBOTSTXT)/robots.cc" || \
	    { echo "make fuzz-google: set GOOGLE_ROBOTSTXT to a checkout of github.com/google/robotstxt" >&2; exit 2; }
	$(MAKE) --no-print-directory O=$(LIBFUZZER_DIR) CC=$(ASAN_CC) OPT="-O1 -g" \
	    SAN="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" $(LIBFUZZER_DIR)/lib/librobots.a
	@mkdir -p $(GOOGLE_DIFF_OBJ) $(dir $(GOOGLE_DIFF))
	$(ASAN_CC) -std=c11 $(WARN) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -D_POSIX_C_SOURCE=200809L -Iref/include \
	    -c fuzz/google/google_diff.c -o $(GOOGLE_DIFF_OBJ)/google_diff.o
	clang++ -std=c++17 -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -I$(GOOGLE_ROBOTSTXT) \
	    -c fuzz/google/google_side.cc -o $(GOOGLE_DIFF_OBJ)/google_side.o
	clang++ -std=c++17 -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link -w -I$(GOOGLE_ROBOTSTXT) \
	    -c $(GOOGLE_ROBOTSTXT)/robots.cc -o $(GOOGLE_DIFF_OBJ)/google_robots.o
	clang++ $(FUZZ_SAN) -fsanitize=fuzzer $(GOOGLE_DIFF_OBJ)/google_diff.o $(GOOGLE_DIFF_OBJ)/google_side.o \
	    $(GOOGLE_DIFF_OBJ)/google_robots.o $(LIBFUZZER_DIR)/lib/librobots.a $(GOOGLE_ABSL) -o $(GOOGLE_DIFF)

fuzz-google: fuzz-google-build
	scripts/fuzz-campaign libfuzzer $(GOOGLE_DIFF) google_diff $(FUZZ_SECONDS)

# The target can fail: with one switch of the reference toggled (GOOGLE_SWITCH,
# default index-html) it must report a disagreement within 60 seconds.
fuzz-google-selftest: fuzz-google-build
	@rm -rf build/fuzz-google-selftest && mkdir -p build/fuzz-google-selftest
	@if ROBOTS_DIFF_TOGGLE=$(GOOGLE_SWITCH) $(GOOGLE_DIFF) -max_total_time=60 -dict=fuzz/dict/google_diff.dict \
	        -artifact_prefix=build/fuzz-google-selftest/ build/fuzz-google-selftest corpus/google_diff \
	        >build/fuzz-google-selftest/log 2>&1; then \
	    echo "fuzz-google-selftest: the switch $(GOOGLE_SWITCH) toggled went unnoticed for 60 s"; exit 1; fi
	@grep -q "FINDING: the reference (google profile, one switch toggled" build/fuzz-google-selftest/log || \
	    { tail -20 build/fuzz-google-selftest/log; echo "fuzz-google-selftest: the target failed, but not with a disagreement"; exit 1; }
	@echo "fuzz-google-selftest: the switch $(GOOGLE_SWITCH) toggled is found:"; grep -m1 "FINDING" build/fuzz-google-selftest/log
