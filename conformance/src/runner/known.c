/* known.c - reading, matching and writing known-failures files (known.h). */
#include "known.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clean_text.h"
#include "file.h"
#include "json.h"

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

static int any_element(void *ctx, const json_member *m) {
    (void)ctx;
    return m->type == JSON_STRING ? 0 : 1;
}

/* The answer after '=': a JSON string (for an answer with spaces, '#' or quotes)
 * or a word, ending at blanks. Advances *p past it. NULL when malformed (error
 * set) or memory ran out. */
static char *answer_at(char **p, const char *file, int line, char *error, size_t cap) {
    char *v = *p;
    if (*v == '"') {
        char *q = v + 1;
        while (*q && *q != '"') q += *q == '\\' && q[1] ? 2 : 1;
        if (*q != '"') {
            snprintf(error, cap, "%s:%d: the answer's string has no closing quote", file, line);
            return NULL;
        }
        size_t raw = (size_t)(q + 1 - v);
        buf decoded = {NULL, 0, 0};
        json_error err = {NULL, 0};
        char wrapped[4200];
        if (raw + 3 > sizeof wrapped) {
            snprintf(error, cap, "%s:%d: the answer is longer than 4 KiB", file, line);
            return NULL;
        }
        snprintf(wrapped, sizeof wrapped, "[%.*s]", (int)raw, v);
        if (json_parse_array(wrapped, raw + 2, any_element, NULL, &err) != 0 || json_decode_string(v, raw, &decoded) != 0 ||
            buf_addc(&decoded, '\0') != 0) {
            buf_free(&decoded);
            snprintf(error, cap, "%s:%d: the answer is not a valid JSON string", file, line);
            return NULL;
        }
        *p = q + 1;
        return decoded.data;
    }
    size_t len = strcspn(v, " \t\r#");
    if (len == 0) {
        snprintf(error, cap, "%s:%d: '=' with no answer after it (CHECK = ANSWER)", file, line);
        return NULL;
    }
    *p = v + len;
    char *word = strndup(v, len);
    if (!word) snprintf(error, cap, "%s: out of memory", file);
    return word;
}

/* "[rfc9309]": the profile an entry is for. Advances *p past it; -1 when it is
 * no profile (error set). */
static int profile_at(char **p, const char *file, int line, char *error, size_t cap) {
    char *close = strchr(*p, ']');
    char name[32];
    robots_profile_id id;
    size_t len = close ? (size_t)(close - *p - 1) : 0;
    snprintf(name, sizeof name, "%.*s", (int)(len < 31 ? len : 31), *p + 1);
    if (!close || len == 0 || len > 31 || robots_profile_from_name(name, &id, NULL)) {
        snprintf(error, cap, "%s:%d: '%.40s' is not a profile in brackets ([google] or [rfc9309])", file, line, *p);
        return -1;
    }
    *p = close + 1;
    return (int)id;
}

/* The answers a kind of check has, when they are a closed list (the case table
 * schema's enums); NULL for an open one (a URL, a number, a list of sitemaps). */
static const char *const *answers_of(check_kind kind) {
    static const char *const allow[] = {"allowed", "disallowed", NULL};
    static const char *const scope[] = {"applies", "does-not-apply", "not-a-robots-url", "invalid", NULL};
    static const char *const status[] = {"full-allow", "full-disallow", "conditional", "use-cached", NULL};
    static const char *const usage[] = {"y", "n", "unknown", NULL};
    switch (kind) {
    case KIND_ALLOW:
    case KIND_ALLOW_AGENTS:
    case KIND_ALLOW_CRAWLER: return allow;
    case KIND_SCOPE: return scope;
    case KIND_STATUS: return status;
    case KIND_USAGE:
    case KIND_SIGNAL: return usage;
    default: return NULL;
    }
}

/* A pinned answer no check the entry names can give is a misspelling ("dissallowed"):
 * an error with the file and line, not a failure of every run. 0, or -1 with error. */
static int answer_possible(const known_entry *e, const char *file, int line, char *error, size_t cap) {
    if (!e->answer || !strcmp(e->answer, KNOWN_ERROR_ANSWER)) return 0;
    for (size_t k = 0; k < e->c->nchecks; k++) {
        const check *ck = &e->c->checks[k];
        if (e->check && ck->number != e->check) continue;
        const char *const *valid = answers_of(ck->kind);
        if (!valid) return 0;
        for (; *valid; valid++)
            if (!strcmp(*valid, e->answer)) return 0;
    }
    const char *const *valid = answers_of(e->c->checks[e->check ? e->check - 1 : 0].kind);
    char list[160] = "";
    for (; valid && *valid; valid++) snprintf(list + strlen(list), sizeof list - strlen(list), "%s, ", *valid);
    snprintf(error, cap, "%s:%d: '%.100s' is no answer of %s (%serror)", file, line, e->answer, e->id ? e->id : "it",
             list);
    return -1;
}

/* One line of the file, made a C string (p[n] is overwritten): blank, a comment,
 * the profiles it was written under, or an entry: a check id, then optionally
 * "[PROFILE]" and "= ANSWER", then optionally a comment. */
static int known_line(const suite *s, char *p, size_t n, int line, known_list *out, size_t *cap_items, char *error,
                      size_t cap) {
    if (memchr(p, '\0', n)) {
        snprintf(error, cap, "%s:%d: a NUL byte: not a known-failures file", out->file, line);
        return -1;
    }
    p[n] = '\0';
    if (!strncmp(p, KNOWN_PROFILES_LINE, strlen(KNOWN_PROFILES_LINE))) return profiles_line(p, line, out, error, cap);
    p += strspn(p, " \t\r");
    size_t len = strcspn(p, " \t\r#[=");
    if (len == 0 && (*p == '\0' || *p == '#')) return 0;
    char id[256];
    snprintf(id, sizeof id, "%.*s", (int)(len < 255 ? len : 255), p);
    known_entry e = {.line = line, .profile = -1};
    char *rest = p + len;
    rest += strspn(rest, " \t\r");
    if (*rest == '[') {
        e.profile = profile_at(&rest, out->file, line, error, cap);
        if (e.profile < 0) return -1;
        rest += strspn(rest, " \t\r");
    }
    if (*rest == '=') {
        rest++;
        rest += strspn(rest, " \t\r");
        e.answer = answer_at(&rest, out->file, line, error, cap);
        if (!e.answer) return -1;
        rest += strspn(rest, " \t\r");
    }
    if (*rest != '\0' && *rest != '#') {
        snprintf(error, cap, "%s:%d: one check a line (CHECK, CHECK = ANSWER or CHECK [PROFILE] = ANSWER), not '%.200s'",
                 out->file, line, p);
        free(e.answer);
        return -1;
    }
    if (len == 0 || len > 255 || resolve(s, id, &e) != 0) {
        snprintf(error, cap, "%s:%d: '%.200s' names no case or check of the tables (CASE or CASE.N; --list shows the cases)",
                 out->file, line, id);
        free(e.answer);
        return -1;
    }
    e.id = id;
    if (answer_possible(&e, out->file, line, error, cap) != 0) {
        free(e.answer);
        return -1;
    }
    if (add_entry(out, cap_items, e, id) != 0) {
        snprintf(error, cap, "%s: out of memory", out->file);
        free(e.answer);
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
    for (size_t i = 0; i < k->n; i++) {
        free(k->items[i].id);
        free(k->items[i].answer);
    }
    free(k->items);
    k->items = NULL;
    k->n = 0;
}

known_verdict known_judge(known_list *k, const tcase *c, const check *ck, robots_profile_id profile,
                          result_status status, const char *now, const char **was) {
    bool named = false, taken = false;
    *was = NULL;
    for (size_t i = 0; k && i < k->n; i++) {
        known_entry *e = &k->items[i];
        if (e->c != c || (e->check && e->check != ck->number) || (e->profile >= 0 && e->profile != (int)profile)) continue;
        named = true;
        if (status == RESULT_FAIL) e->failing++;
        else if (status == RESULT_PASS) e->passing++;
        if (!now) continue;
        /* An entry without an answer takes any answer but an error reply (as
         * before answers were pinned); one with an answer takes that one. */
        if (e->answer ? !strcmp(e->answer, now) : strcmp(now, KNOWN_ERROR_ANSWER) != 0) taken = true;
        else if (e->answer && !*was) *was = e->answer;
    }
    if (status != RESULT_FAIL || !named || !now) return KNOWN_UNLISTED;
    if (taken) return KNOWN_ACCEPTED;
    return *was ? KNOWN_CHANGED : KNOWN_UNLISTED;
}

size_t known_fixed_count(const known_list *k) {
    size_t n = 0;
    for (size_t i = 0; known_can_fix(k) && i < k->n; i++) n += known_fixed(&k->items[i]);
    return n;
}

size_t known_unjudged_entries(const known_list *k, char *out, size_t cap) {
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; known_unjudged(k) && i < k->n; i++) {
        const known_entry *e = &k->items[i];
        if (!known_fixed(e)) continue;
        size_t used = strlen(out);
        if (used + strlen(e->id) + 8 < cap) snprintf(out + used, cap - used, "%s%s", n ? ", " : "", e->id);
        else if (used + 5 < cap && !strstr(out, "...")) snprintf(out + used, cap - used, ", ...");
        n++;
    }
    return n;
}

static void profile_names(unsigned profiles, char *out, size_t cap) {
    out[0] = '\0';
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        if (profiles & (1u << p))
            snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? ", " : "", robots_profile_name((robots_profile_id)p));
}

void known_unjudged_why(const known_list *k, char *out, size_t cap) {
    char under[64], judged[64], missing[64], options[96] = "";
    profile_names(k->written_under, under, sizeof under);
    profile_names(k->judged, judged, sizeof judged);
    profile_names(k->written_under & ~k->judged, missing, sizeof missing);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        if (k->written_under & (1u << p))
            snprintf(options + strlen(options), sizeof options - strlen(options), "%s--profile %s", options[0] ? " " : "",
                     robots_profile_name((robots_profile_id)p));
    snprintf(out, cap,
             "%s was written under %s; this run judged %s: an entry that passes here may still fail under %s, so none "
             "can be said fixed (judge the file's profiles: %s; or write the file under this run's)",
             k->file, under, judged, missing, options);
}

static bool failed(const result *x) { return x->status == RESULT_FAIL || x->status == RESULT_KNOWN; }

/* An answer as the file writes it: a word, or a JSON string when it holds a blank,
 * '#', '"', '[', '=', a control character or nothing. */
static int answer_text(const char *said, buf *out) {
    bool word = said[0] != '\0' && said[0] != '"' && said[0] != '[';
    for (const unsigned char *p = (const unsigned char *)said; word && *p; p++)
        word = *p > 0x20 && *p != '#' && *p != '"' && *p != '=' && *p != 0x7f;
    int rc = word ? buf_add(out, said, strlen(said)) : json_append_string(out, said, strlen(said));
    return rc != 0 || buf_addc(out, '\0') != 0 ? -1 : 0;
}

/* The answer a failure is listed with: its answer, or "error" for an error
 * reply; NULL when it has none (a crash, a timeout, a broken reply). */
static const char *listed_answer(const result *x) {
    return x->declined ? KNOWN_ERROR_ANSWER : !x->answered ? NULL : x->got ? x->got : "";
}

/* One entry line: "ID = ANSWER" or "ID [PROFILE] = ANSWER", with what was
 * expected as a comment. */
static int write_entry(FILE *f, const result *x, bool with_profile) {
    char id[300], expected[200];
    snprintf(id, sizeof id, "%s.%d", x->c->id, x->k->number);
    if (with_profile) snprintf(id + strlen(id), sizeof id - strlen(id), " [%s]", robots_profile_name(x->profile));
    buf said = {NULL, 0, 0};
    if (answer_text(listed_answer(x), &said) != 0) return -1;
    clean_text_escape_controls(x->k->expect[x->profile], expected, sizeof expected);
    fprintf(f, "%-24s = %-16s # [%s] expected %s\n", id, said.data, robots_profile_name(x->profile), expected);
    buf_free(&said);
    return 0;
}

int known_write(const char *file, const results *r, const char *what, unsigned profiles, char *error, size_t cap) {
    /* A failure with no answer would fail the next run whatever the file says. */
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        if (failed(x) && !listed_answer(x)) {
            snprintf(error, cap,
                     "--write-known-failures: %s not written: %s check %d [%s] got no answer (%s): a crash, a timeout "
                     "or a broken reply is never a known failure; fix it, or leave the check out (--id -%s.%d)",
                     file, x->c->id, x->k->number, robots_profile_name(x->profile), x->reason ? x->reason : "no reply",
                     x->c->id, x->k->number);
            return -1;
        }
    }
    FILE *f = fopen(file, "w");
    if (!f) {
        snprintf(error, cap, "--write-known-failures: %s: %s", file, strerror(errno));
        return -1;
    }
    fprintf(f, "# Known failures of %s, written by robots-conform --write-known-failures.\n"
               "# CASE.N = ANSWER: check N of CASE is known to fail with that answer (\"error\": an error reply);\n"
               "# with another answer it fails the run. CASE.N alone takes any answer; CASE, all its checks;\n"
               "# [PROFILE] before '=', one profile. '#' starts a comment.\n"
               "# Give this file to --known-failures: only a failure not listed here fails the run.\n",
            what);
    fprintf(f, KNOWN_PROFILES_LINE);
    for (int p = 0, n = 0; p < ROBOTS_PROFILE_COUNT; p++)
        if (profiles & (1u << p)) fprintf(f, "%s%s", n++ ? ", " : "", robots_profile_name((robots_profile_id)p));
    fprintf(f, "\n");
    int rc = 0;
    for (size_t i = 0; i < r->n && rc == 0; i++) {
        const result *x = &r->items[i];
        if (!failed(x)) continue;
        /* One line per check when its failures under every profile have one
         * answer, else one per profile (a case's results are together, profile
         * after profile). */
        bool again = false, differ = false;
        for (size_t j = i; j-- > 0 && r->items[j].c == x->c && !again;) again = r->items[j].k == x->k && failed(&r->items[j]);
        for (size_t j = 0; j < r->n && !differ; j++) {
            const result *y = &r->items[j];
            differ = y->c == x->c && y->k == x->k && failed(y) && strcmp(listed_answer(y), listed_answer(x)) != 0;
        }
        if (again && !differ) continue;
        rc = write_entry(f, x, differ);
    }
    if (fclose(f) != 0 || rc != 0) {
        snprintf(error, cap, "--write-known-failures: %s: %s", file, rc ? "out of memory" : strerror(errno));
        return -1;
    }
    return 0;
}
