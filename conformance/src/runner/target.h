/*
 * target.h - an implementation under test. The runner asks it one check at a time;
 * whatever the target does (answers, crashes, hangs, prints garbage), the answer
 * says so and the run goes on.
 */
#ifndef ROBOTS_CONFORM_TARGET_H
#define ROBOTS_CONFORM_TARGET_H

#include <stdbool.h>

#include "buf.h"
#include "command_line.h"
#include "process.h"
#include "tables.h"

typedef enum answer_status {
    ANSWER_GIVEN,   /* text holds the answer */
    ANSWER_FAILED,  /* the target crashed, hung, or answered nonsense: detail says how */
    ANSWER_SKIPPED  /* the target cannot answer this kind of check: detail says why */
} answer_status;

/* Why a target gave no answer, when the fault is the target's (not the parser's
 * answer): a run whose first checks all fail for one such cause stops early. */
typedef enum target_fault {
    FAULT_NONE,      /* answered, skipped, or failed for a reason of its own */
    FAULT_EXIT,      /* ended (or closed its output) without replying */
    FAULT_CRASH,     /* killed by a signal */
    FAULT_NO_REPLY,  /* no reply within the timeout */
    FAULT_BAD_REPLY, /* a reply the protocol does not allow, or output matching no pattern */
    FAULT_EXIT_CODE, /* a command exited with neither the allowed nor the disallowed status */
    FAULT_NOT_REPLIES, /* printed lines, none of them a JSON reply, until the timeout */
    FAULT_START      /* could not be started at all */
} target_fault;

typedef struct answer {
    answer_status status;
    target_fault fault; /* with ANSWER_FAILED */
    long line; /* the deciding line the target reported (1-based; 0: none decided), -1 when it said nothing */
    char text[2048];  /* the answer, in the form of check expectations */
    char detail[512]; /* the reason behind it, or what went wrong */
    char stderr_tail[1024]; /* when it went wrong: the last lines the target wrote on stderr */
} answer;

/* How many lines of a failing target's stderr an answer keeps. */
#define STDERR_LINES 12

/* The processes of a target that died without replying (a batch target starts its
 * process again for the next check), kept so that the likely fix can name the
 * request the first one died on and replay what it was sent (replay.h). */
typedef struct target_deaths {
    size_t count;      /* processes that ended or were killed without replying */
    long sent;         /* requests the first of them was sent, the last unanswered */
    bool same;         /* every one of them was sent as many */
    bool at_once;      /* a later one died on the first request it was sent */
    char *last;        /* that last request as sent (without its newline), or NULL */
    char *requests;    /* every request it was sent, a line each, or NULL when too long */
    char *const *argv; /* the target's command, its words (valid while it is open) */
} target_deaths;

typedef struct target target;
struct target {
    const char *name;
    /* The bytes of a case's robots.txt handed to the target; 0: all. A crawler's
     * fetcher hands its parser at most so much: Google's reads 500 KiB, and RFC
     * 9309 (section 2.5) asks every crawler to parse at least that much. The runner
     * plays the fetcher for every target, with the library's own limit
     * (ROBOTS_DEFAULT_MAX_BYTES: one name for the one 500 KiB), so no parser is
     * failed for reading whatever it is given (FORMAT-8, RFC-8). */
    size_t fetch_limit;
    void (*ask)(target *t, const tcase *c, const check *k, robots_profile_id profile, answer *a);
    void (*end_case)(target *t, const tcase *c); /* may be NULL */
    void (*close)(target *t);
    void *state;
    size_t stray_lines;     /* lines of output that were not replies, skipped */
    char stray_example[160]; /* the first of them */
    target_deaths deaths;   /* a batch target's; the others' stay empty */
};

/* How many bytes of the robots.txt the target is handed. */
static inline size_t target_handed_length(const target *t, const robots_body *b) {
    return t->fetch_limit && b->len > t->fetch_limit ? t->fetch_limit : b->len;
}

/* The reference implementation, in this process. */
target *target_reference(void);
/* The same with some of its profiles' switches set the other way (robots.h,
 * robots_options.toggle): what one switch alone decides. NULL when memory runs
 * out. */
target *target_reference_toggled(unsigned toggle);

/* A baseline: answers every allow check with allowed (or disallowed), skips the
 * rest. */
target *target_constant(bool allowed);

/* A long-lived process speaking the batch protocol (conformance/PROTOCOL.md). */
target *target_batch(const char *command, double timeout, char *error, size_t cap);

/* The batch protocol's piece robots-diff shares (the requests: request.h):
 * batch_start_command splits a --batch-cmd command line into *argv and starts it:
 * 0, or -1 with error (a program that cannot run is a usage error; *argv is then
 * NULL). */
int target_batch_start_command(const char *command, char ***argv, proc_session *s, char *error, size_t cap);

/* One process per check: a template with %robots%, %user-agent% and %url%, judged by
 * exit codes or by regular expressions on standard output. */
typedef struct command_options {
    const char *template_text;
    double timeout;
    int allowed_exit, disallowed_exit;
    const char *allowed_pattern, *disallowed_pattern; /* both or neither */
} command_options;
target *target_command(const command_options *o, char *error, size_t cap);
/* Is the template usable (it splits into words, names %robots%, and has no
 * misspelt placeholder)? Returns 0, or -1 with the error: checked before any
 * warning about the template, so that a usage error comes first. */
int target_command_check(const char *template_text, char *error, size_t cap);


#endif
