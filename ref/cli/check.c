/*
 * check.c - `robots FILE AGENT URL`: one verdict, printed exactly as Google's
 * robots_main prints it, and with --explain the reason behind it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "file.h"

int subcommand_usage_error(const char *name, const char *what, const char *arg) {
    fprintf(stderr, "robots %s: %s '%s'\nTry 'robots %s --help'.\n", name, what, arg, name);
    return EXIT_USAGE;
}

void put_visible(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F) printf("\\x%02X", c);
        else putchar(c);
    }
}

static const char *why_text(const robots_verdict *v) {
    if (v->why & ROBOTS_WHY_ROBOTS_TXT)
        return "/robots.txt itself is always allowed (RFC 9309 section 2.2.2)";
    if (v->group == ROBOTS_GROUP_NONE)
        return "no group names this agent and there is no '*' group, so everything is allowed";
    if (v->rule == ROBOTS_RULE_NONE)
        return "no rule of the applicable group(s) matches this path, so it is allowed";
    if (v->rule == ROBOTS_RULE_DISALLOW)
        return "the longest matching pattern is a disallow; no allow pattern as long matches";
    if (v->why & ROBOTS_WHY_TIE)
        return "an allow and a disallow pattern of the same length match; allow wins the tie";
    return "the longest matching pattern is an allow";
}

void explain_verdict(const cli_options *o, const robots_rules *rules, const char *url, const robots_verdict *v,
                     int more) {
    robots_parse_info info;
    robots_get_parse_info(rules, &info);
    printf("explain: profile: %s\n", robots_profile_name(o->profile));
    char path[256];
    size_t n = robots_url_path(url, strlen(url), path, sizeof path);
    printf("explain: path: ");
    put_visible(path, n < sizeof path ? n : sizeof path);
    printf("%s\n", n > sizeof path ? "..." : "");
    printf("explain: group: %s", robots_group_kind_name(v->group));
    if (v->groups == 1) printf(" (1 group)");
    if (v->groups > 1) printf(" (%zu groups merged)", v->groups);
    printf("\n");
    if (v->rule != ROBOTS_RULE_NONE) {
        printf("explain: rule: line %zu: %s: ", v->line, robots_rule_kind_name(v->rule));
        put_visible(v->pattern, v->pattern_len);
        printf(" (%zu octets)%s\n", v->pattern_len,
               v->why & ROBOTS_WHY_INDEX_HTML ? " [the directory form of an index.htm allow]" : "");
    } else {
        printf("explain: rule: none\n");
    }
    printf("explain: why: %s\n", why_text(v));
    if (more || info.parsed_bytes < info.input_bytes)
        printf("explain: note: only the first %zu bytes of the file were parsed (--max-bytes)\n",
               info.parsed_bytes);
}

int load_rules(const cli_options *o, const char *file, const char *agent, robots_rules **rules,
               size_t *len, int *more) {
    buf body = {NULL, 0, 0};
    if (read_file(file, o->max_bytes, &body, more) != 0) {
        fprintf(stderr, "failed to read file \"%s\": %s\n", file, strerror(errno));
        buf_free(&body);
        return -1;
    }
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = o->profile;
    opt.max_bytes = o->max_bytes;
    opt.allocator = cli_allocator();
    /* One check: the rules of only the groups that can apply to the agent, unsorted
     * (robots_options.agents), as Google's robots_main parses for its one check. */
    const char *for_agent[1] = {agent};
    opt.agents = for_agent;
    opt.agent_count = agent ? 1 : 0;
    const char *error;
    int rc = robots_parse(body.data, body.len, &opt, rules, &error);
    if (rc != 0) fprintf(stderr, "cannot parse \"%s\": %s\n", file, error);
    *len = body.len;
    buf_free(&body);
    return rc;
}

int run_check(const cli_options *o, const char *file, const char *agent, const char *url) {
    robots_rules *rules;
    size_t len;
    int more = 0;
    if (load_rules(o, file, agent, &rules, &len, &more) != 0) return EXIT_USAGE;
    robots_verdict v;
    /* Rules and v are set, and the rules are for this agent: it cannot fail. */
    robots_check(rules, agent, strlen(agent), url, strlen(url), &v, NULL);
    int allowed = v.allowed;
    printf("user-agent '%s' with URI '%s': %s\n", agent, url, allowed ? "ALLOWED" : "DISALLOWED");
    if (len == 0) printf("notice: robots file is empty so all user-agents are allowed\n");
    if (o->explain) explain_verdict(o, rules, url, &v, more);
    robots_free(rules);
    if (fflush(stdout) != 0) return EXIT_USAGE;
    return allowed ? EXIT_ALLOWED : EXIT_DISALLOWED;
}
