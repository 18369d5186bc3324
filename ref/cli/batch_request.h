/* batch_request.h - one request of the batch protocol, read from its JSON line. */
#ifndef ROBOTS_CLI_BATCH_REQUEST_H
#define ROBOTS_CLI_BATCH_REQUEST_H

#include <stddef.h>

#include "buf.h"
#include "robots.h"

typedef enum request_kind {
    REQUEST_CHECK,       /* "allow" (the default): robots + agent + url */
    REQUEST_CHECK_AGENTS, /* "allow-agents": robots + agents + url */
    REQUEST_CHECK_CRAWLER, /* "allow-crawler": robots + agents + ignores_star + url */
    REQUEST_ROBOTS_URL,  /* url */
    REQUEST_SCOPE,       /* robots_url + url */
    REQUEST_STATUS,      /* status [+ redirects, unreachable_days, cached] */
    REQUEST_SITEMAPS,    /* robots */
    REQUEST_CACHE_LIFETIME, /* [cache_control] */
    REQUEST_USAGE,       /* robots + agent + url + category: Content-Usage */
    REQUEST_SIGNAL       /* the same for Content-Signal */
} request_kind;

typedef struct request {
    const char *id; /* the id's JSON text as received, NULL when absent */
    size_t id_len;
    request_kind kind;
    unsigned seen;  /* which fields were given */
    buf robots, agent, url, robots_url, cache_control, category;
    buf agents;      /* allow-agents, allow-crawler: the agents' decoded texts, one after another */
    buf agent_lens;  /* ... and their lengths (size_t each) */
    size_t nagents;
    int ignores_star; /* allow-crawler: only groups naming an agent apply, never '*' */
    robots_profile_id profile;
    size_t max_bytes;
    robots_fetch fetch;
    const char *error; /* the first problem: the request gets an error reply */
    char error_text[160];
} request;

/* Reads one line into q (defaults from the command line). Returns 0 when q can be
 * answered; otherwise q->error says why (and q->id is set when it could be read). */
int request_read(const char *line, size_t len, robots_profile_id profile, size_t max_bytes, request *q);
void request_free(request *q);

#endif
