#!/bin/bash -eu
# ClusterFuzzLite runs this from $SRC/robots; the build is OSS-Fuzz's.
exec bash fuzz/oss-fuzz/build.sh
