/* Built against an installed copy of the library by `make test-install`. */
#include <robots.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    const char *text = "user-agent: *\ndisallow: /private\n";
    robots_rules *r;
    const char *error;
    if (robots_parse(text, strlen(text), NULL, &r, &error) != 0) {
        fprintf(stderr, "%s\n", error);
        return 1;
    }
    robots_verdict a, b;
    if (robots_check(r, "FooBot", 6, "https://e.com/private/x", 23, &a, &error) != 0 ||
        robots_check(r, "FooBot", 6, "https://e.com/public", 20, &b, &error) != 0) {
        fprintf(stderr, "%s\n", error);
        return 1;
    }
    robots_free(r);
    printf("%s %s\n", a.allowed ? "allowed" : "disallowed", b.allowed ? "allowed" : "disallowed");
    return !(a.allowed == 0 && b.allowed == 1);
}
