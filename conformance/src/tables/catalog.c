/*
 * catalog.c - loading the crawler catalog and checking what its schema cannot.
 */
#include "catalog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "json_file.h"

const char *const catalog_purpose_names[CRAWLER_PURPOSES] = {
    "search", "ads", "ai-training", "ai-search", "user-request", "archiving", "previews", "seo", "other"};
const char *const catalog_robots_names[CRAWLER_IGNORES + 1] = {
    "follows", "ignores-star", "user-request", "usage-token", "partly", "ignores"};

static const char *string_of(const cJSON *o, const char *name) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int index_of(const char *const *names, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return (int)i;
    return -1;
}

/* The strings of an array member (the schema made them strings), or NULL with
 * *n 0 for an empty one; *lost when memory ran out. */
static const char *const *strings_of(const cJSON *o, const char *name, size_t *n, bool *lost) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, name);
    *n = (size_t)cJSON_GetArraySize(a);
    if (!*n) return NULL;
    const char **out = malloc(*n * sizeof *out);
    if (!out) {
        *lost = true;
        *n = 0;
        return NULL;
    }
    size_t i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, a) out[i++] = item->valuestring;
    return out;
}

static int source_at(const crawler_catalog *c, const char *id) {
    for (size_t i = 0; i < c->nsources; i++)
        if (!strcmp(c->sources[i].id, id)) return (int)i;
    return -1;
}

/* The sources a crawler's fact names (sources.FIELD), resolved; a name that is no
 * source is an error. Returns 0, 1 when memory ran out, -1 with problem set. */
static int cite(const crawler_catalog *c, const cJSON *crawler, size_t k, const char *field, catalog_cited *out,
                bool *used, char *problem, size_t cap) {
    const cJSON *ids = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(crawler, "sources"), field);
    out->n = (size_t)cJSON_GetArraySize(ids);
    if (!out->n) return 0;
    size_t *at = malloc(out->n * sizeof *at);
    if (!at) {
        out->n = 0;
        return 1;
    }
    size_t i = 0;
    const cJSON *id;
    cJSON_ArrayForEach(id, ids) {
        int s = source_at(c, id->valuestring);
        if (s < 0) {
            snprintf(problem, cap, "$.crawlers[%zu].sources.%s[%zu]: \"%s\" is no source of the catalog", k, field, i,
                     id->valuestring);
            free(at);
            out->n = 0;
            return -1;
        }
        used[s] = true;
        at[i++] = (size_t)s;
    }
    out->at = at;
    return 0;
}

static int read_sources(const cJSON *json, crawler_catalog *c, char *problem, size_t cap) {
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(json, "sources");
    size_t n = (size_t)cJSON_GetArraySize(list);
    c->sources = calloc(n, sizeof *c->sources);
    if (!c->sources) return 1;
    const cJSON *s;
    cJSON_ArrayForEach(s, list) {
        catalog_source *out = &c->sources[c->nsources];
        *out = (catalog_source){string_of(s, "id"), string_of(s, "url"), string_of(s, "title"), string_of(s, "read"),
                                string_of(s, "copy")};
        if (source_at(c, out->id) >= 0) {
            snprintf(problem, cap, "$.sources[%zu].id: \"%s\" is the id of an earlier source", c->nsources, out->id);
            return -1;
        }
        c->nsources++;
    }
    return 0;
}

/* What the facts of one crawler say of one another. */
static const char *disagreement(const catalog_crawler *cr) {
    if (cr->ntokens > 8) return "tokens: at most 8 (the schema's maxItems, which the robots command reads)";
    if (!cr->ntokens && cr->robots != CRAWLER_USER_REQUEST && cr->robots != CRAWLER_IGNORES)
        return "tokens: a crawler with no token follows no robots.txt (robots: user-request or ignores)";
    if (cr->robots == CRAWLER_USAGE_TOKEN && cr->nuser_agent)
        return "user_agent: a usage token is carried by no request";
    if (cr->nuser_agent && !cr->cites_user_agent.n) return "sources: user_agent names no source";
    if (cr->nusage_lines && !cr->cites_usage_lines.n) return "sources: usage_lines names no source";
    return NULL;
}

static int read_crawler(crawler_catalog *c, const cJSON *o, size_t k, bool *used, char *problem, size_t cap) {
    catalog_crawler *cr = &c->crawlers[k];
    bool lost = false;
    cr->id = string_of(o, "id");
    cr->name = string_of(o, "name");
    cr->operator_name = string_of(o, "operator");
    cr->note = string_of(o, "note");
    cr->tokens = strings_of(o, "tokens", &cr->ntokens, &lost);
    cr->user_agent = strings_of(o, "user_agent", &cr->nuser_agent, &lost);
    cr->usage_lines = strings_of(o, "usage_lines", &cr->nusage_lines, &lost);
    if (lost) return 1;
    /* The schema's enums are these names: a value it let through is one of them. */
    int robots = index_of(catalog_robots_names, CRAWLER_IGNORES + 1, string_of(o, "robots"));
    cr->robots = robots < 0 ? CRAWLER_FOLLOWS : (crawler_robots)robots;
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(o, "purposes")) {
        int bit = index_of(catalog_purpose_names, CRAWLER_PURPOSES, p->valuestring);
        if (bit >= 0) cr->purposes |= 1u << bit;
    }
    struct {
        const char *field;
        catalog_cited *out;
    } facts[] = {{"tokens", &cr->cites_tokens},
                 {"user_agent", &cr->cites_user_agent},
                 {"purposes", &cr->cites_purposes},
                 {"robots", &cr->cites_robots},
                 {"usage_lines", &cr->cites_usage_lines}};
    for (size_t f = 0; f < sizeof facts / sizeof facts[0]; f++) {
        int rc = cite(c, o, k, facts[f].field, facts[f].out, used, problem, cap);
        if (rc) return rc;
    }
    for (size_t j = 0; j < k; j++) {
        const catalog_crawler *before = &c->crawlers[j];
        if (!strcmp(before->id, cr->id)) {
            snprintf(problem, cap, "$.crawlers[%zu].id: \"%s\" is the id of an earlier crawler", k, cr->id);
            return -1;
        }
        if (cr->ntokens && before->ntokens && !strcmp(before->tokens[0], cr->tokens[0])) {
            snprintf(problem, cap, "$.crawlers[%zu].tokens[0]: \"%s\" is the first token of %s too (a token names one "
                     "crawler)", k, cr->tokens[0], before->id);
            return -1;
        }
    }
    const char *wrong = disagreement(cr);
    if (wrong) {
        snprintf(problem, cap, "$.crawlers[%zu].%s", k, wrong);
        return -1;
    }
    return 0;
}

static int read_crawlers(const cJSON *json, crawler_catalog *c, char *problem, size_t cap) {
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(json, "crawlers");
    size_t n = (size_t)cJSON_GetArraySize(list);
    c->crawlers = calloc(n, sizeof *c->crawlers);
    bool *used = calloc(c->nsources ? c->nsources : 1, sizeof *used);
    int rc = c->crawlers && used ? 0 : 1;
    const cJSON *o;
    cJSON_ArrayForEach(o, list) {
        if (rc) break;
        rc = read_crawler(c, o, c->ncrawlers, used, problem, cap);
        c->ncrawlers++;
    }
    for (size_t i = 0; !rc && i < c->nsources; i++)
        if (!used[i]) {
            snprintf(problem, cap, "$.sources[%zu]: \"%s\" is named by no fact (a source must state one)", i,
                     c->sources[i].id);
            rc = -1;
        }
    free(used);
    return rc;
}

int catalog_load(const char *file, const char *schema_file, crawler_catalog *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    cJSON *json;
    if (json_file_read_valid(file, schema_file, &json, error, cap)) return -1;
    out->owner = json;
    char problem[1200];
    int rc = read_sources(json, out, problem, sizeof problem);
    if (!rc) rc = read_crawlers(json, out, problem, sizeof problem);
    if (!rc && !(out->file = strdup(file))) rc = 1;
    if (rc > 0) snprintf(problem, sizeof problem, "out of memory");
    if (rc) {
        snprintf(error, cap, "%s: %s", file, problem);
        catalog_free(out);
        return -1;
    }
    return 0;
}

void catalog_free(crawler_catalog *c) {
    for (size_t i = 0; i < c->ncrawlers; i++) {
        catalog_crawler *cr = &c->crawlers[i];
        free((void *)cr->tokens);
        free((void *)cr->user_agent);
        free((void *)cr->usage_lines);
        const catalog_cited *cited[] = {&cr->cites_tokens, &cr->cites_user_agent, &cr->cites_purposes,
                                        &cr->cites_robots, &cr->cites_usage_lines};
        for (size_t f = 0; f < sizeof cited / sizeof cited[0]; f++) free((void *)cited[f]->at);
    }
    free(c->crawlers);
    free(c->sources);
    free(c->file);
    cJSON_Delete(c->owner);
    memset(c, 0, sizeof *c);
}

const catalog_crawler *catalog_find(const crawler_catalog *c, const char *name) {
    for (size_t i = 0; name && i < c->ncrawlers; i++) {
        const catalog_crawler *cr = &c->crawlers[i];
        if (!strcasecmp(cr->id, name) || !strcasecmp(cr->name, name) ||
            (cr->ntokens && !strcasecmp(cr->tokens[0], name)))
            return cr;
    }
    return NULL;
}
