/*
 * status.c - what a crawler does with the response to its robots.txt request
 * (STATUS-1..9, RFC-7), and how long it may keep the file.
 *
 * The profiles reach the same decisions but for 429, and each states them in its
 * own terms: the google profile as Google's documentation does (full allow, full
 * disallow, conditional allow), the rfc9309 profile as RFC 9309 section 2.3.1 does
 * (unavailable, unreachable). For 429 the profile's data says which way
 * (profile.c: rate_limit_unreachable, STATUS-4).
 */
#include <limits.h>

#include "internal.h"

typedef struct wording {
    const char *success, *redirect, *too_many_redirects, *client_error, *rate_limited, *server_error,
        *network_error, *informational, *cached, *no_cache;
} wording;

static const wording google_words = {
    "2xx: the rules of the file decide (conditional allow)",
    "3xx: follow the redirect (at most five hops); the rules of the file it leads to decide",
    "3xx after five redirects: Google stops following and treats the file as a 404: full allow",
    "4xx other than 429 (401 and 403 included): there is no valid robots.txt: full allow",
    "429 (too many requests): since 2023 Google treats it as a server error: full disallow, "
    "and the request is retried",
    "5xx: a temporary server error: full disallow, and the request is retried",
    "a failed request (DNS, timeout, reset or hung connection, invalid response) counts as a "
    "server error: full disallow",
    "1xx is not a final status: an invalid response, which counts as a server error: full disallow",
    "unreachable for more than 30 days: the last cached copy decides",
    "unreachable for more than 30 days with no cached copy: no crawl restrictions (full allow)",
};

static const wording rfc_words = {
    "successful access (2xx): the crawler must follow the parsable rules (RFC 9309 2.3.1.1)",
    "redirect (3xx): follow at least five consecutive redirects, across authorities too; the "
    "rules found apply to the initial authority (2.3.1.2)",
    "more than five consecutive redirects: the crawler may assume the robots.txt is unavailable "
    "and access any resource (2.3.1.2)",
    "unavailable (4xx): the crawler may access any resource (2.3.1.3)",
    "unavailable (4xx, 429 included): the crawler may access any resource (2.3.1.3)",
    "unreachable (5xx): the crawler must assume complete disallow (2.3.1.4)",
    "unreachable (network error): the crawler must assume complete disallow (2.3.1.4)",
    "unreachable (1xx is not a final status): the crawler must assume complete disallow (2.3.1.4)",
    "unreachable for a reasonably long period (30 days): the crawler may use a cached copy (2.3.1.4, 2.4)",
    "unreachable for a reasonably long period (30 days) with no cached copy: the crawler may "
    "assume the robots.txt is unavailable and access any resource (2.3.1.4)",
};

static int decide(robots_fetch_decision *out, const char **why, const char *text, robots_fetch_decision d) {
    if (why) *why = text;
    *out = d;
    return 0;
}

int robots_fetch_policy(robots_profile_id id, const robots_fetch *f, robots_fetch_decision *out,
                        const char **why) {
    if (!out) return fail(why, "no decision to set (out is NULL)");
    *out = ROBOTS_FETCH_FULL_DISALLOW;
    if (!f) return fail(why, "no fetch outcome (fetch is NULL)");
    if ((unsigned)id >= ROBOTS_PROFILE_COUNT) return fail(why, "unknown profile");
    const wording *w = id == ROBOTS_PROFILE_RFC9309 ? &rfc_words : &google_words;
    if (!f->network_error && (f->status < 100 || f->status > 599))
        return fail(why, "an HTTP status is a number from 100 to 599");
    int klass = f->network_error ? 0 : f->status / 100;
    if (klass == 2) return decide(out, why, w->success, ROBOTS_FETCH_CONDITIONAL);
    if (klass == 3) {
        /* STATUS-2, RFC-7: this response would be hop redirects + 1. */
        if (f->redirects >= ROBOTS_MAX_REDIRECTS)
            return decide(out, why, w->too_many_redirects, ROBOTS_FETCH_FULL_ALLOW);
        return decide(out, why, w->redirect, ROBOTS_FETCH_CONDITIONAL);
    }
    profile p;
    profile_toggled(id, 0, &p);
    bool rate_limited = f->status == 429 && !f->network_error;
    if (klass == 4 && !(rate_limited && p.rate_limit_unreachable))
        return decide(out, why, rate_limited ? w->rate_limited : w->client_error, ROBOTS_FETCH_FULL_ALLOW);
    /* 5xx, network failures, invalid responses and, where the profile says so, 429:
     * unreachable (STATUS-4, STATUS-5, STATUS-8). */
    if (f->unreachable_days > ROBOTS_UNREACHABLE_DAYS) {
        /* STATUS-6 */
        if (f->cached) return decide(out, why, w->cached, ROBOTS_FETCH_USE_CACHED);
        return decide(out, why, w->no_cache, ROBOTS_FETCH_FULL_ALLOW);
    }
    const char *text = klass == 5 ? w->server_error
                     : klass == 4 ? w->rate_limited
                     : klass == 1 ? w->informational
                                  : w->network_error;
    return decide(out, why, text, ROBOTS_FETCH_FULL_DISALLOW);
}

/* RFC 9111 5.2.2.1: max-age=delta-seconds; a value too large to hold counts as 2^31
 * (1.2.2). Digits are read into 64 bits and stop growing past 2^31, so no count of
 * digits overflows, whatever the platform's long. */
static bool find_max_age(const unsigned char *s, size_t n, int64_t *out, bool *invalid) {
    for (size_t i = 0; i < n;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ',')) i++;
        size_t start = i;
        while (i < n && s[i] != ',' && s[i] != '=') i++;
        size_t name_end = i;
        while (name_end > start && (s[name_end - 1] == ' ' || s[name_end - 1] == '\t')) name_end--;
        bool is_max_age = equals_nocase(s + start, name_end - start, "max-age");
        size_t vstart = i, vend = i;
        if (i < n && s[i] == '=') {
            vstart = ++i;
            bool quoted = i < n && s[i] == '"';
            if (quoted) {
                vstart = ++i;
                while (i < n && s[i] != '"') i++;
                vend = i;
                if (i < n) i++;
            }
            while (i < n && s[i] != ',') i++;
            if (!quoted) {
                vend = i;
                while (vstart < vend && (s[vstart] == ' ' || s[vstart] == '\t')) vstart++;
                while (vend > vstart && (s[vend - 1] == ' ' || s[vend - 1] == '\t')) vend--;
            }
        }
        if (!is_max_age) continue;
        /* The first max-age counts. */
        int64_t v = 0;
        *invalid = vstart == vend;
        for (size_t k = vstart; k < vend && !*invalid; k++) {
            if (s[k] < '0' || s[k] > '9') *invalid = true;
            else if (v < ROBOTS_CACHE_SECONDS_MAX) v = v * 10 + (s[k] - '0');
        }
        *out = v > ROBOTS_CACHE_SECONDS_MAX ? ROBOTS_CACHE_SECONDS_MAX : v;
        return !*invalid;
    }
    return false;
}

int64_t robots_cache_lifetime(robots_profile_id id, const char *cache_control, size_t len,
                              const char **why) {
    int64_t max_age = 0;
    bool invalid = false;
    bool found = cache_control && find_max_age((const unsigned char *)cache_control, len, &max_age, &invalid);
    bool rfc = id == ROBOTS_PROFILE_RFC9309;
    const char *text;
    int64_t seconds = ROBOTS_CACHE_SECONDS;
    if (!found) {
        text = invalid ? "max-age is not a number of seconds and is ignored: 24 hours"
                       : "no max-age: 24 hours";
    } else if (!rfc) {
        /* STATUS-9: Google may lengthen or shorten the lifetime by max-age. */
        seconds = max_age;
        text = "Cache-Control max-age sets the lifetime (Google may lengthen or shorten it by max-age)";
    } else if (max_age < ROBOTS_CACHE_SECONDS) {
        seconds = max_age;
        text = "max-age shortens the lifetime (RFC 9309 2.4: standard HTTP caching)";
    } else {
        text = "at most 24 hours while the file is reachable (RFC 9309 2.4), whatever max-age says";
    }
    if (why) *why = text;
    return seconds;
}
