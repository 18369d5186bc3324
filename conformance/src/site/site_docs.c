/* site_docs.c - the project's documentation as the site's manual (site_docs.h). */
#include "site_docs.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "file.h"
#include "markdown.h"
#include "site_html.h"

/* The documents with a page of their own, and the two the site already is. */
static const struct {
    const char *source, *page;
} fixed[] = {
    {"README.md", "project.html"},
    {"docs/README.md", "manual.html"},
    {"CHANGELOG.md", "changelog.html"},
    {"conformance/PROTOCOL.md", "protocol.html"},
    {"conformance/adapters/README.md", "adapters.html"},
    {"conformance/crawl/README.md", "crawlers.html"},
};
static const struct {
    const char *source, *page;
} already[] = {
    {"conformance/ATLAS.md", "index.html"},
    {"conformance/SCORECARD.md", "scorecard.html"},
};

#define MAX_PAGES 256
#define IMAGE_MAX ((size_t)4 << 20)

typedef struct page {
    char source[256], page[256];
} page;

typedef struct manual {
    const char *root, *dir;
    page pages[MAX_PAGES];
    size_t n;
    const char *current; /* the source of the page being written */
    char *error;
    size_t cap;
} manual;

static bool readable(const char *root, const char *source) {
    char path[PATH_MAX];
    struct stat st;
    return snprintf(path, sizeof path, "%s/%s", root, source) < (int)sizeof path && stat(path, &st) == 0 &&
           S_ISREG(st.st_mode);
}

static int by_name(const void *a, const void *b) {
    return strcmp(((const page *)a)->source, ((const page *)b)->source);
}

/* The pages: the fixed documents that exist, then docs/NAME.md in name order. */
static int find_pages(manual *w) {
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        if (!readable(w->root, fixed[i].source)) continue;
        snprintf(w->pages[w->n].source, sizeof w->pages[w->n].source, "%s", fixed[i].source);
        snprintf(w->pages[w->n].page, sizeof w->pages[w->n].page, "%s", fixed[i].page);
        w->n++;
    }
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/docs", w->root);
    DIR *d = opendir(path);
    if (!d) {
        snprintf(w->error, w->cap, "%s: cannot read the directory: %s", path, strerror(errno));
        return -1;
    }
    size_t first = w->n;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        char source[256];
        if (len < 4 || strcmp(e->d_name + len - 3, ".md") || !strcmp(e->d_name, "README.md") ||
            snprintf(source, sizeof source, "docs/%s", e->d_name) >= (int)sizeof source || !readable(w->root, source))
            continue;
        if (w->n == MAX_PAGES) {
            closedir(d);
            snprintf(w->error, w->cap, "%s: more than %d pages", path, MAX_PAGES);
            return -1;
        }
        page *p = &w->pages[w->n++];
        snprintf(p->source, sizeof p->source, "%s", source);
        char name[256];
        site_safe_name(name, sizeof name, e->d_name);
        snprintf(p->page, sizeof p->page, "manual-%.*s.html", (int)(strlen(name) - 3), name);
    }
    closedir(d);
    qsort(w->pages + first, w->n - first, sizeof w->pages[0], by_name);
    /* Names that differ only in characters a page's name cannot hold ("a b.md",
     * "a_b.md") would write one page over the other. */
    for (size_t i = first; i + 1 < w->n; i++) {
        for (size_t j = i + 1; j < w->n; j++) {
            if (strcmp(w->pages[i].page, w->pages[j].page)) continue;
            snprintf(w->error, w->cap, "%s/%s and %s/%s would both be %s: rename one", w->root, w->pages[i].source,
                     w->root, w->pages[j].source, w->pages[i].page);
            return -1;
        }
    }
    return 0;
}

/* dir(current)/target with "." and ".." resolved, into out; -1 when it leaves the
 * project or does not fit. */
static int project_path(const char *current, const char *target, size_t n, char *out, size_t cap) {
    char joined[PATH_MAX];
    const char *slash = strrchr(current, '/');
    int len = snprintf(joined, sizeof joined, "%.*s%.*s", slash ? (int)(slash - current + 1) : 0, current, (int)n,
                       target);
    if (len < 0 || (size_t)len >= sizeof joined || !cap) return -1;
    size_t o = 0;
    for (char *seg = joined, *next; seg; seg = next) {
        next = strchr(seg, '/');
        if (next) *next++ = '\0';
        if (!*seg || !strcmp(seg, ".")) continue;
        if (!strcmp(seg, "..")) {
            if (!o) return -1;
            while (o > 0 && out[o - 1] != '/') o--;
            if (o) o--;
            continue;
        }
        size_t sl = strlen(seg);
        if (o + (o > 0) + sl + 1 > cap) return -1;
        if (o) out[o++] = '/';
        memcpy(out + o, seg, sl);
        o += sl;
    }
    out[o] = '\0';
    return 0;
}

static bool web_address(const char *t, size_t n) {
    return (n > 7 && !memcmp(t, "http://", 7)) || (n > 8 && !memcmp(t, "https://", 8)) ||
           (n > 7 && !memcmp(t, "mailto:", 7));
}

/* markdown_links: a link of the current document, as an address on the site. */
static int href(void *ctx, const char *t, size_t n, char *out, size_t cap) {
    const manual *w = ctx;
    if (web_address(t, n) || (n > 1 && t[0] == '#')) {
        int len = snprintf(out, cap, "%.*s", (int)n, t);
        return len > 0 && (size_t)len < cap;
    }
    const char *hash = memchr(t, '#', n);
    size_t path_n = hash ? (size_t)(hash - t) : n;
    char path[PATH_MAX];
    for (size_t k = 0; k < path_n; k++)
        if (t[k] == ':') return 0; /* another scheme */
    if (!path_n || project_path(w->current, t, path_n, path, sizeof path)) return 0;
    const char *to = NULL;
    for (size_t i = 0; i < w->n && !to; i++)
        if (!strcmp(w->pages[i].source, path)) to = w->pages[i].page;
    for (size_t i = 0; i < sizeof already / sizeof already[0] && !to; i++)
        if (!strcmp(already[i].source, path)) to = already[i].page;
    char image[PATH_MAX];
    if (!to && !strncmp(path, "docs/images/", 12) && !strchr(path + 12, '/') && readable(w->root, path)) {
        snprintf(image, sizeof image, "images/%s", path + 12);
        to = image;
    }
    if (!to) return 0;
    int len = snprintf(out, cap, "%s%.*s", to, hash ? (int)(n - path_n) : 0, hash ? hash : "");
    return len > 0 && (size_t)len < cap;
}

/* The page title: the document's first heading without its code and emphasis marks. */
static void title_of(const buf *text, const char *source, char *out, size_t cap) {
    char raw[1024];
    markdown_title(text->data ? text->data : "", text->len, raw, sizeof raw);
    size_t o = 0;
    for (const char *p = raw; *p && o + 1 < cap; p++)
        if (*p != '`' && *p != '*') out[o++] = *p;
    out[o] = '\0';
    if (!o) snprintf(out, cap, "%s", source);
}

static int write_page(manual *w, const page *p) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", w->root, p->source);
    buf text = {0};
    int more = 0;
    if (read_file(path, SITE_DOC_MAX, &text, &more)) {
        snprintf(w->error, w->cap, "%s: cannot read: %s", path, strerror(errno));
        buf_free(&text);
        return -1;
    }
    if (more) {
        snprintf(w->error, w->cap, "%s: larger than %zu bytes: not a page of documentation", path, SITE_DOC_MAX);
        buf_free(&text);
        return -1;
    }
    char title[512];
    title_of(&text, p->source, title, sizeof title);
    FILE *f = site_page_open(w->dir, p->page, title, PAGE_MANUAL, w->error, w->cap);
    if (!f) {
        buf_free(&text);
        return -1;
    }
    w->current = p->source;
    markdown_links links = {href, w};
    int rc = markdown_html(f, text.data ? text.data : "", text.len, &links);
    buf_free(&text);
    if (rc) {
        fclose(f);
        snprintf(w->error, w->cap, "%s: out of memory", path);
        return -1;
    }
    return site_page_close_document(f, w->dir, p->page, p->source, w->error, w->cap);
}

/* Every file of docs/images/ into DIR/images/. */
static int copy_images(manual *w) {
    char from[PATH_MAX], to[PATH_MAX];
    snprintf(from, sizeof from, "%s/docs/images", w->root);
    DIR *d = opendir(from);
    if (!d) return 0; /* no images */
    snprintf(to, sizeof to, "%s/images", w->dir);
    int rc = 0;
    if (mkdir(to, 0777) != 0 && errno != EEXIST) {
        snprintf(w->error, w->cap, "%s: cannot create the directory: %s", to, strerror(errno));
        rc = -1;
    }
    struct dirent *e;
    while (!rc && (e = readdir(d))) {
        char source[256];
        if (e->d_name[0] == '.' || snprintf(source, sizeof source, "docs/images/%s", e->d_name) >= (int)sizeof source ||
            !readable(w->root, source))
            continue;
        char in[PATH_MAX], out[PATH_MAX];
        if (snprintf(in, sizeof in, "%s/%s", w->root, source) >= (int)sizeof in ||
            snprintf(out, sizeof out, "%s/%s", to, e->d_name) >= (int)sizeof out) {
            snprintf(w->error, w->cap, "%s/%s: the path is too long", to, e->d_name);
            rc = -1;
            break;
        }
        buf data = {0};
        int more = 0;
        if (read_file(in, IMAGE_MAX, &data, &more) || more) {
            snprintf(w->error, w->cap, "%s: %s", in, more ? "larger than 4 MiB" : strerror(errno));
            rc = -1;
        } else {
            FILE *f = fopen(out, "wb");
            if (!f || fwrite(data.data ? data.data : "", 1, data.len, f) != data.len || fclose(f) != 0) {
                snprintf(w->error, w->cap, "%s: cannot write: %s", out, strerror(errno ? errno : EIO));
                if (f) fclose(f);
                rc = -1;
            }
        }
        buf_free(&data);
    }
    closedir(d);
    return rc;
}

/* manual.html when no documentation was found. */
static int no_manual(const char *dir, char *error, size_t cap) {
    FILE *f = site_page_open(dir, "manual.html", "Manual", PAGE_MANUAL, error, cap);
    if (!f) return -1;
    fputs("<p>This site was made without the project's documentation: <code>robots-conform --site</code> found no "
          "<code>docs/README.md</code> in the working directory, beside the program or where "
          "<code>make install-conform</code> puts it. Give the directory that holds <code>README.md</code> and "
          "<code>docs/</code> with <code>--manual DIR</code>.</p>\n",
          f);
    return site_page_close(f, dir, "manual.html", error, cap);
}

int site_docs(const char *dir, const char *root, char *error, size_t cap) {
    if (!root) return no_manual(dir, error, cap);
    manual *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(error, cap, "out of memory");
        return -1;
    }
    w->root = root;
    w->dir = dir;
    w->error = error;
    w->cap = cap;
    int rc = 0;
    if (!readable(root, "docs/README.md")) {
        snprintf(error, cap, "%s: no docs/README.md: not the project's documentation (--manual)", root);
        rc = -1;
    }
    if (!rc) rc = find_pages(w);
    for (size_t i = 0; i < w->n && !rc; i++) rc = write_page(w, &w->pages[i]);
    if (!rc) rc = copy_images(w);
    free(w);
    return rc;
}
