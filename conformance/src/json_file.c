/* json_file.c - reading a JSON file, with the line and column of a syntax error. */
#include "json_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "file.h"

/* Line and column of a byte offset, for JSON that does not parse. */
static void position(const char *text, size_t offset, int *line, int *col) {
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') (*line)++, *col = 1;
        else (*col)++;
    }
}

int json_file_read(const char *file, cJSON **out, char *error, size_t cap) {
    buf data = {NULL, 0, 0};
    int more;
    if (read_file(file, 0, &data, &more) != 0) {
        snprintf(error, cap, "%s: cannot read: %s", file, strerror(errno));
        buf_free(&data);
        return -1;
    }
    buf_addc(&data, '\0');
    const char *end = NULL;
    *out = cJSON_ParseWithLengthOpts(data.data, data.len - 1, &end, 0);
    if (!*out) {
        int line, col;
        const char *at = cJSON_GetErrorPtr();
        size_t offset = at && at >= data.data && at <= data.data + data.len ? (size_t)(at - data.data) : 0;
        position(data.data, offset, &line, &col);
        snprintf(error, cap, "%s:%d:%d: not valid JSON", file, line, col);
        buf_free(&data);
        return -1;
    }
    buf_free(&data);
    return 0;
}

char *json_string_copy(const cJSON *parent, const char *name) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(parent, name);
    if (!cJSON_IsString(x)) return NULL;
    size_t n = strlen(x->valuestring) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, x->valuestring, n);
    return d;
}
