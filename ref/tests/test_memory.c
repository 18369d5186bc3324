/* test_memory.c - running out of memory: every allocation of a parse may fail, and
 * each failure gives NULL with nothing leaked (ASan's leak checker watches). */
#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "internal.h"
#include "test.h"

static const char *const inputs[] = {
    "",
    "user-agent: *\ndisallow: /a*b$\n",
    ("sitemap: http://e.com/s.xml\nuser-agent: a\nuser-agent: *\nallow: /x/index.html\n"
     "disallow: /%41*\xC3\xA4\ncrawl-delay: 5\nuser-agent: b\ndisallow:\nallow: /y\n"),
};

/* A file that outgrows the memory planned for its size in every array: short
 * lines, each a group, a rule, an index.html alternative, a sitemap or a record,
 * and patterns of non-ASCII octets that triple when percent-encoded, so that each
 * array moves to a block of its own and each of those allocations can fail. */
static char outgrowing[8192];

static const char *make_outgrowing(void) {
    static const char *const lines[] = {"user-agent:a\n", "user-agent:*\n", "allow:/i/index.html\n",
                                        "disallow:/*x\n", "sitemap:s\n", "k:v\n", "\n",
                                        "allow:/\xC3\xA4\xC3\xB6\xC3\xBC\n"};
    size_t at = 0;
    for (int round = 0; round < 40; round++)
        for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
            size_t n = strlen(lines[i]);
            memcpy(outgrowing + at, lines[i], n);
            at += n;
        }
    outgrowing[at] = '\0';
    return outgrowing;
}

/* A file of patterns made only of non-ASCII octets: percent-encoded, they take
 * three times the file's size, more than the plan holds for strings. */
static char wide[4096];

static const char *make_wide(void) {
    strcpy(wide, "user-agent:*\n");
    for (int line = 0; line < 12; line++) {
        strcat(wide, "allow:/");
        for (int k = 0; k < 100; k++) strcat(wide, "\xC3\xA4");
        strcat(wide, "\n");
    }
    return wide;
}

/* A group of more rules than index.c sorts with scratch on the stack: its sort
 * takes scratch memory of its own. */
static char long_group[4096];

static const char *make_long_group(void) {
    strcpy(long_group, "user-agent: *\n");
    for (int line = INDEX_STACK_ITEMS + 10; line > 0; line--)
        snprintf(long_group + strlen(long_group), sizeof long_group - strlen(long_group), "disallow: /p%03d\n", line);
    return long_group;
}

static void every_allocation_may_fail(void) {
    const char *all[sizeof inputs / sizeof inputs[0] + 3];
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) all[i] = inputs[i];
    all[sizeof inputs / sizeof inputs[0]] = make_outgrowing();
    all[sizeof inputs / sizeof inputs[0] + 1] = make_wide();
    all[sizeof inputs / sizeof inputs[0] + 2] = make_long_group();
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
            /* Count the allocations of a successful parse, then fail each in turn. */
            counting c = {0, 0, 0, 0};
            robots_allocator a = counting_allocator(&c);
            robots_options o;
            robots_options_init(&o);
            o.profile = (robots_profile_id)p;
            o.allocator = &a;
            robots_rules *r = parse_or_null(all[i], strlen(all[i]), &o);
            CHECK(r != NULL);
            robots_free(r);
            /* Small files take one allocation; the outgrowing one, one per array. */
            size_t total = c.calls;
            CHECK(total >= (all[i] == outgrowing ? 9u : 1u));
            for (size_t k = 1; k <= total; k++) {
                counting f = {0, 0, 0, k};
                robots_allocator fa = counting_allocator(&f);
                o.allocator = &fa;
                r = parse_or_null(all[i], strlen(all[i]), &o);
                CHECK(r == NULL);
                CHECK_EQ(f.current, 0);
                robots_free(r);
            }
        }
    }
}

/* A growth whose size in bytes a size_t cannot hold fails, marks the rule set
 * failed and allocates nothing: asked for more elements than fit, or for exactly
 * as many bytes as fit (which rounding to the arena's alignment would overflow). */
static void growth_past_size_t_fails(void) {
    counting c = {0, 0, 0, 0};
    robots_allocator a = counting_allocator(&c);
    robots_options o;
    robots_options_init(&o);
    o.allocator = &a;
    robots_rules *r = parse_or_null("user-agent: *\ndisallow: /\n", 26, &o);
    CHECK(r != NULL);
    size_t calls = c.calls;
    CHECK(!vec_reserve(r, &r->groups, sizeof(group), SIZE_MAX / sizeof(group)));
    CHECK(r->failed);
    CHECK_EQ(c.calls, calls);
    /* A fresh array asking for SIZE_MAX bytes gets past the count check, finds no
     * room in the arena, and the allocator refuses. */
    vec fresh = {NULL, 0, 0, false};
    c.fail_at = calls + 1;
    CHECK(!vec_reserve(r, &fresh, 1, SIZE_MAX));
    CHECK(fresh.data == NULL);
    robots_free(r);
    CHECK_EQ(c.current, 0);
}

const test_suite suite_memory = {"memory", (const test_case[]){
    {"every allocation may fail", every_allocation_may_fail},
    {"growth past what a size_t holds fails", growth_past_size_t_fails},
    {NULL, NULL}}};
