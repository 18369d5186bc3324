# thresholds.awk - compares `lcov --summary` (second input) with coverage/thresholds
# (first input) and exits 1 when any measure is below its threshold.
#   lcov --summary ref.info 2>&1 | awk -f coverage/thresholds.awk coverage/thresholds -
# The comparison uses lcov's counts, not its rounded percentages, so 100 means every
# single line, and 95 means hit * 100 >= 95 * total.

FNR == NR {
    if ($0 !~ /^[ \t]*(#|$)/) want[$1] = $2
    next
}

# "  lines......: 98.1% (2033 of 2073 lines)"
/^ *(lines|functions|branches)\.*:/ {
    measure = $1; sub(/\.*:$/, "", measure)
    hit = $3; sub(/^\(/, "", hit)
    total = $5
    seen[measure] = 1
    if (!(measure in want)) next
    if (hit * 100 < want[measure] * total) {
        printf "coverage: %s %d of %d is below the threshold of %s%% (coverage/thresholds)\n",
            measure, hit, total, want[measure]
        failed = 1
    }
}

END {
    for (m in want) if (!(m in seen)) {
        printf "coverage: lcov reported no %s (coverage/thresholds)\n", m
        failed = 1
    }
    if (failed) exit 1
    printf "coverage: thresholds met (coverage/thresholds:"
    for (m in want) printf " %s %s%%", m, want[m]
    print ")"
}
