/* known.c - reading, matching and writing known-failures files (known.h). */
#include "known.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clean_text.h"
#include "file.h"

/* The entry's case and check, or -1 when it names nothing: a case id names the
 * case; otherwise "CASE.N" names check N of CASE. */
static int resolve(const suite *s, const char *id, known_entry *e) {
    const char *dot = strrchr(id, '.');
    for (size_t t = 0; t < s->ntables; t++)
        for (size_t i = 0; i < s->tables[t].ncases; i++)
            if (!strcmp(s->tables[t].cases[i].id, id)) {
                e->c = &s->tables[t].cases[i];
                e->check = 0;
                return 0;
            }
    if (!dot || !dot[1] || strspn(dot + 1, "0123456789") != strlen(dot + 1) || strlen(dot + 1) > 6) return -1;
    int number = atoi(dot + 1);
    size_t len = (size_t)(dot - id);
    for (size_t t = 0; t < s->ntables; t++)
        for (size_t i = 0; i < s->tables[t].ncases; i++) {
            const tcase *c = &s->tables[t].cases[i];
            if (strlen(c->id) != len || strncmp(c->id, id, len)) continue;
            if (number < 1 || (size_t)number > c->nchecks) return -1;
            e->c = c;
            e->check = number;
            return 0;
        }
    return -1;
}

/* Appends e with its own copy of id; -1 when memory runs out. */
static int add_entry(known_list *out, size_t *cap_items, known_entry e, const char *id) {
    if (out->n == *cap_items) {
        size_t more_items = *cap_items ? *cap_items * 2 : 16;
        known_entry *grown = realloc(out->items, more_items * sizeof *grown);
        if (!grown) return -1;
        out->items = grown;
        *cap_items = more_items;
    }
    e.id = strdup(id);
    if (!e.id) return -1;
    out->items[out->n++] = e;
    return 0;
}

/* "# Profiles judged: google, rfc9309": the profiles the file was written under. */
static int profiles_line(const char *p, int line, known_list *out, char *error, size_t cap) {
    for (p += strlen(KNOWN_PROFILES_LINE); *p;) {
        size_t len = strcspn(p, ", \t\r");
        char name[32];
        robots_profile_id id;
        snprintf(name, sizeof name, "%.*s", (int)(len < 31 ? len : 31), p);
        if (len == 0 || len > 31 || robots_profile_from_name(name, &id, NULL)) {
            snprintf(error, cap, "%s:%d: '%.40s' is not a profile (google, rfc9309)", out->file, line, p);
            return -1;
        }
        out->written_under |= 1u << id;
        p += len;
        p += strspn(p, ", \t\r");
    }
    return 0;
}

/* One line of the file, made a C string (p[n] is overwritten): blank, a comment,
 * the profiles it was written under, or one check id with an optional comment. */
static int known_line(const suite *s, char *p, size_t n, int line, known_list *out, size_t *cap_items, char *error,
                      size_t cap) {
    if (memchr(p, '\0', n)) {
        snprintf(error, cap, "%s:%d: a NUL byte: not a known-failures file", out->file, line);
        return -1;
    }
    p[n] = '\0';
    if (!strncmp(p, KNOWN_PROFILES_LINE, strlen(KNOWN_PROFILES_LINE))) return profiles_line(p, line, out, error, cap);
    char *hash = strchr(p, '#');
    if (hash) *hash = '\0';
    p += strspn(p, " \t\r");
    size_t len = strcspn(p, " \t\r");
    if (len == 0) return 0;
    if (p[len + strspn(p + len, " \t\r")] != '\0') {
        snprintf(error, cap, "%s:%d: one check id a line, not '%.200s'", out->file, line, p);
        return -1;
    }
    p[len] = '\0';
    known_entry e = {.line = line};
    if (resolve(s, p, &e) != 0) {
        snprintf(error, cap, "%s:%d: '%.200s' names no case or check of the tables (CASE or CASE.N; --list shows the cases)",
                 out->file, line, p);
        return -1;
    }
    if (add_entry(out, cap_items, e, p) != 0) {
        snprintf(error, cap, "%s: out of memory", out->file);
        return -1;
    }
    return 0;
}

int known_load(const char *file, const suite *s, known_list *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    out->file = file;
    buf text = {NULL, 0, 0};
    int more = 0;
    if (read_file(file, 4 << 20, &text, &more) != 0 || buf_addc(&text, '\0') != 0) {
        snprintf(error, cap, "%s: %s", file, errno && errno != ENOMEM ? strerror(errno) : "out of memory");
        buf_free(&text);
        return -1;
    }
    if (more) {
        snprintf(error, cap, "%s: larger than 4 MiB: not a known-failures file", file);
        buf_free(&text);
        return -1;
    }
    int rc = 0, line = 0;
    size_t cap_items = 0;
    char *end = text.data + text.len - 1; /* the NUL added above */
    for (char *p = text.data; rc == 0 && p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        char *next = p + n + (nl != NULL);
        rc = known_line(s, p, n, ++line, out, &cap_items, error, cap);
        p = next;
    }
    buf_free(&text);
    if (rc != 0) known_free(out);
    return rc;
}

void known_free(known_list *k) {
    for (size_t i = 0; i < k->n; i++) free(k->items[i].id);
    free(k->items);
    k->items = NULL;
    k->n = 0;
}

bool known_names(known_list *k, const tcase *c, const check *ck, result_status status) {
    bool named = false;
    for (size_t i = 0; k && i < k->n; i++) {
        known_entry *e = &k->items[i];
        if (e->c != c || (e->check && e->check != ck->number)) continue;
        named = true;
        if (status == RESULT_FAIL) e->failing++;
        else if (status == RESULT_PASS) e->passing++;
    }
    return named;
}

size_t known_fixed_count(const known_list *k) {
    size_t n = 0;
    for (size_t i = 0; known_can_fix(k) && i < k->n; i++) n += known_fixed(&k->items[i]);
    return n;
}

static bool failed(const result *x) { return x->status == RESULT_FAIL || x->status == RESULT_KNOWN; }

int known_write(const char *file, const results *r, const char *what, unsigned profiles, char *error, size_t cap) {
    FILE *f = fopen(file, "w");
    if (!f) {
        snprintf(error, cap, "--write-known-failures: %s: %s", file, strerror(errno));
        return -1;
    }
    fprintf(f, "# Known failures of %s, written by robots-conform --write-known-failures.\n"
               "# One check id a line (CASE.N: check N of CASE; CASE: all its checks); '#' starts a comment.\n"
               "# Give this file to --known-failures: only a failure not listed here fails the run.\n",
            what);
    fprintf(f, KNOWN_PROFILES_LINE);
    for (int p = 0, n = 0; p < ROBOTS_PROFILE_COUNT; p++)
        if (profiles & (1u << p)) fprintf(f, "%s%s", n++ ? ", " : "", robots_profile_name((robots_profile_id)p));
    fprintf(f, "\n");
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        if (!failed(x)) continue;
        /* One line per check, whatever the profiles it failed under (a case's
         * results are together, profile after profile). */
        bool again = false;
        for (size_t j = i; j-- > 0 && r->items[j].c == x->c && !again;) again = r->items[j].k == x->k && failed(&r->items[j]);
        if (again) continue;
        char id[300], got[200];
        snprintf(id, sizeof id, "%s.%d", x->c->id, x->k->number);
        clean_text_escape_controls(x->got ? x->got : "no answer", got, sizeof got);
        fprintf(f, "%-24s # [%s] expected %s, got %s\n", id, robots_profile_name(x->profile), x->k->expect[x->profile], got);
    }
    if (fclose(f) != 0) {
        snprintf(error, cap, "--write-known-failures: %s: %s", file, strerror(errno));
        return -1;
    }
    return 0;
}
