/*
 * main.c - robots-diff: a differential campaign against an implementation. It
 * generates robots.txt files, crawlers and URLs around the specification's sharp
 * edges (and mutations of the tables' cases and of --corpus files), asks the
 * reference in process and the target through the batch protocol in pipelined
 * batches, minimises every disagreement, clusters them by cause, and writes
 * DIR/report.md and DIR/cases/diff.json (replayable with robots-conform).
 *
 * Exit status: 0 when the target agreed on everything, 1 when it disagreed or
 * failed checks, 2 for a usage error or a target that cannot be started, 128 + N
 * when signal N (SIGINT, SIGTERM, SIGHUP) interrupted it: the target is killed,
 * the batch in flight dropped, and the reports say after how many checks
 * (interrupt.h, output.h).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ask.h"
#include "cluster.h"
#include "file.h"
#include "generate.h"
#include "interrupt.h"
#include "minimize.h"
#include "output.h"
#include "simplify.h"
#include "paths.h"
#include "tables.h"

#define BATCH 256                /* checks per write to the target */
#define MINIMISE_BUDGET 1000     /* questions per minimisation */
#define MINIMISE_WINDOW 64       /* candidates per question to a batch target */
#define SIMPLIFY_BUDGET 100      /* rewrites tried per minimisation */
#define MINIMISE_MAX 2000        /* minimisations per campaign */

static void usage(FILE *f, const char *prog) {
    fprintf(f,
            "Usage: %s (--batch-cmd \"CMD ARGS\" | --command TEMPLATE) (--seconds N | --count N) --out DIR\n"
            "       [OPTIONS]\n"
            "\n"
            "Generates robots.txt files, crawlers and URLs around the specification's sharp\n"
            "edges, asks the reference (in this process) and the implementation (a program\n"
            "speaking the batch protocol, conformance/PROTOCOL.md), minimises every\n"
            "disagreement and groups them by cause.\n"
            "\n"
            "  --batch-cmd \"CMD ARGS\"   the implementation under test, speaking the batch protocol\n"
            "  --command TEMPLATE       or a program run once per check: %%robots%% (a temporary file\n"
            "                           holding the robots.txt), %%user-agent%% and %%url%% are replaced\n"
            "  --allowed-exit N         with --command: exit status for allowed (default 0)\n"
            "  --disallowed-exit N      with --command: exit status for disallowed (default 1)\n"
            "  --allowed-pattern RE     with --command: judge by stdout instead of exit status;\n"
            "  --disallowed-pattern RE  POSIX extended regular expressions, both required\n"
            "  --profile google|rfc9309 whose answers the reference gives (default google)\n"
            "  --seconds N | --count N  how long: seconds, or checks\n"
            "  --seed S                 the generator's seed (default 1): the same seed, the same run\n"
            "  --corpus DIR             also mutate the robots.txt files of this folder\n"
            "  --cases DIR              the case tables mutated and named as nearest (default: found\n"
            "                           as robots-conform finds them); --schema FILE, --index FILE\n"
            "  --out DIR                where report.md and cases/diff.json go\n"
            "  --timeout SECONDS        per batch of %d checks, or per --command check (default 10)\n"
            "\n"
            "Progress goes to stderr. Exit status: 0 the target agreed on every check, 1 it\n"
            "disagreed or failed checks (crashed, hung, error replies), 2 usage, 128 + N:\n"
            "interrupted by signal N (SIGINT, SIGTERM, SIGHUP); the reports say so. The three\n"
            "files under DIR say the run is in progress until it writes them.\n"
            "Replay: robots-conform --cases DIR/cases --batch-cmd \"CMD ARGS\" (or --command ...)\n",
            prog, BATCH);
}

static int usage_error(const char *prog, const char *what, const char *arg) {
    fprintf(stderr, "%s: %s%s%s%s\nTry '%s --help'.\n", prog, what, arg ? " '" : "", arg ? arg : "", arg ? "'" : "",
            prog);
    return 2;
}

/* What minimisation asks: does the target still answer otherwise than the
 * reference (both answering)? */
typedef struct judge {
    asker *target;
    robots_profile_id profile;
} judge;

static void still_disagree(const input *in, size_t n, int *disagree, void *ctx) {
    judge *j = ctx;
    int theirs[MINIMISE_WINDOW];
    for (size_t from = 0; from < n; from += MINIMISE_WINDOW) {
        size_t k = n - from < MINIMISE_WINDOW ? n - from : MINIMISE_WINDOW;
        ask_target(j->target, in + from, k, theirs);
        for (size_t i = 0; i < k; i++) {
            int mine = ask_reference(&in[from + i], j->profile, NULL);
            disagree[from + i] = mine != VERDICT_FAILED && theirs[i] != VERDICT_FAILED && mine != theirs[i];
        }
    }
}

/* Which disagreements are minimised. Minimising costs a hundred questions or so,
 * and most disagreements fall into a cluster already found: after SAMPLE_AFTER
 * minimisations in a row that found no new cluster, only every second
 * disagreement is minimised, then every fourth, ... (at most one in 64); a new
 * cluster makes it minimise every one again. The rest are counted as not
 * minimised. Deterministic, so the same seed still gives the same run. */
#define SAMPLE_AFTER 50
typedef struct sampler {
    size_t fruitless; /* minimisations since the last new cluster */
    size_t seen;      /* disagreements since then */
} sampler;

static bool worth_minimising(sampler *s) {
    size_t every = 1;
    for (size_t k = s->fruitless / SAMPLE_AFTER; k > 0 && every < 64; k--) every *= 2;
    return s->seen++ % every == 0;
}

static void minimised(sampler *s, bool new_cluster) {
    if (new_cluster) s->fruitless = s->seen = 0;
    else s->fruitless++;
}

/* Seeds: every case's robots.txt, and the files of --corpus. */
static int load_seeds(const suite *s, const char *corpus, seeds *out, char *error, size_t cap) {
    for (size_t t = 0; t < s->ntables; t++)
        for (size_t i = 0; i < s->tables[t].ncases; i++)
            if (s->tables[t].cases[i].robots.present &&
                seeds_add(out, s->tables[t].cases[i].robots.data, s->tables[t].cases[i].robots.len))
                goto oom;
    if (!corpus) return 0;
    DIR *d = opendir(corpus);
    if (!d) {
        snprintf(error, cap, "--corpus %s: %s", corpus, strerror(errno));
        return -1;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", corpus, e->d_name);
        buf data = {NULL, 0, 0};
        int more;
        if (read_file(path, 65536, &data, &more) == 0 && seeds_add(out, data.data ? data.data : "", data.len)) {
            buf_free(&data);
            closedir(d);
            goto oom;
        }
        buf_free(&data);
    }
    closedir(d);
    return 0;
oom:
    snprintf(error, cap, "out of memory reading the seeds");
    return -1;
}

int main(int argc, char **argv) {
    const char *prog = argc > 0 ? argv[0] : "robots-diff";
    const char *command = NULL, *out = NULL, *corpus = NULL, *cases = NULL, *schema = NULL, *index = NULL;
    command_options per_check = {NULL, 10, 0, 1, NULL, NULL};
    double seconds = 0, timeout = 10;
    unsigned long long count = 0, seed = 1;
    robots_profile_id profile = ROBOTS_PROFILE_GOOGLE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout, prog);
            return fflush(stdout) ? 2 : 0;
        }
        if (!v) return usage_error(prog, "unknown option, or missing value for", a);
        i++;
        char *end;
        if (!strcmp(a, "--batch-cmd")) command = v;
        else if (!strcmp(a, "--command")) per_check.template_text = v;
        else if (!strcmp(a, "--allowed-pattern")) per_check.allowed_pattern = v;
        else if (!strcmp(a, "--disallowed-pattern")) per_check.disallowed_pattern = v;
        else if (!strcmp(a, "--allowed-exit") || !strcmp(a, "--disallowed-exit")) {
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 0 || n > 255) return usage_error(prog, "an exit status is 0-255, not", v);
            *(a[2] == 'a' ? &per_check.allowed_exit : &per_check.disallowed_exit) = (int)n;
        }
        else if (!strcmp(a, "--out")) out = v;
        else if (!strcmp(a, "--corpus")) corpus = v;
        else if (!strcmp(a, "--cases")) cases = v;
        else if (!strcmp(a, "--schema")) schema = v;
        else if (!strcmp(a, "--index")) index = v;
        else if (!strcmp(a, "--profile")) {
            if (robots_profile_from_name(v, &profile, NULL)) return usage_error(prog, "unknown profile", v);
        } else if (!strcmp(a, "--seconds") || !strcmp(a, "--timeout")) {
            double n = strtod(v, &end);
            if (!*v || *end || !isfinite(n) || n <= 0 || n > 1e6) return usage_error(prog, "needs seconds, not", v);
            *(a[2] == 's' ? &seconds : &timeout) = n;
        } else if (!strcmp(a, "--count") || !strcmp(a, "--seed")) {
            unsigned long long n = strtoull(v, &end, 10);
            if (!*v || *end || *v == '-') return usage_error(prog, "needs a whole number, not", v);
            *(a[2] == 'c' ? &count : &seed) = n;
        } else return usage_error(prog, "unknown option", a);
    }
    if (!command == !per_check.template_text)
        return usage_error(prog, "give the implementation with one of --batch-cmd and --command", NULL);
    if (per_check.allowed_exit == per_check.disallowed_exit)
        return usage_error(prog, "--allowed-exit and --disallowed-exit must differ", NULL);
    if (!out) return usage_error(prog, "give --out DIR", NULL);
    if ((seconds > 0) == (count > 0)) return usage_error(prog, "give one of --seconds and --count", NULL);

    /* From here a signal asks the campaign to stop and write what it found. */
    interrupt_catch();
    char error[2048];
    if (prepare_outputs(out, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", prog, error);
        return 2;
    }
    static suite_paths room;
    suite_files files;
    if (paths_find_suite_files(cases, schema, index, NULL, &room, &files, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", prog, error);
        return 2;
    }
    suite s;
    if (suite_load(&files, &s, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", prog, error);
        return 2;
    }
    seeds from = {NULL, 0};
    asker impl;
    if (load_seeds(&s, corpus, &from, error, sizeof error) ||
        asker_open(&impl, command, &per_check, profile, timeout, error, sizeof error)) {
        seeds_free(&from);
        suite_free(&s);
        return usage_error(prog, error, NULL);
    }

    rng r;
    rng_seed(&r, seed);
    static input batch[BATCH];
    static clusters found;
    campaign run = {.target = command ? command : per_check.template_text,
                    .option = command ? "--batch-cmd" : "--command",
                    .profile = profile,
                    .seed = seed,
                    .minimise_max = MINIMISE_MAX};
    judge j = {&impl, profile};
    sampler sampling = {0, 0};
    input broke_on = {{NULL, 0, 0}, "", ""};
    double start = proc_now(), last_progress = start;
    int rc = 0;
    while (rc == 0 && !interrupt_signal()) {
        double now = proc_now();
        if ((seconds > 0 && now - start >= seconds) || (count > 0 && run.checks >= count)) break;
        size_t n = impl.per_check ? 16 : BATCH; /* a process per check: progress more often */
        if (count > 0 && count - run.checks < n) n = (size_t)(count - run.checks);
        for (size_t i = 0; i < n && rc == 0; i++) rc = generate(&r, &from, &batch[i]);
        if (rc) break;
        int theirs[BATCH];
        ask_target(&impl, batch, n, theirs);
        /* The first signal killed the target under this batch: its checks are
         * dropped, not counted as the target's failures. */
        if (interrupt_signal()) break;
        run.checks += n;
        if (impl.broke_at >= 0 && !run.broken) {
            /* The first input the target broke on, for the report: a hang or a crash
             * is a finding too. */
            if (input_copy(&broke_on, &batch[impl.broke_at])) {
                rc = -1;
                break;
            }
            run.broken = &broke_on;
            snprintf(run.broken_why, sizeof run.broken_why, "%s", impl.broke_why);
        }
        for (size_t i = 0; i < n && rc == 0; i++) {
            if (theirs[i] == VERDICT_FAILED) {
                run.failures++;
                snprintf(run.failure_example, sizeof run.failure_example, "%s", impl.last_failure);
                continue;
            }
            int mine = ask_reference(&batch[i], profile, NULL);
            if (mine == VERDICT_FAILED || mine == theirs[i]) continue;
            run.disagreements++;
            if (interrupt_signal() || run.minimised >= MINIMISE_MAX || !worth_minimising(&sampling)) {
                run.unminimised++;
                continue;
            }
            input small = {{NULL, 0, 0}, "", ""};
            robots_verdict why;
            long asked = input_copy(&small, &batch[i]) ? -1
                         : minimize(&small, still_disagree, &j, MINIMISE_BUDGET, impl.per_check ? 1 : MINIMISE_WINDOW);
            long plain = asked < 0 ? -1 : simplify(&small, profile, still_disagree, &j, SIMPLIFY_BUDGET);
            size_t before = found.n;
            if (plain >= 0 && interrupt_signal()) {
                /* Minimised against a target the signal killed: no example. */
                run.unminimised++;
                input_free(&small);
                continue;
            }
            if (plain < 0 || cluster_add(&found, &small, profile, ask_reference(&small, profile, &why), &why)) rc = -1;
            else run.minimise_questions += (size_t)asked + (size_t)plain;
            run.minimised++;
            minimised(&sampling, found.n > before);
            input_free(&small);
        }
        if (proc_now() - last_progress >= 1.0) {
            last_progress = proc_now();
            fprintf(stderr, "\r%s: %zu checks (%.0f a second), %zu disagreements, %zu clusters, %zu failures   ", prog,
                    run.checks, (double)run.checks / (last_progress - start), run.disagreements, found.n, run.failures);
        }
    }
    run.seconds = proc_now() - start;
    /* Said before the reports are written: a signal that comes while they are
     * leaves them whole (every check had run), and only the exit status says it. */
    int stopped_by = interrupt_signal();
    if (stopped_by) {
        run.interrupted = interrupt_name(stopped_by);
        if (count > 0)
            snprintf(run.stopped, sizeof run.stopped, "interrupted by %s after %zu of %llu checks", run.interrupted,
                     run.checks, count);
        else
            snprintf(run.stopped, sizeof run.stopped, "interrupted by %s after %zu checks, %.1f of %g seconds",
                     run.interrupted, run.checks, run.seconds, seconds);
    }
    fprintf(stderr, "\r%s: %zu checks (%.0f a second), %zu disagreements, %zu clusters, %zu failures   \n", prog,
            run.checks, run.seconds > 0 ? (double)run.checks / run.seconds : 0.0, run.disagreements, found.n,
            run.failures);
    asker_close(&impl);
    if (stopped_by) fprintf(stderr, "%s: %s; the reports say so\n", prog, run.stopped);
    interrupt_test_pause("reports");
    if (rc) fprintf(stderr, "%s: out of memory\n", prog);
    else if (write_outputs(out, &run, &found, &s, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", prog, error);
        rc = -1;
    }
    for (size_t i = 0; i < BATCH; i++) input_free(&batch[i]);
    clusters_free(&found);
    input_free(&broke_on);
    seeds_free(&from);
    suite_free(&s);
    if (rc) return 2;
    if (interrupt_signal()) return interrupt_exit_status();
    return run.disagreements || run.failures ? 1 : 0;
}
