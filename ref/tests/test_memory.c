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

static void every_allocation_may_fail(void) {
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
            /* Count the allocations of a successful parse, then fail each in turn. */
            counting c = {0, 0, 0, 0};
            robots_allocator a = counting_allocator(&c);
            robots_options o;
            robots_options_init(&o);
            o.profile = (robots_profile_id)p;
            o.allocator = &a;
            robots_rules *r = robots_parse(inputs[i], strlen(inputs[i]), &o);
            CHECK(r != NULL);
            robots_free(r);
            size_t total = c.calls;
            CHECK(total >= 2);
            for (size_t k = 1; k <= total; k++) {
                counting f = {0, 0, 0, k};
                robots_allocator fa = counting_allocator(&f);
                o.allocator = &fa;
                r = robots_parse(inputs[i], strlen(inputs[i]), &o);
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
