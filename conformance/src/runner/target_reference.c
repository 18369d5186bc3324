/* target_reference.c - the reference implementation answering in-process. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "target.h"

typedef struct reference {
    const tcase *parsed_case; /* the rule set below belongs to this case and profile */
    robots_profile_id parsed_profile;
    robots_rules *rules;
    unsigned toggle; /* robots_options.toggle: switches set the other way */
} reference;

static robots_rules *rules_for(const target *t, const tcase *c, robots_profile_id p) {
    reference *r = t->state;
    if (r->rules && r->parsed_case == c && r->parsed_profile == p) return r->rules;
    robots_free(r->rules);
    robots_options o;
    robots_options_init(&o);
    o.profile = p;
    o.toggle = r->toggle;
    if (robots_parse(c->robots.data, target_handed_length(t, &c->robots), &o, &r->rules, NULL) != 0) r->rules = NULL;
    r->parsed_case = c;
    r->parsed_profile = p;
    return r->rules;
}

static void ask_allow(const target *t, const tcase *c, const check *k, robots_profile_id p, answer *a) {
    robots_rules *rules = rules_for(t, c, p);
    if (!rules) {
        a->status = ANSWER_FAILED;
        snprintf(a->detail, sizeof a->detail, "out of memory");
        return;
    }
    robots_verdict v;
    size_t decided = 0;
    /* Rules and verdict are set: no call can fail. */
    if (k->kind == KIND_ALLOW_AGENTS)
        robots_check_agents(rules, (const char *const *)k->agents, NULL, k->nagents, k->url, strlen(k->url), &v, NULL);
    else if (k->kind == KIND_ALLOW_CRAWLER)
        robots_check_crawler(rules, (const char *const *)k->agents, NULL, k->nagents,
                             k->ignores_star ? ROBOTS_CRAWLER_IGNORES_STAR : 0u, k->url, strlen(k->url), &v, &decided,
                             NULL);
    else
        robots_check(rules, k->agent, strlen(k->agent), k->url, strlen(k->url), &v, NULL);
    snprintf(a->text, sizeof a->text, "%s", v.allowed ? "allowed" : "disallowed");
    a->line = v.rule == ROBOTS_RULE_NONE ? 0 : (long)v.line;
    /* A crawler asked with its tokens: whose groups decided, or that it ignored '*'. */
    char whose[160] = "";
    if (k->kind == KIND_ALLOW_CRAWLER && decided < k->nagents)
        snprintf(whose, sizeof whose, "; the groups of %.100s", k->agents[decided]);
    else if (k->kind == KIND_ALLOW_CRAWLER && k->ignores_star)
        snprintf(whose, sizeof whose, "; no group names its tokens, and it ignores '*'");
    if (v.rule == ROBOTS_RULE_NONE)
        snprintf(a->detail, sizeof a->detail, "no rule decided (group: %s)%s", robots_group_kind_name(v.group), whose);
    else
        snprintf(a->detail, sizeof a->detail, "line %zu: %s %.*s%s", v.line, robots_rule_kind_name(v.rule),
                 (int)v.pattern_len, v.pattern, whose);
}

/* The sitemaps as a JSON array printed by cJSON, like the expectation, so both
 * have one canonical form. */
static void ask_sitemaps(target *t, const tcase *c, robots_profile_id p, answer *a) {
    robots_rules *rules = rules_for(t, c, p);
    cJSON *list = cJSON_CreateArray();
    for (size_t i = 0; list && rules && i < robots_sitemap_count(rules); i++) {
        robots_record s;
        robots_get_sitemap(rules, i, &s);
        char *value = malloc(s.value_len + 1);
        if (value) {
            memcpy(value, s.value, s.value_len);
            value[s.value_len] = '\0';
        }
        cJSON *item = value ? cJSON_CreateString(value) : NULL;
        free(value);
        if (!item || !cJSON_AddItemToArray(list, item)) {
            cJSON_Delete(item);
            cJSON_Delete(list);
            list = NULL;
        }
    }
    char *text = list ? cJSON_PrintUnformatted(list) : NULL;
    if (text) snprintf(a->text, sizeof a->text, "%s", text);
    else {
        a->status = ANSWER_FAILED; /* FAULT_NONE: a reason of its own */
        snprintf(a->detail, sizeof a->detail, "out of memory");
    }
    cJSON_free(text);
    cJSON_Delete(list);
}

/* The answer is the name, or word when the call fails, with the library's error
 * as the detail. */
static void ask_url_kinds(const check *k, answer *a) {
    const char *error = NULL;
    if (k->kind == KIND_ROBOTS_URL) {
        if (robots_robots_txt_url(k->url, strlen(k->url), a->text, sizeof a->text, NULL, &error) != 0) {
            snprintf(a->text, sizeof a->text, "none");
            snprintf(a->detail, sizeof a->detail, "%s", error);
        }
        return;
    }
    robots_scope s;
    if (robots_scope_check(k->robots_url, strlen(k->robots_url), k->url, strlen(k->url), &s, &error) == 0) {
        snprintf(a->text, sizeof a->text, "%s", robots_scope_name(s));
    } else {
        snprintf(a->text, sizeof a->text, "invalid");
        snprintf(a->detail, sizeof a->detail, "%s", error);
    }
}

/* usage, signal: the preference, with the deciding line and why. */
static void ask_usage(const target *t, const tcase *c, const check *k, robots_profile_id p, answer *a) {
    robots_rules *rules = rules_for(t, c, p);
    robots_usage_verdict v;
    robots_usage_vocab vocab = k->kind == KIND_SIGNAL ? ROBOTS_CONTENT_SIGNAL : ROBOTS_CONTENT_USAGE;
    if (!rules || robots_usage_check(rules, vocab, k->agent, strlen(k->agent), k->url, strlen(k->url),
                                     k->category, strlen(k->category), &v, NULL) != 0) {
        a->status = ANSWER_FAILED;
        snprintf(a->detail, sizeof a->detail, "out of memory");
        return;
    }
    snprintf(a->text, sizeof a->text, "%s", robots_usage_answer_name(v.answer));
    a->line = (long)v.line;
    if (v.line) snprintf(a->detail, sizeof a->detail, "line %zu: %s", v.line, robots_usage_reason(&v));
    else snprintf(a->detail, sizeof a->detail, "%s", robots_usage_reason(&v));
}

static void ask(target *t, const tcase *c, const check *k, robots_profile_id p, answer *a) {
    const char *error = NULL;
    a->status = ANSWER_GIVEN;
    a->detail[0] = '\0';
    switch (k->kind) {
    case KIND_ALLOW:
    case KIND_ALLOW_AGENTS:
    case KIND_ALLOW_CRAWLER:
        ask_allow(t, c, k, p, a);
        break;
    case KIND_ROBOTS_URL:
    case KIND_SCOPE:
        ask_url_kinds(k, a);
        break;
    case KIND_STATUS: {
        robots_fetch f = {.status = k->status, .network_error = k->status == 0, .redirects = k->redirects,
                         .unreachable_days = k->unreachable_days, .cached = k->cached};
        robots_fetch_decision d;
        int failed = robots_fetch_policy(p, &f, &d, &error);
        snprintf(a->text, sizeof a->text, "%s", failed ? "invalid" : robots_fetch_decision_name(d));
        snprintf(a->detail, sizeof a->detail, "%s", error);
        break;
    }
    case KIND_SITEMAPS:
        ask_sitemaps(t, c, p, a);
        break;
    case KIND_USAGE:
    case KIND_SIGNAL:
        ask_usage(t, c, k, p, a);
        break;
    default: {
        const char *cc = k->cache_control;
        int64_t s = robots_cache_lifetime(p, cc, cc ? strlen(cc) : 0, &error);
        snprintf(a->text, sizeof a->text, "%" PRId64, s);
        snprintf(a->detail, sizeof a->detail, "%s", error);
        break;
    }
    }
}

static void close_reference(target *t) {
    reference *r = t->state;
    robots_free(r->rules);
    free(r);
    free(t);
}

target *target_reference(void) {
    return target_reference_toggled(0);
}

target *target_reference_toggled(unsigned toggle) {
    target *t = calloc(1, sizeof *t);
    reference *r = calloc(1, sizeof *r);
    if (!t || !r) {
        free(t);
        free(r);
        return NULL;
    }
    r->toggle = toggle;
    t->name = "reference";
    t->ask = ask;
    t->close = close_reference;
    t->state = r;
    t->fetch_limit = ROBOTS_DEFAULT_MAX_BYTES;
    return t;
}
