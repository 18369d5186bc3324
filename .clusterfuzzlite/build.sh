#!/bin/bash -eu
# ClusterFuzzLite runs this from $SRC/robots; the build is OSS-Fuzz's.
exec bash scripts/oss-fuzz-build
