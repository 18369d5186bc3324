/* test_usage.c - the AI usage preferences API: Content-Usage and Content-Signal
 * lines per agent, path and category (robots.h; the tables' AIPREF-* and
 * SIGNAL-* cases run the same rules through the runner). */
#include <string.h>

#include "test.h"

/* The answer ("y", "n", "unknown") of one query, and its verdict in *out. */
static const char *usage_of(robots_profile_id profile, const char *text, robots_usage_vocab vocab,
                            const char *agent, const char *url, const char *category,
                            robots_usage_verdict *out) {
    robots_usage_verdict scratch;
    if (!out) out = &scratch;
    robots_rules *r = parse_text(profile, text);
    int rc = robots_usage_check(r, vocab, agent, strlen(agent), url, strlen(url), category,
                                strlen(category), out, NULL);
    robots_free(r);
    return rc ? "error" : robots_usage_answer_name(out->answer);
}

/* Checks one query's answer; `at` is the caller's line, for the report. */
static void expect(robots_profile_id profile, const char *text, robots_usage_vocab vocab, const char *agent,
                   const char *url, const char *category, const char *want, int at) {
    const char *got = usage_of(profile, text, vocab, agent, url, category, NULL);
    check_equal_str(got, strlen(got), want, category, __FILE__, at);
}

#define USAGE(text, agent, url, cat, want)                                      \
    do {                                                                        \
        expect(GOOGLE, text, ROBOTS_CONTENT_USAGE, agent, url, cat, want, __LINE__); \
        expect(RFC, text, ROBOTS_CONTENT_USAGE, agent, url, cat, want, __LINE__);    \
    } while (0)
#define SIGNAL(text, agent, url, cat, want) expect(RFC, text, ROBOTS_CONTENT_SIGNAL, agent, url, cat, want, __LINE__)

/* AIPREF-1: the example of draft-ietf-aipref-attach-05 3.4, its table row by row. */
static const char attach_example[] = "User-Agent: *\nAllow: /\nDisallow: /never/\n"
                                     "Content-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\n"
                                     "User-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n";

static void attach_example_rows(void) {
    robots_usage_verdict v;
    USAGE(attach_example, "OtherBot", "http://example.com/test", "train-ai", "n");
    USAGE(attach_example, "OtherBot", "http://example.com/never/test", "train-ai", "unknown");
    USAGE(attach_example, "OtherBot", "http://example.com/ai-ok/test", "train-ai", "y");
    USAGE(attach_example, "ExampleBot", "http://example.com/never/test", "train-ai", "y");
    USAGE(attach_example, "OtherBot", "http://example.com/test", "search", "unknown");
    usage_of(RFC, attach_example, ROBOTS_CONTENT_USAGE, "OtherBot", "http://example.com/ai-ok/test",
             "train-ai", &v);
    CHECK_EQ(v.line, 5);
    CHECK_EQ(v.pattern_len, 7);
    CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
    usage_of(RFC, attach_example, ROBOTS_CONTENT_USAGE, "OtherBot", "http://example.com/never/test",
             "train-ai", &v);
    CHECK(v.why & ROBOTS_USAGE_WHY_DISALLOWED);
    CHECK_EQ(v.crawl_line, 3);
    CHECK_EQ(v.line, 0);
    usage_of(RFC, attach_example, ROBOTS_CONTENT_USAGE, "ExampleBot", "/x", "search", &v);
    CHECK_EQ(v.group, ROBOTS_GROUP_SPECIFIC);
    CHECK(v.why & ROBOTS_USAGE_WHY_NOT_STATED);
    CHECK_EQ(v.line, 9);
}

/* vocab-07 5.1: lines with the same path disagree: any n wins, then any y. */
static void identical_paths_combine(void) {
    robots_usage_verdict v;
    const char *t = "user-agent: *\ncontent-usage: /a train-ai=y\ncontent-usage: /a train-ai=n\n"
                    "content-usage: /a train-ai=y\n";
    USAGE(t, "bot", "/a/b", "train-ai", "n");
    usage_of(RFC, t, ROBOTS_CONTENT_USAGE, "bot", "/a/b", "train-ai", &v);
    CHECK_EQ(v.line, 3);
    CHECK_EQ(v.lines, 3);
    CHECK(v.why & ROBOTS_USAGE_WHY_COMBINED);
    USAGE("user-agent: *\ncontent-usage: /a train-ai=x\ncontent-usage: /a train-ai=y\n", "bot", "/a",
          "train-ai", "y");
    /* A longer path decides alone, whatever the shorter ones say. */
    USAGE("user-agent: *\ncontent-usage: train-ai=n\ncontent-usage: /a/ search=y\n", "bot", "/a/x",
          "train-ai", "unknown");
}

/* Group choice as for Allow/Disallow; a usage line is a rule of its group. */
static void groups_and_agents(void) {
    const char *t = "user-agent: foo\ncontent-usage: train-ai=n\nuser-agent: bar\ndisallow: /x\n";
    /* Crawl: foo and bar share the disallow (the usage line is not a crawl rule)... */
    CHECK_EQ(allowed(GOOGLE, t, "foo", "/x"), DISALLOWED);
    /* ... usage: the line after foo is foo's, and bar's group has none. */
    USAGE(t, "foo", "/y", "train-ai", "n");
    USAGE(t, "bar", "/y", "train-ai", "unknown");
    USAGE("user-agent: *\ncontent-usage: train-ai=n\nuser-agent: foo\nallow: /\n", "foo", "/",
          "train-ai", "unknown");
    USAGE("user-agent: FOO\ncontent-usage: train-ai=n\n", "foo", "/", "train-ai", "n");
    /* Before any user-agent line: nobody's. */
    robots_usage_verdict v;
    usage_of(RFC, "content-usage: train-ai=n\nuser-agent: *\nallow: /\n", ROBOTS_CONTENT_USAGE, "a", "/",
             "train-ai", &v);
    CHECK_EQ(v.answer, ROBOTS_USAGE_UNKNOWN);
    CHECK(v.why & ROBOTS_USAGE_WHY_OUTSIDE);
    CHECK(v.why & ROBOTS_USAGE_WHY_NO_RULE);
}

/* attach 3.2: the path, if any, starts the value and ends at SP or HTAB. */
static void paths_and_statements(void) {
    USAGE("user-agent: *\ncontent-usage: /a\ttrain-ai=n # comment\n", "b", "/a", "train-ai", "n");
    USAGE("user-agent: *\ncontent-usage: /train-ai=n\n", "b", "/train-ai=n", "train-ai", "unknown");
    USAGE("user-agent: *\ncontent-usage: *.pdf train-ai=n\n", "b", "/x.pdf", "train-ai", "unknown");
    USAGE("user-agent: *\ncontent-usage: /*.pdf$ train-ai=n\n", "b", "/x.pdf", "train-ai", "n");
    USAGE("user-agent: *\ncontent-usage: /*.pdf$ train-ai=n\n", "b", "/x.pdfx", "train-ai", "unknown");
    /* Paths match as the profile's Allow does: %7E is ~ under RFC 9309 (2.2.2), not
     * in Google's parser. */
    expect(RFC, "user-agent: *\ncontent-usage: /%7Ea train-ai=n\n", ROBOTS_CONTENT_USAGE, "b", "/~a",
           "train-ai", "n", __LINE__);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\ndisallow: /%7Ea\n", "b", "/~a"), ALLOWED);
    expect(GOOGLE, "user-agent: *\ncontent-usage: /%7Ea train-ai=n\n", ROBOTS_CONTENT_USAGE, "b", "/~a",
           "train-ai", "unknown", __LINE__);
    USAGE("user-agent: *\nContent-Usage : train-ai=n\n", "b", "/", "train-ai", "n");
    /* Google's colon-less "key value" is not a Content-Usage line. */
    USAGE("user-agent: *\ncontent-usage train-ai=n\n", "b", "/", "train-ai", "unknown");
    USAGE("user-agent: *\ncontent-usages: train-ai=n\n", "b", "/", "train-ai", "unknown");
}

/* vocab-07 6.5: only the tokens y and n; a failed Dictionary leaves all unknown. */
static void statements(void) {
    robots_usage_verdict v;
    USAGE("user-agent: *\ncontent-usage: train-ai=n, search=y\n", "b", "/", "search", "y");
    USAGE("user-agent: *\ncontent-usage: train-ai=y, train-ai, search=n, search=\"n\"\n", "b", "/",
          "train-ai", "unknown");
    USAGE("user-agent: *\ncontent-usage: train-ai;allow=n, train-ai=y\n", "b", "/", "train-ai", "y");
    USAGE("user-agent: *\ncontent-usage: Train-AI=n\n", "b", "/", "train-ai", "unknown");
    USAGE("user-agent: *\ncontent-usage: train-ai=N\n", "b", "/", "train-ai", "unknown");
    USAGE("user-agent: *\ncontent-usage: train-ai=n,\n", "b", "/", "train-ai", "unknown");
    usage_of(RFC, "user-agent: *\ncontent-usage: train-ai=n, search=\"\xc3\xa9\"\n", ROBOTS_CONTENT_USAGE,
             "b", "/", "train-ai", &v);
    CHECK_EQ(v.answer, ROBOTS_USAGE_UNKNOWN);
    CHECK(v.why & ROBOTS_USAGE_WHY_SYNTAX);
    usage_of(RFC, "user-agent: *\ncontent-usage: train-ai=?0\n", ROBOTS_CONTENT_USAGE, "b", "/", "train-ai", &v);
    CHECK(v.why & ROBOTS_USAGE_WHY_NOT_TOKEN);
}

/* Content-Signal: its own lines and tokens; the two kinds do not mix. */
static void content_signal(void) {
    const char *t = "User-Agent: *\nContent-Signal: ai-train=no, search=yes, ai-input=yes\n"
                    "Content-Usage: train-ai=y\nAllow: /\n";
    SIGNAL(t, "bot", "/", "ai-train", "n");
    SIGNAL(t, "bot", "/", "search", "y");
    SIGNAL(t, "bot", "/", "ai-input", "y");
    SIGNAL(t, "bot", "/", "train-ai", "unknown");
    USAGE(t, "bot", "/", "train-ai", "y");
    USAGE(t, "bot", "/", "search", "unknown");
    SIGNAL("user-agent: *\ncontent-signal: search=y\n", "bot", "/", "search", "unknown");
}

static void listing_and_errors(void) {
    robots_rules *r = parse_text(RFC, "content-signal: search=yes\nuser-agent: *\n"
                                      "content-usage: /p%7e\ttrain-ai=n\n");
    CHECK_EQ(robots_usage_line_count(r), 2);
    robots_usage_line l;
    CHECK_EQ(robots_get_usage_line(r, 0, &l), 0);
    CHECK_EQ(l.vocab, ROBOTS_CONTENT_SIGNAL);
    CHECK_EQ(l.in_group, 0);
    CHECK_EQ(l.path_len, 0);
    CHECK_STR(l.statement, l.statement_len, "search=yes");
    CHECK_EQ(robots_get_usage_line(r, 1, &l), 0);
    CHECK_EQ(l.in_group, 1);
    CHECK_EQ(l.line, 3);
    CHECK_STR(l.path, l.path_len, "/p%7E"); /* normalised as an Allow's */
    CHECK_STR(l.statement, l.statement_len, "train-ai=n");
    CHECK_EQ(robots_get_usage_line(r, 2, &l), -1);
    CHECK_EQ(robots_get_usage_line(r, 0, NULL), -1);
    CHECK_EQ(robots_get_usage_line(NULL, 0, &l), -1);
    robots_usage_verdict v;
    const char *why = NULL;
    CHECK_EQ(robots_usage_check(r, (robots_usage_vocab)7, "a", 1, "/", 1, "search", 6, &v, &why), -1);
    CHECK(why != NULL);
    CHECK_EQ(robots_usage_check(r, ROBOTS_CONTENT_USAGE, "a", 1, "/", 1, NULL, 0, &v, NULL), -1);
    CHECK_EQ(robots_usage_check(r, ROBOTS_CONTENT_USAGE, "a", 1, "/", 1, "x", 1, NULL, NULL), -1);
    CHECK_EQ(robots_usage_check(NULL, ROBOTS_CONTENT_USAGE, "a", 1, "/", 1, "x", 1, &v, NULL), -1);
    robots_free(r);
    CHECK_EQ(robots_usage_line_count(NULL), 0);
    CHECK(robots_usage_answer_name((robots_usage_answer)9) == NULL);
    CHECK(robots_usage_vocab_name((robots_usage_vocab)9) == NULL);
    CHECK(robots_usage_categories((robots_usage_vocab)9) == NULL);
    CHECK(strcmp(robots_usage_categories(ROBOTS_CONTENT_SIGNAL)[1], "ai-input") == 0);
}

/* Each reason says its own thing, in the order of the flags. */
static void reasons(void) {
    const unsigned flags[] = {ROBOTS_USAGE_WHY_DISALLOWED, ROBOTS_USAGE_WHY_NO_RULE, ROBOTS_USAGE_WHY_SYNTAX,
                              ROBOTS_USAGE_WHY_NOT_TOKEN,  ROBOTS_USAGE_WHY_NOT_STATED, ROBOTS_USAGE_WHY_COMBINED, 0};
    const char *seen[7];
    for (size_t i = 0; i < 7; i++) {
        robots_usage_verdict v = {0};
        v.why = flags[i] | ROBOTS_USAGE_WHY_OUTSIDE;
        seen[i] = robots_usage_reason(&v);
        CHECK(seen[i] != NULL);
        for (size_t j = 0; j < i; j++) CHECK(strcmp(seen[i], seen[j]) != 0);
    }
    robots_usage_verdict both = {0};
    both.why = ROBOTS_USAGE_WHY_SYNTAX | ROBOTS_USAGE_WHY_COMBINED;
    CHECK(strcmp(robots_usage_reason(&both), seen[2]) == 0);
    CHECK(robots_usage_reason(NULL) == NULL);
}

/* The crawl verdicts do not change when usage lines are added (Google ignores them). */
static void crawl_verdicts_unchanged(void) {
    const char *with = "user-agent: a\ncontent-usage: train-ai=n\nuser-agent: b\ndisallow: /x\n"
                       "content-signal: /y search=no\nallow: /x/y\n";
    const char *without = "user-agent: a\nuser-agent: b\ndisallow: /x\nallow: /x/y\n";
    const char *urls[] = {"/", "/x", "/x/y", "/y"};
    for (size_t i = 0; i < 4; i++) {
        CHECK_EQ(allowed(GOOGLE, with, "a", urls[i]), allowed(GOOGLE, without, "a", urls[i]));
        CHECK_EQ(allowed(GOOGLE, with, "b", urls[i]), allowed(GOOGLE, without, "b", urls[i]));
    }
}

const test_suite suite_usage = {"usage", (const test_case[]){
    {"AIPREF-1: the attach draft's example, row by row", attach_example_rows},
    {"identical paths combine: n wins, then y", identical_paths_combine},
    {"groups and agents as for Allow/Disallow", groups_and_agents},
    {"the path ends at SP or HTAB; other values are all statement", paths_and_statements},
    {"statements: the tokens y and n, failures unknown", statements},
    {"Content-Signal: its own lines and tokens", content_signal},
    {"listing the lines; bad arguments refused", listing_and_errors},
    {"crawl verdicts unchanged by usage lines", crawl_verdicts_unchanged},
    {"each reason its own sentence", reasons},
    {NULL, NULL}}};
