/*
 * crawler_catalog.c - reading the crawler catalog for the robots command, with
 * the batch protocol's JSON reader (common/json.c): the top object's "crawlers",
 * each crawler's strings and arrays of strings; every other member is skipped.
 */
#include "crawler_catalog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "buf.h"
#include "file.h"
#include "json.h"

/* The catalog is a few dozen KB; anything past this is not one. */
#define CATALOG_MAX_BYTES ((size_t)8 << 20)

const char *crawler_catalog_default(char *out, size_t cap) {
    static const char *const beside[] = {"../../conformance/", "../share/robots-conform/"};
    if (access("conformance/crawler-catalog.json", R_OK) == 0) {
        snprintf(out, cap, "conformance/crawler-catalog.json");
        return out;
    }
    char program[4096];
    ssize_t n = readlink("/proc/self/exe", program, sizeof program - 1);
    program[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(program, '/');
    if (!slash) return NULL;
    slash[1] = '\0';
    for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
        int len = snprintf(out, cap, "%s%scrawler-catalog.json", program, beside[i]);
        if (len > 0 && (size_t)len < cap && access(out, R_OK) == 0) return out;
    }
    return NULL;
}

/* A decoded string value, NUL-terminated (malloc'd), or NULL when memory ran out. */
static char *decoded(const json_member *m) {
    buf b = {NULL, 0, 0};
    if (json_decode_string(m->raw, m->raw_len, &b) || buf_addc(&b, '\0')) {
        buf_free(&b);
        return NULL;
    }
    char *s = malloc(b.len);
    if (s) memcpy(s, b.data, b.len);
    buf_free(&b);
    return s;
}

/* What a parse callback returns: 0 to go on, or the reason to stop. */
enum { GO_ON = 0, NO_MEMORY = 1, WRONG_TYPE = 2 };

static int add_string(void *ctx, const json_member *m) {
    strings *list = ctx;
    if (m->type != JSON_STRING) return WRONG_TYPE;
    char **items = realloc(list->items, (list->n + 1) * sizeof *items);
    if (!items) return NO_MEMORY;
    list->items = items;
    if (!(items[list->n] = decoded(m))) return NO_MEMORY;
    list->n++;
    return GO_ON;
}

static int nested(int rc) { return rc < 0 ? WRONG_TYPE : rc; }

/* Is the member's key name? (A key is not NUL-terminated.) */
static int is_key(const json_member *m, const char *name) {
    return m->key_len == strlen(name) && !memcmp(m->key, name, m->key_len);
}

static int on_field(void *ctx, const json_member *m) {
    catalog_entry *e = ctx;
    static const char *const text_names[] = {"id", "name", "operator", "robots"};
    char **texts[] = {&e->id, &e->name, &e->operator_name, &e->robots};
    for (size_t i = 0; i < 4; i++)
        if (is_key(m, text_names[i])) {
            if (m->type != JSON_STRING) return WRONG_TYPE;
            free(*texts[i]);
            return (*texts[i] = decoded(m)) ? GO_ON : NO_MEMORY;
        }
    static const char *const list_names[] = {"tokens", "user_agent", "purposes"};
    strings *lists[] = {&e->tokens, &e->user_agent, &e->purposes};
    for (size_t i = 0; i < 3; i++)
        if (is_key(m, list_names[i])) {
            if (m->type != JSON_ARRAY) return WRONG_TYPE;
            json_error err;
            return nested(json_parse_array(m->raw, m->raw_len, add_string, lists[i], &err));
        }
    return GO_ON;
}

static int on_crawler(void *ctx, const json_member *m) {
    crawler_list *c = ctx;
    if (m->type != JSON_OBJECT) return WRONG_TYPE;
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 32;
        catalog_entry *items = realloc(c->items, cap * sizeof *items);
        if (!items) return NO_MEMORY;
        c->items = items;
        c->cap = cap;
    }
    catalog_entry *e = &c->items[c->n++];
    memset(e, 0, sizeof *e);
    json_error err;
    int rc = nested(json_parse_object(m->raw, m->raw_len, on_field, e, &err));
    if (!rc && (!e->id || !e->name || !e->robots)) rc = WRONG_TYPE;
    return rc;
}

static int on_top(void *ctx, const json_member *m) {
    if (!is_key(m, "crawlers")) return GO_ON;
    if (m->type != JSON_ARRAY) return WRONG_TYPE;
    json_error err;
    return nested(json_parse_array(m->raw, m->raw_len, on_crawler, ctx, &err));
}

int crawler_catalog_read(const char *file, crawler_list *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    buf text = {NULL, 0, 0};
    int more = 0;
    if (read_file(file, CATALOG_MAX_BYTES, &text, &more)) {
        snprintf(error, cap, "%s: cannot read: %s", file, strerror(errno));
        buf_free(&text);
        return -1;
    }
    json_error err = {NULL, 0};
    int rc = more ? WRONG_TYPE : json_parse_object(text.data ? text.data : "", text.len, on_top, out, &err);
    if (more) snprintf(error, cap, "%s: larger than %zu bytes: not a crawler catalog", file, CATALOG_MAX_BYTES);
    else if (rc < 0) snprintf(error, cap, "%s: byte %zu: %s", file, err.offset, err.message);
    else if (rc == NO_MEMORY) snprintf(error, cap, "%s: out of memory", file);
    else if (rc) snprintf(error, cap, "%s: not a crawler catalog (conformance/crawler-catalog.schema.json)", file);
    buf_free(&text);
    if (rc) crawler_catalog_free(out);
    return rc ? -1 : 0;
}

static void free_strings(strings *s) {
    for (size_t i = 0; i < s->n; i++) free(s->items[i]);
    free(s->items);
}

void crawler_catalog_free(crawler_list *c) {
    for (size_t i = 0; i < c->n; i++) {
        catalog_entry *e = &c->items[i];
        free(e->id);
        free(e->name);
        free(e->operator_name);
        free(e->robots);
        free_strings(&e->tokens);
        free_strings(&e->user_agent);
        free_strings(&e->purposes);
    }
    free(c->items);
    memset(c, 0, sizeof *c);
}

/* Does text hold part, in any case? */
static int holds(const char *text, const char *part) {
    size_t n = strlen(part);
    for (const char *p = text; n && *p; p++)
        if (!strncasecmp(p, part, n)) return 1;
    return 0;
}

const catalog_entry *crawler_catalog_find(const crawler_list *c, const char *name) {
    for (size_t i = 0; i < c->n; i++) {
        const catalog_entry *e = &c->items[i];
        if (!strcasecmp(e->id, name) || !strcasecmp(e->name, name) ||
            (e->tokens.n && !strcasecmp(e->tokens.items[0], name)))
            return e;
    }
    const catalog_entry *best = NULL;
    size_t longest = 0;
    for (size_t i = 0; i < c->n; i++)
        for (size_t k = 0; k < c->items[i].user_agent.n; k++) {
            const char *part = c->items[i].user_agent.items[k];
            if (strlen(part) > longest && holds(name, part)) {
                best = &c->items[i];
                longest = strlen(part);
            }
        }
    return best;
}
