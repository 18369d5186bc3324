/*
 * rules.c - reading a parsed rule set: what the parser saw, in file order.
 */
#include "internal.h"

void robots_free(robots_rules *r) {
    if (!r) return;
    vec *all[] = {&r->bytes,   &r->lines,    &r->rules,   &r->alts,
                  &r->segments, &r->fails, &r->groups,  &r->agents,  &r->sitemaps,
                  &r->records, &r->index,    &r->clues,  &r->agent_keys, &r->globals,
                  &r->usages};
    /* The arrays still in the arena go with the rule set's own block. */
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i]->own) r->alloc.free_fn(r->alloc.ctx, all[i]->data);
    r->alloc.free_fn(r->alloc.ctx, r);
}

void robots_get_parse_info(const robots_rules *r, robots_parse_info *info) {
    robots_parse_info empty = {ROBOTS_PROFILE_GOOGLE, 0, 0, 0, 0, 0};
    if (!r) {
        *info = empty;
        return;
    }
    info->profile = r->profile_id;
    info->input_bytes = r->input_bytes;
    info->parsed_bytes = r->parsed_bytes;
    info->lines = r->lines.len;
    info->groups = r->groups.len;
    info->rules = r->rules.len;
}

robots_line_info robots_get_line(const robots_rules *r, size_t line) {
    robots_line_info info = {0, ROBOTS_KEY_NONE};
    if (!r || line == 0 || line > r->lines.len) return info;
    uint16_t v = ((const uint16_t *)r->lines.data)[line - 1];
    info.flags = v & 0xFFu;
    info.key = (robots_key)(v >> 8);
    return info;
}

static int get_record(const robots_rules *r, const vec *v, size_t i, robots_record *out) {
    if (!r || i >= v->len) return -1;
    const record *rec = (const record *)v->data + i;
    out->key = (const char *)bytes_at(r, rec->key_off);
    out->key_len = rec->key_len;
    out->value = (const char *)bytes_at(r, rec->val_off);
    out->value_len = rec->val_len;
    out->line = rec->line;
    return 0;
}

size_t robots_sitemap_count(const robots_rules *r) { return r ? r->sitemaps.len : 0; }
size_t robots_record_count(const robots_rules *r) { return r ? r->records.len : 0; }
size_t robots_group_count(const robots_rules *r) { return r ? r->groups.len : 0; }
size_t robots_agent_count(const robots_rules *r) { return r ? r->agents.len : 0; }
size_t robots_rule_count(const robots_rules *r) { return r ? r->rules.len : 0; }

int robots_get_sitemap(const robots_rules *r, size_t i, robots_record *out) {
    return get_record(r, r ? &r->sitemaps : NULL, i, out);
}

int robots_get_record(const robots_rules *r, size_t i, robots_record *out) {
    return get_record(r, r ? &r->records : NULL, i, out);
}

int robots_get_group(const robots_rules *r, size_t i, robots_group_info *out) {
    if (!r || i >= r->groups.len) return -1;
    const group *g = (const group *)r->groups.data + i;
    out->first_line = g->first_line;
    out->agents = g->agents;
    out->global = g->global;
    out->rules = g->rule_count;
    out->rules_left_out = g->left_out;
    return 0;
}

int robots_get_agent(const robots_rules *r, size_t i, robots_agent_info *out) {
    if (!r || i >= r->agents.len) return -1;
    const agent_line *a = (const agent_line *)r->agents.data + i;
    out->token = (const char *)bytes_at(r, a->tok_off);
    out->token_len = a->tok_len;
    out->value_len = a->value_len;
    out->global = a->global;
    out->group = a->group;
    out->line = a->line;
    return 0;
}

int robots_get_rule(const robots_rules *r, size_t i, robots_rule_info *out) {
    if (!r || i >= r->rules.len) return -1;
    const rule *rl = (const rule *)r->rules.data + i;
    out->kind = rl->kind;
    out->pattern = (const char *)bytes_at(r, rl->text_off);
    out->pattern_len = rl->text_len;
    out->group = rl->group;
    out->line = rl->line;
    return 0;
}
