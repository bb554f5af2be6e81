/* Run this test program again as a child process (to test choices made once per process, and
 * deliberate aborts) and capture how it ended and what it printed. */
#ifndef DOT_TEST_CHILD_H
#define DOT_TEST_CHILD_H

typedef struct {
    int status; /* as from waitpid */
    char out[1024];
    char err[512];
} dot_child_result;

/* Re-executes /proc/self/exe with the single argument `arg`, after applying `env`: a
 * NULL-terminated list of "NAME=value" (set) or "NAME" (unset) entries. */
dot_child_result dot_run_self(const char *arg, const char *const *env);

/* 1 if the child died of SIGABRT having printed nothing on stdout and `needle` on stderr. */
int dot_child_aborted_with(const dot_child_result *c, const char *needle);

#endif
