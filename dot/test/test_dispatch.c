/* Dispatch: a forced variant is the one that runs, forcing one this CPU cannot run (or an
 * unknown name) is an error with a message and never a SIGILL, and the default is the best
 * variant the CPU supports. Each case runs in a child process, since the choice is made once. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "common/check.h"
#include "dot.h"

typedef struct {
    int status;
    char out[256];
    char err[512];
} child_result;

static void slurp(int fd, char *buf, size_t size)
{
    size_t used = 0;
    ssize_t got;
    while (used + 1 < size && (got = read(fd, buf + used, size - 1 - used)) > 0)
        used += (size_t)got;
    buf[used] = '\0';
}

/* Runs this program as `self --child`, with DOT_ISA set to `isa` (unset if NULL) and
 * DOT_CPU_DISABLE to `disable` (unset if NULL). */
static child_result run_child(const char *self, const char *isa, const char *disable)
{
    int out[2], err[2];
    child_result res = {0, "", ""};
    if (pipe(out) || pipe(err)) {
        perror("pipe");
        exit(2);
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], 1);
        dup2(err[1], 2);
        if (isa)
            setenv("DOT_ISA", isa, 1);
        else
            unsetenv("DOT_ISA");
        if (disable)
            setenv("DOT_CPU_DISABLE", disable, 1);
        else
            unsetenv("DOT_CPU_DISABLE");
        execl(self, self, "--child", (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    slurp(out[0], res.out, sizeof res.out);
    slurp(err[0], res.err, sizeof res.err);
    close(out[0]);
    close(err[0]);
    waitpid(pid, &res.status, 0);
    return res;
}

/* The child: use the library once, report the variant that ran and a sum it computed. */
static int child(void)
{
    dot_limb_t u[5] = {~0ull, ~0ull, ~0ull, ~0ull, 7}, v[5] = {1, 0, 0, 0, 1}, r[5];
    dot_limb_t carry = dot_add_n(r, u, v, 5);
    printf("%s %llu %llu %llu\n", dot_isa(), (unsigned long long)r[0], (unsigned long long)r[4],
           (unsigned long long)carry);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    const char *self = "/proc/self/exe";
    char path[4096];
    ssize_t len = readlink(self, path, sizeof path - 1);
    if (len <= 0)
        return 2;
    path[len] = '\0';

    const char *const *names = dot_isa_names();
    const char *best = NULL, *lacking = NULL;
    for (size_t i = 0; names[i]; i++) {
        int supported = dot_isa_supported(names[i]);
        CHECK(supported == (dot_kernels_for(names[i]) != NULL),
              "dot_isa_supported(%s) agrees with dot_kernels_for", names[i]);
        if (supported)
            best = names[i];
        else if (!lacking)
            lacking = names[i];
        if (!supported)
            continue;
        child_result c = run_child(path, names[i], NULL);
        char expect[64];
        snprintf(expect, sizeof expect, "%s 0 9 0\n", names[i]); /* 7 + 1 + carry */
        CHECK(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 && strcmp(c.out, expect) == 0,
              "DOT_ISA=%s: expected \"%s\", child printed \"%s\" (stderr: %s)", names[i], expect,
              c.out, c.err);
        printf("  DOT_ISA=%-7s -> ran %s", names[i], c.out);
    }
    CHECK(dot_isa_supported("scalar"), "scalar always runs");
    CHECK(!dot_isa_supported("bogus") && !dot_isa_supported(NULL) && !dot_kernels_for("bogus"),
          "an unknown name is not supported");

    child_result def = run_child(path, NULL, NULL);
    CHECK(best && strncmp(def.out, best, strlen(best)) == 0 && def.out[strlen(best)] == ' ',
          "default dispatch picks the best supported variant %s, got \"%s\"", best ? best : "?",
          def.out);
    printf("  default      -> ran %s", def.out);

    /* Forcing what the CPU lacks: a variant this CPU really lacks if there is one, and always
     * avx512 with the feature masked off, so the refusal is tested on every machine. */
    struct { const char *isa, *disable; } bad[3] = {{"bogus", NULL}, {lacking, NULL},
                                                    {"avx512", "avx512"}};
    for (int i = 0; i < 3; i++) {
        if (!bad[i].isa)
            continue;
        child_result c = run_child(path, bad[i].isa, bad[i].disable);
        int aborted = WIFSIGNALED(c.status) && WTERMSIG(c.status) == SIGABRT;
        CHECK(aborted && c.out[0] == '\0' && strstr(c.err, "DOT_ISA=") && strstr(c.err, bad[i].isa),
              "DOT_ISA=%s must abort with a message before computing; status %d, stdout \"%s\", "
              "stderr \"%s\"",
              bad[i].isa, c.status, c.out, c.err);
        printf("  DOT_ISA=%-7s%s -> refused: %s", bad[i].isa,
               bad[i].disable ? " (DOT_CPU_DISABLE=avx512)" : "", c.err);
    }
    /* With the wide features masked off, the default falls back to the best remaining one. */
    child_result masked = run_child(path, NULL, "avx512,ifma");
    const char *fallback = dot_isa_supported("avx2") ? "avx2 " : dot_isa_supported("sse") ? "sse " : "scalar ";
    CHECK(strncmp(masked.out, fallback, strlen(fallback)) == 0,
          "DOT_CPU_DISABLE=avx512,ifma: default should be %s, got \"%s\"", fallback, masked.out);
    printf("  default with DOT_CPU_DISABLE=avx512,ifma -> ran %s", masked.out);
    return dot_check_summary();
}
