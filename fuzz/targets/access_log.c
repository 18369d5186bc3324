/*
 * access_log.c - fuzz target: robots review --log's reader of one access-log line
 * (ref/cli/access_log.c), two ways by the first byte:
 *   odd ('l'): the rest is a line as a log holds it. Whatever it reads lies inside
 *     the line, the target is a path or has a scheme and holds no space, and the
 *     line read with a CR LF after it reads the same;
 *   even ('r'): the rest is "TARGET\nAGENT": a Combined Log Format line is written
 *     from them (the agent's quotes and backslashes escaped as Apache escapes
 *     them) and must read back as exactly that target and that escaped agent.
 */
#include "../common.h"
#include "access_log.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(read_outside_the_line)
DEFINE_FINDING(target_not_a_target)
DEFINE_FINDING(line_end_changes_the_reading)
DEFINE_FINDING(written_line_not_read)
DEFINE_FINDING(written_line_read_otherwise)

#define LINE_MAX_BYTES 4096

static bool inside(const char *p, size_t n, const char *line, size_t len) {
    return p >= line && p <= line + len && n <= (size_t)(line + len - p);
}

static void read_as_is(const char *line, size_t len) {
    access_log_entry e;
    if (!access_log_line(line, len, &e)) return;
    if (!inside(e.target, e.target_len, line, len) || (e.agent && !inside(e.agent, e.agent_len, line, len)))
        FINDING(read_outside_the_line, "a field read outside the line");
    if (e.target_len == 0 || memchr(e.target, ' ', e.target_len) ||
        (e.target[0] != '/' && !memchr(e.target, ':', e.target_len)))
        FINDING(target_not_a_target, "the target \"%.*s\" is neither a path nor a URL", (int)e.target_len, e.target);
    static char ended[LINE_MAX_BYTES + 2];
    memcpy(ended, line, len);
    memcpy(ended + len, "\r\n", 2);
    access_log_entry f;
    if (!access_log_line(ended, len + 2, &f) || f.target - ended != e.target - line ||
        f.target_len != e.target_len || (f.agent == NULL) != (e.agent == NULL) ||
        (e.agent && (f.agent - ended != e.agent - line || f.agent_len != e.agent_len)))
        FINDING(line_end_changes_the_reading, "a CR LF after the line changes what is read");
}

/* Writes a Combined Log Format line of TARGET and AGENT and reads it back. */
static void round_trip(const char *d, size_t n) {
    const char *nl = memchr(d, '\n', n);
    size_t tn = nl ? (size_t)(nl - d) : n;
    const char *agent = nl ? nl + 1 : d + n;
    size_t an = (size_t)(d + n - agent);
    /* A target as a server logs one: a path of no space, quote, backslash or control byte. */
    static char target[LINE_MAX_BYTES], escaped[2 * LINE_MAX_BYTES], line[4 * LINE_MAX_BYTES];
    size_t t = 0, a = 0;
    target[t++] = '/';
    for (size_t i = 0; i < tn && t < 512; i++)
        if ((unsigned char)d[i] > ' ' && d[i] != '"' && d[i] != '\\' && d[i] != 0x7F) target[t++] = d[i];
    for (size_t i = 0; i < an && a < 1000; i++) {
        if (agent[i] == '\n' || agent[i] == '\r' || agent[i] == '\0') continue;
        if (agent[i] == '"' || agent[i] == '\\') escaped[a++] = '\\';
        escaped[a++] = agent[i];
    }
    int len = snprintf(line, sizeof line, "192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] \"GET %.*s HTTP/1.1\" 200 42 \"-\" \"%.*s\"",
                       (int)t, target, (int)a, escaped);
    access_log_entry e;
    if (!access_log_line(line, (size_t)len, &e)) FINDING(written_line_not_read, "%s", line);
    if (e.target_len != t || memcmp(e.target, target, t) || !e.agent || e.agent_len != a ||
        memcmp(e.agent, escaped, a))
        FINDING(written_line_read_otherwise, "%s", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0 || size > LINE_MAX_BYTES) return 0;
    const char *rest = (const char *)data + 1;
    if (data[0] & 1) read_as_is(rest, size - 1);
    else round_trip(rest, size - 1);
    return 0;
}
