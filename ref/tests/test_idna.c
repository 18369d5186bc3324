/* test_idna.c - RFC 3492 Punycode and the reference's IDNA ToASCII (SCOPE-4). */
#include <stdint.h>
#include <string.h>

#include "json.h"
#include "test.h"

typedef struct vector {
    const char *name;
    uint32_t points[40];
    size_t n;
    const char *encoded;
} vector;

/* RFC 3492 section 7.1 samples (and two more), verified against an independent
 * implementation. */
static const vector vectors[] = {
    {"Arabic", {0x644, 0x64A, 0x647, 0x645, 0x627, 0x628, 0x62A, 0x643, 0x644, 0x645, 0x648, 0x634,
                0x639, 0x631, 0x628, 0x64A, 0x61F}, 17, "egbpdaj6bu4bxfgehfvwxn"},
    {"Chinese", {0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587}, 9,
     "ihqwcrb4cv8a8dqg056pqjye"},
    {"Czech", {0x50, 0x72, 0x6F, 0x10D, 0x70, 0x72, 0x6F, 0x73, 0x74, 0x11B, 0x6E, 0x65, 0x6D, 0x6C,
               0x75, 0x76, 0xED, 0x10D, 0x65, 0x73, 0x6B, 0x79}, 22, "Proprostnemluvesky-uyb24dma41a"},
    {"Japanese", {0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71,
                  0x3057, 0x3066, 0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B}, 18,
     "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
    {"Russian", {0x43F, 0x43E, 0x447, 0x435, 0x43C, 0x443, 0x436, 0x435, 0x43E, 0x43D, 0x438, 0x43D,
                 0x435, 0x433, 0x43E, 0x432, 0x43E, 0x440, 0x44F, 0x442, 0x43F, 0x43E, 0x440, 0x443,
                 0x441, 0x441, 0x43A, 0x438}, 28, "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
    {"3B", {0x33, 0x5E74, 0x42, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F}, 8, "3B-ww4c5e180e575a65lsy2b"},
    {"all basic", {0x2D, 0x3E, 0x20, 0x24, 0x31, 0x2E, 0x30, 0x30, 0x20, 0x3C, 0x2D}, 11, "-> $1.00 <--"},
    {"mueller", {0x6D, 0xFC, 0x6C, 0x6C, 0x65, 0x72}, 6, "mller-kva"},
    {"last code point", {0x10FFFF}, 1, "dn32g"},
    {"empty", {0}, 0, ""},
};

static void punycode_vectors(void) {
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        const vector *v = &vectors[i];
        char out[128];
        size_t n = 0;
        CHECK_EQ(robots_punycode_encode(v->points, v->n, out, sizeof out, &n, NULL), 0);
        CHECK_STR(out, n, v->encoded);
        uint32_t back[64];
        size_t m = 0;
        CHECK_EQ(robots_punycode_decode(v->encoded, strlen(v->encoded), back, 64, &m, NULL), 0);
        CHECK_EQ(m, v->n);
        CHECK(m == v->n && (m == 0 || memcmp(back, v->points, m * sizeof(uint32_t)) == 0));
    }
    /* Decoding ignores the case of digits: RFC 3492's own sample writes "D". */
    uint32_t back[64];
    size_t m;
    CHECK_EQ(robots_punycode_decode("b1abfaaepdrnnbgefbaDotcwatmq2g4l", 32, back, 64, &m, NULL), 0);
    CHECK_EQ(m, 28);
}

static void punycode_bad_input(void) {
    uint32_t out[16];
    size_t m;
    static const char *const bad[] = {
        "zz",          /* runs off the end */
        "a-!",         /* not a digit */
        "\xC3\xBC-a",  /* a basic part must be ASCII */
        "99999999999", /* overflow */
        "-abc",        /* a leading delimiter with nothing before it starts no basic part */
        "ib9b",        /* U+D800: a surrogate is no code point */
        "a-qo7g",      /* U+DFFF */
        "dn32h",       /* U+110000: past the last code point */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_EQ(robots_punycode_decode(bad[i], strlen(bad[i]), out, 16, &m, NULL), -1);
    /* "a" alone is the delta for U+0080, the first non-basic code point. */
    CHECK_EQ(robots_punycode_decode("a", 1, out, 16, &m, NULL), 0);
    CHECK_EQ(m, 1);
    CHECK_EQ(out[0], 0x80);
    /* Output that does not fit. */
    CHECK_EQ(robots_punycode_decode("mller-kva", 9, out, 3, &m, NULL), -1);
    CHECK_EQ(robots_punycode_decode("ihqwcrb4cv8a8dqg056pqjye", 24, out, 4, &m, NULL), -1);
    char enc[4];
    size_t n;
    CHECK_EQ(robots_punycode_encode(vectors[1].points, vectors[1].n, enc, sizeof enc, &n, NULL), -1);
    CHECK_EQ(robots_punycode_encode(vectors[6].points, vectors[6].n, enc, sizeof enc, &n, NULL), -1);
    const uint32_t too_big[] = {0x110000};
    CHECK_EQ(robots_punycode_encode(too_big, 1, enc, sizeof enc, &n, NULL), -1);
}

static void expect_ascii(const char *host, const char *want) {
    char out[300];
    const char *error = NULL;
    size_t n = 0;
    CHECK_EQ(robots_host_to_ascii(host, strlen(host), out, sizeof out, &n, &error), 0);
    CHECK_STR(out, n, want);
    CHECK_EQ(strlen(out), n);
    if (!n) printf("    (%s: %s)\n", host, error);
}

static void expect_refused(const char *host, const char *fragment) {
    char out[300];
    const char *error = NULL;
    size_t n = 99;
    CHECK_EQ(robots_host_to_ascii(host, strlen(host), out, sizeof out, &n, &error), -1);
    CHECK(error && strstr(error, fragment));
    CHECK_EQ(out[0], '\0'); /* nothing half-written */
    CHECK_EQ(robots_host_to_ascii(host, strlen(host), out, sizeof out, NULL, NULL), -1); /* NULL error */
}

/* SCOPE-4 and the conversions libidn2 agrees with. */
static void to_ascii(void) {
    expect_ascii("www.m\xC3\xBCller.eu", "www.xn--mller-kva.eu");
    expect_ascii("WWW.Example.COM", "www.example.com");
    expect_ascii("www.xn--mller-kva.eu", "www.xn--mller-kva.eu");
    expect_ascii("XN--MLLER-KVA.eu", "xn--mller-kva.eu");
    expect_ascii("stra\xC3\x9F" "e.de", "xn--strae-oqa.de");              /* ß is kept */
    expect_ascii("\xCF\x82\xCF\x83.gr", "xn--3xac.gr");                   /* ς is kept */
    expect_ascii("\xE6\x97\xA5\xE6\x9C\xAC.jp", "xn--wgv71a.jp");         /* 日本 */
    expect_ascii("M\xC3\xBCller.eu", "xn--mller-kva.eu");                 /* ASCII upper case is fine */
    expect_ascii("\xC3\xA4_b.com", "xn--_b-uia.com");
    expect_ascii("\xC4\xB1.com", "xn--cfa.com");                          /* dotless i */
    expect_ascii("a.b..c", "a.b..c");                                     /* empty labels pass */
    expect_ascii("192.168.0.1", "192.168.0.1");
    expect_ascii("ab--c.com", "ab--c.com");                               /* ASCII labels as written */
}

static void to_ascii_refusals(void) {
    expect_refused("M\xC3\x9CLLER.eu", "upper-case letter beyond ASCII");   /* Ü */
    expect_refused("\xD0\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0.ru", "upper-case"); /* Москва */
    expect_refused("\xEF\xBD\x86ull.com", "compatibility character");       /* fullwidth f */
    expect_refused("\xEF\xAC\x81.com", "compatibility character");          /* ﬁ */
    expect_refused("\xC4\xB3.nl", "compatibility character");               /* ĳ */
    expect_refused("\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A.com", "UTS #46");      /* Arabic */
    expect_refused("\xF0\x9F\x98\x80.la", "UTS #46");                       /* emoji */
    expect_refused("a\xCC\x88.de", "UTS #46");                              /* combining mark */
    expect_refused("xn--zz.com", "not valid punycode");
    expect_refused("xn--.com", "not valid punycode");
    expect_refused("-\xC3\xBC.de", "starts or ends with '-'");
    expect_refused("\xC3\xBC-.de", "starts or ends with '-'");
    expect_refused("ab--\xC3\xA4.com", "'--' in its third and fourth places");
    expect_refused("\xC3\xBC!.de", "only letters, digits");
    expect_refused("\xC3\x28.de", "not valid UTF-8");
    expect_refused("\xED\xA0\x80.de", "not valid UTF-8");
    expect_refused("a b.com", "invalid character");
    expect_refused("", "empty host");
    /* A label of 63 octets in ASCII form is the longest: 60 a's and a ü take more. */
    char long_label[200];
    memset(long_label, 'a', 60);
    strcpy(long_label + 60, "\xC3\xBC");
    expect_refused(long_label, "longer than 63 octets");
    long_label[55] = '\0';
    strcat(long_label, "\xC3\xBC"); /* 55 a's and a ü: exactly 63 */
    char out[300];
    const char *err;
    size_t n;
    CHECK_EQ(robots_host_to_ascii(long_label, strlen(long_label), out, sizeof out, &n, &err), 0);
    CHECK_EQ(n, 63);
    char long_host[300];
    memset(long_host, 'a', 256);
    long_host[256] = '\0';
    expect_refused(long_host, "longer than 255 octets");
    /* A short output buffer is a failure, with the room it needs and an empty string;
     * one byte short too (the NUL needs room). */
    char small[4];
    const char *error;
    CHECK_EQ(robots_host_to_ascii("www.m\xC3\xBCller.eu", 14, small, sizeof small, &n, &error), -1);
    CHECK_EQ(n, 20);
    CHECK_EQ(small[0], '\0');
    CHECK(strstr(error, "does not fit"));
    char exact[21];
    CHECK_EQ(robots_host_to_ascii("www.m\xC3\xBCller.eu", 14, exact, 20, &n, NULL), -1);
    CHECK_EQ(robots_host_to_ascii("www.m\xC3\xBCller.eu", 14, exact, 21, &n, NULL), 0);
    CHECK_STR(exact, n, "www.xn--mller-kva.eu");
}

/* Every overflow guard of the codec, with the input that reaches it. */
static void punycode_overflows(void) {
    uint32_t out[16];
    size_t m;
    /* The weight of a digit outgrows 32 bits before the value does. */
    CHECK_EQ(robots_punycode_decode("bbbbbbbbbbbbbbbbbbbb", 20, out, 16, &m, NULL), -1);
    /* A delta of 4294967200 fits in 32 bits, but the code point it gives does not. */
    CHECK_EQ(robots_punycode_decode("ux902716a", 9, out, 16, &m, NULL), -1);
    static uint32_t points[65537];
    static char text[70000];
    size_t n;
    /* 4,000 handled code points make the step to U+10FFFF larger than 32 bits. */
    for (size_t i = 0; i < 4000; i++) points[i] = 0x80;
    points[4000] = 0x10FFFF;
    CHECK_EQ(robots_punycode_encode(points, 4001, text, sizeof text, &n, NULL), -1);
    /* 65,536 basic code points and U+1007F: the delta reaches exactly 2^32 - 1
     * (65,535 x 65,537), and counting one more basic code point wraps it. */
    for (size_t i = 0; i < 65536; i++) points[i] = 'a';
    points[65536] = 0x1007F;
    CHECK_EQ(robots_punycode_encode(points, 65537, text, sizeof text, &n, NULL), -1);
    /* Basic code points that do not fit the output, with and without the '-'. */
    const uint32_t mixed[] = {'a', 'b', 'c', 0xFC};
    CHECK_EQ(robots_punycode_encode(mixed, 4, text, 2, &n, NULL), -1);
    CHECK_EQ(robots_punycode_encode(mixed, 4, text, 3, &n, NULL), -1);
    /* Lengths past 32 bits are refused before anything is read. */
#if SIZE_MAX > UINT32_MAX
    CHECK_EQ(robots_punycode_encode(mixed, (size_t)UINT32_MAX + 1, text, sizeof text, &n, NULL), -1);
    CHECK_EQ(robots_punycode_decode("a", (size_t)UINT32_MAX + 1, out, 16, &m, NULL), -1);
#endif
}

/* The label and host limits, a NULL host, and ASCII next to non-ASCII letters. */
static void to_ascii_limits(void) {
    char label[300] = "";
    for (int i = 0; i < 64; i++) strcat(label, "\xC3\xBC"); /* 64 code points: too many */
    expect_refused(label, "too long");
    char out[16];
    const char *error = NULL;
    CHECK_EQ(robots_host_to_ascii(NULL, 5, out, sizeof out, NULL, &error), -1);
    CHECK(error && strcmp(error, "the host is NULL") == 0);
    CHECK_EQ(robots_host_to_ascii(NULL, 0, out, sizeof out, NULL, &error), -1);
    CHECK(error && strcmp(error, "empty host") == 0);
    expect_ascii("Zz09-_\xC3\xBC.de", "xn--zz09-_-8ya.de"); /* as Python's codec; libidn2 refuses "_" */
    expect_refused("\xC3\xBC@.de", "only letters, digits");
    expect_refused("\xC3\xBC.d/e", "invalid character");
    expect_ascii("a\xC3\xBC-b.de", "xn--a-b-hoa.de");   /* '-' in third place only */
    expect_ascii("ab-\xC3\xBC.de", "xn--ab--joa.de");   /* '-' in fourth place only */
}

/* Both sides of every edge of the set of code points the reference converts, as a
 * one-character label. want is the A-label (libidn2's ToASCII, non-transitional,
 * gives the same) or, for a refusal, a fragment of the error: "upper-case" where
 * UTS #46 maps to lower case, "compatibility" where it maps to plain letters, and
 * "UTS #46" where the reference does not convert. Three refusals are conservative:
 * libidn2 accepts U+0180, U+30FB and U+9FA6, which the reference's set leaves out. */
static const struct {
    uint32_t c;
    const char *want;
} edges[] = {
    {0xBF, "UTS #46"},        {0xC0, "upper-case"},     {0xD7, "UTS #46"},
    {0xDE, "upper-case"},     {0xDF, "xn--zca"},        {0xE0, "xn--0ca"},
    {0xF7, "UTS #46"},        {0xFF, "xn--wda"},        {0x100, "upper-case"},
    {0x101, "xn--yda"},       {0x132, "upper-case"},    {0x133, "compatibility"},
    {0x137, "xn--ifa"},       {0x138, "xn--jfa"},       {0x139, "upper-case"},
    {0x13A, "xn--lfa"},       {0x140, "compatibility"}, {0x148, "xn--zfa"},
    {0x149, "compatibility"}, {0x14A, "upper-case"},    {0x14B, "xn--2fa"},
    {0x177, "xn--cha"},       {0x178, "upper-case"},    {0x179, "upper-case"},
    {0x17A, "xn--fha"},       {0x17E, "xn--jha"},       {0x17F, "compatibility"},
    {0x180, "UTS #46"},       {0x385, "UTS #46"},       {0x386, "upper-case"},
    {0x3AB, "upper-case"},    {0x3AC, "xn--hxa"},       {0x3CE, "xn--gya"},
    {0x3CF, "UTS #46"},       {0x3FF, "UTS #46"},       {0x400, "upper-case"},
    {0x42F, "upper-case"},    {0x430, "xn--80a"},       {0x45F, "xn--l2a"},
    {0x460, "UTS #46"},       {0x3040, "UTS #46"},      {0x3041, "xn--k8j"},
    {0x3096, "xn--zbk"},      {0x3097, "UTS #46"},      {0x30A0, "UTS #46"},
    {0x30A1, "xn--bck"},      {0x30FA, "xn--uek"},      {0x30FB, "UTS #46"},
    {0x30FC, "xn--wek"},      {0x30FE, "xn--yek"},      {0x30FF, "UTS #46"},
    {0x4DFF, "UTS #46"},      {0x4E00, "xn--4gq"},      {0x9FA5, "xn--bj7a"},
    {0x9FA6, "UTS #46"},      {0xABFF, "UTS #46"},      {0xAC00, "xn--o39a"},
    {0xD7A3, "xn--u78b"},     {0xD7A4, "UTS #46"},      {0xFAFF, "UTS #46"},
    {0xFB00, "compatibility"}, {0xFB06, "compatibility"}, {0xFB07, "UTS #46"},
    {0xFF00, "UTS #46"},      {0xFF01, "compatibility"}, {0xFF5E, "compatibility"},
    {0xFF5F, "UTS #46"},      {0x1F600, "UTS #46"},     {0x10FFFF, "UTS #46"},
};

static void to_ascii_edges_of_the_set(void) {
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        buf label = {NULL, 0, 0};
        CHECK(utf8_append(&label, edges[i].c) == 0 && buf_addc(&label, '\0') == 0);
        if (strncmp(edges[i].want, "xn--", 4) == 0)
            expect_ascii(label.data, edges[i].want);
        else
            expect_refused(label.data, edges[i].want);
        buf_free(&label);
    }
}

/* Every way a byte sequence can fail to be UTF-8 is refused as such. */
static void to_ascii_invalid_utf8(void) {
    static const char *const bad[] = {
        "\x80" "a.de",             /* a continuation byte first */
        "\xC1\xBF.de",             /* C0 and C1 only start overlong forms */
        "\xF5\x80\x80\x80.de",     /* past U+10FFFF by its first byte */
        "\xE0\x80\x80.de",         /* overlong three-byte form */
        "\xF0\x80\x80\x80.de",     /* overlong four-byte form */
        "\xF4\x90\x80\x80.de",     /* U+110000 */
        "\xED\xBF\xBF.de",         /* U+DFFF, a surrogate */
        "\xE6\x97",                /* cut short at the end of the host */
        "\xF0\x9F\x98" ".de",      /* cut short by a dot */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) expect_refused(bad[i], "not valid UTF-8");
    /* U+10FFFF, the last code point, is valid UTF-8 (refused for another reason). */
    expect_refused("\xF4\x8F\xBF\xBF.de", "UTS #46");
}

const test_suite suite_idna = {"idna", (const test_case[]){
    {"RFC 3492 sample strings", punycode_vectors},
    {"punycode rejects bad input", punycode_bad_input},
    {"ToASCII: SCOPE-4 and friends", to_ascii},
    {"ToASCII refuses what needs UTS #46 mapping", to_ascii_refusals},
    {"ToASCII on both sides of every edge of its set", to_ascii_edges_of_the_set},
    {"punycode guards against overflow", punycode_overflows},
    {"ToASCII limits", to_ascii_limits},
    {"ToASCII refuses every kind of invalid UTF-8", to_ascii_invalid_utf8},
    {NULL, NULL}}};
