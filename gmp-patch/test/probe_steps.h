/* The step loop of the library probes that gmp-patch/calls.sh runs under gdb (gmp-patch/test/probe.c,
   openssl-patch/test/probe.c): `probe marker` prints the library's dot marker (or "none"), `probe
   STEP...` runs each STEP, OP:REPS, through the probe's step function and then stops at probe_mark,
   where the debugger reads its counts. */
#ifndef PROBE_STEPS_H
#define PROBE_STEPS_H

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The debugger's stop after each step: not inlined, not folded away. */
__attribute__((noinline)) void probe_mark(void) { __asm__ volatile("" ::: "memory"); }

/* Runs OP REPS times and prints "OP REPS result"; 0, 1 for a failure of the library, 2 for an
   operation it does not know. */
typedef int (*probe_step_fn)(const char *op, long reps);

/* marker_symbol: the library's marker function; ops: the operations, for the usage line. */
static int probe_main(int argc, char **argv, const char *marker_symbol, const char *ops,
                      probe_step_fn step)
{
    if (argc < 2) {
        fprintf(stderr, "usage: probe marker | probe OP:REPS..., OP one of %s\n", ops);
        return 2;
    }
    if (strcmp(argv[1], "marker") == 0) {
        const char *(*marker)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, marker_symbol);
        printf("%s\n", marker ? marker() : "none");
        return 0;
    }
    for (int s = 1; s < argc; s++) {
        char op[32];
        long reps;
        int end = 0;
        if (sscanf(argv[s], "%31[a-z0-9_]:%ld%n", op, &reps, &end) != 2 || argv[s][end] != '\0' ||
            reps < 0) {
            fprintf(stderr, "probe: bad step %s (expected OP:REPS)\n", argv[s]);
            return 2;
        }
        int status = step(op, reps);
        if (status == 2)
            fprintf(stderr, "probe: unknown operation %s\n", op);
        if (status != 0)
            return status;
        fflush(stdout);
        probe_mark();
    }
    return 0;
}

#endif
