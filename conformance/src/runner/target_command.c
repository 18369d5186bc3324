/*
 * target_command.c - one process per check, the way Google's robotstxt-spec-test
 * drives a parser: a command template whose %robots% becomes a temporary file
 * holding the case's robots.txt, %user-agent% the agent and %url% the URL. The
 * verdict is the exit code (0 allowed, 1 disallowed, both changeable), or, with
 * --allowed-pattern and --disallowed-pattern, which regular expression matches the
 * output. No shell is involved; the temporary file is always removed, also when a
 * signal ends the run (process.c kills the child and calls remove_temp_at_signal).
 */
#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "distance.h"
#include "process.h"
#include "target.h"

typedef struct command {
    command_options o;
    char **argv;
    int argc;
    regex_t allowed, disallowed;
    int patterns;
    const tcase *file_case; /* the case whose robots.txt is in the temporary file */
} command;

/* The temporary file that exists now, for the signal handler. */
static volatile sig_atomic_t have_temp;
static char temp_path[4096];

static void remove_temp(void) {
    if (have_temp) unlink(temp_path);
    have_temp = 0;
}

/* Called by process.c when a signal ends the run (async-signal-safe). */
static void remove_temp_at_signal(void) {
    if (have_temp) unlink(temp_path);
}

static int write_temp(const robots_body *b, size_t len, char *error, size_t cap) {
    remove_temp();
    const char *dir = getenv("TMPDIR");
    snprintf(temp_path, sizeof temp_path, "%s/robots-conform-XXXXXX", dir && *dir ? dir : "/tmp");
    sigset_t saved;
    proc_hold_signals(&saved); /* the file exists only once recorded */
    int fd = mkstemp(temp_path);
    have_temp = fd >= 0;
    proc_release_signals(&saved);
    if (fd < 0) {
        snprintf(error, cap, "cannot create a temporary file in %s", dir && *dir ? dir : "/tmp");
        return -1;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, b->data + done, len - done);
        if (w <= 0) {
            close(fd);
            snprintf(error, cap, "cannot write the temporary file");
            return -1;
        }
        done += (size_t)w;
    }
    close(fd);
    return 0;
}

static const char *const placeholders[] = {"%robots%", "%user-agent%", "%url%"};

/* The first word of the form %name% that is not a placeholder but looks like one
 * (within three edits of one: %useragent%, %URL%, %robot%), copied into out with
 * the placeholder it resembles; false when there is none. Such a word would reach
 * the parser as itself, the agent "%useragent%". Other %words% (date +%Y%m%d) are
 * left alone. */
static bool misspelt_placeholder(const char *arg, char *out, size_t cap, const char **meant) {
    for (const char *p = strchr(arg, '%'); p; p = strchr(p + 1, '%')) {
        size_t n = 1;
        while (isalnum((unsigned char)p[n]) || p[n] == '-' || p[n] == '_') n++;
        if (p[n] != '%' || n == 1) continue;
        for (int i = 0; i < 3; i++) {
            const char *name = placeholders[i];
            if (strlen(name) == n + 1 && !strncmp(p, name, n + 1)) break;
            if (n - 1 >= 3 && word_distance(p + 1, n - 1, name + 1, strlen(name) - 2) <= 3) {
                snprintf(out, cap, "%.*s", (int)(n + 1), p);
                *meant = name;
                return true;
            }
        }
        p += n - 1;
    }
    return false;
}

/* Replaces every placeholder in one template argument. */
static char *substitute(const char *arg, const check *k) {
    const char *const *names = placeholders;
    const char *values[] = {temp_path, k->agent, k->url};
    buf out = {NULL, 0, 0};
    for (const char *p = arg; *p;) {
        int hit = -1;
        for (int i = 0; i < 3 && hit < 0; i++)
            if (!strncmp(p, names[i], strlen(names[i]))) hit = i;
        if (hit < 0) {
            buf_addc(&out, *p++);
        } else {
            buf_add(&out, values[hit], strlen(values[hit]));
            p += strlen(names[hit]);
        }
    }
    buf_addc(&out, '\0');
    return out.data;
}

static void judge(const command *cm, const proc_result *r, answer *a) {
    char text[160];
    a->status = ANSWER_FAILED;
    if (r->err.len) proc_tail(r->err.data, r->err.len, STDERR_LINES, a->stderr_tail, sizeof a->stderr_tail);
    if (r->exec_failed || r->timed_out || r->signaled) {
        a->fault = r->timed_out ? FAULT_NO_REPLY : r->signaled ? FAULT_CRASH : FAULT_EXIT;
        snprintf(a->detail, sizeof a->detail, "%s", proc_describe(r, cm->o.timeout, text, sizeof text));
        return;
    }
    if (cm->patterns) {
        const char *out = r->out.data ? r->out.data : "";
        bool allowed = regexec(&cm->allowed, out, 0, NULL, 0) == 0;
        bool disallowed = regexec(&cm->disallowed, out, 0, NULL, 0) == 0;
        if (allowed == disallowed) {
            a->fault = FAULT_BAD_REPLY;
            snprintf(a->detail, sizeof a->detail, "the output matches %s pattern (exit status %d): %.200s",
                     allowed ? "both the allowed and the disallowed" : "neither", r->status, out);
            return;
        }
        snprintf(a->text, sizeof a->text, "%s", allowed ? "allowed" : "disallowed");
    } else if (r->status == cm->o.allowed_exit || r->status == cm->o.disallowed_exit) {
        snprintf(a->text, sizeof a->text, "%s", r->status == cm->o.allowed_exit ? "allowed" : "disallowed");
    } else {
        a->fault = FAULT_EXIT_CODE;
        snprintf(a->detail, sizeof a->detail, "exit status %d means neither allowed (%d) nor disallowed (%d)",
                 r->status, cm->o.allowed_exit, cm->o.disallowed_exit);
        return;
    }
    a->status = ANSWER_GIVEN;
    a->stderr_tail[0] = '\0';
}

static void ask(target *t, const tcase *c, const check *k, robots_profile_id p, answer *a) {
    (void)p;
    command *cm = t->state;
    a->detail[0] = '\0';
    if (k->kind != KIND_ALLOW) {
        a->status = ANSWER_SKIPPED;
        snprintf(a->detail, sizeof a->detail, "a command target answers only allow checks");
        return;
    }
    if (cm->file_case != c || !have_temp) {
        if (write_temp(&c->robots, target_handed_length(t, &c->robots), a->detail, sizeof a->detail) != 0) {
            a->status = ANSWER_FAILED;
            return;
        }
        cm->file_case = c;
    }
    char **argv = calloc((size_t)cm->argc + 1, sizeof(char *));
    bool complete = argv != NULL;
    for (int i = 0; complete && i < cm->argc; i++) complete = (argv[i] = substitute(cm->argv[i], k)) != NULL;
    proc_result r;
    if (!complete) {
        a->status = ANSWER_FAILED;
        snprintf(a->detail, sizeof a->detail, "out of memory (the command's arguments)");
    } else if (proc_run(argv, NULL, 0, cm->o.timeout, 1 << 20, &r) != 0) {
        a->status = ANSWER_FAILED;
        snprintf(a->detail, sizeof a->detail, "cannot run the command (no process could be started)");
    } else {
        judge(cm, &r, a);
        proc_result_free(&r);
    }
    for (int i = 0; argv && i < cm->argc; i++) free(argv[i]);
    free(argv);
}

static void end_case(target *t, const tcase *c) {
    command *cm = t->state;
    (void)c;
    remove_temp();
    cm->file_case = NULL;
}

static void close_command(target *t) {
    command *cm = t->state;
    remove_temp();
    if (cm->patterns) {
        regfree(&cm->allowed);
        regfree(&cm->disallowed);
    }
    free_argv(cm->argv);
    free(cm);
    free(t);
}

/* What is wrong with the template's words, if anything: a misspelt placeholder,
 * or no %robots%. Returns 0 or -1. */
static int template_problem(char **argv, int argc, char *error, size_t cap) {
    bool uses_robots = false;
    char unknown[64];
    const char *meant;
    for (int i = 0; i < argc; i++) {
        uses_robots = uses_robots || strstr(argv[i], "%robots%");
        if (misspelt_placeholder(argv[i], unknown, sizeof unknown, &meant)) {
            snprintf(error, cap, "--command: unknown placeholder '%s': did you mean %s? (the placeholders: "
                                 "%%robots%%, %%user-agent%%, %%url%%)", unknown, meant);
            return -1;
        }
    }
    if (!uses_robots) {
        snprintf(error, cap, "--command: the template must contain %%robots%% (the robots.txt file)");
        return -1;
    }
    return 0;
}

int target_command_check(const char *template_text, char *error, size_t cap) {
    char **argv;
    const char *why;
    int argc = split_command(template_text, &argv, &why);
    if (argc <= 0) {
        snprintf(error, cap, "--command: %s", argc == 0 ? "the template is empty" : why);
        return -1;
    }
    int rc = template_problem(argv, argc, error, cap);
    free_argv(argv);
    return rc;
}

/* Compiles --allowed-pattern and --disallowed-pattern, when given, into cm.
 * Returns how many were compiled (0 or 2), or -1 with *compiled the number to
 * free. */
static int compile_patterns(command *cm, const command_options *o, int *compiled, char *error, size_t cap) {
    if (!o->allowed_pattern && !o->disallowed_pattern) return 0;
    if (!o->allowed_pattern || !o->disallowed_pattern) {
        snprintf(error, cap, "--allowed-pattern and --disallowed-pattern go together");
        return -1;
    }
    /* REG_NEWLINE: '^' and '$' match at each line of the output, as people expect. */
    const int flags = REG_EXTENDED | REG_NOSUB | REG_NEWLINE;
    if (regcomp(&cm->allowed, o->allowed_pattern, flags) == 0) ++*compiled;
    if (*compiled == 1 && regcomp(&cm->disallowed, o->disallowed_pattern, flags) == 0) ++*compiled;
    if (*compiled < 2) {
        snprintf(error, cap, "%s is not a POSIX extended regular expression",
                 *compiled ? "--disallowed-pattern" : "--allowed-pattern");
        return -1;
    }
    cm->patterns = 1;
    return 2;
}

/* One way out for every refusal: what was made so far is undone there. */
target *target_command(const command_options *o, char *error, size_t cap) {
    char **argv;
    const char *why;
    int argc = split_command(o->template_text, &argv, &why);
    command *cm = NULL;
    target *t = NULL;
    int compiled = 0; /* the patterns compiled so far, to free */
    if (argc <= 0) {
        snprintf(error, cap, "--command: %s", argc == 0 ? "the template is empty" : why);
        goto fail;
    }
    if (template_problem(argv, argc, error, cap)) goto fail;
    cm = calloc(1, sizeof *cm);
    t = calloc(1, sizeof *t);
    if (!cm || !t) {
        snprintf(error, cap, "out of memory");
        goto fail;
    }
    cm->o = *o;
    cm->argc = argc;
    if (compile_patterns(cm, o, &compiled, error, cap) < 0) goto fail;
    /* The program itself, when the template names it: a usage error now rather
     * than a failure of every check. */
    if (!strchr(argv[0], '%') && proc_findable(argv[0]) != 0) {
        snprintf(error, cap, "--command: cannot run '%s': %s", argv[0], strerror(errno));
        goto fail;
    }
    static int hooked;
    if (!hooked++) proc_at_signal(remove_temp_at_signal);
    cm->argv = argv;
    t->name = "command";
    t->ask = ask;
    t->end_case = end_case;
    t->close = close_command;
    t->state = cm;
    t->fetch_limit = ROBOTS_DEFAULT_MAX_BYTES;
    return t;

fail:
    if (compiled >= 1) regfree(&cm->allowed);
    if (compiled >= 2) regfree(&cm->disallowed);
    free(cm);
    free(t);
    if (argv) free_argv(argv);
    return NULL;
}
