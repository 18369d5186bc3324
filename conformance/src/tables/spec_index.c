/*
 * spec_index.c - loading the specification's index and resolving sources through
 * it. The schema checks the shape; this file checks what a schema cannot: names
 * and ids are unique, every example's document and section exist, and every
 * RFC 9309 section named is a section of RFC 9309.
 */
#include "spec_index.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json_file.h"

static const spec_document *document_named(const spec_index *x, const char *name, size_t len) {
    for (size_t i = 0; i < x->ndocuments; i++)
        if (strlen(x->documents[i].name) == len && !strncmp(x->documents[i].name, name, len)) return &x->documents[i];
    return NULL;
}

static const spec_section *section_headed(const spec_document *d, const char *heading) {
    for (size_t i = 0; d && i < d->nsections; i++)
        if (!strcmp(d->sections[i].heading, heading)) return &d->sections[i];
    return NULL;
}

/* The "seed 002 (id, 2019)" form of a seed's name, or the name itself. */
static void qualified_name(const spec_document *d, char *out, size_t cap) {
    if (d->language) snprintf(out, cap, "%s (%s, %s)", d->name, d->language, d->edition);
    else snprintf(out, cap, "%s", d->name);
}

/* Does the source text end a name or heading at p? */
static bool boundary(const char *p) { return *p == '\0' || *p == ' ' || *p == ',' || *p == ':'; }

int spec_index_resolve(const spec_index *x, const char *source, source_ref *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    /* The longest document name that the source starts with ("RFC 9309" and a
     * hypothetical "RFC 93" never both match a boundary). */
    size_t best = 0;
    for (size_t i = 0; i < x->ndocuments; i++) {
        size_t n = strlen(x->documents[i].name);
        if (n > best && !strncmp(source, x->documents[i].name, n) && boundary(source + n)) {
            best = n;
            out->document = &x->documents[i];
        }
    }
    if (!out->document) {
        snprintf(error, cap, "names no document of %s (a source starts with a document's name)", x->file);
        return -1;
    }
    const spec_document *d = out->document;
    const char *p = source;
    char name[256];
    qualified_name(d, name, sizeof name);
    size_t n = strlen(name);
    if (strncmp(p, name, n) != 0 || !boundary(p + n)) {
        snprintf(error, cap, "must name the seed with its language and edition: \"%s\"", name);
        return -1;
    }
    p += n;
    while (!strncmp(p, " §", strlen(" §")) || (out->nsections && !strncmp(p, ", §", strlen(", §")))) {
        p += *p == ',' ? strlen(", §") : strlen(" §");
        const spec_section *found = NULL;
        size_t len = 0;
        for (size_t i = 0; i < d->nsections; i++) {
            size_t h = strlen(d->sections[i].heading);
            if (h > len && !strncmp(p, d->sections[i].heading, h) && boundary(p + h)) {
                found = &d->sections[i];
                len = h;
            }
        }
        if (!found) {
            snprintf(error, cap, "\"§%.120s\" starts with no section of %s in %s", p, d->name, x->file);
            return -1;
        }
        if (out->nsections == SOURCE_MAX_SECTIONS) {
            snprintf(error, cap, "names more than %d sections", SOURCE_MAX_SECTIONS);
            return -1;
        }
        out->sections[out->nsections++] = found;
        p += len;
    }
    /* What remains is a reader's hint: ": words" or " (words)". */
    if (*p && strncmp(p, ": ", 2) != 0 && strncmp(p, " (", 2) != 0) {
        snprintf(error, cap, "\"%.120s\": after the document and its sections, only \": words\" or \" (words)\" may follow", p);
        return -1;
    }
    return 0;
}

const spec_example *spec_index_example(const spec_index *x, const char *id) {
    for (size_t i = 0; i < x->nexamples; i++)
        if (!strcmp(x->examples[i].id, id)) return &x->examples[i];
    return NULL;
}

/* False when memory ran out. */
static bool read_section(const cJSON *j, spec_section *s) {
    s->heading = json_file_string_copy(j, "heading");
    s->gloss = json_file_string_copy(j, "gloss");
    s->rfc9309 = json_file_string_copy(j, "rfc9309");
    return !json_file_copy_lost(j, "heading", s->heading) && !json_file_copy_lost(j, "gloss", s->gloss) &&
           !json_file_copy_lost(j, "rfc9309", s->rfc9309);
}

/* The documents' names and headings are unique, and every section that cites
 * RFC 9309 cites one of its sections. */
static int check_documents(const spec_index *x, const spec_document *rfc, char *problem, size_t cap) {
    for (size_t i = 0; i < x->ndocuments; i++) {
        const spec_document *d = &x->documents[i];
        if (document_named(x, d->name, strlen(d->name)) != d) {
            snprintf(problem, cap, "$.documents[%zu].name: \"%s\" names an earlier document too", i, d->name);
            return -1;
        }
        if (!d->language != !d->edition) {
            snprintf(problem, cap, "$.documents[%zu]: a seed gives both language and edition, other documents neither", i);
            return -1;
        }
        for (size_t k = 0; k < d->nsections; k++) {
            if (section_headed(d, d->sections[k].heading) != &d->sections[k]) {
                snprintf(problem, cap, "$.documents[%zu].sections[%zu].heading: repeats an earlier heading", i, k);
                return -1;
            }
            if (d->sections[k].rfc9309 && !section_headed(rfc, d->sections[k].rfc9309)) {
                snprintf(problem, cap, "$.documents[%zu].sections[%zu].rfc9309: RFC 9309 has no section %s", i, k,
                         d->sections[k].rfc9309);
                return -1;
            }
        }
    }
    return 0;
}

/* The example at $.examples[i] (e) has a unique id and names a document, and one
 * of its sections, that the index has. */
static int check_example(const spec_index *x, const spec_document *rfc, spec_example *ex, const cJSON *e, size_t i,
                         char *problem, size_t cap) {
    if (spec_index_example(x, ex->id) != ex) {
        snprintf(problem, cap, "$.examples[%zu].id: \"%s\" is already the id of an example", i, ex->id);
        return -1;
    }
    /* The document is written as a source names it, without sections. */
    source_ref ref;
    char why[400];
    const char *doc = cJSON_GetObjectItemCaseSensitive(e, "document")->valuestring;
    if (spec_index_resolve(x, doc, &ref, why, sizeof why) || ref.nsections || strchr(doc, ':')) {
        snprintf(problem, cap, "$.examples[%zu].document: \"%s\" %s", i, doc,
                 ref.document ? "must name a document and nothing more" : why);
        return -1;
    }
    ex->document = ref.document;
    spec_section wanted;
    if (!read_section(cJSON_GetObjectItemCaseSensitive(e, "section"), &wanted)) {
        free(wanted.heading);
        free(wanted.gloss);
        free(wanted.rfc9309);
        snprintf(problem, cap, "out of memory");
        return -1;
    }
    ex->section = section_headed(ex->document, wanted.heading);
    bool same = ex->section && !strcmp(ex->section->gloss, wanted.gloss);
    free(wanted.heading);
    free(wanted.gloss);
    free(wanted.rfc9309);
    if (!same) {
        snprintf(problem, cap, "$.examples[%zu].section: not a section of %s (heading and gloss as its sections give them)",
                 i, ex->document->name);
        return -1;
    }
    if (ex->rfc9309 && !section_headed(rfc, ex->rfc9309)) {
        snprintf(problem, cap, "$.examples[%zu].rfc9309: RFC 9309 has no section %s", i, ex->rfc9309);
        return -1;
    }
    return 0;
}

/* The checks a schema cannot make. Returns 0, or -1 with the problem and its path. */
static int check_index(spec_index *x, const cJSON *json, char *problem, size_t cap) {
    const spec_document *rfc = document_named(x, "RFC 9309", strlen("RFC 9309"));
    if (!rfc) {
        snprintf(problem, cap, "$.documents: RFC 9309 must be one of the documents");
        return -1;
    }
    if (check_documents(x, rfc, problem, cap)) return -1;
    size_t i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(json, "examples")) {
        if (check_example(x, rfc, &x->examples[i], e, i, problem, cap)) return -1;
        i++;
    }
    return 0;
}

/* Copies the documents and their sections, and the examples, from the validated
 * index into out; false when memory ran out (what was copied is out's to free). */
static bool read_documents(const cJSON *json, spec_index *out) {
    const cJSON *docs = cJSON_GetObjectItemCaseSensitive(json, "documents");
    out->documents = calloc((size_t)cJSON_GetArraySize(docs) + 1, sizeof *out->documents);
    if (!out->documents) return false;
    const cJSON *d;
    cJSON_ArrayForEach(d, docs) {
        spec_document *doc = &out->documents[out->ndocuments++];
        doc->name = json_file_string_copy(d, "name");
        doc->language = json_file_string_copy(d, "language");
        doc->language_name = json_file_string_copy(d, "language_name");
        doc->edition = json_file_string_copy(d, "edition");
        doc->title = json_file_string_copy(d, "title");
        if (json_file_copy_lost(d, "name", doc->name) || json_file_copy_lost(d, "language", doc->language) ||
            json_file_copy_lost(d, "language_name", doc->language_name) || json_file_copy_lost(d, "edition", doc->edition) ||
            json_file_copy_lost(d, "title", doc->title))
            return false;
        const cJSON *sections = cJSON_GetObjectItemCaseSensitive(d, "sections");
        doc->sections = calloc((size_t)cJSON_GetArraySize(sections) + 1, sizeof *doc->sections);
        if (!doc->sections) return false;
        const cJSON *s;
        cJSON_ArrayForEach(s, sections)
            if (!read_section(s, &doc->sections[doc->nsections++])) return false;
    }
    return true;
}

static bool read_examples(const cJSON *json, spec_index *out) {
    const cJSON *examples = cJSON_GetObjectItemCaseSensitive(json, "examples");
    out->examples = calloc((size_t)cJSON_GetArraySize(examples) + 1, sizeof *out->examples);
    if (!out->examples) return false;
    const cJSON *e;
    cJSON_ArrayForEach(e, examples) {
        spec_example *ex = &out->examples[out->nexamples++];
        ex->id = json_file_string_copy(e, "id");
        ex->title = json_file_string_copy(e, "title");
        ex->rfc9309 = json_file_string_copy(e, "rfc9309");
        if (json_file_copy_lost(e, "id", ex->id) || json_file_copy_lost(e, "title", ex->title) ||
            json_file_copy_lost(e, "rfc9309", ex->rfc9309))
            return false;
    }
    return true;
}

int spec_index_load(const char *file, const char *schema_file, spec_index *out, char *error, size_t cap) {
    memset(out, 0, sizeof *out);
    cJSON *json;
    if (json_file_read_valid(file, schema_file, &json, error, cap)) return -1;
    char problem[1200];
    int rc = -1;
    size_t n = strlen(file) + 1;
    out->file = malloc(n);
    if (out->file) memcpy(out->file, file, n);
    if (!out->file || !read_documents(json, out) || !read_examples(json, out)) goto out_of_memory;
    rc = check_index(out, json, problem, sizeof problem);
    goto done;
out_of_memory:
    snprintf(problem, sizeof problem, "out of memory");
done:
    if (rc) {
        snprintf(error, cap, "%s: %s", file, problem);
        spec_index_free(out);
    }
    cJSON_Delete(json);
    return rc;
}

void spec_index_free(spec_index *x) {
    for (size_t i = 0; i < x->ndocuments; i++) {
        spec_document *d = &x->documents[i];
        for (size_t k = 0; k < d->nsections; k++) {
            free(d->sections[k].heading);
            free(d->sections[k].gloss);
            free(d->sections[k].rfc9309);
        }
        free(d->sections);
        free(d->name);
        free(d->language);
        free(d->language_name);
        free(d->edition);
        free(d->title);
    }
    for (size_t i = 0; i < x->nexamples; i++) {
        free(x->examples[i].id);
        free(x->examples[i].title);
        free(x->examples[i].rfc9309);
    }
    free(x->documents);
    free(x->examples);
    free(x->file);
    memset(x, 0, sizeof *x);
}
