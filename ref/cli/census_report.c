/*
 * census_report.c - what a census read of each input (census.h, census_read): a
 * line on standard error as the input ends, and an object of --summary's
 * "inputs". The records, lines or entries, the sites, the skipped by reason, the
 * bytes read against the file's size, and, for an input not read to its end,
 * why: nothing a reader passes over goes unsaid. Every reader names its kind
 * first (census_each), so r->kind is never NULL here.
 */
#include <stdio.h>
#include <string.h>

#include "census.h"
#include "json.h"

/* The count of each WARC record type read, "1 warcinfo, 4231 response", into b. */
static int types_text(buf *b, const census_read *r, bool json) {
    int rc = 0;
    bool first = true;
    char text[80];
    for (int t = 0; t < WARC_TYPES; t++) {
        if (!r->types[t]) continue;
        const char *sep = first ? "" : json ? "," : ", ", *type = warc_type_name((warc_type)t);
        if (json) snprintf(text, sizeof text, "%s\"%s\":%zu", sep, type, r->types[t]);
        else snprintf(text, sizeof text, "%s%zu %s", sep, r->types[t], type);
        first = false;
        rc |= buf_add(b, text, strlen(text));
    }
    return rc;
}

void census_report_input(const char *name, const census_read *r, bool progress) {
    bool warc = !strncmp(r->kind, "warc", 4), folder = !strcmp(r->kind, "folder");
    buf types = {NULL, 0, 0};
    if (warc && types_text(&types, r, false)) types.len = 0;
    fprintf(stderr, "%srobots census: %s (%s): %zu %s", progress ? "\r" : "", name, r->kind, r->records,
            warc ? "records" : folder ? "entries" : "lines");
    if (warc) fprintf(stderr, " (%.*s), %zu robots.txt responses", (int)types.len, types.data ? types.data : "", r->responses);
    buf_free(&types);
    fprintf(stderr, ", %zu sites", r->sites);
    if (folder) fprintf(stderr, ", %zu not regular files passed over", r->not_regular);
    fprintf(stderr, ", %zu skipped", r->skipped);
    for (size_t i = 0; i < r->nreasons; i++)
        fprintf(stderr, "%s%zu: %s", i ? "; " : " (", r->reasons[i].n, r->reasons[i].why);
    if (r->other_reasons) fprintf(stderr, "; %zu: other reasons", r->other_reasons);
    if (r->nreasons) fprintf(stderr, ")");
    if (!folder && r->bytes) fprintf(stderr, "; %llu of %llu bytes read", (unsigned long long)r->bytes_read, (unsigned long long)r->bytes);
    else if (!folder) fprintf(stderr, "; %llu bytes read", (unsigned long long)r->bytes_read);
    fprintf(stderr, "\n");
    if (r->interrupted)
        fprintf(stderr, "robots census: %s: NOT READ TO ITS END: %s; its rows are right for what was read\n", name,
                r->incomplete);
    else if (r->incomplete)
        fprintf(stderr, "robots census: %s: NOT READ TO ITS END: %s; its rows are right for what was read, and "
                        "the census exits %d\n", name, r->incomplete, EXIT_INCOMPLETE);
}

int census_input_json(buf *out, const char *name, const census_read *r) {
    char number[200];
    int rc = buf_add(out, out->len ? ",{\"input\":" : "{\"input\":", out->len ? 10 : 9);
    rc |= json_append_string(out, name, strlen(name)) | buf_add(out, ",\"kind\":", 8);
    rc |= json_append_string(out, r->kind, strlen(r->kind));
    snprintf(number, sizeof number, ",\"records\":%zu,\"sites\":%zu,\"skipped\":%zu", r->records, r->sites, r->skipped);
    rc |= buf_add(out, number, strlen(number));
    if (!strncmp(r->kind, "warc", 4)) {
        snprintf(number, sizeof number, ",\"robots_txt_responses\":%zu,\"types\":{", r->responses);
        rc |= buf_add(out, number, strlen(number)) | types_text(out, r, true) | buf_addc(out, '}');
    }
    if (!strcmp(r->kind, "folder")) {
        snprintf(number, sizeof number, ",\"not_regular\":%zu", r->not_regular);
        rc |= buf_add(out, number, strlen(number));
    }
    rc |= buf_add(out, ",\"skipped_by_reason\":[", 22);
    for (size_t i = 0; i < r->nreasons; i++) {
        rc |= buf_add(out, i ? ",{\"reason\":" : "{\"reason\":", i ? 11 : 10);
        rc |= json_append_string(out, r->reasons[i].why, strlen(r->reasons[i].why));
        snprintf(number, sizeof number, ",\"count\":%zu}", r->reasons[i].n);
        rc |= buf_add(out, number, strlen(number));
    }
    snprintf(number, sizeof number, "],\"other_reasons\":%zu,\"bytes_read\":%llu,\"bytes\":%llu,\"complete\":%s",
             r->other_reasons, (unsigned long long)r->bytes_read, (unsigned long long)r->bytes, r->incomplete ? "false" : "true");
    rc |= buf_add(out, number, strlen(number));
    if (r->incomplete) rc |= buf_add(out, ",\"incomplete\":", 14) | json_append_string(out, r->incomplete, strlen(r->incomplete));
    if (r->interrupted) rc |= buf_add(out, ",\"interrupted\":true", 19);
    return rc | buf_addc(out, '}');
}
