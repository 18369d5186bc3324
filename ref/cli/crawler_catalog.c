/*
 * crawler_catalog.c - reading the crawler catalog for the robots command, with
 * the batch protocol's JSON reader (common/json.c): the top object's "crawlers",
 * each crawler's strings and arrays of strings; every other member is skipped.
 */
#include "crawler_catalog.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "file.h"
#include "json.h"

/* The catalog is a few dozen KB; anything past this is not one. */
#define CATALOG_MAX_BYTES ((size_t)8 << 20)

const char *crawler_catalog_default(char *out, size_t cap) {
    /* A build tree is O/bin (build/bin, build/asan/bin ...) inside the checkout. */
    static const char *const beside[] = {"../share/robots-conform/", "../conformance/", "../../conformance/",
                                         "../../../conformance/", "../../../../conformance/"};
    if (access("conformance/crawler-catalog.json", R_OK) == 0) {
        snprintf(out, cap, "conformance/crawler-catalog.json");
        return out;
    }
    char program[4096];
    ssize_t n = readlink("/proc/self/exe", program, sizeof program - 1);
    program[n > 0 ? n : 0] = '\0';
    char *cut = strrchr(program, '/');
    *(cut ? cut + 1 : program) = '\0'; /* the program's directory, with its '/' */
    for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
        int len = snprintf(out, cap, "%s%scrawler-catalog.json", program, beside[i]);
        if (len > 0 && (size_t)len < cap && access(out, R_OK) == 0) return out;
    }
    return NULL;
}

const char *const catalog_purposes[CATALOG_PURPOSES] = {"search",    "ads",      "ai-training", "ai-search", "user-request",
                                                          "archiving", "previews", "seo",         "other"};

int catalog_entry_has_purpose(const catalog_entry *e, const char *purpose) {
    const char *p = e->purpose_text.data;
    for (size_t i = 0; i < e->npurposes; i++, p += strlen(p) + 1)
        if (!strcmp(p, purpose)) return 1;
    return 0;
}

/* What a parse callback returns: 0 to go on, or the reason to stop. */
enum { GO_ON = 0, NO_MEMORY = 1, WRONG_TYPE = 2 };

/* Appends a string value's text and a NUL to b. */
static int take_string(const json_member *m, buf *b) {
    if (m->type != JSON_STRING) return WRONG_TYPE;
    return json_decode_string(m->raw, m->raw_len, b) || buf_addc(b, '\0') ? NO_MEMORY : GO_ON;
}

/* An array of strings, each appended to list->text with its NUL. */
typedef struct string_list {
    buf *text;
    size_t n;
} string_list;

static int add_string(void *ctx, const json_member *m) {
    string_list *list = ctx;
    int rc = take_string(m, list->text);
    list->n += rc == GO_ON;
    return rc;
}

/* A nested parse's answer: its callback's reason, or WRONG_TYPE for JSON the
 * reader refused (which it cannot be here: the outer parse read it whole). */
static int nested(int rc, const json_error *err) {
    if (rc < 0) return err->message == json_out_of_memory ? NO_MEMORY : WRONG_TYPE;
    return rc;
}

/* Is the member's key name? (A key is not NUL-terminated.) */
static int is_key(const json_member *m, const char *name) {
    return m->key_len == strlen(name) && !memcmp(m->key, name, m->key_len);
}

static int take_list(const json_member *m, buf *text, size_t *n) {
    if (m->type != JSON_ARRAY) return WRONG_TYPE;
    text->len = 0;
    string_list list = {text, 0};
    json_error err = {NULL, 0};
    int rc = nested(json_parse_array(m->raw, m->raw_len, add_string, &list, &err), &err);
    *n = list.n;
    return rc;
}

static int on_field(void *ctx, const json_member *m) {
    catalog_entry *e = ctx;
    static const char *const text_names[] = {"id", "name", "operator", "robots"};
    buf *texts[] = {&e->id, &e->name, &e->operator_name, &e->robots};
    for (size_t i = 0; i < 4; i++)
        if (is_key(m, text_names[i])) {
            texts[i]->len = 0;
            return take_string(m, texts[i]);
        }
    if (is_key(m, "tokens")) return take_list(m, &e->token_text, &e->ntokens);
    if (is_key(m, "user_agent")) return take_list(m, &e->user_agent, &e->nuser_agent);
    if (is_key(m, "purposes")) return take_list(m, &e->purpose_text, &e->npurposes);
    return GO_ON;
}

/* The entry's token pointers into its token text; WRONG_TYPE past
 * CATALOG_MAX_TOKENS, or when a name the command needs is missing. */
static int complete(catalog_entry *e) {
    if (!e->id.len || !e->name.len || !e->robots.len || e->ntokens > CATALOG_MAX_TOKENS) return WRONG_TYPE;
    const char *p = e->token_text.data;
    for (size_t i = 0; i < e->ntokens; i++, p += strlen(p) + 1) e->tokens[i] = p;
    return GO_ON;
}

static int on_crawler(void *ctx, const json_member *m) {
    crawler_list *c = ctx;
    if (m->type != JSON_OBJECT) return WRONG_TYPE;
    catalog_entry blank;
    memset(&blank, 0, sizeof blank);
    if (buf_add(&c->entries, &blank, sizeof blank)) return NO_MEMORY;
    catalog_entry *e = (catalog_entry *)(void *)c->entries.data + c->n++;
    json_error err = {NULL, 0};
    int rc = nested(json_parse_object(m->raw, m->raw_len, on_field, e, &err), &err);
    return rc ? rc : complete(e);
}

static int on_top(void *ctx, const json_member *m) {
    if (!is_key(m, "crawlers")) return GO_ON;
    if (m->type != JSON_ARRAY) return WRONG_TYPE;
    json_error err = {NULL, 0};
    return nested(json_parse_array(m->raw, m->raw_len, on_crawler, ctx, &err), &err);
}

int crawler_catalog_read(const char *file, crawler_list *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    buf text = {NULL, 0, 0};
    int more = 0;
    if (read_file(file, CATALOG_MAX_BYTES, &text, &more)) {
        if (errno == ENOMEM) snprintf(error, cap, "%s: out of memory", file);
        else snprintf(error, cap, "%s: cannot read: %s", file, strerror(errno));
        buf_free(&text);
        return -1;
    }
    json_error err = {NULL, 0};
    int rc = more ? WRONG_TYPE : json_parse_object(text.data ? text.data : "", text.len, on_top, out, &err);
    if (more) snprintf(error, cap, "%s: larger than %zu bytes: not a crawler catalog", file, CATALOG_MAX_BYTES);
    else if (rc < 0 && err.message == json_out_of_memory) snprintf(error, cap, "%s: out of memory", file);
    else if (rc < 0) snprintf(error, cap, "%s: byte %zu: %s", file, err.offset, err.message);
    else if (rc == NO_MEMORY) snprintf(error, cap, "%s: out of memory", file);
    else if (rc) snprintf(error, cap, "%s: not a crawler catalog (conformance/crawler-catalog.schema.json)", file);
    buf_free(&text);
    if (rc) crawler_catalog_free(out);
    return rc ? -1 : 0;
}

void crawler_catalog_free(crawler_list *c) {
    catalog_entry *entries = (catalog_entry *)(void *)c->entries.data;
    for (size_t i = 0; i < c->n; i++) {
        buf *bufs[] = {&entries[i].id, &entries[i].name, &entries[i].operator_name, &entries[i].robots,
                       &entries[i].user_agent, &entries[i].token_text, &entries[i].purpose_text};
        for (size_t k = 0; k < sizeof bufs / sizeof bufs[0]; k++) buf_free(bufs[k]);
    }
    buf_free(&c->entries);
    c->n = 0;
}

/* Does text hold part, in any case? */
static int holds(const char *text, const char *part) {
    size_t n = strlen(part);
    for (const char *p = text; n && *p; p++)
        if (!strncasecmp(p, part, n)) return 1;
    return 0;
}

const catalog_entry *crawler_catalog_find(const crawler_list *c, const char *name) {
    const catalog_entry *entries = (const catalog_entry *)(const void *)c->entries.data;
    for (size_t i = 0; i < c->n; i++) {
        const catalog_entry *e = &entries[i];
        if (!strcasecmp(e->id.data, name) || !strcasecmp(e->name.data, name) ||
            (e->ntokens && !strcasecmp(e->tokens[0], name)))
            return e;
    }
    const catalog_entry *best = NULL;
    size_t longest = 0;
    for (size_t i = 0; i < c->n; i++) {
        const char *part = entries[i].user_agent.data;
        for (size_t k = 0; k < entries[i].nuser_agent; k++, part += strlen(part) + 1)
            if (strlen(part) > longest && holds(name, part)) {
                best = &entries[i];
                longest = strlen(part);
            }
    }
    return best;
}
