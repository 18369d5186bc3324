/* test_switches.c - the profiles' switches (robots_switch_*, robots_options.toggle)
 * and which groups a crawler follows (robots_applying_groups). */
#include <string.h>

#include "test.h"

/* Every switch has a name and a meaning, and the two profiles set it apart. */
static void every_switch_parts_the_profiles(void) {
    for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++) {
        CHECK(robots_switch_name((robots_switch)s) != NULL);
        CHECK(robots_switch_meaning((robots_switch)s) != NULL);
        int g = robots_switch_on(GOOGLE, (robots_switch)s), r = robots_switch_on(RFC, (robots_switch)s);
        CHECK(g == 0 || g == 1);
        CHECK(r == 0 || r == 1);
        CHECK(g != r);
        for (int t = 0; t < s; t++)
            CHECK(strcmp(robots_switch_name((robots_switch)s), robots_switch_name((robots_switch)t)) != 0);
    }
    CHECK(robots_switch_name((robots_switch)ROBOTS_SWITCH_COUNT) == NULL);
    CHECK(robots_switch_meaning((robots_switch)-1) == NULL);
    CHECK_EQ(robots_switch_on(GOOGLE, (robots_switch)ROBOTS_SWITCH_COUNT), -1);
    CHECK_EQ(robots_switch_on((robots_profile_id)ROBOTS_PROFILE_COUNT, ROBOTS_SWITCH_INDEX_HTML), -1);
    CHECK_STR(robots_switch_name(ROBOTS_SWITCH_PERCENT_DECODE), strlen("percent-decode"), "percent-decode");
    CHECK_EQ(robots_switch_on(RFC, ROBOTS_SWITCH_PERCENT_DECODE), 1);
    CHECK_EQ(robots_switch_on(GOOGLE, ROBOTS_SWITCH_LINE_LIMIT), 1);
}

/* The answer under `profile` with the switches of `toggle` set the other way. */
static int toggled(robots_profile_id profile, unsigned toggle, const void *text, size_t len, const char *agent,
                   const char *url) {
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    o.toggle = toggle;
    robots_rules *r = parse_or_null(text, len, &o);
    int answer = check_answer(r, agent, strlen(agent), url, strlen(url), NULL);
    robots_free(r);
    return answer;
}

typedef struct switch_example {
    robots_switch s;
    const char *text;
    size_t len; /* 0: strlen(text) */
    const char *agent, *url;
    int google; /* the google profile's answer; rfc9309 answers the other way */
} switch_example;

/* One file per switch where the profiles answer apart: toggling that switch alone
 * turns either profile's answer into the other's, and toggling any other switch
 * leaves it. */
static void one_switch_decides_its_example(void) {
    static char long_line[20000];
    memset(long_line, 0, sizeof long_line);
    memcpy(long_line, "user-agent: *\ndisallow: /", strlen("user-agent: *\ndisallow: /"));
    memset(long_line + strlen(long_line), 'a', 17000);
    memcpy(long_line + strlen(long_line), "b\n", 2);
    /* The line cut at 16,662 bytes is a prefix of this path; the whole line is not. */
    static char long_path[17100];
    memset(long_path, 0, sizeof long_path);
    long_path[0] = '/';
    memset(long_path + 1, 'a', 17000);
    long_path[17001] = 'c';
    const switch_example examples[] = {
        {ROBOTS_SWITCH_BOM_PREFIX, "\xEF\xBBuser-agent: *\ndisallow: /\n", 0, "a", "/x", 0},
        {ROBOTS_SWITCH_LINE_LIMIT, long_line, 0, "a", long_path, 0},
        {ROBOTS_SWITCH_NUL_ENDS_LINE, "user-agent: *\ndisallow: /a\0b\n", 27, "a", "/ac", 0},
        {ROBOTS_SWITCH_KEY_PREFIX, "user-agent: *\ndisallowed: /x\n", 0, "a", "/x", 0},
        {ROBOTS_SWITCH_KEY_TYPOS, "user-agent: *\ndissallow: /x\n", 0, "a", "/x", 0},
        {ROBOTS_SWITCH_MISSING_COLON, "user-agent: *\ndisallow /x\n", 0, "a", "/x", 0},
        {ROBOTS_SWITCH_STAR_SPACE, "user-agent: * comment\ndisallow: /\n", 0, "a", "/x", 0},
        {ROBOTS_SWITCH_PRODUCT_TOKEN, "user-agent: foobot\ndisallow: /\n", 0, "FooBot/2.1", "/x", 1},
        {ROBOTS_SWITCH_INDEX_HTML, "user-agent: *\ndisallow: /d/\nallow: /d/index.html\n", 0, "a", "/d/", 1},
        {ROBOTS_SWITCH_PERCENT_DECODE, "user-agent: *\ndisallow: /%7Ea\n", 0, "a", "/~a", 1},
        {ROBOTS_SWITCH_ROBOTS_TXT, "user-agent: *\ndisallow: /\n", 0, "a", "/robots.txt", 0},
    };
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const switch_example *e = &examples[i];
        size_t len = e->len ? e->len : strlen(e->text);
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            int want = p == GOOGLE ? e->google : !e->google;
            CHECK_EQ(toggled((robots_profile_id)p, 0, e->text, len, e->agent, e->url), want);
            CHECK_EQ(toggled((robots_profile_id)p, 1u << e->s, e->text, len, e->agent, e->url), !want);
            for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++) {
                if (s == (int)e->s) continue;
                int got = toggled((robots_profile_id)p, 1u << s, e->text, len, e->agent, e->url);
                if (got != want) printf("    %s toggled changes the %s example\n",
                                        robots_switch_name((robots_switch)s), robots_switch_name(e->s));
                CHECK_EQ(got, want);
            }
        }
    }
    /* Toggling every switch turns one profile into the other. */
    unsigned all = (1u << ROBOTS_SWITCH_COUNT) - 1;
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const switch_example *e = &examples[i];
        size_t len = e->len ? e->len : strlen(e->text);
        CHECK_EQ(toggled(GOOGLE, all, e->text, len, e->agent, e->url), !e->google);
        CHECK_EQ(toggled(RFC, all, e->text, len, e->agent, e->url), e->google);
    }
}

/* escape-values shows in the values of other keys, not in a verdict. */
static void escape_values_toggles_records(void) {
    const char *t = "crawl-delay: caf\xC3\xA9\n";
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        for (unsigned toggle = 0; toggle <= 1u << ROBOTS_SWITCH_ESCAPE_VALUES; toggle += 1u << ROBOTS_SWITCH_ESCAPE_VALUES) {
            robots_options o;
            robots_options_init(&o);
            o.profile = (robots_profile_id)p;
            o.toggle = toggle;
            robots_rules *r = parse_or_null(t, strlen(t), &o);
            robots_record rec;
            CHECK_EQ(robots_get_record(r, 0, &rec), 0);
            int escaped = rec.value_len == strlen("caf%C3%A9");
            CHECK_EQ(escaped, robots_switch_on((robots_profile_id)p, ROBOTS_SWITCH_ESCAPE_VALUES) ^ (toggle != 0));
            robots_free(r);
        }
    }
}

/* A bit past the last switch is refused; the defaults toggle nothing. */
static void unknown_toggle_is_refused(void) {
    robots_options o;
    robots_options_init(&o);
    CHECK_EQ(o.toggle, 0);
    o.toggle = 1u << ROBOTS_SWITCH_COUNT;
    robots_rules *r = (robots_rules *)&o;
    const char *error = NULL;
    CHECK_EQ(robots_parse("", 0, &o, &r, &error), -1);
    CHECK(r == NULL);
    CHECK(error != NULL && strstr(error, "switch") != NULL);
}

/* The first lines of the groups the agents follow, joined: "1,7". */
static void applying(const char *text, const char *const *agents, size_t count, char *out, size_t cap) {
    robots_rules *r = parse_text(GOOGLE, text);
    size_t idx[8];
    size_t n = robots_applying_groups(r, agents, NULL, count, idx, 8);
    out[0] = '\0';
    for (size_t i = 0; i < n && i < 8; i++) {
        robots_group_info g;
        CHECK_EQ(robots_get_group(r, idx[i], &g), 0);
        snprintf(out + strlen(out), cap - strlen(out), "%s%zu", i ? "," : "", g.first_line);
    }
    /* The verdict counts the same groups. */
    robots_verdict v;
    CHECK_EQ(robots_check_agents(r, agents, NULL, count, "/", 1, &v, NULL), 0);
    CHECK_EQ(v.groups, n);
    robots_free(r);
}

/* UA-1, UA-4: merged groups in file order, the '*' fallback, none. */
static void applying_groups_in_file_order(void) {
    const char *t = "user-agent: b\ndisallow: /1\n"        /* line 1 */
                    "user-agent: *\ndisallow: /2\n"        /* line 3 */
                    "user-agent: a\nuser-agent: b\nallow: /3\n" /* line 5 */
                    "user-agent: *\ndisallow: /4\n"        /* line 8 */
                    "user-agent: a\ndisallow: /5\n";       /* line 10 */
    char got[64];
    const char *a[] = {"a"}, *b[] = {"b"}, *c[] = {"c"}, *ab[] = {"a", "b"}, *ba[] = {"b", "a"};
    applying(t, a, 1, got, sizeof got);
    CHECK_STR(got, strlen(got), "5,10");
    applying(t, b, 1, got, sizeof got);
    CHECK_STR(got, strlen(got), "1,5");
    applying(t, c, 1, got, sizeof got);
    CHECK_STR(got, strlen(got), "3,8");
    applying(t, ab, 2, got, sizeof got);
    CHECK_STR(got, strlen(got), "1,5,10");
    applying(t, ba, 2, got, sizeof got);
    CHECK_STR(got, strlen(got), "1,5,10");
    applying("user-agent: a\ndisallow: /\n", c, 1, got, sizeof got);
    CHECK_STR(got, strlen(got), "");

    /* Only `cap` indexes are written; the count is all of them. */
    robots_rules *r = parse_text(GOOGLE, t);
    size_t one[2] = {99, 99};
    CHECK_EQ(robots_applying_groups(r, ab, NULL, 2, one, 1), 3);
    CHECK_EQ(one[1], 99);
    CHECK_EQ(robots_applying_groups(r, ab, NULL, 2, NULL, 0), 3);
    CHECK_EQ(robots_applying_groups(r, c, NULL, 1, NULL, 5), 2);
    /* Bad arguments: no groups. */
    CHECK_EQ(robots_applying_groups(NULL, a, NULL, 1, one, 2), 0);
    CHECK_EQ(robots_applying_groups(r, NULL, NULL, 1, one, 2), 0);
    const char *null_agent[] = {NULL};
    size_t len1[] = {1};
    CHECK_EQ(robots_applying_groups(r, null_agent, len1, 1, one, 2), 0);
    robots_free(r);
}

const test_suite suite_switches = {"switches", (const test_case[]){
    {"every switch is named and parts the profiles", every_switch_parts_the_profiles},
    {"toggling one switch decides its example, no other does", one_switch_decides_its_example},
    {"escape-values toggles how other values are stored", escape_values_toggles_records},
    {"an unknown switch is refused", unknown_toggle_is_refused},
    {"the groups that apply, in file order", applying_groups_in_file_order},
    {NULL, NULL}}};
