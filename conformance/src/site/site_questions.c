/*
 * site_questions.c - the home page's front door for site owners (site_questions.h):
 * the questions they ask about their own robots.txt, each answered in a few plain
 * sentences, with the cases that show it and a "try it" in the playground.
 */
#include "site_questions.h"

#include <string.h>

#include "site_html.h"
#include "site_playground.h"

/* A question, its answer (plain text, no markup), and the cases that show it (the
 * first one's robots.txt is the "try it"). */
typedef struct question {
    const char *id;       /* the anchor on the home page, and the search index's key */
    const char *question;
    const char *answer;
    const char *cases[4]; /* up to four, the first the one to try */
} question;

static const question questions[] = {
    {.id = "q-one-crawler",
     .question = "How do I keep one crawler out of my whole site?",
     .answer = "Give it a group of its own: a user-agent line with its name, then \"Disallow: /\". A crawler "
               "follows only the group that names it, so it ignores the rules of the '*' group, and the other "
               "crawlers keep following those.",
     .cases = {"UA-2", "EMPTY-1"}},
    {.id = "q-ai-crawlers",
     .question = "How do I block AI crawlers but stay in search results?",
     .answer = "Name each AI crawler on a user-agent line of one group that disallows everything, and leave the "
               "'*' group (or your search crawlers' groups) open: GPTBot (OpenAI), ClaudeBot (Anthropic), CCBot "
               "(Common Crawl) and Google-Extended (Google's AI training, which Googlebot's crawling obeys) are the "
               "common names. Each crawler reads only the group with its own name, so search crawlers never see "
               "the AI group's rules; a crawler the file does not name follows the '*' group.",
     .cases = {"REAL-5", "UA-1"}},
    {.id = "q-ai-training",
     .question = "How do I allow search but refuse AI training?",
     .answer = "A group naming GPTBot, CCBot and Google-Extended with \"Disallow: /\" keeps them out, and your "
               "pages out of Google's AI models, while Googlebot crawls for search. Or state a preference, which "
               "a crawler may follow: \"Content-Signal: search=yes, ai-train=no\" or \"Content-Usage: train-ai=n\". Repeat it in every group: a "
               "crawler with a group of its own never reads the '*' group's lines. And end each group with a rule "
               "(\"Allow: /\" if it keeps nothing out): a Content-Signal line is no rule, so a user-agent line "
               "after it joins the group above.",
     .cases = {"USAGE-20", "SIGNAL-2", "USAGE-1", "GROUP-4"}},
    {.id = "q-folder",
     .question = "How do I block a folder?",
     .answer = "\"Disallow: /private/\" blocks every URL whose path starts with /private/. Without the last slash, "
               "\"Disallow: /private\" also blocks /private-notes.html, because a rule matches the start of the "
               "path. Paths are case-sensitive: /Private/ is another folder.",
     .cases = {"MATCH-5", "MATCH-3", "REAL-1"}},
    {.id = "q-file-types",
     .question = "How do I block one type of file, such as every PDF?",
     .answer = "\"Disallow: /*.pdf$\" blocks every URL whose path ends in .pdf: '*' stands for any run of "
               "characters and '$' for the end of the URL. The end comes after the query, so "
               "/report.pdf?download=1 is not blocked by that rule; \"Disallow: /*.pdf\", without the '$', "
               "blocks both.",
     .cases = {"MATCH-8", "MATCH-11"}},
    {.id = "q-server-fails",
     .question = "What happens when my server cannot serve robots.txt?",
     .answer = "A 404 or another 4xx means there is no robots.txt: crawlers may fetch everything. A 5xx or a "
               "network failure means the opposite: Google crawls nothing and asks again, and after 30 days of "
               "errors it uses the last copy it had, or crawls without restrictions when it has none. Google "
               "counts a 429 (too many requests) as a server error; RFC 9309 counts it with the 4xx.",
     .cases = {"STATUS-5", "STATUS-4", "STATUS-6", "STATUS-8"}},
    {.id = "q-www",
     .question = "Does www need its own robots.txt?",
     .answer = "Yes. A robots.txt governs only the scheme, host and port it is served from: the file at "
               "https://example.com/robots.txt says nothing about https://www.example.com/, "
               "http://example.com/ or another subdomain. Serve a file on each, or redirect their robots.txt to "
               "one: crawlers follow up to five redirects, and RFC 9309 applies the file they reach to the host "
               "they first asked.",
     .cases = {"SCOPE-2", "SCOPE-1", "STATUS-2"}},
    {.id = "q-ignored",
     .question = "Why is my rule ignored?",
     .answer = "Four causes are common. The rule comes before any user-agent line, so it belongs to no group, "
               "or the crawler has a group of its own, so the '*' group's rules are not its rules. A longer rule "
               "may allow what yours disallows, or the key is misspelt: Google accepts a few typos such as "
               "\"dissallow\", RFC 9309 none.",
     .cases = {"GROUP-3", "EMPTY-1", "PREC-1", "FORMAT-7"}},
};


/* "Shown by UA-2 (its title) and EMPTY-1 (...)": the cases the tables have. */
static void shown_by(FILE *f, const suite *s, const question *q) {
    size_t shown = 0, n = 0;
    for (size_t i = 0; i < 4 && q->cases[i]; i++) n += suite_case(s, q->cases[i]) != NULL;
    for (size_t i = 0; i < 4 && q->cases[i]; i++) {
        const tcase *c = suite_case(s, q->cases[i]);
        if (!c) continue;
        char page[160];
        site_area_page(page, sizeof page, c->table->area);
        fprintf(f, "%s<a href=\"%s#", shown == 0 ? "<p class=\"shown-by\">Shown by " : shown + 1 == n ? " and " : ", ",
                page);
        site_html_id(f, c->id);
        fprintf(f, "\">");
        site_html_text(f, c->id);
        fprintf(f, "</a> (");
        site_html_text(f, c->title);
        fprintf(f, ")");
        shown++;
    }
    if (shown) fprintf(f, ".</p>\n");
}

void site_questions(FILE *f, const suite *s) {
    fprintf(f, "<h2 id=\"questions\">Questions site owners ask</h2>\n<p>Each answer is what Google's crawler and "
               "RFC 9309 do; the cases show it line by line, and the playground runs your own file.</p>\n");
    for (size_t i = 0; i < sizeof questions / sizeof questions[0]; i++) {
        const question *q = &questions[i];
        fprintf(f, "<section class=\"question\" id=\"%s\">\n<h3>", q->id);
        site_html_text(f, q->question);
        fprintf(f, "</h3>\n<p>");
        site_html_text(f, q->answer);
        fprintf(f, "</p>\n");
        shown_by(f, s, q);
        const tcase *first = suite_case(s, q->cases[0]);
        if (first) site_playground_link(f, first);
        fprintf(f, "</section>\n");
    }
}

size_t site_question_count(void) { return sizeof questions / sizeof questions[0]; }

void site_question_at(size_t i, const char **id, const char **text, const char **answer) {
    *id = questions[i].id;
    *text = questions[i].question;
    *answer = questions[i].answer;
}
