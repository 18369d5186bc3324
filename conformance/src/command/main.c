/* main.c - the robots-conform program: conform_main on the standard streams. */
#include <stdio.h>

#include "conform.h"

int main(int argc, char **argv) { return conform_main(argc, argv, stdout, stderr); }
