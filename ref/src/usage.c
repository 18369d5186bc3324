/*
 * usage.c - AI usage preferences: Content-Usage (draft-ietf-aipref-attach-05
 * section 3, draft-ietf-aipref-vocab-07) and Content-Signal (the Content Signals
 * Policy, draft-romm-aipref-contentsignals-00), read from the rule set the crawl
 * rules were parsed into. robots.h says what is answered; the tables' cases
 * AIPREF-*, USAGE-* and SIGNAL-* say why, case by case.
 *
 * The parser (parse.c) hands each such line here with its usage group; its path
 * is compiled as an Allow's is, so that it matches as Allow and Disallow do
 * (attach 3.1: "using the same path prefix matching rules"). A query first asks
 * the crawl rules (attach 3.1: preferences apply only to paths that may be
 * crawled), then reads the lines of its vocabulary in the groups that apply.
 */
#include "internal.h"

bool usage_key(const unsigned char *k, size_t n, robots_usage_vocab *vocab) {
    if (n == 13 && equals_nocase(k, n, "content-usage")) return *vocab = ROBOTS_CONTENT_USAGE, true;
    if (n == 14 && equals_nocase(k, n, "content-signal")) return *vocab = ROBOTS_CONTENT_SIGNAL, true;
    return false;
}

static bool blank(unsigned char c) { return c == ' ' || c == '\t'; }

/* USAGE-12 (attach 3.2): a value starting with '/' is a path up to the first SP or
 * HTAB, then the statement; any other value is all statement. */
void usage_line_add(robots_rules *r, robots_usage_vocab vocab, size_t line, u32 ugroup, size_t off,
                    size_t len) {
    usage_rule *u = vec_push(r, &r->usages, sizeof *u);
    if (!u) return;
    const unsigned char *v = bytes_at(r, off);
    size_t path = 0;
    if (len > 0 && v[0] == '/')
        while (path < len && !blank(v[path])) path++;
    size_t stmt = path;
    while (stmt < len && blank(v[stmt])) stmt++;
    u->vocab = (uint8_t)vocab;
    u->group = ugroup;
    u->stmt_off = (u32)(off + stmt);
    u->stmt_len = (u32)(len - stmt);
    u->path.line = (u32)line;
    u->path.kind = ROBOTS_RULE_NONE;
    bool stars = memchr(v, '*', path) != NULL; /* before the store may move */
    /* Normalised and split as an Allow's pattern: %-escapes, '*' and a final '$'. */
    u->path.text_off = (u32)pattern_normalise(r, off, path, &u->path.text_len, true);
    pattern_compile(r, &u->path, stars);
}

/* ---- Names ------------------------------------------------------------------ */

const char *robots_usage_answer_name(robots_usage_answer a) {
    switch (a) {
    case ROBOTS_USAGE_UNKNOWN: return "unknown";
    case ROBOTS_USAGE_YES: return "y";
    case ROBOTS_USAGE_NO: return "n";
    }
    return NULL;
}

const char *robots_usage_vocab_name(robots_usage_vocab v) {
    switch (v) {
    case ROBOTS_CONTENT_USAGE: return "content-usage";
    case ROBOTS_CONTENT_SIGNAL: return "content-signal";
    }
    return NULL;
}

/* vocab-07 6.1 (train-ai, search); draft-romm-aipref-contentsignals-00 4 (search,
 * ai-input, ai-train). */
static const char *const usage_categories[] = {"train-ai", "search", NULL};
static const char *const signal_categories[] = {"search", "ai-input", "ai-train", NULL};

const char *const *robots_usage_categories(robots_usage_vocab v) {
    switch (v) {
    case ROBOTS_CONTENT_USAGE: return usage_categories;
    case ROBOTS_CONTENT_SIGNAL: return signal_categories;
    }
    return NULL;
}

/* The two tokens of each vocabulary: vocab-07 6.2 ("y", "n"); the Content Signals
 * Policy ("yes", "no"). Tokens compare as bytes (vocab 6.3): "Y" is neither. */
static const char *const yes_token[] = {"y", "yes"};
static const char *const no_token[] = {"n", "no"};

const char *robots_usage_reason(const robots_usage_verdict *v) {
    if (!v) return NULL;
    if (v->why & ROBOTS_USAGE_WHY_DISALLOWED)
        return "the crawl rules disallow this URL, and preferences apply only to what may be crawled";
    if (v->why & ROBOTS_USAGE_WHY_NO_RULE)
        return "no line of this kind in the agent's group(s) matches this path";
    if (v->why & ROBOTS_USAGE_WHY_SYNTAX)
        return "the deciding line's statement is not a valid Dictionary, so every category is unknown";
    if (v->why & ROBOTS_USAGE_WHY_NOT_TOKEN)
        return "the deciding line gives this category a value other than the vocabulary's two tokens";
    if (v->why & ROBOTS_USAGE_WHY_NOT_STATED)
        return "the deciding line does not name this category";
    if (v->why & ROBOTS_USAGE_WHY_COMBINED)
        return "several lines with the same path length match: a refusal wins over a permission";
    return "the line with the longest matching path states it";
}

/* ---- Enumeration ------------------------------------------------------------- */

size_t robots_usage_line_count(const robots_rules *r) { return r ? r->usages.len : 0; }

int robots_get_usage_line(const robots_rules *r, size_t i, robots_usage_line *out) {
    if (!r || !out || i >= r->usages.len) return -1;
    const usage_rule *u = (const usage_rule *)r->usages.data + i;
    out->vocab = (robots_usage_vocab)u->vocab;
    out->path = (const char *)bytes_at(r, u->path.text_off);
    out->path_len = u->path.text_len;
    out->statement = (const char *)bytes_at(r, u->stmt_off);
    out->statement_len = u->stmt_len;
    out->in_group = u->group != USAGE_NO_GROUP;
    out->line = u->path.line;
    return 0;
}

/* ---- Queries ----------------------------------------------------------------- */

/* USAGE-1, USAGE-2: the agent's own groups, else the '*' groups (RFC 9309 2.2.1), as the
 * crawl rules choose them (the caller's agent compared as the profile compares
 * it). */
typedef struct chooser {
    const robots_rules *r;
    const unsigned char *agent;
    size_t agent_len;
    bool named;   /* some group names the agent */
    bool global;  /* some group names '*' */
    bool usable;  /* the agent has a product token to compare (rfc9309) */
    size_t next;  /* the first agent line of a group not yet looked at */
    u32 group;    /* the group last looked at, and whether it applies */
    bool applies;
} chooser;

static bool names_agent(const chooser *ch, const agent_line *a) {
    return ch->usable && !a->global && a->tok_len == ch->agent_len &&
           same_nocase(bytes_at(ch->r, a->tok_off), ch->agent, ch->agent_len);
}

static void chooser_init(chooser *ch, const robots_rules *r, const char *agent, size_t agent_len) {
    *ch = (chooser){r, (const unsigned char *)(agent ? agent : ""), agent_len, false, false, false,
                    0, USAGE_NO_GROUP, false};
    ch->usable = caller_agent_key(r->profile, ch->agent, &ch->agent_len);
    const agent_line *a = r->agents.data;
    for (size_t i = 0; i < r->agents.len; i++) {
        ch->named = ch->named || names_agent(ch, &a[i]);
        ch->global = ch->global || a[i].global;
    }
}

/* Does usage group g apply? Asked for groups in increasing order: agent lines
 * and usage lines are both in file order, so one pass over each suffices. */
static bool group_applies(chooser *ch, u32 g) {
    if (g == ch->group) return ch->applies;
    const agent_line *a = ch->r->agents.data;
    size_t n = ch->r->agents.len;
    while (ch->next < n && a[ch->next].ugroup < g) ch->next++;
    ch->group = g;
    ch->applies = false;
    for (size_t i = ch->next; i < n && a[i].ugroup == g && !ch->applies; i++)
        ch->applies = ch->named ? names_agent(ch, &a[i]) : a[i].global;
    return ch->applies;
}

/* Does the line's path match the URL's path (view)? */
static bool path_matches(const robots_rules *r, const usage_rule *u, const path_view *view) {
    const segment *sg = (const segment *)r->segments.data + u->path.seg_first;
    size_t after;
    return view_match_at(view, 0, bytes_at(r, sg->off), sg->len, &after) &&
           rule_matches_from(r, &u->path, view, after);
}

/* USAGE-14, USAGE-15 (vocab 6.5): the line's statement for the category. */
static robots_usage_answer read_statement(const robots_rules *r, const usage_rule *u, const char *category,
                                          size_t category_len, unsigned *why) {
    robots_sf_value v;
    int found = robots_sf_dictionary_get((const char *)bytes_at(r, u->stmt_off), u->stmt_len, category,
                                         category_len, &v);
    if (found < 0) return *why |= ROBOTS_USAGE_WHY_SYNTAX, ROBOTS_USAGE_UNKNOWN;
    if (found == 0) return *why |= ROBOTS_USAGE_WHY_NOT_STATED, ROBOTS_USAGE_UNKNOWN;
    if (v.type == ROBOTS_SF_TOKEN) {
        const char *yes = yes_token[u->vocab], *no = no_token[u->vocab];
        if (v.text_len == strlen(yes) && memcmp(v.text, yes, v.text_len) == 0) return ROBOTS_USAGE_YES;
        if (v.text_len == strlen(no) && memcmp(v.text, no, v.text_len) == 0) return ROBOTS_USAGE_NO;
    }
    *why |= ROBOTS_USAGE_WHY_NOT_TOKEN;
    return ROBOTS_USAGE_UNKNOWN;
}

/* The lines of the deciding path length so far, combined as vocab 5.1 says. */
typedef struct decision {
    bool any;
    size_t length, lines;
    size_t first_line[3]; /* per answer, the first line giving it */
    unsigned why;         /* the unknown answers' reasons */
} decision;

static void decide(decision *d, size_t length, size_t line, robots_usage_answer a, unsigned why) {
    if (!d->any || length > d->length) *d = (decision){true, length, 0, {0, 0, 0}, 0};
    else if (length < d->length) return;
    d->lines++;
    if (!d->first_line[a]) d->first_line[a] = line;
    if (a == ROBOTS_USAGE_UNKNOWN) d->why |= why;
}

int robots_usage_check(const robots_rules *r, robots_usage_vocab vocab, const char *agent,
                       size_t agent_len, const char *url, size_t url_len, const char *category,
                       size_t category_len, robots_usage_verdict *verdict, const char **error) {
    if (!verdict) return fail(error, "nowhere to put the verdict (verdict is NULL)");
    memset(verdict, 0, sizeof *verdict);
    if (!robots_usage_vocab_name(vocab)) return fail(error, "unknown vocabulary");
    if (!category) return fail(error, "no category (category is NULL)");
    robots_verdict crawl;
    if (robots_check(r, agent, agent_len, url, url_len, &crawl, error) != 0) return -1;
    const usage_rule *rules = r->usages.data;
    for (size_t i = 0; i < r->usages.len && rules[i].group == USAGE_NO_GROUP; i++)
        if (rules[i].vocab == vocab) verdict->why |= ROBOTS_USAGE_WHY_OUTSIDE;
    /* USAGE-6 (attach 3.1): "no preferences are implied for resources that are
     * disallowed". */
    if (!crawl.allowed) {
        verdict->why |= ROBOTS_USAGE_WHY_DISALLOWED;
        verdict->crawl_line = crawl.line;
        return 0;
    }
    chooser ch;
    chooser_init(&ch, r, agent, agent_len);
    path_view view = url_path_view(r->profile, url, url_len);
    decision d = {0};
    for (size_t i = 0; i < r->usages.len; i++) {
        const usage_rule *ur = &rules[i];
        if (ur->vocab != vocab || ur->group == USAGE_NO_GROUP || !group_applies(&ch, ur->group)) continue;
        if (!path_matches(r, ur, &view)) continue;
        unsigned why = 0;
        robots_usage_answer a = read_statement(r, ur, category, category_len, &why);
        decide(&d, ur->path.text_len, ur->path.line, a, why);
    }
    verdict->group = ch.named ? ROBOTS_GROUP_SPECIFIC : ch.global ? ROBOTS_GROUP_GLOBAL : ROBOTS_GROUP_NONE;
    if (!d.any) {
        verdict->why |= ROBOTS_USAGE_WHY_NO_RULE;
        return 0;
    }
    verdict->answer = d.first_line[ROBOTS_USAGE_NO]    ? ROBOTS_USAGE_NO
                      : d.first_line[ROBOTS_USAGE_YES] ? ROBOTS_USAGE_YES
                                                       : ROBOTS_USAGE_UNKNOWN;
    verdict->line = d.first_line[verdict->answer];
    verdict->lines = d.lines;
    verdict->pattern_len = d.length;
    if (d.lines > 1) verdict->why |= ROBOTS_USAGE_WHY_COMBINED;
    if (verdict->answer == ROBOTS_USAGE_UNKNOWN) verdict->why |= d.why;
    return 0;
}
