/*
 * schema.c - validates JSON against a JSON Schema, for the keywords the case-table
 * schema uses: type, enum, const, required, properties, additionalProperties,
 * items, minItems, uniqueItems, minLength, pattern (POSIX extended), minimum, maximum, oneOf,
 * anyOf, not and local $ref ("#/$defs/NAME"). Unknown keywords (title,
 * description, $schema) are ignored, as JSON Schema says.
 *
 * The first problem is reported with the JSON path of the value that has it, e.g.
 * "$.cases[3].checks[0].expect: must be one of "allowed", "disallowed", ...".
 */
#include "schema.h"

#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct validator {
    const cJSON *root;
    char *error;
    size_t cap;
    int depth;
} validator;

typedef struct path {
    char text[512];
    size_t len;
} path;

static void path_push_key(path *p, const char *key, path *out) {
    *out = *p;
    int n = snprintf(out->text + out->len, sizeof out->text - out->len, ".%s", key);
    if (n > 0) out->len = out->len + (size_t)n < sizeof out->text ? out->len + (size_t)n : sizeof out->text - 1;
}

static void path_push_index(path *p, int index, path *out) {
    *out = *p;
    int n = snprintf(out->text + out->len, sizeof out->text - out->len, "[%d]", index);
    if (n > 0) out->len = out->len + (size_t)n < sizeof out->text ? out->len + (size_t)n : sizeof out->text - 1;
}

/* Records "PATH: message" and returns -1. */
__attribute__((format(printf, 3, 4))) static int fail(validator *v, const path *p, const char *fmt, ...) {
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(v->error, v->cap, "%s: %s", p->text, what);
    return -1;
}

static bool is_integer(const cJSON *x) {
    return cJSON_IsNumber(x) && isfinite(x->valuedouble) && floor(x->valuedouble) == x->valuedouble;
}

static bool has_type(const cJSON *x, const char *type) {
    if (!strcmp(type, "object")) return cJSON_IsObject(x);
    if (!strcmp(type, "array")) return cJSON_IsArray(x);
    if (!strcmp(type, "string")) return cJSON_IsString(x);
    if (!strcmp(type, "integer")) return is_integer(x);
    if (!strcmp(type, "number")) return cJSON_IsNumber(x);
    if (!strcmp(type, "boolean")) return cJSON_IsBool(x);
    if (!strcmp(type, "null")) return cJSON_IsNull(x);
    return false;
}

/* JSON equality, for enum and const. */
static bool json_equal(const cJSON *a, const cJSON *b) {
    if (is_integer(a) && is_integer(b)) return a->valuedouble == b->valuedouble;
    return cJSON_Compare(a, b, true) != 0;
}

/* A readable list of the enum values, for the message. */
static void describe_enum(const cJSON *values, char *out, size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    const cJSON *e;
    cJSON_ArrayForEach(e, values) {
        char *text = cJSON_PrintUnformatted(e);
        int n = snprintf(out + o, cap - o, "%s%s", o ? ", " : "", text ? text : "?");
        cJSON_free(text);
        if (n < 0 || (size_t)n >= cap - o) break;
        o += (size_t)n;
    }
}

static int validate(validator *v, const cJSON *schema, const cJSON *x, path *p);

static const cJSON *resolve(validator *v, const cJSON *schema, const path *p, int *rc) {
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(schema, "$ref");
    *rc = 0;
    if (!ref) return schema;
    static const char prefix[] = "#/$defs/";
    if (!cJSON_IsString(ref) || strncmp(ref->valuestring, prefix, sizeof prefix - 1) != 0) {
        *rc = fail(v, p, "the schema has an unsupported $ref %s", cJSON_IsString(ref) ? ref->valuestring : "");
        return NULL;
    }
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(v->root, "$defs");
    const cJSON *target = cJSON_GetObjectItemCaseSensitive(defs, ref->valuestring + sizeof prefix - 1);
    if (!target) *rc = fail(v, p, "the schema's $ref %s leads nowhere", ref->valuestring);
    return target;
}

static int validate_object(validator *v, const cJSON *schema, const cJSON *x, path *p) {
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(schema, "properties");
    const cJSON *required = cJSON_GetObjectItemCaseSensitive(schema, "required");
    const cJSON *additional = cJSON_GetObjectItemCaseSensitive(schema, "additionalProperties");
    const cJSON *r;
    cJSON_ArrayForEach(r, required) {
        if (cJSON_IsString(r) && !cJSON_GetObjectItemCaseSensitive(x, r->valuestring))
            return fail(v, p, "missing the required property \"%s\"", r->valuestring);
    }
    const cJSON *member;
    cJSON_ArrayForEach(member, x) {
        /* cJSON keeps duplicate keys; JSON objects should not have them. */
        for (const cJSON *earlier = x->child; earlier != member; earlier = earlier->next)
            if (!strcmp(earlier->string, member->string))
                return fail(v, p, "the property \"%s\" appears twice", member->string);
        path sub;
        path_push_key(p, member->string, &sub);
        const cJSON *prop = cJSON_GetObjectItemCaseSensitive(props, member->string);
        if (prop) {
            if (validate(v, prop, member, &sub)) return -1;
        } else if (cJSON_IsFalse(additional)) {
            return fail(v, &sub, "unknown property (not allowed here by the schema)");
        } else if (cJSON_IsObject(additional)) {
            if (validate(v, additional, member, &sub)) return -1;
        }
    }
    return 0;
}

static int validate_array(validator *v, const cJSON *schema, const cJSON *x, path *p) {
    const cJSON *min = cJSON_GetObjectItemCaseSensitive(schema, "minItems");
    if (is_integer(min) && cJSON_GetArraySize(x) < (int)min->valuedouble) {
        char n[32];
        snprintf(n, sizeof n, "%d", (int)min->valuedouble);
        return fail(v, p, "needs at least %s item(s)", n);
    }
    const cJSON *items = cJSON_GetObjectItemCaseSensitive(schema, "items");
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, x) {
        path sub;
        path_push_index(p, i++, &sub);
        if (items && validate(v, items, e, &sub)) return -1;
    }
    /* Each item against those before it, stopping at the first repeat: when the
     * items are also confined to an enum (as classes are), a repeat comes within
     * the enum's size, whatever the array's length. */
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(schema, "uniqueItems"))) return 0;
    i = 0;
    cJSON_ArrayForEach(e, x) {
        for (const cJSON *before = x->child; before != e; before = before->next) {
            if (!cJSON_Compare(before, e, true)) continue;
            path sub;
            path_push_index(p, i, &sub);
            return fail(v, &sub, "repeats an earlier item");
        }
        i++;
    }
    return 0;
}

static int validate_string(validator *v, const cJSON *schema, const cJSON *x, path *p) {
    const cJSON *min = cJSON_GetObjectItemCaseSensitive(schema, "minLength");
    if (is_integer(min) && strlen(x->valuestring) < (size_t)min->valuedouble)
        return fail(v, p, "must not be empty");
    const cJSON *pattern = cJSON_GetObjectItemCaseSensitive(schema, "pattern");
    if (cJSON_IsString(pattern)) {
        regex_t re;
        if (regcomp(&re, pattern->valuestring, REG_EXTENDED | REG_NOSUB) != 0)
            return fail(v, p, "the schema's pattern %s is not a POSIX extended regular expression",
                        pattern->valuestring);
        int rc = regexec(&re, x->valuestring, 0, NULL, 0);
        regfree(&re);
        if (rc != 0) return fail(v, p, "does not match the pattern %s", pattern->valuestring);
    }
    return 0;
}

/* Is alt meant for another kind of value? It is when one of its properties must be
 * a constant (like "kind") and x has that property with another value. */
static bool other_kind(validator *v, const cJSON *alt, const cJSON *x, const path *p) {
    int rc;
    alt = resolve(v, alt, p, &rc);
    const cJSON *prop;
    cJSON_ArrayForEach(prop, cJSON_GetObjectItemCaseSensitive(alt, "properties")) {
        const cJSON *cst = cJSON_GetObjectItemCaseSensitive(prop, "const");
        const cJSON *mine = cJSON_IsObject(x) ? cJSON_GetObjectItemCaseSensitive(x, prop->string) : NULL;
        if (cst && mine && !json_equal(cst, mine)) return true;
    }
    return false;
}

/* oneOf: exactly one alternative. When none fits, the most telling complaint comes
 * from an alternative meant for this kind of value, and among those from the one
 * that got furthest into the value (the longest path). */
static int validate_one_of(validator *v, const cJSON *alternatives, const cJSON *x, path *p) {
    int matches = 0;
    char best[1024] = "", mine[1024];
    bool best_other = true;
    const cJSON *alt;
    cJSON_ArrayForEach(alt, alternatives) {
        validator sub = {v->root, mine, sizeof mine, v->depth};
        if (validate(&sub, alt, x, p) == 0) {
            matches++;
            continue;
        }
        bool other = other_kind(v, alt, x, p);
        size_t lb = strcspn(best, " "), lm = strcspn(mine, " ");
        if (!best[0] || (best_other && !other) || (best_other == other && lm > lb)) {
            snprintf(best, sizeof best, "%s", mine);
            best_other = other;
        }
    }
    if (matches == 1) return 0;
    if (matches > 1) return fail(v, p, "fits more than one of the allowed forms");
    snprintf(v->error, v->cap, "%s", best);
    return -1;
}

/* The keywords about the value itself: type, const, enum, minimum, maximum. */
static int validate_value(validator *v, const cJSON *schema, const cJSON *x, path *p) {
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(schema, "type");
    if (cJSON_IsString(type) && !has_type(x, type->valuestring)) return fail(v, p, "must be of type %s", type->valuestring);
    const cJSON *cst = cJSON_GetObjectItemCaseSensitive(schema, "const");
    if (cst && !json_equal(cst, x)) {
        char *text = cJSON_PrintUnformatted(cst);
        fail(v, p, "must be %s", text ? text : "the schema's constant");
        cJSON_free(text);
        return -1;
    }
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(schema, "enum");
    if (values) {
        bool found = false;
        const cJSON *e;
        cJSON_ArrayForEach(e, values) found = found || json_equal(e, x);
        if (!found) {
            char list[400];
            describe_enum(values, list, sizeof list);
            return fail(v, p, "must be one of %s", list);
        }
    }
    const cJSON *minimum = cJSON_GetObjectItemCaseSensitive(schema, "minimum");
    const cJSON *maximum = cJSON_GetObjectItemCaseSensitive(schema, "maximum");
    if (cJSON_IsNumber(x) && ((minimum && x->valuedouble < minimum->valuedouble) ||
                              (maximum && x->valuedouble > maximum->valuedouble)))
        return fail(v, p, "is out of range");
    return 0;
}

/* anyOf and not: each alternative is tried with an error buffer of its own, so
 * only the verdict reaches the reader. */
static int validate_any_of_not(validator *v, const cJSON *schema, const cJSON *x, path *p) {
    const cJSON *any_of = cJSON_GetObjectItemCaseSensitive(schema, "anyOf");
    if (any_of) {
        bool any = false;
        const cJSON *alt;
        char scratch[1024];
        cJSON_ArrayForEach(alt, any_of) {
            validator sub = {v->root, scratch, sizeof scratch, v->depth};
            any = any || validate(&sub, alt, x, p) == 0;
        }
        if (!any) return fail(v, p, "fits none of the allowed forms");
    }
    const cJSON *not = cJSON_GetObjectItemCaseSensitive(schema, "not");
    if (not) {
        char scratch[1024];
        validator sub = {v->root, scratch, sizeof scratch, v->depth};
        if (validate(&sub, not, x, p) == 0) {
            const cJSON *d = cJSON_GetObjectItemCaseSensitive(not, "description");
            return fail(v, p, "%s", cJSON_IsString(d) ? d->valuestring : "has a combination the schema forbids");
        }
    }
    return 0;
}

static int validate(validator *v, const cJSON *schema, const cJSON *x, path *p) {
    if (++v->depth > 64) return fail(v, p, "the schema nests too deeply");
    int rc;
    schema = resolve(v, schema, p, &rc);
    if (rc) return -1;
    rc = -1;
    if (validate_value(v, schema, x, p)) goto done;
    if (cJSON_IsObject(x) && validate_object(v, schema, x, p)) goto done;
    if (cJSON_IsArray(x) && validate_array(v, schema, x, p)) goto done;
    if (cJSON_IsString(x) && validate_string(v, schema, x, p)) goto done;
    const cJSON *one_of = cJSON_GetObjectItemCaseSensitive(schema, "oneOf");
    if (one_of && validate_one_of(v, one_of, x, p)) goto done;
    if (validate_any_of_not(v, schema, x, p)) goto done;
    rc = 0;
done:
    v->depth--;
    return rc;
}

int schema_validate(const cJSON *schema, const cJSON *instance, char *error, size_t cap) {
    validator v = {schema, error, cap, 0};
    path p = {"$", 1};
    return validate(&v, schema, instance, &p);
}
