/*
 * warc_responses.c - robots-warc-responses FILE: every robots.txt response of a
 * WARC file as robots census reads it (ref/cli/warc_records.c), one JSON object
 * a line, in file order: {"uri", "status", "body_base64", "truncated"}, the body
 * with its chunks joined, its Content-Encoding decoded and cut to its first
 * 500 KiB. A record that is not one is a warning on standard error, as in a
 * census. The C side of the differential against another WARC reader
 * (make test-warc-oracle, README.md beside it); exit 0, 1 when the file was not
 * read to its end, 2 when it cannot be opened.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base64.h"
#include "json.h"
#include "warc_records.h"

typedef struct run {
    const char *name;
    bool incomplete;
} run;

static void problem(void *ctx, warc_at at, const char *why, bool incomplete) {
    run *r = ctx;
    r->incomplete = r->incomplete || incomplete;
    fprintf(stderr, "robots-warc-responses: %s: record at %llu+%llu: %s\n", r->name, (unsigned long long)at.member,
            (unsigned long long)at.within, why);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: robots-warc-responses FILE\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        perror(argv[1]);
        return 2;
    }
    static warc_stream s;
    warc_source src = {.fd = fd, .size = (uint64_t)st.st_size};
    warc_checkpoints cps = {{NULL, 0, 0}, 0};
    warc_record rec = {0};
    buf line = {NULL, 0, 0}, out = {NULL, 0, 0};
    run r = {argv[1], false};
    bool scanned = false;
    /* (A stream that cannot open, a gzipped file without zlib, fails its first read.) */
    ws_open(&s, &src, warc_source_is_gzip(&src), (warc_at){0, 0}, &cps, true);
    int got;
    while ((got = warc_next_record(&s, &rec, &line, WARC_ROBOTS_TXT_ANY_STATUS, problem, &r, &scanned)) > 0) {
        if (!rec.robots_txt) continue;
        char number[64];
        out.len = 0;
        int rc = buf_add(&out, "{\"uri\":", 7) | json_append_string(&out, rec.uri.data, rec.uri.len);
        snprintf(number, sizeof number, ",\"status\":%d,\"body_base64\":\"", rec.status);
        rc |= buf_add(&out, number, strlen(number)) | base64_encode(rec.body.data, rec.body.len, &out);
        static const char cut[] = "\",\"truncated\":true}\n", whole[] = "\",\"truncated\":false}\n";
        rc |= rec.truncated ? buf_add(&out, cut, sizeof cut - 1) : buf_add(&out, whole, sizeof whole - 1);
        if (rc || fwrite(out.data, 1, out.len, stdout) != out.len) {
            got = -1;
            break;
        }
    }
    ws_close(&s);
    warc_checkpoints_free(&cps);
    warc_record_free(&rec);
    buf_free(&line);
    buf_free(&out);
    close(fd);
    if (got < 0 || fflush(stdout) != 0) {
        fprintf(stderr, "robots-warc-responses: out of memory, or the output cannot be written\n");
        return 2;
    }
    return r.incomplete ? 1 : 0;
}
