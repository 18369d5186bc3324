/*
 * usage.c - `robots usage [--signal] FILE AGENT URL [CATEGORY]`: the AI usage
 * preferences the file states for the content at URL fetched by AGENT
 * (Content-Usage lines, or Content-Signal lines with --signal), one category or
 * every category of the vocabulary, and with --explain the line that decided and
 * why (docs/usage-preferences.md).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* Exit status of one category: 0 y, 1 n, 3 unknown (2 is a usage error). */
#define EXIT_UNKNOWN 3

static void explain(const robots_rules *rules, const robots_usage_verdict *v) {
    printf("explain:   crawl: %s", v->why & ROBOTS_USAGE_WHY_DISALLOWED ? "disallowed" : "allowed");
    if (v->crawl_line) printf(" by line %zu", v->crawl_line);
    printf("\n");
    if (!(v->why & ROBOTS_USAGE_WHY_DISALLOWED))
        printf("explain:   group: %s\n", robots_group_kind_name(v->group));
    for (size_t i = 0; v->line && i < robots_usage_line_count(rules); i++) {
        robots_usage_line l;
        robots_get_usage_line(rules, i, &l);
        if (l.line != v->line) continue;
        printf("explain:   line %zu: %s: ", l.line, robots_usage_vocab_name(l.vocab));
        if (l.path_len) {
            put_visible(l.path, l.path_len);
            printf(" ");
        }
        put_visible(l.statement, l.statement_len);
        printf(" (path length %zu%s)\n", v->pattern_len,
               v->lines > 1 ? ", combined with the other lines of that length" : "");
    }
    printf("explain:   why: %s\n", robots_usage_reason(v));
    if (v->why & ROBOTS_USAGE_WHY_OUTSIDE)
        printf("explain:   note: lines of this kind before the first user-agent line apply to nobody\n");
}

/* Prints "VOCAB CATEGORY: ANSWER (line N)"; returns the answer. */
static robots_usage_answer show(const cli_options *o, const robots_rules *rules, robots_usage_vocab vocab,
                                const char *agent, const char *url, const char *category) {
    robots_usage_verdict v;
    /* Cannot fail: the rules were parsed for this agent, and everything is set. */
    robots_usage_check(rules, vocab, agent, strlen(agent), url, strlen(url), category, strlen(category), &v,
                       NULL);
    printf("%s %s: %s", robots_usage_vocab_name(vocab), category, robots_usage_answer_name(v.answer));
    if (v.line) printf(" (line %zu)", v.line);
    printf("\n");
    if (o->explain) explain(rules, &v);
    return v.answer;
}

/* Is the category one of the vocabulary's? */
static bool in_vocabulary(robots_usage_vocab vocab, const char *category) {
    for (const char *const *c = robots_usage_categories(vocab); *c; c++)
        if (!strcmp(*c, category)) return true;
    return false;
}

/* A category the lines asked about do not define is answered (an extension may
 * define it), with a warning: a Content-Signal category asked of Content-Usage
 * lines (ai-train without --signal) is a mistake more often than not. */
static void warn_category(robots_usage_vocab vocab, const char *category) {
    if (in_vocabulary(vocab, category)) return;
    robots_usage_vocab other = vocab == ROBOTS_CONTENT_USAGE ? ROBOTS_CONTENT_SIGNAL : ROBOTS_CONTENT_USAGE;
    fprintf(stderr, "robots usage: warning: '%s' is not a %s category (", category,
            vocab == ROBOTS_CONTENT_USAGE ? "Content-Usage" : "Content-Signal");
    for (const char *const *c = robots_usage_categories(vocab); *c; c++)
        fprintf(stderr, "%s%s", c == robots_usage_categories(vocab) ? "" : ", ", *c);
    fprintf(stderr, ")");
    if (in_vocabulary(other, category))
        fprintf(stderr, "; it is %s's: %s", other == ROBOTS_CONTENT_SIGNAL ? "Content-Signal" : "Content-Usage",
                other == ROBOTS_CONTENT_SIGNAL ? "add --signal" : "leave out --signal");
    fprintf(stderr, "\n");
}

int run_usage(const cli_options *o, const char *file, const char *agent, const char *url,
              const char *category) {
    robots_rules *rules;
    size_t len;
    int more = 0;
    if (load_rules(o, file, agent, &rules, &len, &more) != 0) return EXIT_USAGE;
    int rc = 0;
    if (category) {
        warn_category(o->signal ? ROBOTS_CONTENT_SIGNAL : ROBOTS_CONTENT_USAGE, category);
        robots_usage_answer a = show(o, rules, o->signal ? ROBOTS_CONTENT_SIGNAL : ROBOTS_CONTENT_USAGE,
                                     agent, url, category);
        rc = a == ROBOTS_USAGE_YES ? 0 : a == ROBOTS_USAGE_NO ? 1 : EXIT_UNKNOWN;
    } else {
        for (int k = o->signal; k <= ROBOTS_CONTENT_SIGNAL; k++)
            for (const char *const *c = robots_usage_categories((robots_usage_vocab)k); *c; c++)
                show(o, rules, (robots_usage_vocab)k, agent, url, *c);
    }
    if (o->explain && more)
        printf("explain: note: only the first %zu bytes of the file were parsed (--max-bytes)\n", o->max_bytes);
    robots_free(rules);
    return rc;
}
