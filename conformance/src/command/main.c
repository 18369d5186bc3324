/* main.c - the robots-conform program: conform_main on the standard streams, with
 * SIGINT, SIGTERM and SIGHUP taken as a request to stop (interrupt.h): the run
 * stops, writes its reports marked interrupted and exits 128 + the signal. (The
 * tests and the fuzz target call conform_main without it.) */
#include <stdio.h>

#include "conform.h"
#include "interrupt.h"

int main(int argc, char **argv) {
    interrupt_catch();
    return conform_main(argc, argv, stdout, stderr);
}
