/*
 * robots.h - the reference robots.txt parser and matcher (C11, libc only).
 *
 * Parse once, query many:
 *
 *   robots_options opt;
 *   robots_options_init(&opt);               // google profile, 512000-byte cap
 *   robots_rules *rules;
 *   const char *error;
 *   if (robots_parse(body, body_len, &opt, &rules, &error) != 0) { ... error ... }
 *   robots_verdict v;
 *   if (robots_check(rules, "FooBot", 6, url, url_len, &v, &error) == 0 && v.allowed) { ... }
 *   robots_free(rules);
 *
 * A parsed rule set is immutable: any number of threads may query it at once.
 * Queries never re-parse, and allocate only in one case: when many wildcard rules
 * must be matched against a long path (past about a million octets read), they are
 * decided in one pass over the path with scratch memory from the rule set's
 * allocator (a few times the size of those rules, freed before the query returns;
 * the allocator must then be safe to call from the querying threads). If that
 * memory is refused, the query matches them one rule at a time instead: slower,
 * the same answer. Any byte sequence is a valid file and gets a defined answer;
 * robots_parse fails only for bad arguments, inputs past ROBOTS_MAX_PARSED_BYTES
 * to parse, or when memory runs out.
 *
 * One error convention, everywhere:
 * - A function that can fail returns int: 0 on success, -1 on failure. When it
 *   takes `const char **error` (always the last parameter), *error is then set to a
 *   static English sentence saying why. The getters robots_get_* have one cause of
 *   failure (an index out of range, or NULL rules or out) and no error parameter.
 * - On failure, out-parameters hold their empty value (NULL, 0, "", a zeroed
 *   struct), never a half-made answer.
 * - Every `error` and `why` parameter may be NULL. Other pointers may be NULL only
 *   where the function says so; a NULL string with a length of 0 is an empty
 *   string wherever a string is taken with its length.
 * - A function that cannot fail (names, counts, robots_url_path,
 *   robots_cache_lifetime) returns its answer directly; names return NULL for a
 *   value outside their enum.
 *
 * Two profiles share one code path (a profile is a set of switches, see
 * ref/src/profile.c): ROBOTS_PROFILE_GOOGLE reproduces Google's open-source
 * production parser, quirks included; ROBOTS_PROFILE_RFC9309 follows RFC 9309 where
 * the RFC is explicit. The differences are listed in docs/profiles.md.
 */
#ifndef ROBOTS_H
#define ROBOTS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ROBOTS_VERSION "2.0.0"

/* Google's fetcher reads at most 500 KiB; RFC 9309 asks for at least that much. */
#define ROBOTS_DEFAULT_MAX_BYTES 512000u

/* The most bytes one rule set parses: 256 MiB, 500 times Google's cap. A larger
 * input (with max_bytes 0 or above this) is refused with an error, never cut
 * silently: the rule set keeps its offsets in 32 bits to halve its memory. */
#define ROBOTS_MAX_PARSED_BYTES ((size_t)1 << 28)

typedef enum robots_profile_id {
    ROBOTS_PROFILE_GOOGLE = 0,
    ROBOTS_PROFILE_RFC9309 = 1
} robots_profile_id;

#define ROBOTS_PROFILE_COUNT 2

/* "google" or "rfc9309"; NULL for an unknown id. */
const char *robots_profile_name(robots_profile_id profile);
/* Looks a profile up by name (NUL-terminated): 0 with *out set, or -1 for NULL or
 * an unknown name. */
int robots_profile_from_name(const char *name, robots_profile_id *out, const char **error);

/* The allocator used for everything a rule set owns. Tests use it to inject
 * allocation failures; the default is realloc/free. realloc_fn(ctx, NULL, n)
 * allocates, realloc_fn(ctx, p, n) resizes; it returns NULL on failure. */
typedef struct robots_allocator {
    void *(*realloc_fn)(void *ctx, void *ptr, size_t size);
    void (*free_fn)(void *ctx, void *ptr);
    void *ctx;
} robots_allocator;

/* The switches a profile is made of: each is one behaviour where Google's parser
 * and RFC 9309 part ways, and the two profiles set every one of them differently
 * (ref/src/profile.c). Toggling one (robots_options.toggle) asks what that
 * behaviour alone decides: the atlas groups the cases where the profiles differ by
 * the switch that makes the difference. */
typedef enum robots_switch {
    ROBOTS_SWITCH_BOM_PREFIX = 0,      /* any prefix of the UTF-8 BOM is skipped (BOM-2) */
    ROBOTS_SWITCH_LINE_LIMIT = 1,      /* lines are cut after 16,662 bytes (LINE-1) */
    ROBOTS_SWITCH_NUL_ENDS_LINE = 2,   /* a NUL ends a line and the URL's path (NUL-1) */
    ROBOTS_SWITCH_KEY_PREFIX = 3,      /* keys match by prefix: "Disallowed:" (KEY-1) */
    ROBOTS_SWITCH_KEY_TYPOS = 4,       /* "useragent", "dissallow", ... are keys */
    ROBOTS_SWITCH_MISSING_COLON = 5,   /* "Disallow /x" is a rule (COLON-1) */
    ROBOTS_SWITCH_STAR_SPACE = 6,      /* "* text" is the global agent (STAR-1) */
    ROBOTS_SWITCH_PRODUCT_TOKEN = 7,   /* the caller's agent is cut to its product token (RFC-1) */
    ROBOTS_SWITCH_INDEX_HTML = 8,      /* an allow of /d/index.htm* allows /d/ (INDEX-1) */
    ROBOTS_SWITCH_PERCENT_DECODE = 9,  /* %HH and octet HH compare equal (ENC-1) */
    ROBOTS_SWITCH_ROBOTS_TXT = 10,     /* /robots.txt is always allowed (RFC-6) */
    ROBOTS_SWITCH_ESCAPE_VALUES = 11   /* other keys' values are %-normalised (SITEMAP-2) */
} robots_switch;

#define ROBOTS_SWITCH_COUNT 12

/* "bom-prefix", "line-limit", ...: the names above in lower case with dashes;
 * robots_switch_meaning says in a sentence what the switch does when on. NULL for
 * an unknown switch. */
const char *robots_switch_name(robots_switch s);
const char *robots_switch_meaning(robots_switch s);
/* 1 when the profile turns the switch on, 0 when off, -1 for an unknown profile or
 * switch. */
int robots_switch_on(robots_profile_id profile, robots_switch s);

typedef struct robots_options {
    robots_profile_id profile;
    size_t max_bytes;                 /* bytes past this are ignored; 0 = no cap */
    const robots_allocator *allocator; /* NULL = realloc/free */
    /* Switches set the other way from the profile, bit (1u << ROBOTS_SWITCH_x)
     * each: a switch toggled is set as the other profile sets it. 0 = the profile
     * as it is; bits past ROBOTS_SWITCH_COUNT are an error. */
    unsigned toggle;
    /* The crawler the rule set is for, when it is parsed for a check or two (the
     * way a crawler that re-parses for every URL uses it, and the way Google's
     * OneAgentAllowedByRobots parses): the `agent_count` agents a query will name,
     * as robots_check_agents takes them (`agent_lens` NULL: NUL-terminated).
     * Parsing then keeps the rules of only the groups that can apply to them (those
     * naming one of them, and the '*' groups) and leaves the rules unsorted, so a
     * query reads each rule of its groups in turn instead of searching an index:
     * a parse and one check cost about a fifth less on the real-world workload.
     * Many checks of one file are faster without it (indexed, a query's cost does
     * not grow with the number of rules). A query that needs the rules of a group
     * left out (it names an agent that is not here, and a group names that agent)
     * fails, never answers from part of the rules. The group counts, agents, lines
     * and records are those of the whole file; robots_rule_count and the rule
     * counts of the parse and of each group are of the rules kept
     * (robots_group_info.rules_left_out has the others). 0 agents: every rule is
     * kept and indexed. */
    const char *const *agents;
    const size_t *agent_lens;
    size_t agent_count;
} robots_options;

void robots_options_init(robots_options *options);

typedef struct robots_rules robots_rules;

/* Parses `len` bytes (NULL with len 0 is an empty file) into *out, which the caller
 * frees with robots_free. `options` may be NULL for the defaults. Fails (and sets
 * *out to NULL) for NULL out, NULL data with a length, an unknown profile, NULL
 * agents with a count (or a NULL agent with a length), more than
 * ROBOTS_MAX_PARSED_BYTES to parse (after the max_bytes cap), or when memory runs
 * out: a failure is never an empty rule set. */
int robots_parse(const void *data, size_t len, const robots_options *options, robots_rules **out,
                 const char **error);
/* Frees a rule set; NULL is ignored. */
void robots_free(robots_rules *rules);

/* ---- Queries --------------------------------------------------------------- */

typedef enum robots_group_kind {
    ROBOTS_GROUP_NONE = 0,    /* no group names the agent and there is no '*' group */
    ROBOTS_GROUP_GLOBAL = 1,  /* the '*' groups applied */
    ROBOTS_GROUP_SPECIFIC = 2 /* one or more groups name the agent */
} robots_group_kind;

typedef enum robots_rule_kind {
    ROBOTS_RULE_NONE = 0, /* no rule decided: allowed by default */
    ROBOTS_RULE_ALLOW = 1,
    ROBOTS_RULE_DISALLOW = 2
} robots_rule_kind;

/* Why the verdict is what it is, beyond the deciding rule. */
#define ROBOTS_WHY_TIE 0x01        /* allow and disallow of equal length matched */
#define ROBOTS_WHY_INDEX_HTML 0x02 /* an Allow ending in index.htm* allowed its directory */
#define ROBOTS_WHY_ROBOTS_TXT 0x04 /* rfc9309: /robots.txt is implicitly allowed */

typedef struct robots_verdict {
    int allowed;             /* 1 allowed, 0 disallowed */
    robots_group_kind group; /* which kind of group decided */
    size_t groups;           /* how many groups were merged for the agent */
    robots_rule_kind rule;   /* the deciding rule's kind, or NONE */
    size_t line;             /* the deciding rule's line (1-based), 0 when none */
    const char *pattern;     /* the deciding pattern, normalised, owned by the rules */
    size_t pattern_len;      /* its length in octets: the rule's precedence */
    unsigned why;            /* ROBOTS_WHY_* flags */
} robots_verdict;

/* Is `url` allowed for the crawler `agent`? Fills *verdict (verdict->allowed is
 * the answer) and returns 0. `url` is used as given: pass it %-escaped. Fails, with
 * *verdict zeroed (allowed 0), for NULL rules (robots_parse failed: there is no
 * answer, not an empty file) and NULL verdict, and when the rule set was parsed
 * for other agents and left out rules of a group that applies here
 * (robots_options.agents). */
int robots_check(const robots_rules *rules, const char *agent, size_t agent_len,
                 const char *url, size_t url_len, robots_verdict *verdict, const char **error);

/* The same for a crawler that answers to several tokens, as Google's
 * AllowedByRobots(robots, agents, url) does: every group naming any of the
 * `count` agents applies, merged; '*' groups only when none does. Googlebot-Image
 * asks with {"googlebot-image", "googlebot"} and follows the googlebot group when
 * there is no googlebot-image group (UA-1). `lens` gives each agent's length; NULL
 * `lens` means the agents are NUL-terminated. Fails as robots_check does, and for
 * NULL agents with a count. Each agent's groups are checked against the agents
 * before it, so the cost grows with count squared: meant for the few tokens one
 * crawler has. */
int robots_check_agents(const robots_rules *rules, const char *const *agents, const size_t *lens,
                        size_t count, const char *url, size_t url_len, robots_verdict *verdict,
                        const char **error);

/* A crawler as its operator documents it (conformance/crawler-catalog.json):
 * its tokens, most specific first, and ROBOTS_CRAWLER_* flags. */
#define ROBOTS_CRAWLER_IGNORES_STAR 0x01u /* only groups naming a token apply (Google's AdsBot) */

/* Is `url` allowed for that crawler? The groups of its first token that a group
 * names decide, alone: only the most specific group counts (UA-2), so
 * Googlebot-Image, {"googlebot-image", "googlebot"}, follows the googlebot group
 * only when no group names googlebot-image (UA-1), where robots_check_agents
 * would merge the two. When no group names any token, the '*' groups decide, or,
 * with ROBOTS_CRAWLER_IGNORES_STAR, none does and every URL is allowed. Sets
 * *decided (unless NULL) to the index of the token whose groups decided, or to
 * `count` when '*' groups or no group did. Fails as robots_check_agents does. */
int robots_check_crawler(const robots_rules *rules, const char *const *tokens, const size_t *lens, size_t count,
                         unsigned flags, const char *url, size_t url_len, robots_verdict *verdict, size_t *decided,
                         const char **error);

/* Which groups the crawler follows, as robots_check_agents chooses them (every
 * group naming one of its agents, else every '*' group, else none): writes the
 * indexes of the first `cap` of them in file order (for robots_get_group) to `out`
 * and returns how many there are in all, as verdict.groups counts them. `out` may be
 * NULL with cap 0. 0 also for NULL rules, and NULL agents with a count. */
size_t robots_applying_groups(const robots_rules *rules, const char *const *agents, const size_t *lens,
                              size_t count, size_t *out, size_t cap);

/* The path a URL is matched by: scheme, authority and fragment dropped, always
 * starting with '/'. Writes at most `cap` bytes to `out` and returns the full
 * length (like snprintf, without a terminator). */
size_t robots_url_path(const char *url, size_t url_len, char *out, size_t cap);

/* ---- What the parser saw --------------------------------------------------- */

typedef enum robots_key {
    ROBOTS_KEY_NONE = 0, /* the line has no key/value pair */
    ROBOTS_KEY_USER_AGENT,
    ROBOTS_KEY_ALLOW,
    ROBOTS_KEY_DISALLOW,
    ROBOTS_KEY_SITEMAP,
    ROBOTS_KEY_OTHER /* any other key, e.g. crawl-delay */
} robots_key;

/* Per-line metadata, like Google's reporting parser. */
#define ROBOTS_LINE_EMPTY 0x01         /* nothing but whitespace */
#define ROBOTS_LINE_COMMENT 0x02       /* nothing but a comment */
#define ROBOTS_LINE_HAS_COMMENT 0x04   /* a '#' comment somewhere on the line */
#define ROBOTS_LINE_DIRECTIVE 0x08     /* a key/value pair was found */
#define ROBOTS_LINE_TYPO 0x10          /* the key is an accepted typo (useragent, ...) */
#define ROBOTS_LINE_MISSING_COLON 0x20 /* accepted with whitespace instead of ':' */
#define ROBOTS_LINE_TOO_LONG 0x40      /* truncated at the line cap */

typedef struct robots_line_info {
    unsigned flags;  /* ROBOTS_LINE_* */
    robots_key key;  /* the directive's key, NONE without a directive */
} robots_line_info;

typedef struct robots_parse_info {
    robots_profile_id profile;
    size_t input_bytes;   /* bytes given to robots_parse */
    size_t parsed_bytes;  /* bytes parsed: min(input, cap) */
    size_t lines;         /* lines seen, the last one counts even if empty */
    size_t groups;
    size_t rules;         /* allow/disallow lines inside groups, kept (robots_options.agents) */
} robots_parse_info;

void robots_get_parse_info(const robots_rules *rules, robots_parse_info *info);

/* "none", "global", "specific"; "none", "allow", "disallow"; "none", "user-agent",
 * "allow", "disallow", "sitemap", "other". NULL for other values. */
const char *robots_group_kind_name(robots_group_kind kind);
const char *robots_rule_kind_name(robots_rule_kind kind);
const char *robots_key_name(robots_key key);

/* Line numbers run from 1 to info.lines; other numbers give {0, NONE}. */
robots_line_info robots_get_line(const robots_rules *rules, size_t line);

/* A key/value line outside allow/disallow/user-agent, in file order. */
typedef struct robots_record {
    const char *key;   /* as written (not lower-cased); "sitemap" records have the key as written */
    size_t key_len;
    const char *value; /* google: %-normalised like a pattern, except for sitemaps */
    size_t value_len;
    size_t line;
} robots_record;

/* Sitemaps: the values of sitemap lines, in file order; a line with an empty value
 * names none (SITEMAP-3) and is not counted. */
size_t robots_sitemap_count(const robots_rules *rules);
int robots_get_sitemap(const robots_rules *rules, size_t index, robots_record *out);
size_t robots_record_count(const robots_rules *rules);
int robots_get_record(const robots_rules *rules, size_t index, robots_record *out);

/* Groups and rules in file order, for tools that enumerate a file. */
typedef struct robots_group_info {
    size_t first_line; /* the group's first user-agent line */
    size_t agents;     /* user-agent lines of the group */
    int global;        /* one of them is '*' */
    size_t rules;      /* allow/disallow lines of the group, kept */
    size_t rules_left_out; /* ... and not kept (robots_options.agents) */
} robots_group_info;

typedef struct robots_agent_info {
    const char *token; /* product token as written ("" for '*' and for none) */
    size_t token_len;
    size_t value_len;  /* the whole value from `token` on: longer than token_len when
                          a version or more follows the product token (UA-3) */
    int global;        /* the line names '*' */
    size_t group;
    size_t line;
} robots_agent_info;

typedef struct robots_rule_info {
    robots_rule_kind kind;
    const char *pattern; /* normalised as matched; its length is the precedence */
    size_t pattern_len;
    size_t group;
    size_t line;
} robots_rule_info;

size_t robots_group_count(const robots_rules *rules);
int robots_get_group(const robots_rules *rules, size_t index, robots_group_info *out);
size_t robots_agent_count(const robots_rules *rules);
int robots_get_agent(const robots_rules *rules, size_t index, robots_agent_info *out);
size_t robots_rule_count(const robots_rules *rules);
int robots_get_rule(const robots_rules *rules, size_t index, robots_rule_info *out);

/* ---- Scope: which robots.txt governs a URL (ref/src/url.c, host.c, idna.c) ---- */

#define ROBOTS_SCHEME_MAX 32 /* octets of a scheme */
#define ROBOTS_HOST_MAX 255  /* octets of a host in its ASCII form */

/* What robots.txt scoping needs of a URL, normalised: the scheme and host in lower
 * case, the host in ASCII (IDN labels as punycode, IPv6 in RFC 5952 form, in
 * brackets), the port made explicit when the scheme has a default (http 80,
 * https 443, ftp 21). Userinfo is ignored. */
typedef enum robots_host_type {
    ROBOTS_HOST_NAME = 0, /* a registered name (RFC 3986 reg-name) */
    ROBOTS_HOST_IPV4 = 1, /* dotted decimal */
    ROBOTS_HOST_IPV6 = 2  /* in brackets */
} robots_host_type;

typedef struct robots_url {
    char scheme[ROBOTS_SCHEME_MAX + 1];
    char host[ROBOTS_HOST_MAX + 1];
    robots_host_type host_type;
    int port;           /* the effective port, or -1: no port and no default */
    int port_is_default; /* no port, or the scheme's default port, was given */
    const char *path;   /* into the input: from the first '/' after the authority */
    size_t path_len;    /* (0 when the URL has no path) */
    int has_query;      /* a '?' follows the path */
} robots_url;

/* "name", "ipv4", "ipv6"; NULL for other values. */
const char *robots_host_type_name(robots_host_type type);

/* Parses an absolute URL into *out (which must not be NULL). Fails for what RFC
 * 3986 does not allow in a URL's scheme and authority: no scheme, empty host, bad
 * port, bad brackets, a backslash before the host, a bad percent-escape in the host,
 * an IDN the reference cannot convert, ... */
int robots_url_parse(const char *url, size_t len, robots_url *out, const char **error);

/* The robots.txt URL governing `url`: "scheme://host[:port]/robots.txt", without
 * userinfo, query, fragment or default port, NUL-terminated in out[cap]. *out_len
 * (when not NULL) is set to its length; also when it does not fit, to say how much
 * room it needs. Fails for a URL robots_url_parse refuses, NULL out with a cap, and
 * when the URL and its NUL do not fit in cap (out then holds ""). */
int robots_robots_txt_url(const char *url, size_t len, char *out, size_t cap, size_t *out_len,
                          const char **error);

typedef enum robots_scope {
    ROBOTS_SCOPE_APPLIES = 0,        /* same scheme, host and port */
    ROBOTS_SCOPE_DOES_NOT_APPLY = 1,
    ROBOTS_SCOPE_NOT_ROBOTS_URL = 2  /* file_url's path is not exactly /robots.txt */
} robots_scope;

/* "applies", "does-not-apply", "not-a-robots-url"; NULL for other values. */
const char *robots_scope_name(robots_scope scope);

/* Does the robots.txt at file_url govern url? (SCOPE-1..10) Sets *out (which must
 * not be NULL); fails when either URL is malformed. */
int robots_scope_check(const char *file_url, size_t file_len, const char *url, size_t url_len,
                       robots_scope *out, const char **error);

/* IDNA ToASCII of a host (UTF-8): ASCII labels are lower-cased; "xn--" labels must
 * be valid punycode and are lower-cased; other labels become "xn--" + punycode.
 * The reference depends on libc alone, so it converts only code points that need
 * no UTS #46 mapping (lower-case letters of Latin-1, Latin Extended-A, Greek and
 * Cyrillic, kana, CJK ideographs, Hangul syllables); anything else (upper case
 * beyond ASCII, compatibility characters, other scripts) is refused with a clear
 * error rather than mapped wrongly. Writes the host NUL-terminated to out[cap] and
 * its length to *out_len (when not NULL). Fails for a host it cannot convert, and
 * when the result and its NUL do not fit in cap (out then holds "" and *out_len the
 * room needed without the NUL). */
int robots_host_to_ascii(const char *host, size_t len, char *out, size_t cap, size_t *out_len,
                         const char **error);

/* RFC 3492 Punycode. Each writes at most cap code points or characters (no NUL)
 * and sets *out_len (which must not be NULL); fails for bad input, or output that
 * does not fit in cap. */
int robots_punycode_encode(const uint32_t *in, size_t len, char *out, size_t cap, size_t *out_len,
                           const char **error);
int robots_punycode_decode(const char *in, size_t len, uint32_t *out, size_t cap, size_t *out_len,
                           const char **error);

/* ---- The fetch outcome: what a crawler does with the robots.txt response ---- */

typedef enum robots_fetch_decision {
    ROBOTS_FETCH_FULL_ALLOW = 0,    /* crawl anything: there is no valid robots.txt */
    ROBOTS_FETCH_FULL_DISALLOW = 1, /* crawl nothing */
    ROBOTS_FETCH_CONDITIONAL = 2,   /* the rules of the file fetched decide */
    ROBOTS_FETCH_USE_CACHED = 3     /* the rules of the last cached copy decide */
} robots_fetch_decision;

typedef struct robots_fetch {
    int status;                /* the final HTTP status (100-599), when not network_error */
    int network_error;         /* DNS failure, timeout, reset, invalid response, ... */
    unsigned redirects;        /* redirects already followed before this response */
    unsigned unreachable_days; /* how long the file has been unreachable */
    int cached;                /* a cached copy of the file exists */
} robots_fetch;

/* STATUS-1..8 and RFC-7 under the profile: sets *out to the decision and *why to a
 * sentence in the profile's own terms saying why. The profiles differ on 429 alone:
 * a server error under google (Google's documentation since 2023), a 4xx like any
 * other under rfc9309. Fails (with *why saying so) for a
 * status outside 100-599, an unknown profile, or NULL fetch or out. */
int robots_fetch_policy(robots_profile_id profile, const robots_fetch *fetch,
                        robots_fetch_decision *out, const char **why);

/* "full-allow", "full-disallow", "conditional", "use-cached"; NULL for other values. */
const char *robots_fetch_decision_name(robots_fetch_decision decision);

/* STATUS-9: how many seconds a fetched robots.txt may be cached, given the value of
 * its Cache-Control header (NULL or empty when absent). 24 hours by default;
 * google: max-age shortens or lengthens it; rfc9309: max-age may only shorten it.
 * *why (when not NULL) says which rule applied; an unknown profile counts as google.
 * The answer is 0 to ROBOTS_CACHE_SECONDS_MAX (2^31: a max-age too large to hold
 * counts as that, RFC 9111 1.2.2), in an int64_t on every platform (1.0 returned
 * a long, 32 bits on i386, armhf, wasm32 and 64-bit Windows: too small for 2^31). */
int64_t robots_cache_lifetime(robots_profile_id profile, const char *cache_control, size_t len,
                           const char **why);

#define ROBOTS_MAX_REDIRECTS 5 /* STATUS-2, RFC-7 */
#define ROBOTS_UNREACHABLE_DAYS 30 /* STATUS-6 */
#define ROBOTS_CACHE_SECONDS 86400 /* STATUS-9 */
#define ROBOTS_CACHE_SECONDS_MAX ((int64_t)1 << 31) /* RFC 9111 1.2.2: the largest delta-seconds */

/* ---- AI usage preferences (ref/src/usage.c, sfdict.c) ------------------------
 * Two kinds of line say how fetched content may be used, not whether it may be
 * fetched (docs/usage-preferences.md):
 *   Content-Usage: [PATH ]STATEMENT    draft-ietf-aipref-attach-05 section 3, with the
 *                                      vocabulary of draft-ietf-aipref-vocab-07
 *                                      (train-ai, search; the tokens y and n)
 *   Content-Signal: [PATH ]STATEMENT   the Content Signals Policy (contentsignals.org;
 *                                      draft-romm-aipref-contentsignals-00: search,
 *                                      ai-input, ai-train; the tokens yes and no)
 * Both are rules of a group, read from the same parse as the crawl rules: groups
 * as RFC 9309 forms them when these lines count as rules (a user-agent line after
 * one starts the next group, attach section 3's grammar), chosen for an agent as
 * for Allow/Disallow (every group naming it merged, else every '*' group), the
 * longest matching path deciding (a rule without a path matches every path with
 * length 0), and only for a URL the crawl rules allow (attach 3.1: "no
 * preferences are implied for resources that are disallowed"). The statement is
 * an RFC 9651 Dictionary read as bytes (attach 3.2, vocab 6.5): a value other than the
 * vocabulary's two tokens, a missing key, or a statement that is not a Dictionary
 * at all, leaves the category unknown. Rules with the deciding path length that
 * disagree combine as vocab 5.1 says: any "n" wins, then any "y". Reading these
 * lines changes no crawl verdict: Google's parser ignores both. */

typedef enum robots_usage_vocab {
    ROBOTS_CONTENT_USAGE = 0, /* Content-Usage lines; categories train-ai, search */
    ROBOTS_CONTENT_SIGNAL = 1 /* Content-Signal lines; categories search, ai-input, ai-train */
} robots_usage_vocab;

typedef enum robots_usage_answer {
    ROBOTS_USAGE_UNKNOWN = 0, /* no preference stated for this use (vocab 5) */
    ROBOTS_USAGE_YES = 1,     /* the use is allowed: y (Content-Usage), yes (Content-Signal) */
    ROBOTS_USAGE_NO = 2       /* the use is refused: n, no */
} robots_usage_answer;

/* Why an answer is what it is. */
#define ROBOTS_USAGE_WHY_DISALLOWED 0x01 /* the crawl rules disallow the URL: no preference */
#define ROBOTS_USAGE_WHY_NO_RULE 0x02    /* no line of this kind applies to the agent and path */
#define ROBOTS_USAGE_WHY_NOT_STATED 0x04 /* the deciding line does not name the category */
#define ROBOTS_USAGE_WHY_NOT_TOKEN 0x08  /* ... names it with another value than the two tokens */
#define ROBOTS_USAGE_WHY_SYNTAX 0x10     /* ... is not an RFC 9651 Dictionary: all unknown */
#define ROBOTS_USAGE_WHY_COMBINED 0x20   /* several lines of the deciding length: combined */
#define ROBOTS_USAGE_WHY_OUTSIDE 0x40    /* the file has lines of this kind before any
                                            user-agent line: they apply to nobody */

typedef struct robots_usage_verdict {
    robots_usage_answer answer;
    size_t line;          /* the deciding line (the first with the answer), 0 when none */
    size_t lines;         /* lines of the deciding path length that matched */
    size_t pattern_len;   /* the deciding path's length, its precedence */
    robots_group_kind group; /* which kind of group the lines came from */
    size_t crawl_line;    /* WHY_DISALLOWED: the crawl rule that disallowed the URL */
    unsigned why;         /* ROBOTS_USAGE_WHY_* */
} robots_usage_verdict;

/* The preference of the file for `category` (e.g. "train-ai") of the content at
 * `url` fetched by `agent`, from the lines of `vocab`. Fails as robots_check does
 * (NULL rules or verdict, a rule set parsed for other agents), and for NULL
 * category or an unknown vocab. */
int robots_usage_check(const robots_rules *rules, robots_usage_vocab vocab, const char *agent,
                       size_t agent_len, const char *url, size_t url_len, const char *category,
                       size_t category_len, robots_usage_verdict *verdict, const char **error);

/* One sentence saying why the verdict is what it is (the first reason that
 * applies, in the order of the ROBOTS_USAGE_WHY_* flags). */
const char *robots_usage_reason(const robots_usage_verdict *verdict);

/* "y", "n", "unknown" (the answers of the batch protocol); "content-usage",
 * "content-signal". NULL for other values. */
const char *robots_usage_answer_name(robots_usage_answer answer);
const char *robots_usage_vocab_name(robots_usage_vocab vocab);
/* The vocabulary's categories in the order its text lists them, NULL-terminated. */
const char *const *robots_usage_categories(robots_usage_vocab vocab);

/* Every Content-Usage and Content-Signal line of the file, in file order. */
typedef struct robots_usage_line {
    robots_usage_vocab vocab;
    const char *path;      /* the path as matched (normalised), "" when absent */
    size_t path_len;
    const char *statement; /* the statement of preference: raw bytes */
    size_t statement_len;
    int in_group;          /* 0: before any user-agent line, applies to nobody */
    size_t line;
} robots_usage_line;

size_t robots_usage_line_count(const robots_rules *rules);
int robots_get_usage_line(const robots_rules *rules, size_t index, robots_usage_line *out);

/* RFC 9651 4.2.2: parses `len` bytes as a Structured Field Dictionary and finds the
 * member `key` (the last one: a later duplicate replaces an earlier one). Returns 1
 * and fills *out when found, 0 when the Dictionary has no such key, -1 when the
 * bytes are not a Dictionary (any octet outside ASCII, an uppercase key, a trailing
 * comma, ...). Parameters are parsed and ignored. A byte sequence is valid when its
 * characters are base64's, '=' only at its end, at most two of them, and its length
 * (with them) leaves no lone sextet. */
typedef enum robots_sf_type {
    ROBOTS_SF_BOOLEAN = 1, ROBOTS_SF_INTEGER, ROBOTS_SF_DECIMAL, ROBOTS_SF_STRING,
    ROBOTS_SF_TOKEN, ROBOTS_SF_BYTES, ROBOTS_SF_DATE, ROBOTS_SF_DISPLAY_STRING,
    ROBOTS_SF_INNER_LIST
} robots_sf_type;

typedef struct robots_sf_value {
    robots_sf_type type;
    const char *text; /* a token's characters (else NULL), inside the input */
    size_t text_len;
    int boolean;      /* a boolean's value (a key without "=" is true) */
} robots_sf_value;

int robots_sf_dictionary_get(const char *data, size_t len, const char *key, size_t key_len,
                             robots_sf_value *out);

/* ---- Lint: the mistakes and traps of a file, line by line (ref/src/lint.c) ---- */

/* Each kind names a mistake a site owner makes, or a trap they walk into: a line
 * that does not do what it reads as doing. The case that teaches it is
 * robots_lint_case's. */
typedef enum robots_lint_kind {
    ROBOTS_LINT_TOO_BIG = 0,         /* past the 500 KiB Google reads (FORMAT-8) */
    ROBOTS_LINT_UTF16,               /* the file is UTF-16, not UTF-8 (NUL-1) */
    ROBOTS_LINT_BOM,                 /* a byte order mark, whole or in part (FORMAT-4, BOM-1) */
    ROBOTS_LINT_DISALLOW_ALL,        /* the '*' group disallows the whole site (MATCH-1) */
    ROBOTS_LINT_RULE_OUTSIDE_GROUP,  /* allow/disallow before any user-agent line (GROUP-3) */
    ROBOTS_LINT_PATH_WITHOUT_SLASH,  /* a pattern that starts with neither '/' nor '*' (MATCH-6) */
    ROBOTS_LINT_AGENT_WITH_VERSION,  /* a user-agent value with more than its token (UA-3) */
    ROBOTS_LINT_AGENT_NO_TOKEN,      /* a user-agent value that names nobody (TOKEN-1) */
    ROBOTS_LINT_JOINS_GROUP,         /* a user-agent line a non-rule line joined to the group above (GROUP-4) */
    ROBOTS_LINT_USAGE_HIDDEN,        /* a '*' group's usage line other groups' crawlers never read (USAGE-1) */
    ROBOTS_LINT_USAGE_NO_GROUP,      /* a usage line before any user-agent line (USAGE-9) */
    ROBOTS_LINT_CRAWL_DELAY,         /* Google ignores crawl-delay (RULE-5) */
    ROBOTS_LINT_NOINDEX,             /* Google ignores noindex in robots.txt (RULE-5) */
    ROBOTS_LINT_KEY_TYPO,            /* a misspelt key Google forgives (FORMAT-7) */
    ROBOTS_LINT_MISSING_COLON,       /* a key and value without ':' (COLON-1) */
    ROBOTS_LINT_LINE_TOO_LONG,       /* a line Google cuts (LINE-1) */
    ROBOTS_LINT_NOT_A_LINE,          /* no key and value: ignored by every parser (FORMAT-2) */
    ROBOTS_LINT_KIND_COUNT
} robots_lint_kind;

typedef struct robots_lint_warning {
    robots_lint_kind kind;
    size_t line; /* 1..lines; 0 for the file as a whole */
} robots_lint_warning;

/* The warnings of a file in line order, the whole file's (line 0) first, and on
 * one line in the order of robots_lint_kind: writes at most `cap` of them to
 * `out` and sets *count to how many there are. `data` and `len` are the bytes
 * `rules` was parsed from (the byte order mark and the size are read off them);
 * rules parsed for some agents only (robots_options.agents) lint those agents'
 * groups. Returns 0, or -1 for NULL rules or count, and when memory (a word per
 * line, from the rule set's allocator) runs out. */
int robots_lint(const robots_rules *rules, const void *data, size_t len, robots_lint_warning *out, size_t cap,
                size_t *count);

/* The kind's id ("rule-outside-group"), what to write instead, and the id of the
 * case that teaches the rule (conformance/cases); NULL for other values. */
const char *robots_lint_name(robots_lint_kind kind);
const char *robots_lint_advice(robots_lint_kind kind);
const char *robots_lint_case(robots_lint_kind kind);

#ifdef __cplusplus
}
#endif

#endif
