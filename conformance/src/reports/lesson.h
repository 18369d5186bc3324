/*
 * lesson.h - a case as a lesson, one model for every reader: its robots.txt in
 * numbered lines, each check with the verdict per profile, the line that decides
 * it and the group that applied, why the profiles differ, the note and the
 * sources. Renderers only choose the markup: text for `robots-conform --explain`
 * (lesson_text.c), Markdown for conformance/ATLAS.md (atlas.c), HTML for the
 * website (site.c).
 */
#ifndef ROBOTS_CONFORM_LESSON_H
#define ROBOTS_CONFORM_LESSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "run.h"

/* ---- What a reader sees of bytes ---------------------------------------------- */

/* A line is shown whole up to this many bytes; a longer one shows its first
 * LONG_LINE_HEAD and last LONG_LINE_TAIL bytes around an elision. */
#define LONG_LINE_SHOWN 160
#define LONG_LINE_HEAD 60
#define LONG_LINE_TAIL 20

typedef enum glyph_kind {
    GLYPH_TEXT,      /* printable ASCII, as is (s, len) */
    GLYPH_CONTROL,   /* one control byte: name says which ("TAB", "NUL", "0x01") */
    GLYPH_NON_ASCII, /* one UTF-8 encoded character (s, len), code point in code */
    GLYPH_BOM,       /* the byte order mark EF BB BF */
    GLYPH_BAD_BYTE,  /* one byte that is not part of valid UTF-8 */
    GLYPH_ELIDED     /* the middle of a long line: len bytes not shown, total in code */
} glyph_kind;

typedef struct glyph {
    glyph_kind kind;
    const unsigned char *s;
    size_t len;
    uint32_t code;
    const char *name;
} glyph;

typedef void (*glyph_fn)(void *ctx, const glyph *g);

/* Cuts bytes into glyphs, eliding the middle of anything longer than
 * LONG_LINE_SHOWN when `elide` is set. */
void lesson_glyphs(const unsigned char *s, size_t n, bool elide, glyph_fn fn, void *ctx);

/* Bytes for text readers: controls and bad bytes as \xHH, the rest as is. */
void lesson_glyphs_plain(FILE *f, const unsigned char *s, size_t n, bool elide);

/* ---- The model ------------------------------------------------------------------ */

typedef struct lesson_line {
    size_t number;         /* 1-based */
    const unsigned char *s; /* the line's bytes, without its end */
    size_t len;
    const char *end;       /* "" (none: the last line), "LF", "CR" or "CR LF" */
} lesson_line;

/* How many of the groups that applied a view lists by line. */
#define LESSON_GROUPS_SHOWN 8

/* One check under one profile. */
typedef struct lesson_view {
    const char *expected;  /* the expectation, or UNDEFINED */
    answer reference;      /* what the reference answers (its text and detail) */
    bool has_verdict;      /* an allow check: the fields below are set */
    robots_verdict verdict; /* pattern points into `pattern` below */
    char *pattern;         /* the deciding pattern (a copy), or NULL */
    size_t group_lines[LESSON_GROUPS_SHOWN]; /* first lines of the groups that applied */
    const char *token;     /* allow-crawler: the token whose groups decided, or NULL */
    bool star_ignored;     /* allow-crawler: '*' groups exist, and the crawler ignores them */
} lesson_view;

/* Why the two profiles expect different answers for a check. */
enum {
    CAUSE_NONE = -1,                          /* they expect the same */
    CAUSE_FETCH_POLICY = ROBOTS_SWITCH_COUNT, /* status handling and caching, not the parser */
    CAUSE_LEFT_OPEN,     /* RFC 9309 leaves it open; the reference answers the same in both */
    CAUSE_SEVERAL,       /* no one switch alone turns one answer into the other, or several would */
    CAUSE_COUNT
};
/* Otherwise the cause is a robots_switch: toggling it alone turns the google
 * profile's answer into the rfc9309 profile's (or back). */

/* A cause in words: its name ("percent-decode", "fetch policy") and what it
 * means ("%HH and the octet HH compare equal"). */
const char *lesson_cause_name(int cause);   /* "percent-decode", "fetch policy", ... */
const char *lesson_cause_meaning(int cause);
/* A sentence for a cause's heading: "A switch of the profiles, on in google and
 * off in rfc9309: when on, ...". */
void lesson_cause_paragraph(int cause, char *out, size_t cap);

typedef struct lesson_check {
    const check *k;
    char what[1200];       /* check_describe */
    char basis[256];       /* "spec, rfc" or per profile */
    bool same_expectation; /* every profile expects the same */
    bool may_agree;        /* a status RFC 9309 leaves to the crawler (MAY: undefined) whose reference
                              answer there is the answer Google's expectation gives (a 404's full
                              allow): the profiles agree in practice, and no cause is given */
    int cause;             /* CAUSE_NONE, a robots_switch or another CAUSE_ */
    lesson_view view[ROBOTS_PROFILE_COUNT];
} lesson_check;

typedef struct lesson_source {
    const char *text;      /* as the table writes it */
    const source_ref *ref; /* resolved through the index */
    char gloss[1024];      /* "Indonesian, 2019 edition: "..." (RFC 9309 section 2.2.2)" or "" */
} lesson_source;

typedef struct lesson {
    const tcase *c;
    lesson_line *lines;
    size_t nlines;         /* 0 when the case has no robots.txt */
    lesson_check *checks;
    size_t nchecks;
    lesson_source *sources;
    size_t nsources;
} lesson;

/* The references a lesson asks: the reference as it is, and with each switch
 * toggled (to find the switch behind a difference). */
typedef struct lesson_refs {
    target *plain;
    target *toggled[ROBOTS_SWITCH_COUNT];
} lesson_refs;

int lesson_refs_open(lesson_refs *refs);  /* 0, or -1 when memory runs out */
void lesson_refs_close(lesson_refs *refs);

/* Builds the lesson of a case: 0, or -1 when memory runs out (nothing to free). */
int lesson_make(const tcase *c, lesson_refs *refs, lesson *out);
void lesson_free(lesson *l);

/* Words shared by every renderer. */
/* A line of the robots.txt for text readers: "   2 | disallow: /fish", its end
 * named when it is CR or CR LF, and a newline. */
void lesson_line_plain(FILE *f, const lesson_line *x);
/* A check as words and values ("crawler ", FooBot, ", URL ", http://...), for a
 * renderer to mark the values up. */
typedef void (*piece_fn)(void *ctx, bool value, const char *text);
void lesson_check_pieces(const lesson_check *x, piece_fn fn, void *ctx);
/* "line 2: disallow: " before the pattern, or the whole sentence when no rule
 * decided ("no rule matches: allowed by default"). */
void lesson_deciding_words(const lesson_view *v, char *out, size_t cap);
/* A usage or signal check's reference answer in words: "line N: why" or "why".
 * False (out "") for the other kinds. */
bool lesson_usage_words(check_kind kind, const lesson_view *v, char *out, size_t cap);
/* "the '*' group (line 1)", "the groups naming the crawler (lines 1, 7), merged",
 * "the group naming its token googlebot (line 7)", "no group: none names the
 * crawler and there is no '*' group", "no group: none names the crawler, and it
 * ignores the '*' group (line 1)". */
void lesson_group_words(const lesson_view *v, char *out, size_t cap);
/* What the verdict's why flags add ("", or "; an allow and a disallow of equal
 * length: allow wins"). */
const char *lesson_why_words(unsigned why);
/* The expectation, or for undefined "undefined (the reference: X)". */
void lesson_expected_words(const lesson_view *v, char *out, size_t cap);

/* The lessons of every case of the suite, in its order: 0, or -1 when memory runs
 * out (nothing to free). */
int lessons_make_all(const suite *s, lesson_refs *refs, lesson **out, size_t *count);
void lessons_free_all(lesson *all, size_t count);

/* Does any check's expectation differ by profile? */
bool lesson_differs(const lesson *l);

/* --explain: the lesson as text; --list: one line per case. */
void lesson_text(FILE *f, const lesson *l);
void lesson_list_cases(FILE *f, const suite *s, const selection *sel);

/* The atlas: every case as Markdown (conformance/ATLAS.md). Returns 0, or -1 when
 * memory ran out. */
int atlas_write(FILE *f, const suite *s, lesson_refs *refs);

#endif
