/* conform.h - robots-conform as a function: its command line in, its report out. */
#ifndef ROBOTS_CONFORM_CONFORM_H
#define ROBOTS_CONFORM_CONFORM_H

#include <stdio.h>

/* Runs robots-conform with argv (argv[0] is the program's name in messages),
 * writing the report to out and messages to err; returns the exit status
 * (conform.c says which). The fuzz target calls it with any argv. */
int conform_main(int argc, char **argv, FILE *out, FILE *err);

#endif
