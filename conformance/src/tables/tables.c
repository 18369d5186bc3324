/*
 * tables.c - loading the case tables: parse, validate against the schema, then the
 * rules a schema cannot state (the area is the file's name, ids are unique across
 * files, allow and sitemaps checks need a robots.txt, an allow-crawler check asks
 * as the crawler catalog says), then build the cases.
 */
#include "tables.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "base64.h"
#include "buf.h"
#include "json_file.h"
#include "schema.h"
#include "spec_index.h"

static const char *const kind_names[KIND_COUNT] = {
    [KIND_ALLOW] = "allow",       [KIND_ALLOW_AGENTS] = "allow-agents", [KIND_ALLOW_CRAWLER] = "allow-crawler",
    [KIND_ROBOTS_URL] = "robots-url", [KIND_SCOPE] = "scope",         [KIND_STATUS] = "status",
    [KIND_SITEMAPS] = "sitemaps", [KIND_CACHE_LIFETIME] = "cache-lifetime", [KIND_USAGE] = "usage",
    [KIND_SIGNAL] = "signal"};

const char *suite_kind_name(check_kind kind) { return kind_names[kind]; }

static const char *const class_names[CLASS_COUNT] = {"spec", "rfc", "google-parser", "fetcher", "url-input",
                                                     "draft"};

const char *suite_class_name(basis_class c) { return class_names[c]; }

int suite_class_from_name(const char *name, size_t len, basis_class *out) {
    for (int c = 0; c < CLASS_COUNT; c++) {
        if (strlen(class_names[c]) == len && !strncmp(name, class_names[c], len)) {
            *out = (basis_class)c;
            return 0;
        }
    }
    return -1;
}

/* A list of class names (the schema has checked them) as bits. */
static unsigned class_bits(const cJSON *list) {
    unsigned bits = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, list) {
        basis_class c;
        if (cJSON_IsString(e) && !suite_class_from_name(e->valuestring, strlen(e->valuestring), &c)) bits |= 1u << c;
    }
    return bits;
}

/* The basis of a check: its own, else its case's; one list for every profile or
 * one per profile. Returns -1 when neither gives one. */
static int read_basis(const cJSON *check_json, const cJSON *case_json, check *k) {
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(check_json, "basis");
    if (!b) b = cJSON_GetObjectItemCaseSensitive(case_json, "basis");
    if (!b) return -1;
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        k->basis[p] = class_bits(cJSON_IsObject(b) ? cJSON_GetObjectItemCaseSensitive(b, robots_profile_name((robots_profile_id)p)) : b);
    return 0;
}

static char *dup_text(const char *s) {
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static const char *string_or_empty(const cJSON *parent, const char *name) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(parent, name);
    return cJSON_IsString(x) ? x->valuestring : "";
}

/* Any expectation as text: strings as they are, integers in decimal, arrays as
 * compact JSON. */
static char *expectation_text(const cJSON *x) {
    if (cJSON_IsString(x)) return dup_text(x->valuestring);
    if (cJSON_IsNumber(x)) {
        char n[32];
        snprintf(n, sizeof n, "%.0f", x->valuedouble);
        return dup_text(n);
    }
    char *json = cJSON_PrintUnformatted(x);
    char *copy = dup_text(json);
    cJSON_free(json);
    return copy;
}

/* The expectation per profile; false when memory ran out. */
static bool read_expectation(const cJSON *c, check *k) {
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(c, "expect");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        const cJSON *v = expect;
        if (cJSON_IsObject(expect)) v = cJSON_GetObjectItemCaseSensitive(expect, robots_profile_name((robots_profile_id)p));
        k->expect[p] = expectation_text(v);
        if (!k->expect[p]) return false;
    }
    return true;
}

static check_kind kind_of(const cJSON *c) {
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(c, "kind");
    for (int k = 0; cJSON_IsString(kind) && k < KIND_COUNT; k++)
        if (!strcmp(kind->valuestring, kind_names[k])) return (check_kind)k;
    return KIND_ALLOW;
}

/* The agents of an allow-agents or allow-crawler check (check_shape made them
 * strings); false when memory ran out. */
static bool read_agents(const cJSON *c, check *k) {
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(c, "agents"), *e;
    int n = cJSON_GetArraySize(list);
    if (n <= 0) return true;
    k->agents = calloc((size_t)n, sizeof *k->agents);
    if (!k->agents) return false;
    cJSON_ArrayForEach(e, list) {
        k->agents[k->nagents] = dup_text(e->valuestring);
        if (!k->agents[k->nagents]) return false;
        k->nagents++;
    }
    return true;
}

/* Fills *k; false when memory ran out. */
static bool read_check(const cJSON *c, int number, check *k) {
    k->kind = kind_of(c);
    k->number = number;
    if (!read_agents(c, k)) return false;
    k->agent = json_file_string_copy(c, "agent");
    k->url = json_file_string_copy(c, "url");
    k->robots_url = json_file_string_copy(c, "robots_url");
    k->cache_control = json_file_string_copy(c, "cache_control");
    k->category = json_file_string_copy(c, "category");
    k->note = json_file_string_copy(c, "note");
    if (json_file_copy_lost(c, "agent", k->agent) || json_file_copy_lost(c, "url", k->url) ||
        json_file_copy_lost(c, "robots_url", k->robots_url) || json_file_copy_lost(c, "cache_control", k->cache_control) ||
        json_file_copy_lost(c, "category", k->category) || json_file_copy_lost(c, "note", k->note))
        return false;
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(c, "status");
    k->status = cJSON_IsNumber(status) ? (int)status->valuedouble : 0;
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(c, "redirects");
    k->redirects = cJSON_IsNumber(n) ? (unsigned)n->valuedouble : 0;
    n = cJSON_GetObjectItemCaseSensitive(c, "unreachable_days");
    k->unreachable_days = cJSON_IsNumber(n) ? (unsigned)n->valuedouble : 0;
    k->cached = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "cached"));
    k->ignores_star = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "ignores_star"));
    const cJSON *spec = cJSON_GetObjectItemCaseSensitive(c, "spec");
    if (cJSON_IsString(spec)) {
        k->spec = dup_text(spec->valuestring);
        if (!k->spec) return false;
    } else if (spec) {
        /* By edition, in words: "old edition: undefined; 2019 edition: allowed". */
        buf text = {NULL, 0, 0};
        bool lost = false;
        const cJSON *e;
        cJSON_ArrayForEach(e, spec) {
            lost |= text.len && buf_add(&text, "; ", 2);
            lost |= buf_add(&text, e->string, strlen(e->string));
            lost |= buf_add(&text, " edition: ", 10);
            lost |= buf_add(&text, e->valuestring, strlen(e->valuestring));
        }
        if (lost || buf_addc(&text, '\0')) {
            buf_free(&text);
            return false;
        }
        k->spec = text.data;
    }
    return read_expectation(c, k);
}

/* The size of a robots.txt given as lines, once expanded, or SIZE_MAX beyond
 * `limit`; *at is the index of the line that crosses it. */
static size_t expanded_size(const cJSON *lines, size_t limit, size_t *at) {
    size_t total = 0, i = 0;
    const cJSON *line;
    cJSON_ArrayForEach(line, lines) {
        size_t n = i ? 1 : 0; /* the line break before it */
        if (cJSON_IsString(line)) {
            n += strlen(line->valuestring);
        } else {
            size_t repeat = strlen(cJSON_GetObjectItemCaseSensitive(line, "repeat")->valuestring);
            double times = cJSON_GetObjectItemCaseSensitive(line, "times")->valuedouble;
            if (times > (double)limit / (double)repeat) {
                *at = i;
                return SIZE_MAX;
            }
            n += strlen(string_or_empty(line, "prefix")) + repeat * (size_t)times + strlen(string_or_empty(line, "suffix"));
        }
        if (n > limit - total) {
            *at = i;
            return SIZE_MAX;
        }
        total += n;
        i++;
    }
    return total;
}

static const char too_large[] = "too large";

/* The robots.txt of a case as bytes, at most `limit` of them. Returns NULL or a
 * problem (too_large, or words) with its JSON path relative to the case in
 * where_in_case. */
static const char *read_robots(const cJSON *c, size_t limit, robots_body *b, char *where_in_case, size_t cap) {
    const cJSON *lines = cJSON_GetObjectItemCaseSensitive(c, "robots");
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(c, "robots_text");
    const cJSON *b64 = cJSON_GetObjectItemCaseSensitive(c, "robots_base64");
    buf out = {NULL, 0, 0};
    int bad = 0;
    if (lines) {
        size_t at = 0, size = expanded_size(lines, limit, &at);
        if (size == SIZE_MAX) {
            snprintf(where_in_case, cap, ".robots[%zu]", at);
            return too_large;
        }
        bad = buf_reserve(&out, size + 1);
        size_t i = 0;
        const cJSON *line;
        cJSON_ArrayForEach(line, lines) {
            if (i++) bad |= buf_addc(&out, '\n');
            if (cJSON_IsString(line)) {
                bad |= buf_add(&out, line->valuestring, strlen(line->valuestring));
                continue;
            }
            /* {"prefix", "repeat", "times", "suffix"}: a long line, written short. */
            const char *prefix = string_or_empty(line, "prefix"), *suffix = string_or_empty(line, "suffix");
            const char *repeat = cJSON_GetObjectItemCaseSensitive(line, "repeat")->valuestring;
            size_t times = (size_t)cJSON_GetObjectItemCaseSensitive(line, "times")->valuedouble;
            bad |= buf_add(&out, prefix, strlen(prefix));
            for (size_t t = 0; t < times && !bad; t++) bad |= buf_add(&out, repeat, strlen(repeat));
            bad |= buf_add(&out, suffix, strlen(suffix));
        }
    } else if (text) {
        b->text = dup_text(text->valuestring);
        bad = !b->text || buf_add(&out, text->valuestring, strlen(text->valuestring));
    } else if (b64) {
        const char *error;
        b->base64 = dup_text(b64->valuestring);
        if (!b->base64) bad = 1;
        else if (base64_decode(b64->valuestring, strlen(b64->valuestring), &out, &error)) {
            buf_free(&out);
            snprintf(where_in_case, cap, ".robots_base64");
            return error;
        }
    } else {
        return NULL;
    }
    where_in_case[0] = '\0';
    if (!bad && out.len > limit) {
        buf_free(&out);
        snprintf(where_in_case, cap, "%s", text ? ".robots_text" : ".robots_base64");
        return too_large;
    }
    if (bad || (!out.data && !(out.data = dup_text("")))) {
        buf_free(&out);
        return "out of memory building the robots.txt";
    }
    b->present = 1;
    b->data = (unsigned char *)out.data;
    b->len = out.len;
    return NULL;
}

/* ---- The loader's own needs -------------------------------------------------------
 * The schema states the format; these are the few facts the code below relies on
 * to be safe, checked again here, so that a schema that says less (--schema
 * pointing at another file) gives an error, never a crash. */

static bool is_string_member(const cJSON *o, const char *name) {
    return cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, name));
}

static bool strings_only(const cJSON *x) {
    const cJSON *e;
    if (!cJSON_IsArray(x) && !cJSON_IsObject(x)) return false;
    cJSON_ArrayForEach(e, x) if (!cJSON_IsString(e)) return false;
    return true;
}

/* A basis: a list of class names, or an object of such lists. */
static bool basis_shape(const cJSON *b) {
    if (!b || cJSON_IsArray(b)) return !b || strings_only(b);
    const cJSON *e;
    if (!cJSON_IsObject(b)) return false;
    cJSON_ArrayForEach(e, b) if (!cJSON_IsArray(e) || !strings_only(e)) return false;
    return true;
}

static bool line_shape(const cJSON *line) {
    if (cJSON_IsString(line)) return true;
    const cJSON *times = cJSON_GetObjectItemCaseSensitive(line, "times");
    const cJSON *repeat = cJSON_GetObjectItemCaseSensitive(line, "repeat");
    const cJSON *prefix = cJSON_GetObjectItemCaseSensitive(line, "prefix");
    const cJSON *suffix = cJSON_GetObjectItemCaseSensitive(line, "suffix");
    return cJSON_IsObject(line) && cJSON_IsString(repeat) && repeat->valuestring[0] && cJSON_IsNumber(times) &&
           times->valuedouble >= 0 && times->valuedouble <= 1e15 && (!prefix || cJSON_IsString(prefix)) &&
           (!suffix || cJSON_IsString(suffix));
}

/* What each kind of check reads. */
static bool check_shape(const cJSON *k, const char **missing) {
    check_kind kind = kind_of(k);
    static const char *const need[KIND_COUNT][3] = {
        [KIND_ALLOW] = {"agent", "url", NULL},
        [KIND_ALLOW_AGENTS] = {"url", NULL, NULL},
        [KIND_ALLOW_CRAWLER] = {"url", NULL, NULL},
        [KIND_ROBOTS_URL] = {"url", NULL, NULL},
        [KIND_SCOPE] = {"robots_url", "url", NULL},
        [KIND_USAGE] = {"agent", "url", "category"},
        [KIND_SIGNAL] = {"agent", "url", "category"}};
    for (int i = 0; i < 3; i++) {
        if (need[kind][i] && !is_string_member(k, need[kind][i])) {
            *missing = need[kind][i];
            return false;
        }
    }
    /* The crawler's tokens are copied as strings; whether it ignores '*' is a
     * boolean, never a default read from a misspelt value. */
    const cJSON *agents = cJSON_GetObjectItemCaseSensitive(k, "agents");
    if ((kind == KIND_ALLOW_AGENTS || kind == KIND_ALLOW_CRAWLER) && agents &&
        (!cJSON_IsArray(agents) || !strings_only(agents))) {
        *missing = "agents";
        return false;
    }
    if (kind == KIND_ALLOW_CRAWLER && !cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(k, "ignores_star"))) {
        *missing = "ignores_star";
        return false;
    }
    /* Numbers become C integers: each must be an integer in its range, whatever
     * the schema says (a double out of range converted is undefined behaviour). */
    static const struct {
        const char *name;
        double min, max;
    } numbers[] = {{"status", 100, 599}, {"redirects", 0, 1e9}, {"unreachable_days", 0, 1e9}};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(k, numbers[i].name);
        if (!cJSON_IsNumber(n)) continue;
        double v = n->valuedouble;
        if (!(v >= numbers[i].min && v <= numbers[i].max) || v != (double)(long)v) {
            *missing = numbers[i].name;
            return false;
        }
    }
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(k, "expect");
    const cJSON *spec = cJSON_GetObjectItemCaseSensitive(k, "spec");
    *missing = "expect";
    if (!expect || (cJSON_IsObject(expect) && cJSON_GetArraySize(expect) == 0)) return false;
    *missing = "spec";
    if (spec && !cJSON_IsString(spec) && !strings_only(spec)) return false;
    *missing = "basis";
    return basis_shape(cJSON_GetObjectItemCaseSensitive(k, "basis"));
}

/* Returns 0, or -1 with the JSON path and what is wrong in problem. */
static int shape_problem(const cJSON *json, char *problem, size_t cap) {
    static const char *const table_strings[] = {"area", "title"};
    for (size_t i = 0; i < 2; i++) {
        if (!is_string_member(json, table_strings[i])) {
            snprintf(problem, cap, "$.%s: missing, or not a string", table_strings[i]);
            return -1;
        }
    }
    const cJSON *cases = cJSON_GetObjectItemCaseSensitive(json, "cases");
    if (!cJSON_IsArray(cases)) {
        snprintf(problem, cap, "$.cases: missing, or not an array");
        return -1;
    }
    size_t i = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cases) {
        const char *bad = NULL;
        if (!is_string_member(c, "id")) bad = "id";
        else if (!is_string_member(c, "title")) bad = "title";
        else if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(c, "checks"))) bad = "checks";
        else if (!strings_only(cJSON_GetObjectItemCaseSensitive(c, "source"))) bad = "source";
        else if (!basis_shape(cJSON_GetObjectItemCaseSensitive(c, "basis"))) bad = "basis";
        else if (cJSON_HasObjectItem(c, "robots_text") && !is_string_member(c, "robots_text")) bad = "robots_text";
        else if (cJSON_HasObjectItem(c, "robots_base64") && !is_string_member(c, "robots_base64")) bad = "robots_base64";
        else if (cJSON_HasObjectItem(c, "robots") && !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(c, "robots")))
            bad = "robots";
        if (bad) {
            snprintf(problem, cap, "$.cases[%zu].%s: missing, or not of its type", i, bad);
            return -1;
        }
        size_t j = 0;
        const cJSON *e;
        cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c, "robots")) {
            if (!line_shape(e)) {
                snprintf(problem, cap, "$.cases[%zu].robots[%zu]: a line is a string or {repeat, times}", i, j);
                return -1;
            }
            j++;
        }
        j = 0;
        cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c, "checks")) {
            const char *missing = "kind";
            if (!cJSON_IsObject(e) || !check_shape(e, &missing)) {
                snprintf(problem, cap, "$.cases[%zu].checks[%zu].%s: missing, or not of its type", i, j, missing);
                return -1;
            }
            j++;
        }
        i++;
    }
    return 0;
}

static void where(char *error, size_t cap, const char *file, const char *what) {
    snprintf(error, cap, "%s: %s", file, what);
}

/* Loads one table; *robots_budget is what the suite's robots.txt files may still
 * take (SUITE_ROBOTS_MAX in all). */
static int load_table(const char *file, const char *name, const cJSON *schema, const spec_index *index, table *t,
                      size_t *robots_budget, char *error, size_t cap) {
    cJSON *json;
    if (json_file_read(file, &json, error, cap)) return -1;
    char problem[1200];
    int rc = -1;
    if (schema_validate(schema, json, problem, sizeof problem) || shape_problem(json, problem, sizeof problem)) {
        where(error, cap, file, problem);
        goto done;
    }
    t->file = dup_text(file);
    t->area = json_file_string_copy(json, "area");
    t->title = json_file_string_copy(json, "title");
    t->description = json_file_string_copy(json, "description");
    t->version = json_file_string_copy(json, "version");
    if (!t->file || !t->area || !t->title || json_file_copy_lost(json, "description", t->description) ||
        json_file_copy_lost(json, "version", t->version))
        goto out_of_memory;
    size_t n = strlen(name);
    if (strlen(t->area) != n - 5 || strncmp(t->area, name, n - 5) != 0) {
        snprintf(problem, sizeof problem, "$.area: must be \"%.*s\", the file's name", (int)(n - 5), name);
        where(error, cap, file, problem);
        goto done;
    }
    const cJSON *cases = cJSON_GetObjectItemCaseSensitive(json, "cases");
    t->ncases = (size_t)cJSON_GetArraySize(cases);
    t->cases = calloc(t->ncases ? t->ncases : 1, sizeof(tcase));
    if (!t->cases) goto out_of_memory;
    size_t i = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cases) {
        tcase *tc = &t->cases[i];
        tc->table = t;
        tc->id = json_file_string_copy(c, "id");
        tc->title = json_file_string_copy(c, "title");
        tc->note = json_file_string_copy(c, "note");
        const cJSON *sources = cJSON_GetObjectItemCaseSensitive(c, "source");
        tc->nsources = (size_t)cJSON_GetArraySize(sources);
        tc->sources = calloc(tc->nsources ? tc->nsources : 1, sizeof(char *));
        tc->refs = calloc(tc->nsources ? tc->nsources : 1, sizeof(source_ref));
        if (!tc->id || !tc->title || !tc->sources || !tc->refs || json_file_copy_lost(c, "note", tc->note)) goto out_of_memory;
        size_t s = 0;
        const cJSON *src;
        cJSON_ArrayForEach(src, sources) {
            tc->sources[s] = dup_text(src->valuestring);
            if (!tc->sources[s]) goto out_of_memory;
            char why[600];
            if (spec_index_resolve(index, src->valuestring, &tc->refs[s], why, sizeof why)) {
                snprintf(problem, sizeof problem, "$.cases[%zu].source[%zu]: %s", i, s, why);
                where(error, cap, file, problem);
                goto done;
            }
            s++;
        }
        size_t limit = *robots_budget < CASE_ROBOTS_MAX ? *robots_budget : CASE_ROBOTS_MAX;
        char at[64];
        const char *bad = read_robots(c, limit, &tc->robots, at, sizeof at);
        if (bad == too_large) {
            snprintf(problem, sizeof problem,
                     "$.cases[%zu]%s: the robots.txt grows beyond %zu bytes: a case's robots.txt may hold at "
                     "most %zu bytes once expanded, and all of the suite's together %zu", i, at, limit,
                     CASE_ROBOTS_MAX, SUITE_ROBOTS_MAX);
            where(error, cap, file, problem);
            goto done;
        }
        if (bad) {
            snprintf(problem, sizeof problem, "$.cases[%zu]%s: %s", i, at, bad);
            where(error, cap, file, problem);
            goto done;
        }
        *robots_budget -= tc->robots.len;
        const cJSON *checks = cJSON_GetObjectItemCaseSensitive(c, "checks");
        tc->nchecks = (size_t)cJSON_GetArraySize(checks);
        tc->checks = calloc(tc->nchecks ? tc->nchecks : 1, sizeof(check));
        if (!tc->checks) goto out_of_memory;
        size_t k = 0;
        const cJSON *ck;
        cJSON_ArrayForEach(ck, checks) {
            if (!read_check(ck, (int)k + 1, &tc->checks[k])) goto out_of_memory;
            if (read_basis(ck, c, &tc->checks[k])) {
                snprintf(problem, sizeof problem,
                         "$.cases[%zu].checks[%zu]: no basis: give \"basis\" on the check or on its case", i, k);
                where(error, cap, file, problem);
                goto done;
            }
            check_kind kind = tc->checks[k].kind;
            if (kind_reads_robots(kind) && !tc->robots.present) {
                snprintf(problem, sizeof problem,
                         "$.cases[%zu].checks[%zu]: a %s check needs the case to give robots, "
                         "robots_text or robots_base64", i, k, kind_names[kind]);
                where(error, cap, file, problem);
                goto done;
            }
            k++;
        }
        i++;
    }
    rc = 0;
done:
    cJSON_Delete(json);
    return rc;
out_of_memory:
    where(error, cap, file, "out of memory");
    goto done;
}

/* The order a reader meets the areas in: where the file is and what a response
 * means, then the file's format, groups, rules and matching, then the RFC's and
 * Google's specifics, then this project's own edges. Other areas follow by name. */
static const char *const reading_order[] = {"scope", "status", "format", "group", "ua", "rule", "match",
                                            "prec", "encoding", "sitemap", "apply", "rfc", "google",
                                            "edge", "patterns", "aipref"};

static size_t rank(const char *file) {
    size_t n = sizeof reading_order / sizeof reading_order[0];
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(reading_order[i]);
        if (!strncmp(file, reading_order[i], len) && !strcmp(file + len, ".json")) return i;
    }
    return n;
}

static int by_name(const void *a, const void *b) {
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    size_t rx = rank(x), ry = rank(y);
    if (rx != ry) return rx < ry ? -1 : 1;
    return strcmp(x, y);
}

/* An id names one case in the whole suite. The ids are sorted (by id, then by
 * where they appear), so a repeat is next to its first appearance: n log n. */
typedef struct id_at {
    const char *id;
    size_t table, index;
} id_at;

static int by_id(const void *a, const void *b) {
    const id_at *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    if (c) return c;
    if (x->table != y->table) return x->table < y->table ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static int unique_ids(const suite *s, char *error, size_t cap) {
    size_t n = 0, k = 0;
    for (size_t t = 0; t < s->ntables; t++) n += s->tables[t].ncases;
    id_at *all = malloc((n ? n : 1) * sizeof *all);
    if (!all) {
        snprintf(error, cap, "out of memory");
        return -1;
    }
    for (size_t t = 0; t < s->ntables; t++)
        for (size_t i = 0; i < s->tables[t].ncases; i++) all[k++] = (id_at){s->tables[t].cases[i].id, t, i};
    qsort(all, n, sizeof *all, by_id);
    /* Of all repeats, report the one that comes first in reading order. */
    const id_at *worst = NULL, *first = NULL;
    for (size_t i = 1; i < n; i++) {
        if (strcmp(all[i].id, all[i - 1].id)) continue;
        size_t j = i - 1;
        while (j > 0 && !strcmp(all[j - 1].id, all[i].id)) j--;
        if (!worst || all[i].table < worst->table || (all[i].table == worst->table && all[i].index < worst->index)) {
            worst = &all[i];
            first = &all[j];
        }
    }
    int rc = 0;
    if (worst) {
        char what[600];
        snprintf(what, sizeof what, "$.cases[%zu].id: \"%s\" is already the id of a case in %s", worst->index,
                 worst->id, s->tables[first->table].file);
        where(error, cap, s->tables[worst->table].file, what);
        rc = -1;
    }
    free(all);
    return rc;
}

/* Does an allow-crawler check ask as the catalog says the crawler asks? A check
 * whose first token is a catalog crawler's first token must carry exactly its
 * tokens, in order, and ignore '*' exactly when the catalog says it does: the
 * tables then test the rule the catalog states (ADSBOT-1), and a catalog that
 * changes a crawler's tokens cannot leave a case asking as nobody does. Other
 * tokens (a crawler the catalog does not list, or a catalog given with
 * --catalog that lists others) are asked as written. */
static bool same_tokens(const check *k, const catalog_crawler *cr) {
    if (k->nagents != cr->ntokens) return false;
    for (size_t i = 0; i < k->nagents; i++)
        if (strcasecmp(k->agents[i], cr->tokens[i])) return false;
    return true;
}

static int crawlers_agree(const suite *s, char *error, size_t cap) {
    for (size_t t = 0; t < s->ntables; t++) {
        const table *tb = &s->tables[t];
        for (size_t i = 0; i < tb->ncases; i++) {
            for (size_t k = 0; k < tb->cases[i].nchecks; k++) {
                const check *ck = &tb->cases[i].checks[k];
                if (ck->kind != KIND_ALLOW_CRAWLER || !ck->nagents) continue;
                const catalog_crawler *cr = NULL;
                for (size_t c = 0; c < s->catalog.ncrawlers && !cr; c++) {
                    const catalog_crawler *x = &s->catalog.crawlers[c];
                    if (x->ntokens && !strcasecmp(x->tokens[0], ck->agents[0])) cr = x;
                }
                bool ignores = cr && cr->robots == CRAWLER_IGNORES_STAR;
                if (!cr || (same_tokens(ck, cr) && ignores == (ck->ignores_star != 0))) continue;
                char tokens[200] = "";
                for (size_t n = 0; n < cr->ntokens; n++)
                    snprintf(tokens + strlen(tokens), sizeof tokens - strlen(tokens), "%s\"%s\"", n ? ", " : "",
                             cr->tokens[n]);
                char what[600];
                snprintf(what, sizeof what,
                         "$.cases[%zu].checks[%zu]: asks as the crawler %s of %s, which asks with [%s] and %s: give exactly "
                         "those agents, and \"ignores_star\": %s",
                         i, k, cr->id, s->catalog.file, tokens, ignores ? "ignores '*'" : "follows '*'",
                         ignores ? "true" : "false");
                where(error, cap, tb->file, what);
                return -1;
            }
        }
    }
    return 0;
}

/* The names of the *.json files in dir (not hidden ones), sorted. Returns 0, or
 * -1 with the error and nothing to free. */
static int table_names(const char *dir, char ***out, size_t *count, char *error, size_t cap) {
    DIR *d = opendir(dir);
    if (!d) {
        char what[300];
        snprintf(what, sizeof what, "cannot open the case directory: %s", strerror(errno));
        where(error, cap, dir, what);
        return -1;
    }
    char **names = NULL;
    size_t n = 0;
    int oom = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json") && e->d_name[0] != '.') {
            char **grown = realloc(names, (n + 1) * sizeof *names);
            if (!grown || !(grown[n] = dup_text(e->d_name))) {
                names = grown ? grown : names;
                oom = 1;
                break;
            }
            names = grown;
            n++;
        }
    }
    closedir(d);
    if (oom || n == 0) {
        where(error, cap, dir, oom ? "out of memory" : "no *.json case tables here");
        for (size_t i = 0; i < n; i++) free(names[i]);
        free(names);
        return -1;
    }
    qsort(names, n, sizeof *names, by_name);
    *out = names;
    *count = n;
    return 0;
}

int suite_load(const suite_files *files, suite *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    const char *dir = files->cases;
    if (spec_index_load(files->index, files->index_schema, &out->index, error, cap)) return -1;
    if (files->catalog && catalog_load(files->catalog, files->catalog_schema, &out->catalog, error, cap)) {
        spec_index_free(&out->index);
        return -1;
    }
    cJSON *schema;
    if (json_file_read(files->schema, &schema, error, cap)) {
        spec_index_free(&out->index);
        catalog_free(&out->catalog);
        return -1;
    }
    char **names = NULL;
    size_t n = 0;
    int rc = table_names(dir, &names, &n, error, cap);
    if (rc == 0) {
        out->tables = calloc(n, sizeof(table));
        if (!out->tables) {
            where(error, cap, dir, "out of memory");
            rc = -1;
        }
    }
    size_t budget = SUITE_ROBOTS_MAX;
    for (size_t i = 0; i < n && rc == 0; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        out->ntables = i + 1;
        rc = load_table(path, names[i], schema, &out->index, &out->tables[i], &budget, error, cap);
    }
    if (rc == 0) rc = unique_ids(out, error, cap);
    if (rc == 0 && files->catalog) rc = crawlers_agree(out, error, cap);
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    cJSON_Delete(schema);
    if (rc) suite_free(out);
    return rc;
}

/* The frees below also take what a load left half made when memory ran out: a
 * count may be set before its array could be allocated. */
static void free_check(check *k) {
    for (size_t i = 0; k->agents && i < k->nagents; i++) free(k->agents[i]);
    free(k->agents);
    free(k->agent);
    free(k->url);
    free(k->robots_url);
    free(k->cache_control);
    free(k->category);
    free(k->spec);
    free(k->note);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) free(k->expect[p]);
}

void suite_free(suite *s) {
    for (size_t t = 0; s->tables && t < s->ntables; t++) {
        table *tb = &s->tables[t];
        for (size_t i = 0; tb->cases && i < tb->ncases; i++) {
            tcase *c = &tb->cases[i];
            for (size_t k = 0; c->checks && k < c->nchecks; k++) free_check(&c->checks[k]);
            for (size_t k = 0; c->sources && k < c->nsources; k++) free(c->sources[k]);
            free(c->robots.text);
            free(c->robots.base64);
            free(c->robots.data);
            free(c->checks);
            free(c->sources);
            free(c->refs);
            free(c->id);
            free(c->title);
            free(c->note);
        }
        free(tb->cases);
        free(tb->file);
        free(tb->area);
        free(tb->title);
        free(tb->description);
        free(tb->version);
    }
    free(s->tables);
    spec_index_free(&s->index);
    catalog_free(&s->catalog);
    memset(s, 0, sizeof *s);
}

const tcase *suite_case(const suite *s, const char *id) {
    for (size_t t = 0; t < s->ntables; t++)
        for (size_t i = 0; i < s->tables[t].ncases; i++)
            if (!strcmp(s->tables[t].cases[i].id, id)) return &s->tables[t].cases[i];
    return NULL;
}

size_t suite_checks(const suite *s) {
    size_t n = 0;
    for (size_t t = 0; t < s->ntables; t++)
        for (size_t i = 0; i < s->tables[t].ncases; i++) n += s->tables[t].cases[i].nchecks;
    return n;
}

const char *suite_tables_version(const suite *s, const table **odd) {
    *odd = NULL;
    const char *version = s->ntables ? s->tables[0].version : NULL;
    for (size_t t = 1; t < s->ntables && !*odd; t++) {
        const char *v = s->tables[t].version;
        if (!version != !v || (v && strcmp(v, version))) *odd = &s->tables[t];
    }
    return version;
}
