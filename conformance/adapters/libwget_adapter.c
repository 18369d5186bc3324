/*
 * libwget_adapter.c - libwget's robots.txt parser (Debian wget2-dev, the library
 * behind wget2) through the batch protocol (conformance/PROTOCOL.md).
 *
 *   build/adapters/libwget-adapter     (make libwget-adapter; make scorecard builds it)
 *
 * libwget parses a file for one client name and keeps the Disallow paths of the
 * group that applies (wget_robots_parse); wget2 itself decides a URL by comparing
 * those paths with the URL's path as libwget parses it (wget_iri_parse: the path
 * without its leading '/', unescaped, without the query), by prefix, and allows
 * everything else. This adapter does the same, with the check's agent as the client
 * name. The file reaches the library as a C string, as wget2 hands it a body: it
 * ends at the first NUL byte. Answers allow and sitemaps checks; other kinds get an
 * error reply (skipped).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <wget.h>

#include "base64.h"
#include "buf.h"

#define MAX_LINE ((size_t)64 << 20)

/* The request's robots.txt as a NUL-terminated string (cut at its first NUL). */
static char *robots_of(const cJSON *request, const char **error) {
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(request, "robots"));
    const char *b64 = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(request, "robots_base64"));
    buf out = {NULL, 0, 0};
    if (b64) {
        if (base64_decode(b64, strlen(b64), &out, error)) {
            free(out.data);
            return NULL;
        }
    } else if (text) {
        if (buf_add(&out, text, strlen(text))) goto oom;
    } else {
        *error = "the request has no robots.txt";
        return NULL;
    }
    if (buf_addc(&out, '\0') == 0) return out.data;
oom:
    free(out.data);
    *error = "out of memory";
    return NULL;
}

/* As wget2 decides: disallowed when a Disallow path, less its first character,
 * is a prefix of the URL's path as libwget parses it. */
static bool allowed_by(const wget_robots_t *robots, const char *path) {
    for (int i = 0; robots && i < wget_vector_size(robots->paths); i++) {
        const wget_string_t *p = wget_vector_get(robots->paths, i);
        if (p && p->len && !strncmp(p->p + 1, path, p->len - 1)) return false;
    }
    return true;
}

static cJSON *answer(const cJSON *request, const char **error) {
    const char *kind = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(request, "kind"));
    if (kind && strcmp(kind, "sitemaps")) {
        *error = "libwget does not answer this kind of check";
        return NULL;
    }
    const char *agent = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(request, "agent"));
    const char *url = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(request, "url"));
    if (!kind && (!agent || !url)) {
        *error = "an allow request needs agent and url";
        return NULL;
    }
    char *body = robots_of(request, error);
    if (!body) return NULL;
    /* libwget refuses an empty file (NULL): nothing is disallowed. */
    wget_robots_t *robots = body[0] ? wget_robots_parse(body, kind ? NULL : agent) : NULL;
    free(body);
    cJSON *reply = cJSON_CreateObject();
    if (!reply) {
        wget_robots_free(&robots);
        *error = "out of memory";
        return NULL;
    }
    if (kind) {
        cJSON *list = cJSON_AddArrayToObject(reply, "sitemaps");
        for (int i = 0; list && robots && i < wget_vector_size(robots->sitemaps); i++)
            cJSON_AddItemToArray(list, cJSON_CreateString(wget_vector_get(robots->sitemaps, i)));
    } else {
        wget_iri_t *iri = wget_iri_parse(url, "utf-8");
        if (!iri) {
            wget_robots_free(&robots);
            cJSON_Delete(reply);
            *error = "libwget cannot parse the URL";
            return NULL;
        }
        cJSON_AddBoolToObject(reply, "allowed", allowed_by(robots, iri->path ? iri->path : ""));
        wget_iri_free(&iri);
    }
    wget_robots_free(&robots);
    return reply;
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        if ((size_t)n > MAX_LINE) continue;
        cJSON *request = cJSON_ParseWithLength(line, (size_t)n);
        if (!request) continue;
        const char *error = NULL;
        cJSON *reply = answer(request, &error);
        if (!reply) {
            reply = cJSON_CreateObject();
            if (reply) cJSON_AddStringToObject(reply, "error", error ? error : "no answer");
        }
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(request, "id");
        char *text = NULL;
        if (reply && cJSON_IsNumber(id)) {
            cJSON_AddNumberToObject(reply, "id", id->valuedouble);
            text = cJSON_PrintUnformatted(reply);
        }
        if (text) {
            fputs(text, stdout);
            fputc('\n', stdout);
            fflush(stdout);
        }
        cJSON_free(text);
        cJSON_Delete(reply);
        cJSON_Delete(request);
    }
    free(line);
    return 0;
}
