/*
 * clean_text.h - text a target printed, made safe for every report: valid UTF-8
 * with no control character but newline and tab, so XML, JSON and TAP readers
 * accept it whatever the target wrote.
 */
#ifndef ROBOTS_CONFORM_CLEAN_TEXT_H
#define ROBOTS_CONFORM_CLEAN_TEXT_H

#include <stddef.h>

/* A copy of len bytes of s (NULs included) in which every byte that is not part of
 * a valid UTF-8 sequence, every control character but LF and TAB, and the
 * noncharacters U+FFFE and U+FFFF (which XML forbids) become U+FFFD. Returns NULL
 * only when memory runs out. */
char *clean_text_copy(const char *s, size_t len);

/* Shortens a NUL-terminated string so that it does not end inside a UTF-8
 * sequence (after a cut at a byte count). */
void clean_text_trim_utf8(char *s);

/* Copies s into out (cap bytes, NUL-terminated, cut at a character) with every
 * control character (0x00-0x1F, 0x7F) written as \xHH, so that a TAB or a line
 * break inside a URL or an agent shows in a report line instead of breaking it. */
void clean_text_escape_controls(const char *s, char *out, size_t cap);

#endif
