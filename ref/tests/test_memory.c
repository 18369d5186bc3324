/* test_memory.c - running out of memory: every allocation of a parse may fail, and
 * each failure gives NULL with nothing leaked (ASan's leak checker watches). */
#include <string.h>

#include "alloc.h"
#include "test.h"

static const char *const inputs[] = {
    "",
    "user-agent: *\ndisallow: /a*b$\n",
    ("sitemap: http://e.com/s.xml\nuser-agent: a\nuser-agent: *\nallow: /x/index.html\n"
     "disallow: /%41*\xC3\xA4\ncrawl-delay: 5\nuser-agent: b\ndisallow:\nallow: /y\n"),
};

/* A file that outgrows the memory planned for its size in every array: short
 * lines, each a group, a rule, an index.html alternative, a sitemap or a record,
 * so that each array moves to a block of its own and each of those allocations
 * can fail. */
static char outgrowing[4096];

static const char *make_outgrowing(void) {
    static const char *const lines[] = {"user-agent:a\n", "user-agent:*\n", "allow:/i/index.html\n",
                                        "disallow:/*x\n", "sitemap:s\n", "k:v\n", "\n"};
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

static void every_allocation_may_fail(void) {
    const char *all[sizeof inputs / sizeof inputs[0] + 1];
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) all[i] = inputs[i];
    all[sizeof inputs / sizeof inputs[0]] = make_outgrowing();
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
            /* Count the allocations of a successful parse, then fail each in turn. */
            counting c = {0, 0, 0, 0};
            robots_allocator a = counting_allocator(&c);
            robots_options o;
            robots_options_init(&o);
            o.profile = (robots_profile_id)p;
            o.allocator = &a;
            robots_rules *r = robots_parse(all[i], strlen(all[i]), &o);
            CHECK(r != NULL);
            robots_free(r);
            /* Small files take one allocation; the outgrowing one, one per array. */
            size_t total = c.calls;
            CHECK(total >= (all[i] == outgrowing ? 9u : 1u));
            for (size_t k = 1; k <= total; k++) {
                counting f = {0, 0, 0, k};
                robots_allocator fa = counting_allocator(&f);
                o.allocator = &fa;
                r = robots_parse(all[i], strlen(all[i]), &o);
                CHECK(r == NULL);
                CHECK_EQ(f.current, 0);
                robots_free(r);
            }
        }
    }
}

const test_suite suite_memory = {"memory", (const test_case[]){
    {"every allocation may fail", every_allocation_may_fail},
    {NULL, NULL}}};
