#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script: builds every fuzz target with the
# compiler, flags and fuzzing engine the environment gives (CC, CXX, CFLAGS,
# CXXFLAGS, LIB_FUZZING_ENGINE, SANITIZER), and installs into $OUT, for each target:
#   robots_<target>                  the fuzzer
#   robots_<target>_seed_corpus.zip  its seeds (corpus/<target>) and every
#                                    regression found so far (corpus/regressions/<target>)
#   robots_<target>.dict             its dictionary
# It runs from the project's root (the Dockerfiles make that the working
# directory); intermediate files go to $WORK. `make oss-fuzz-check` runs it here.

targets="$(scripts/fuzz-targets | tr '\n' ' ')"
if [ "${ARCHITECTURE:-x86_64}" = i386 ]; then
    # The i386 build links 32-bit libraries only: libidn2, libcurl and cJSON are the
    # 64-bit system's, so the targets that use them are left out of it.
    targets="$(scripts/fuzz-targets | grep -v -x -e punycode -e curl_url -e runner | tr '\n' ' ')"
fi
if [ "$SANITIZER" = memory ]; then
    # MemorySanitizer needs every library instrumented; libidn2, libcurl and cJSON
    # are the system's, so the targets that use them are left out of this build.
    targets="$(scripts/fuzz-targets | grep -v -x -e punycode -e curl_url -e runner | tr '\n' ' ')"
fi

build="$WORK/robots-build"
binaries=""
for t in $targets; do binaries="$binaries $build/fuzz/$t"; done

# The flags are the environment's (make reads CFLAGS from it); warnings are not
# errors here, as the compiler may be newer than the ones the project is tested with.
# shellcheck disable=SC2086
make -j"$(nproc)" O="$build" CC="$CC" OPT= WERROR= SAN= \
    FUZZ_ENGINE="$LIB_FUZZING_ENGINE" FUZZ_LD="$CXX $CXXFLAGS" $binaries

for t in $targets; do
    cp "$build/fuzz/$t" "$OUT/robots_$t"
    cp -L "fuzz/dict/$t.dict" "$OUT/robots_$t.dict"
    seeds="corpus/$t"
    [ -d "corpus/regressions/$t" ] && seeds="$seeds corpus/regressions/$t"
    # shellcheck disable=SC2086
    zip -q -j -r "$OUT/robots_${t}_seed_corpus.zip" $seeds
done
