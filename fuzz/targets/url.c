/*
 * url.c - fuzz target: "ROBOTS_URL\nURL". URL parsing gives a result or an error
 * with a reason; the robots.txt URL of a URL is itself a robots.txt URL that
 * governs it, and deriving it again changes nothing; scope agrees with comparing
 * robots.txt URLs; host conversion never writes past its buffer.
 */
#include "../common.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(parse_error_unexplained)
DEFINE_FINDING(robots_txt_url_rc_differs)
DEFINE_FINDING(robots_txt_url_too_long)
DEFINE_FINDING(scheme_not_lowercase)
DEFINE_FINDING(host_not_lowercase_ascii)
DEFINE_FINDING(port_out_of_range)
DEFINE_FINDING(robots_txt_url_out_of_scope)
DEFINE_FINDING(robots_txt_url_not_idempotent)
DEFINE_FINDING(robots_txt_url_changes_again)
DEFINE_FINDING(scope_result_invalid)
DEFINE_FINDING(scope_url_a_fails)
DEFINE_FINDING(scope_url_b_fails)
DEFINE_FINDING(scope_not_url_equality)
DEFINE_FINDING(host_room_wrong)
DEFINE_FINDING(host_small_rc_wrong)
DEFINE_FINDING(host_small_buffer_differs)
DEFINE_FINDING(host_failure_not_empty)

static void check_url(const char *u, size_t n) {
    robots_url parsed;
    const char *error = NULL;
    int rc = robots_url_parse(u, n, &parsed, &error);
    REQUIRE(parse_error_unexplained, rc == 0 || (rc == -1 && error && *error));
    char out[ROBOTS_SCHEME_MAX + ROBOTS_HOST_MAX + 32];
    error = NULL;
    size_t len = 0;
    REQUIRE(robots_txt_url_rc_differs, robots_robots_txt_url(u, n, out, sizeof out, &len, &error) == rc);
    if (rc != 0) return;
    REQUIRE(robots_txt_url_too_long, len < sizeof out);
    for (const char *c = parsed.scheme; *c; c++) REQUIRE(scheme_not_lowercase, !(*c >= 'A' && *c <= 'Z'));
    for (const char *c = parsed.host; *c; c++)
        REQUIRE(host_not_lowercase_ascii,
                (unsigned char)*c > 0x20 && (unsigned char)*c < 0x7F && !(*c >= 'A' && *c <= 'Z'));
    REQUIRE(port_out_of_range, parsed.port >= -1 && parsed.port <= 65535);
    /* The robots.txt URL governs the URL, and is its own robots.txt URL. */
    robots_scope s;
    REQUIRE(robots_txt_url_out_of_scope,
            robots_scope_check(out, len, u, n, &s, &error) == 0 && s == ROBOTS_SCOPE_APPLIES);
    char again[sizeof out];
    size_t len2 = 0;
    REQUIRE(robots_txt_url_not_idempotent, robots_robots_txt_url(out, len, again, sizeof again, &len2, &error) == 0);
    REQUIRE(robots_txt_url_changes_again, len2 == len && memcmp(again, out, len) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t a_len, b_len;
    const uint8_t *b = next_line(data, size, &a_len);
    b_len = (size_t)(data + size - b);
    const char *a = (const char *)data;
    check_url(a, a_len);
    check_url((const char *)b, b_len);
    const char *error = NULL;
    robots_scope s;
    int rc = robots_scope_check(a, a_len, (const char *)b, b_len, &s, &error);
    REQUIRE(scope_result_invalid,
            rc == 0 ? s <= ROBOTS_SCOPE_NOT_ROBOTS_URL && robots_scope_name(s) : rc == -1 && error);
    if (rc == 0 && (s == ROBOTS_SCOPE_APPLIES || s == ROBOTS_SCOPE_DOES_NOT_APPLY)) {
        /* Scope is equality of the two robots.txt URLs. */
        char ra[512], rb[512];
        size_t la = 0, lb = 0;
        REQUIRE(scope_url_a_fails, robots_robots_txt_url(a, a_len, ra, sizeof ra, &la, NULL) == 0);
        REQUIRE(scope_url_b_fails, robots_robots_txt_url((const char *)b, b_len, rb, sizeof rb, &lb, NULL) == 0);
        bool same = la == lb && memcmp(ra, rb, la) == 0;
        REQUIRE(scope_not_url_equality, same == (s == ROBOTS_SCOPE_APPLIES));
    }
    /* Host conversion with a small buffer: a failure with the room needed, and an
     * empty string, never a cut host. */
    char small[8], big[ROBOTS_HOST_MAX + 1];
    size_t need = 0, full = 0;
    int small_rc = robots_host_to_ascii(a, a_len, small, sizeof small, &need, NULL);
    int big_rc = robots_host_to_ascii(a, a_len, big, sizeof big, &full, NULL);
    if (big_rc == 0) {
        REQUIRE(host_room_wrong, need == full && strlen(big) == full);
        REQUIRE(host_small_rc_wrong, small_rc == (full < sizeof small ? 0 : -1));
        REQUIRE(host_small_buffer_differs, small_rc == 0 ? strcmp(small, big) == 0 : small[0] == '\0');
    } else {
        REQUIRE(host_failure_not_empty, small_rc == -1 && small[0] == '\0' && big[0] == '\0');
    }
    return 0;
}
