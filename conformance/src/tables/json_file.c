/*
 * json_file.c - reading a JSON file: a regular file of bounded size, UTF-8, that
 * parses, and whose strings hold no NUL (a C string would silently end there).
 * Errors give the line and column, or the JSON path of the string at fault.
 */
#include "json_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "json.h"
#include "schema.h"

/* Line and column of a byte offset. */
static void position(const char *text, size_t offset, int *line, int *col) {
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') (*line)++, *col = 1;
        else (*col)++;
    }
}

/* Reads at most JSON_FILE_MAX bytes of a regular file; anything else (a
 * directory, a device such as /dev/zero, a FIFO) or anything larger is refused
 * before it costs memory. */
static int read_bounded(const char *file, buf *out, char *error, size_t cap) {
    int fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(error, cap, "%s: cannot read: %s", file, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(error, cap, "%s: cannot read: not a regular file", file);
        close(fd);
        return -1;
    }
    int rc = 0;
    for (;;) {
        if (out->len > JSON_FILE_MAX) {
            snprintf(error, cap, "%s: larger than %d MiB, the most a table, schema or index may be", file,
                     (int)(JSON_FILE_MAX >> 20));
            rc = -1;
            break;
        }
        if (buf_reserve(out, 65536)) {
            snprintf(error, cap, "%s: out of memory", file);
            rc = -1;
            break;
        }
        ssize_t got = read(fd, out->data + out->len, 65536);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            snprintf(error, cap, "%s: cannot read: %s", file, strerror(errno));
            rc = -1;
            break;
        }
        if (got == 0) break;
        out->len += (size_t)got;
    }
    close(fd);
    return rc;
}

/* The offset of the first \u0000 escape inside a string, or -1. */
static long nul_escape(const char *s, size_t n) {
    bool in_string = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"') in_string = !in_string;
        else if (in_string && s[i] == '\\' && i + 1 < n) {
            if (s[i + 1] == 'u' && i + 5 < n && !strncmp(s + i + 2, "0000", 4)) return (long)i;
            i++; /* the escaped character, \" and \\ included */
        }
    }
    return -1;
}

/* ---- The JSON path of an offset, in text known to parse ----------------------- */

static size_t skip_space(const char *s, size_t i) {
    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') i++;
    return i;
}

/* The end of the string starting at s[i] == '"'. */
static size_t skip_string(const char *s, size_t i) {
    for (i++; s[i] && s[i] != '"'; i++)
        if (s[i] == '\\' && s[i + 1]) i++;
    return s[i] ? i + 1 : i;
}

/* Walks the value at s[i]; when `at` lies inside it, appends its path to `path`
 * and sets *found. Returns the offset after the value. */
static size_t walk(const char *s, size_t i, size_t at, buf *path, bool *found, int depth) {
    i = skip_space(s, i);
    if (s[i] == '"') {
        size_t end = skip_string(s, i);
        if (at >= i && at < end) *found = true;
        return end;
    }
    if ((s[i] != '{' && s[i] != '[') || depth > 200) {
        while (s[i] && !strchr(",]} \t\r\n", s[i])) i++;
        return i;
    }
    bool object = s[i] == '{';
    char close = object ? '}' : ']';
    i = skip_space(s, i + 1);
    for (size_t index = 0; s[i] && s[i] != close; index++) {
        size_t mark = path->len;
        if (object) {
            size_t key = i, end = skip_string(s, i);
            char step[300];
            snprintf(step, sizeof step, ".%.*s", (int)(end - key - 2 < 256 ? end - key - 2 : 256), s + key + 1);
            buf_add(path, step, strlen(step));
            i = skip_space(s, end) + 1; /* past ':' */
        } else {
            char step[32];
            snprintf(step, sizeof step, "[%zu]", index);
            buf_add(path, step, strlen(step));
        }
        i = walk(s, i, at, path, found, depth + 1);
        if (*found) return i;
        path->len = mark;
        i = skip_space(s, i);
        if (s[i] == ',') i = skip_space(s, i + 1);
    }
    return s[i] ? i + 1 : i;
}

/* cJSON's allocations go through this, so that a parse that failed because memory
 * ran out says so, not "not valid JSON". */
static bool json_memory_ran_out;

static void *json_malloc(size_t n) {
    void *p = malloc(n);
    if (!p) json_memory_ran_out = true;
    return p;
}

static cJSON_Hooks json_hooks = {json_malloc, free};

int json_file_read(const char *file, cJSON **out, char *error, size_t cap) {
    buf data = {NULL, 0, 0};
    *out = NULL;
    if (read_bounded(file, &data, error, cap)) {
        buf_free(&data);
        return -1;
    }
    if (buf_addc(&data, '\0')) {
        snprintf(error, cap, "%s: out of memory", file);
        buf_free(&data);
        return -1;
    }
    size_t n = data.len - 1;
    int line, col;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_sequence((const unsigned char *)data.data + i, n - i);
        if (len == 0) {
            position(data.data, i, &line, &col);
            snprintf(error, cap, "%s:%d:%d: not UTF-8 (JSON text is UTF-8)", file, line, col);
            buf_free(&data);
            return -1;
        }
        i += len;
    }
    const char *end = NULL;
    json_memory_ran_out = false;
    cJSON_InitHooks(&json_hooks);
    *out = cJSON_ParseWithLengthOpts(data.data, n, &end, 0);
    if (!*out && json_memory_ran_out) {
        snprintf(error, cap, "%s: out of memory", file);
        buf_free(&data);
        return -1;
    }
    if (!*out) {
        const char *at = cJSON_GetErrorPtr();
        size_t offset = at && at >= data.data && at <= data.data + n ? (size_t)(at - data.data) : 0;
        position(data.data, offset, &line, &col);
        snprintf(error, cap, "%s:%d:%d: not valid JSON", file, line, col);
        buf_free(&data);
        return -1;
    }
    long nul = nul_escape(data.data, n);
    if (nul >= 0) {
        buf path = {NULL, 0, 0};
        bool found = false;
        buf_addc(&path, '$');
        walk(data.data, 0, (size_t)nul, &path, &found, 0);
        position(data.data, (size_t)nul, &line, &col);
        snprintf(error, cap, "%s: %.*s: a string holds \\u0000 (line %d, column %d); strings cannot hold NUL "
                 "(give a robots.txt with NUL as robots_base64)", file, path.data ? (int)path.len : 1,
                 path.data ? path.data : "$", line, col);
        buf_free(&path);
        cJSON_Delete(*out);
        *out = NULL;
        buf_free(&data);
        return -1;
    }
    buf_free(&data);
    return 0;
}

bool json_file_copy_lost(const cJSON *parent, const char *name, const char *copy) {
    return !copy && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(parent, name));
}

char *json_file_string_copy(const cJSON *parent, const char *name) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(parent, name);
    if (!cJSON_IsString(x)) return NULL;
    size_t n = strlen(x->valuestring) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, x->valuestring, n);
    return d;
}

int json_file_print(FILE *f, cJSON *root) {
    char *text = root ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!text) return -1;
    fprintf(f, "%s\n", text);
    cJSON_free(text);
    return 0;
}

int json_file_read_valid(const char *file, const char *schema_file, cJSON **out, char *error, size_t cap) {
    cJSON *schema;
    *out = NULL;
    if (json_file_read(schema_file, &schema, error, cap)) return -1;
    if (json_file_read(file, out, error, cap)) {
        cJSON_Delete(schema);
        return -1;
    }
    char problem[1200];
    int rc = schema_validate(schema, *out, problem, sizeof problem);
    cJSON_Delete(schema);
    if (rc) {
        snprintf(error, cap, "%s: %s", file, problem);
        cJSON_Delete(*out);
        *out = NULL;
    }
    return rc;
}
