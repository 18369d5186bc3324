/*
 * check_text.c - a check and its basis in words, as every report and explanation
 * says them (check_text.h).
 */
#include "check_text.h"

#include <stdio.h>
#include <string.h>

#include "clean_text.h"

/* The check in words, as every report line shows it: control characters of its
 * URL or agent are escaped (\x09), so that a TAB or a line break cannot split or
 * forge a line of the report. */
void check_describe(const check *k, char *out_escaped, size_t cap_escaped) {
    char out[2400];
    size_t cap = sizeof out;
    switch (k->kind) {
    case KIND_ALLOW:
        snprintf(out, cap, "%s %s", k->agent, k->url);
        break;
    case KIND_ALLOW_AGENTS:  /* "[googlebot-image, googlebot] URL" */
    case KIND_ALLOW_CRAWLER: { /* "[adsbot-google; ignores '*'] URL" */
        size_t n = (size_t)snprintf(out, cap, "[");
        for (size_t i = 0; i < k->nagents && n < cap; i++)
            n += (size_t)snprintf(out + n, cap - n, "%s%s", i ? ", " : "", k->agents[i]);
        const char *star = k->kind != KIND_ALLOW_CRAWLER ? "" : k->ignores_star ? "; ignores '*'" : "; follows '*'";
        if (n < cap) snprintf(out + n, cap - n, "%s] %s", star, k->url);
        break;
    }
    case KIND_ROBOTS_URL:
        snprintf(out, cap, "robots.txt URL of %s", k->url);
        break;
    case KIND_SCOPE:
        snprintf(out, cap, "does %s govern %s", k->robots_url, k->url);
        break;
    case KIND_STATUS: {
        /* What the server did, in the words of the one who runs it; what is zero
         * or absent is left out. */
        char redirects[48] = "", days[48] = "";
        if (k->redirects) snprintf(redirects, sizeof redirects, " after %u redirect%s", k->redirects, k->redirects == 1 ? "" : "s");
        if (k->unreachable_days)
            snprintf(days, sizeof days, ", unreachable for %u day%s", k->unreachable_days, k->unreachable_days == 1 ? "" : "s");
        if (k->status) snprintf(out, cap, "the server answers %d%s%s", k->status, redirects, days);
        else snprintf(out, cap, "the request fails (network error)%s%s", redirects, days);
        if (k->cached) snprintf(out + strlen(out), cap - strlen(out), "; the crawler has a copy from before");
        break;
    }
    case KIND_SITEMAPS:
        snprintf(out, cap, "sitemaps");
        break;
    case KIND_USAGE: /* "content-usage train-ai: GPTBot URL" */
    case KIND_SIGNAL:
        snprintf(out, cap, "%s %s: %s %s", k->kind == KIND_USAGE ? "content-usage" : "content-signal", k->category,
                 k->agent, k->url);
        break;
    default:
        snprintf(out, cap, "cache lifetime with Cache-Control: %s", k->cache_control ? k->cache_control : "(none)");
        break;
    }
    clean_text_trim_utf8(out); /* a long URL may have been cut inside a character */
    clean_text_escape_controls(out, out_escaped, cap_escaped);
}

void check_basis_text(unsigned classes, const char *separator, char *out, size_t cap) {
    out[0] = '\0';
    for (int c = 0; c < CLASS_COUNT; c++)
        if (classes & (1u << c))
            snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? separator : "", suite_class_name((basis_class)c));
}

void check_words_of(const result *x, const char *separator, check_words *out) {
    check_describe(x->k, out->what, sizeof out->what);
    check_basis_text(x->k->basis[x->profile], separator, out->classes, sizeof out->classes);
}
