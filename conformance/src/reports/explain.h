/*
 * explain.h - what a failure report says about a check, so that the failure can
 * be read without the tables at hand: the robots.txt (whole, or its numbered lines
 * around the line that decides), who asks for what, which line decides in the
 * reference and which the target named, the case's note, and the command that
 * prints the lesson.
 */
#ifndef ROBOTS_CONFORM_EXPLAIN_H
#define ROBOTS_CONFORM_EXPLAIN_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "run.h"

typedef struct explanation {
    long reference_line;     /* the line deciding in the reference: 0 none, -1 not an allow check */
    char reference_rule[320]; /* that line's rule ("disallow /x"), or what decided ("no rule decided ...") */
    char lesson[200];        /* "robots-conform --explain ID" */
} explanation;

/* Works out the reference's side of a check (allow checks only; the others leave
 * reference_line -1). */
void explain_result(const result *x, explanation *out);

/* The robots.txt of the result's case as numbered lines (LF, CR and CR LF end a
 * line, as for the parser), each escaped like the report's text: the whole file
 * when it has at most `whole` lines, else the lines within `radius` of the lines
 * that matter (the reference's and the target's deciding lines; the first lines
 * when neither is known), with "..." for the rest. The reference's deciding line
 * is marked "->", a different line the target named "=>". Each line is written
 * after `indent`. Nothing for a check without a robots.txt. */
void explain_excerpt(FILE *f, const result *x, const explanation *e, const char *indent, size_t whole, size_t radius);

/* The same excerpt as one string (the caller frees it), or NULL. */
char *explain_excerpt_text(const result *x, const explanation *e, size_t whole, size_t radius);

/* Who asks for what: "agent FooBot, URL http://..." with control characters
 * escaped; the check's description for the kinds without an agent. */
void explain_question(const result *x, char *out, size_t cap);

/* How long a case note's lead, its rule, is: it ends where its remarks for
 * implementers (" Audit:" or " Audit (date):") or about the seeds' history
 * (" History:") start, which may speak of other checks and other profiles. */
size_t explain_note_lead(const char *note);

#define NOTE_MAX 4096
/* The note a failure shows: the check's own, else its case note's lead (the rule,
 * before the remarks that start at "Audit:" or "History:", copied into out), or
 * NULL when there is none. */
const char *explain_note(const result *x, char *out, size_t cap);

/* A failure explained, each line after indent: brief (the text report: the
 * question, the deciding lines, the file when it has at most 7 lines or else 2
 * around the deciding ones, the note, the lesson) or in full (also
 * expected, got and the reason; the file up to 40 lines or 8 around; the note). */
void explain_write(FILE *f, const result *x, const char *indent, bool brief);

/* A failure explained in full, as lines of text (JUnit's failure body): the
 * question, expected and got, the deciding lines, the robots.txt (whole up to 40
 * lines), the note and the lesson. The caller frees it; NULL when memory ran out. */
char *explain_long_text(const result *x);

/* "line 3 decides (disallow /x)" or "no rule decides (...)": the reference's side. */
void explain_reference(const explanation *e, char *out, size_t cap);

/* The explanation as JSON fields of a result object. */
void explain_json(cJSON *o, const result *x);

/* What a target wrote on stderr (its last lines), under a heading, each line
 * behind "| ", indented by indent: for the text report and the early stop. */
void explain_stderr(FILE *f, const char *tail, const char *indent);

#endif
