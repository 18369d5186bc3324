/*
 * census_crawlers.c - robots census --crawlers LIST (census_crawlers.h,
 * docs/census.md): the list resolved through the crawler catalog, as `robots
 * --crawler` resolves a name, and the sums per purpose and per operator that the
 * summary shows. census.c asks each crawler (robots_check_crawler).
 */
#include "census_crawlers.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "distance.h"
#include "json.h"

const char *census_crawlers_program = "robots census";

/* Says why LIST cannot be read, on stderr; returns EXIT_USAGE. */
static int refuse(const char *why, const char *value) {
    fprintf(stderr, "%s: --crawlers: %s%s%s%s\n", census_crawlers_program, why, value ? " '" : "", value ? value : "",
            value ? "'" : "");
    return EXIT_USAGE;
}

/* Adds a crawler unless it is there already (the same entry, or the same token
 * in any case): -1, or EXIT_USAGE past CENSUS_AGENTS_MAX. */
static int add(census_crawlers *cs, const catalog_entry *e, const char *token) {
    for (size_t i = 0; i < cs->n; i++)
        if (e ? cs->list[i].entry == e : !cs->list[i].entry && !strcasecmp(cs->list[i].name, token)) return -1;
    if (cs->n == CENSUS_AGENTS_MAX) return refuse("it names more than 64 crawlers", NULL);
    census_crawler *c = &cs->list[cs->n++];
    if (e) {
        *c = (census_crawler){e->name.data, e, e->tokens, e->ntokens,
                              !strcmp(e->robots.data, "ignores-star") ? ROBOTS_CRAWLER_IGNORES_STAR : 0u};
    } else {
        *c = (census_crawler){token, NULL, NULL, 1, 0u};
        c->tokens = &c->name;
    }
    return -1;
}

/* @PURPOSE or @all: every crawler of the catalog with it, in the catalog's order. */
static int add_purpose(census_crawlers *cs, const char *item, const char *file) {
    const char *purpose = item + 1;
    bool all = !strcasecmp(purpose, "all"), known = all;
    for (size_t p = 0; p < CATALOG_PURPOSES; p++)
        if (!strcasecmp(purpose, catalog_purposes[p])) {
            purpose = catalog_purposes[p];
            known = true;
        }
    if (!known) {
        char why[300] = "no such purpose (the purposes:";
        for (size_t p = 0; p < CATALOG_PURPOSES; p++)
            snprintf(why + strlen(why), sizeof why - strlen(why), " %s%s", catalog_purposes[p],
                     p + 1 < CATALOG_PURPOSES ? "," : "; @all for every crawler):");
        return refuse(why, item);
    }
    const catalog_entry *entries = (const catalog_entry *)(const void *)cs->catalog.entries.data;
    size_t found = 0;
    for (size_t i = 0; i < cs->catalog.n; i++) {
        if (!all && !catalog_entry_has_purpose(&entries[i], purpose)) continue;
        found++;
        int rc = add(cs, &entries[i], NULL);
        if (rc >= 0) return rc;
    }
    if (!found)
        fprintf(stderr, "%s: --crawlers: no crawler of the catalog (%s) has the purpose '%s'\n",
                census_crawlers_program, file, purpose);
    return -1;
}

int census_crawlers_add(census_crawlers *cs, const catalog_entry *e) { return add(cs, e, NULL); }

/* The catalog's crawler whose name is a slip of the keyboard from `item` (one or
 * two edits, at most one in four of its letters: "Googlbot", not "MyBot" for
 * CCBot), for "did you mean"; NULL when none is. */
static const char *nearest_name(const crawler_list *c, const char *item) {
    const catalog_entry *all = (const catalog_entry *)c->entries.data;
    const char *best = NULL;
    size_t best_distance = 3, len = strlen(item);
    for (size_t i = 0; i < c->n; i++) {
        size_t d = word_distance(item, len, all[i].name.data, strlen(all[i].name.data));
        if (d < best_distance && d * 4 <= len) best = all[i].name.data, best_distance = d;
    }
    return best;
}

/* Cuts LIST (copied into cs->text) at its commas outside parentheses; each item,
 * without the spaces around it, into items (cap: half of cs->text holds them
 * all). Returns how many, or 0 when LIST is too long. */
static size_t cut_items(census_crawlers *cs, const char *list, char **items, size_t cap) {
    size_t len = strlen(list);
    if (len >= sizeof cs->text) return 0;
    memcpy(cs->text, list, len + 1);
    size_t n = 0, depth = 0;
    char *start = cs->text;
    for (char *p = cs->text;; p++) {
        if (*p == '(') depth++;
        else if (*p == ')' && depth) depth--;
        else if ((*p == ',' && !depth) || !*p) {
            bool last = !*p;
            char *end = p;
            *p = '\0';
            while (*start == ' ' || *start == '\t') start++;
            while (end > start && (end[-1] == ' ' || end[-1] == '\t')) *--end = '\0';
            if (n < cap) items[n++] = start;
            if (last) break;
            start = p + 1;
        }
    }
    return n;
}

/* The sums' groups: the purposes of the schema that some crawler asked has, in
 * its order; the operators in the order first named. */
static void make_groups(census_crawlers *cs) {
    for (size_t p = 0; p < CATALOG_PURPOSES; p++) {
        census_group *g = &cs->purposes[cs->npurposes];
        memset(g, 0, sizeof *g);
        g->name = catalog_purposes[p];
        for (size_t a = 0; a < cs->n; a++) {
            const census_crawler *c = &cs->list[a];
            g->member[a] = c->entry && catalog_entry_has_purpose(c->entry, g->name);
            g->crawlers += g->member[a];
            g->no_robots += g->member[a] && !c->ntokens;
        }
        cs->npurposes += g->crawlers > 0;
    }
    for (size_t a = 0; a < cs->n; a++) {
        const census_crawler *c = &cs->list[a];
        if (!c->entry) continue;
        size_t k = 0;
        while (k < cs->noperators && strcmp(cs->operators[k].name, c->entry->operator_name.data)) k++;
        census_group *g = &cs->operators[k];
        if (k == cs->noperators) {
            memset(g, 0, sizeof *g);
            g->name = c->entry->operator_name.data;
            cs->noperators++;
        }
        g->member[a] = true;
        g->crawlers++;
        g->no_robots += !c->ntokens;
    }
}

int census_crawlers_read(census_crawlers *cs, const char *list, const char *catalog) {
    memset(cs, 0, sizeof *cs);
    char room[4096], error[600];
    const char *file = catalog ? catalog : crawler_catalog_default(room, sizeof room);
    if (!file)
        return refuse("cannot find the crawler catalog: looked in ./conformance, in ../share/robots-conform beside "
                      "this program (make install puts it there) and in the checkout above it; give --catalog FILE",
                      NULL);
    if (crawler_catalog_read(file, &cs->catalog, error, sizeof error)) return refuse(error, NULL);
    char *items[sizeof cs->text / 2]; /* room for every item: each is a byte and a comma at least */
    size_t n = cut_items(cs, list, items, sizeof items / sizeof items[0]);
    if (!n) return refuse("longer than 4095 bytes", NULL);
    for (size_t i = 0; i < n; i++)
        if (!*items[i]) return refuse("an empty item: a name, @PURPOSE or @all goes between two commas", NULL);
    for (size_t i = 0; i < n; i++) {
        const char *item = items[i];
        int rc;
        if (item[0] == '@') {
            rc = add_purpose(cs, item, file);
        } else {
            const catalog_entry *e = crawler_catalog_find(&cs->catalog, item);
            if (!e) {
                const char *near = nearest_name(&cs->catalog, item);
                fprintf(stderr, "%s: '%s' is no crawler of the catalog (%s): asked as the product token '%s'%s%s%s\n",
                        census_crawlers_program, item, file, item, near ? " (did you mean " : "", near ? near : "",
                        near ? "?)" : "");
            }
            rc = add(cs, e, item);
        }
        if (rc >= 0) return rc;
    }
    if (!cs->n) return refuse("it names no crawler", NULL);
    make_groups(cs);
    return -1;
}

void census_crawlers_free(census_crawlers *cs) { crawler_catalog_free(&cs->catalog); }

static void count_group(census_group *g, size_t n, const census_reach *reach) {
    bool any = false, all_allowed = true, all_blocked = true;
    for (size_t a = 0; a < n; a++) {
        if (!g->member[a] || reach[a] == CENSUS_NO_ROBOTS) continue;
        any = true;
        all_allowed = all_allowed && reach[a] == CENSUS_ALLOWS_ALL;
        all_blocked = all_blocked && reach[a] == CENSUS_BLOCKS_ALL;
    }
    if (!any) return;
    g->allowing += all_allowed;
    g->blocking += all_blocked;
    g->in_part += !all_allowed && !all_blocked;
}

void census_crawlers_count(census_crawlers *cs, const census_reach *reach) {
    for (size_t k = 0; k < cs->npurposes; k++) count_group(&cs->purposes[k], cs->n, reach);
    for (size_t k = 0; k < cs->noperators; k++) count_group(&cs->operators[k], cs->n, reach);
}

static void print_groups(const char *kind, const census_group *groups, size_t n) {
    fprintf(stderr, "  %-24s %8s %14s %10s %10s %18s\n", kind, "crawlers", "no robots.txt", "allowing", "blocking",
            "blocking in part");
    for (size_t k = 0; k < n; k++) {
        const census_group *g = &groups[k];
        fprintf(stderr, "  %-24s %8zu %14zu %10zu %10zu %18zu\n", g->name, g->crawlers, g->no_robots, g->allowing,
                g->blocking, g->in_part);
    }
}

void census_crawlers_print(const census_crawlers *cs) {
    fprintf(stderr, "  Sites per purpose and per operator: allowing (all of the site, to each of its crawlers), "
                    "blocking (all of it,\n  to each), blocking in part (the rest); crawlers with no token follow no "
                    "robots.txt and are left out:\n");
    print_groups("purpose", cs->purposes, cs->npurposes);
    if (cs->noperators) print_groups("operator", cs->operators, cs->noperators);
}

static int add_text(buf *j, const char *s) { return buf_add(j, s, strlen(s)); }

/* "KEY":"VALUE", or "KEY":null for NULL, after a comma. */
static int add_member(buf *j, const char *key, const char *value) {
    int rc = buf_addc(j, ',') | json_append_string(j, key, strlen(key)) | buf_addc(j, ':');
    return rc | (value ? json_append_string(j, value, strlen(value)) : add_text(j, "null"));
}

static int add_counts(buf *j, size_t allowing, size_t blocking, size_t in_part) {
    char number[120];
    snprintf(number, sizeof number, ",\"allowing\":%zu,\"blocking\":%zu,\"blocking_in_part\":%zu", allowing, blocking,
             in_part);
    return add_text(j, number);
}

static int groups_json(buf *j, const char *key, const char *kind, const census_group *groups, size_t n) {
    int rc = buf_addc(j, ',') | json_append_string(j, key, strlen(key)) | add_text(j, ":[");
    for (size_t k = 0; k < n; k++) {
        const census_group *g = &groups[k];
        char number[80];
        rc |= add_text(j, k ? ",{" : "{") | json_append_string(j, kind, strlen(kind)) | buf_addc(j, ':');
        rc |= json_append_string(j, g->name, strlen(g->name));
        snprintf(number, sizeof number, ",\"crawlers\":%zu,\"no_robots_txt\":%zu", g->crawlers, g->no_robots);
        rc |= add_text(j, number) | add_counts(j, g->allowing, g->blocking, g->in_part) | buf_addc(j, '}');
    }
    return rc | buf_addc(j, ']');
}

int census_crawlers_json(const census_crawlers *cs, buf *j) {
    return groups_json(j, "purposes", "purpose", cs->purposes, cs->npurposes) |
           groups_json(j, "operators", "operator", cs->operators, cs->noperators);
}

/* "KEY":["A","B"] of a catalog list (each NUL-terminated, one after another), after a comma. */
static int list_json(buf *j, const char *key, const char *text, size_t n) {
    int rc = buf_addc(j, ',') | json_append_string(j, key, strlen(key)) | add_text(j, ":[");
    for (size_t i = 0; i < n; i++, text += strlen(text) + 1)
        rc |= (i ? buf_addc(j, ',') : 0) | json_append_string(j, text, strlen(text));
    return rc | buf_addc(j, ']');
}

int census_crawler_json(const census_crawler *cr, const census_agent_tally *t, buf *j) {
    const catalog_entry *e = cr->entry;
    int rc = add_member(j, "crawler", e ? e->id.data : NULL) | add_member(j, "operator", e ? e->operator_name.data : NULL);
    rc |= list_json(j, "purposes", e ? e->purpose_text.data : "", e ? e->npurposes : 0);
    rc |= add_member(j, "robots", e ? e->robots.data : NULL);
    rc |= list_json(j, "tokens", e ? e->token_text.data : cr->name, cr->ntokens);
    return rc | add_counts(j, t->allowing, t->blocking, t->in_part);
}
