/* request.c - the robots.txt of a batch-protocol request (request.h). */
#include "request.h"

#include <stdbool.h>

#include "base64.h"
#include "json.h"

bool request_is_text(const void *data, size_t len) {
    const unsigned char *s = data;
    bool text = true;
    for (size_t i = 0; i < len && text;) {
        size_t n = s[i] ? utf8_sequence(s + i, len - i) : 0;
        text = n > 0;
        i += n;
    }
    return text;
}

int request_add_robots(buf *b, const void *data, size_t len) {
    if (request_is_text(data, len)) return buf_add(b, ",\"robots\":", 10) | json_append_string(b, len ? data : "", len);
    return buf_add(b, ",\"robots_base64\":\"", 18) | base64_encode(data, len, b) | buf_addc(b, '"');
}
