/* run.c - the run: every selected case, check and profile, asked of the target. */
#include "run.h"

#include "clean_text.h"

#include <stdlib.h>
#include <string.h>

/* What the target said, kept for the report: valid UTF-8 whatever it printed;
 * NULL for nothing. */
static char *kept(const char *s) { return s[0] ? clean_copy(s, strlen(s)) : NULL; }

/* Does one list entry (without its '-') name item? With prefix set, "MATCH-3" also
 * names "MATCH-3.2" (but not "MATCH-30"). */
static bool names(const char *entry, size_t len, const char *item, size_t n, bool prefix) {
    if (len == n && !strncmp(entry, item, n)) return true;
    return prefix && len < n && !strncmp(entry, item, len) && item[len] == '.';
}

/* Is `item` selected by the comma-separated list? An entry "-X" drops what X
 * names, as --basis -CLASS drops a class; the others keep what they name, and a
 * list of drops alone keeps everything else. */
static bool listed(const char *list, const char *item, bool prefix) {
    if (!list) return true;
    size_t n = strlen(item);
    bool kept = false, any_kept = false;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        bool drop = *p == '-';
        if (drop && names(p + 1, len - 1, item, n, prefix)) return false;
        if (!drop) {
            any_kept = true;
            kept |= names(p, len, item, n, prefix);
        }
        p += len;
        if (*p == ',') p++;
    }
    return kept || !any_kept;
}

bool case_selected(const selection *sel, const tcase *c) {
    return listed(sel->areas, c->table->area, false) && listed(sel->ids, c->id, true);
}

bool check_selected(const selection *sel, const check *k, robots_profile_id p) {
    unsigned classes = k->basis[p];
    if (sel->basis_in && !(classes & sel->basis_in)) return false;
    return !(classes & sel->basis_out);
}

result_status judge_answer(const char *expected, const answer *a) {
    if (a->status == ANSWER_SKIPPED) return RESULT_SKIP;
    if (a->status == ANSWER_FAILED) return RESULT_FAIL;
    if (!strcmp(expected, UNDEFINED)) return RESULT_UNDEFINED;
    return strcmp(expected, a->text) == 0 ? RESULT_PASS : RESULT_FAIL;
}

void run_suite(const suite *s, target *t, const selection *sel, results *out) {
    size_t cap = 0;
    memset(out, 0, sizeof *out);
    for (size_t ti = 0; ti < s->ntables; ti++) {
        const table *tb = &s->tables[ti];
        for (size_t ci = 0; ci < tb->ncases; ci++) {
            const tcase *c = &tb->cases[ci];
            if (!case_selected(sel, c)) continue;
            for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
                if (!(sel->profiles & (1u << p))) continue;
                for (size_t k = 0; k < c->nchecks; k++) {
                    const check *ck = &c->checks[k];
                    if (!check_selected(sel, ck, (robots_profile_id)p)) continue;
                    answer a;
                    memset(&a, 0, sizeof a);
                    t->ask(t, c, ck, (robots_profile_id)p, &a);
                    if (out->n == cap) {
                        size_t more = cap ? cap * 2 : 256;
                        result *grown = realloc(out->items, more * sizeof(result));
                        if (!grown) {
                            out->out_of_memory = true;
                            return;
                        }
                        out->items = grown;
                        cap = more;
                    }
                    result *r = &out->items[out->n++];
                    r->c = c;
                    r->k = ck;
                    r->profile = (robots_profile_id)p;
                    r->status = judge_answer(ck->expect[p], &a);
                    r->got = a.status == ANSWER_GIVEN ? kept(a.text) : NULL;
                    r->reason = kept(a.detail);
                    r->stderr_tail = a.status == ANSWER_FAILED ? kept(a.stderr_tail) : NULL;
                }
            }
            if (t->end_case) t->end_case(t, c);
        }
    }
}

void results_free(results *r) {
    for (size_t i = 0; i < r->n; i++) {
        free(r->items[i].got);
        free(r->items[i].reason);
        free(r->items[i].stderr_tail);
    }
    free(r->items);
    memset(r, 0, sizeof *r);
}
