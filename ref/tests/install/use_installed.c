/* Built against an installed copy of the library by `make test-install`. */
#include <robots.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    const char *text = "user-agent: *\ndisallow: /private\n";
    robots_rules *r = robots_parse(text, strlen(text), NULL);
    int a = robots_check(r, "FooBot", 6, "https://e.com/private/x", 23, NULL);
    int b = robots_check(r, "FooBot", 6, "https://e.com/public", 20, NULL);
    robots_free(r);
    printf("%s %s\n", a ? "allowed" : "disallowed", b ? "allowed" : "disallowed");
    return !(a == 0 && b == 1);
}
