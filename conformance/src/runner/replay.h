/* replay.h - the likely fix for a batch target that died after some replies: the
 * request it died on, as sent, and a command for sh that sends it again. */
#ifndef ROBOTS_CONFORM_REPLAY_H
#define ROBOTS_CONFORM_REPLAY_H

#include "buf.h"
#include "target.h"

/* Appends to out a command line for sh that writes the lines (each ending with a
 * newline) to the standard input of the command whose words are argv:
 * printf '%s\n' 'LINE' ... | WORD ..., every word quoted that sh would read
 * otherwise. Returns 0, or -1 when memory runs out. */
int replay_command(buf *out, char *const *argv, const char *lines, size_t len);

/* The likely fix for a target broken by fault (FAULT_EXIT, FAULT_CRASH) whose
 * first death came after it had answered some requests: which request it died
 * on (and whether every process died after as many), that request as sent, and
 * the command that replays what the process was sent. A new string for the
 * caller to free; NULL when the general advice stands (run_broken_advice: no
 * death, a death before any reply, another fault) or memory ran out. */
char *replay_advice(const target_deaths *d, target_fault fault);

#endif
