/*
 * tables.c - loading the case tables: parse, validate against the schema, then the
 * rules a schema cannot state (the area is the file's name, ids are unique across
 * files, allow and sitemaps checks need a robots.txt), then build the cases.
 */
#include "tables.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base64.h"
#include "buf.h"
#include "json_file.h"
#include "schema.h"
#include "spec_index.h"

static const char *const kind_names[KIND_COUNT] = {"allow", "robots-url", "scope", "status",
                                                   "sitemaps", "cache-lifetime"};

const char *kind_name(check_kind kind) { return kind_names[kind]; }

static const char *const class_names[CLASS_COUNT] = {"spec", "rfc", "google-parser", "fetcher", "url-input"};

const char *class_name(basis_class c) { return class_names[c]; }

int class_from_name(const char *name, size_t len, basis_class *out) {
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
        if (cJSON_IsString(e) && !class_from_name(e->valuestring, strlen(e->valuestring), &c)) bits |= 1u << c;
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

static void read_expectation(const cJSON *c, check *k) {
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(c, "expect");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        const cJSON *v = expect;
        if (cJSON_IsObject(expect)) v = cJSON_GetObjectItemCaseSensitive(expect, robots_profile_name((robots_profile_id)p));
        k->expect[p] = expectation_text(v);
    }
}

static check_kind kind_of(const cJSON *c) {
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(c, "kind");
    for (int k = 0; cJSON_IsString(kind) && k < KIND_COUNT; k++)
        if (!strcmp(kind->valuestring, kind_names[k])) return (check_kind)k;
    return KIND_ALLOW;
}

static void read_check(const cJSON *c, int number, check *k) {
    k->kind = kind_of(c);
    k->number = number;
    k->agent = json_string_copy(c, "agent");
    k->url = json_string_copy(c, "url");
    k->robots_url = json_string_copy(c, "robots_url");
    k->cache_control = json_string_copy(c, "cache_control");
    k->note = json_string_copy(c, "note");
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(c, "status");
    k->status = cJSON_IsNumber(status) ? (int)status->valuedouble : 0;
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(c, "redirects");
    k->redirects = cJSON_IsNumber(n) ? (unsigned)n->valuedouble : 0;
    n = cJSON_GetObjectItemCaseSensitive(c, "unreachable_days");
    k->unreachable_days = cJSON_IsNumber(n) ? (unsigned)n->valuedouble : 0;
    k->cached = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "cached"));
    const cJSON *spec = cJSON_GetObjectItemCaseSensitive(c, "spec");
    if (cJSON_IsString(spec)) {
        k->spec = dup_text(spec->valuestring);
    } else if (spec) {
        /* By edition, in words: "old edition: undefined; 2019 edition: allowed". */
        buf text = {NULL, 0, 0};
        const cJSON *e;
        cJSON_ArrayForEach(e, spec) {
            if (text.len) buf_add(&text, "; ", 2);
            buf_add(&text, e->string, strlen(e->string));
            buf_add(&text, " edition: ", 10);
            buf_add(&text, e->valuestring, strlen(e->valuestring));
        }
        buf_addc(&text, '\0');
        k->spec = text.data;
    }
    read_expectation(c, k);
}

/* The robots.txt of a case as bytes. Returns NULL or a problem. */
static const char *read_robots(const cJSON *c, robots_body *b) {
    const cJSON *lines = cJSON_GetObjectItemCaseSensitive(c, "robots");
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(c, "robots_text");
    const cJSON *b64 = cJSON_GetObjectItemCaseSensitive(c, "robots_base64");
    buf out = {NULL, 0, 0};
    if (lines) {
        size_t i = 0;
        const cJSON *line;
        cJSON_ArrayForEach(line, lines) {
            if (i++) buf_addc(&out, '\n');
            if (cJSON_IsString(line)) {
                buf_add(&out, line->valuestring, strlen(line->valuestring));
                continue;
            }
            /* {"prefix", "repeat", "times", "suffix"}: a long line, written short. */
            const char *prefix = string_or_empty(line, "prefix"), *suffix = string_or_empty(line, "suffix");
            const char *repeat = cJSON_GetObjectItemCaseSensitive(line, "repeat")->valuestring;
            double times = cJSON_GetObjectItemCaseSensitive(line, "times")->valuedouble;
            buf_add(&out, prefix, strlen(prefix));
            for (double t = 0; t < times; t++) buf_add(&out, repeat, strlen(repeat));
            buf_add(&out, suffix, strlen(suffix));
        }
    } else if (text) {
        b->text = dup_text(text->valuestring);
        buf_add(&out, text->valuestring, strlen(text->valuestring));
    } else if (b64) {
        const char *error;
        b->base64 = dup_text(b64->valuestring);
        if (base64_decode(b64->valuestring, strlen(b64->valuestring), &out, &error)) {
            buf_free(&out);
            return error;
        }
    } else {
        return NULL;
    }
    b->present = 1;
    b->data = (unsigned char *)(out.data ? out.data : dup_text(""));
    b->len = out.len;
    return NULL;
}

static void where(char *error, size_t cap, const char *file, const char *what) {
    snprintf(error, cap, "%s: %s", file, what);
}

static int load_table(const char *file, const char *name, const cJSON *schema, const spec_index *index, table *t,
                      char *error, size_t cap) {
    cJSON *json;
    if (json_file_read(file, &json, error, cap)) return -1;
    char problem[1200];
    int rc = -1;
    if (schema_validate(schema, json, problem, sizeof problem)) {
        where(error, cap, file, problem);
        goto done;
    }
    t->file = dup_text(file);
    t->area = json_string_copy(json, "area");
    t->title = json_string_copy(json, "title");
    t->description = json_string_copy(json, "description");
    size_t n = strlen(name);
    if (strlen(t->area) != n - 5 || strncmp(t->area, name, n - 5) != 0) {
        snprintf(problem, sizeof problem, "$.area: must be \"%.*s\", the file's name", (int)(n - 5), name);
        where(error, cap, file, problem);
        goto done;
    }
    const cJSON *cases = cJSON_GetObjectItemCaseSensitive(json, "cases");
    t->ncases = (size_t)cJSON_GetArraySize(cases);
    t->cases = calloc(t->ncases, sizeof(tcase));
    size_t i = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cases) {
        tcase *tc = &t->cases[i];
        tc->table = t;
        tc->id = json_string_copy(c, "id");
        tc->title = json_string_copy(c, "title");
        tc->note = json_string_copy(c, "note");
        const cJSON *sources = cJSON_GetObjectItemCaseSensitive(c, "source");
        tc->nsources = (size_t)cJSON_GetArraySize(sources);
        tc->sources = calloc(tc->nsources, sizeof(char *));
        tc->refs = calloc(tc->nsources, sizeof(source_ref));
        size_t s = 0;
        const cJSON *src;
        cJSON_ArrayForEach(src, sources) {
            tc->sources[s] = dup_text(src->valuestring);
            char why[600];
            if (spec_index_resolve(index, src->valuestring, &tc->refs[s], why, sizeof why)) {
                snprintf(problem, sizeof problem, "$.cases[%zu].source[%zu]: %s", i, s, why);
                where(error, cap, file, problem);
                goto done;
            }
            s++;
        }
        const char *bad = read_robots(c, &tc->robots);
        if (bad) {
            snprintf(problem, sizeof problem, "$.cases[%zu].robots_base64: %s", i, bad);
            where(error, cap, file, problem);
            goto done;
        }
        const cJSON *checks = cJSON_GetObjectItemCaseSensitive(c, "checks");
        tc->nchecks = (size_t)cJSON_GetArraySize(checks);
        tc->checks = calloc(tc->nchecks, sizeof(check));
        size_t k = 0;
        const cJSON *ck;
        cJSON_ArrayForEach(ck, checks) {
            read_check(ck, (int)k + 1, &tc->checks[k]);
            if (read_basis(ck, c, &tc->checks[k])) {
                snprintf(problem, sizeof problem,
                         "$.cases[%zu].checks[%zu]: no basis: give \"basis\" on the check or on its case", i, k);
                where(error, cap, file, problem);
                goto done;
            }
            check_kind kind = tc->checks[k].kind;
            if ((kind == KIND_ALLOW || kind == KIND_SITEMAPS) && !tc->robots.present) {
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
}

/* The order a reader meets the areas in: where the file is and what a response
 * means, then the file's format, groups, rules and matching, then the RFC's and
 * Google's specifics, then this project's own edges. Other areas follow by name. */
static const char *const reading_order[] = {"scope", "status", "format", "group", "ua", "rule", "match",
                                            "prec", "encoding", "sitemap", "apply", "rfc", "google",
                                            "edge", "patterns"};

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

int suite_load(const suite_files *files, suite *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    const char *dir = files->cases;
    if (spec_index_load(files->index, files->index_schema, &out->index, error, cap)) return -1;
    cJSON *schema;
    if (json_file_read(files->schema, &schema, error, cap)) {
        spec_index_free(&out->index);
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d) {
        char what[300];
        snprintf(what, sizeof what, "cannot open the case directory: %s", strerror(errno));
        where(error, cap, dir, what);
        cJSON_Delete(schema);
        spec_index_free(&out->index);
        return -1;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json") && e->d_name[0] != '.') {
            names = realloc(names, (n + 1) * sizeof *names);
            names[n++] = dup_text(e->d_name);
        }
    }
    closedir(d);
    int rc = 0;
    if (n == 0) {
        where(error, cap, dir, "no *.json case tables here");
        rc = -1;
    } else {
        qsort(names, n, sizeof *names, by_name);
        out->tables = calloc(n, sizeof(table));
    }
    for (size_t i = 0; i < n && rc == 0; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        out->ntables = i + 1;
        rc = load_table(path, names[i], schema, &out->index, &out->tables[i], error, cap);
    }
    /* An id names one case in the whole suite. */
    for (size_t a = 0; rc == 0 && a < out->ntables; a++) {
        const table *ta = &out->tables[a];
        for (size_t i = 0; rc == 0 && i < ta->ncases; i++) {
            for (size_t b = 0; rc == 0 && b <= a; b++) {
                const table *tb = &out->tables[b];
                size_t limit = b == a ? i : tb->ncases;
                for (size_t j = 0; j < limit; j++) {
                    if (strcmp(ta->cases[i].id, tb->cases[j].id) != 0) continue;
                    char what[600];
                    snprintf(what, sizeof what, "$.cases[%zu].id: \"%s\" is already the id of a case in %s",
                             i, ta->cases[i].id, tb->file);
                    where(error, cap, ta->file, what);
                    rc = -1;
                    break;
                }
            }
        }
    }
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    cJSON_Delete(schema);
    if (rc) suite_free(out);
    return rc;
}

static void free_check(check *k) {
    free(k->agent);
    free(k->url);
    free(k->robots_url);
    free(k->cache_control);
    free(k->spec);
    free(k->note);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) free(k->expect[p]);
}

void suite_free(suite *s) {
    for (size_t t = 0; t < s->ntables; t++) {
        table *tb = &s->tables[t];
        for (size_t i = 0; i < tb->ncases; i++) {
            tcase *c = &tb->cases[i];
            for (size_t k = 0; k < c->nchecks; k++) free_check(&c->checks[k]);
            for (size_t k = 0; k < c->nsources; k++) free(c->sources[k]);
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
    }
    free(s->tables);
    spec_index_free(&s->index);
    memset(s, 0, sizeof *s);
}

size_t suite_checks(const suite *s) {
    size_t n = 0;
    for (size_t t = 0; t < s->ntables; t++)
        for (size_t i = 0; i < s->tables[t].ncases; i++) n += s->tables[t].cases[i].nchecks;
    return n;
}
