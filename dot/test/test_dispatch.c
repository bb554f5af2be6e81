/* Dispatch: a forced variant is the one that runs, forcing one this CPU cannot run (or an
 * unknown name) is an error with a message and never a SIGILL, and the default is the best
 * variant the CPU supports. Each case runs in a child process, since the choice is made once. */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include "common/check.h"
#include "common/child.h"
#include "dot.h"

/* Runs this program as a child with DOT_ISA set to `isa` and DOT_CPU_DISABLE to `disable`
 * (each unset if NULL). */
static dot_child_result run_child(const char *isa, const char *disable)
{
    char isa_env[64] = "DOT_ISA", disable_env[64] = "DOT_CPU_DISABLE";
    if (isa)
        snprintf(isa_env, sizeof isa_env, "DOT_ISA=%s", isa);
    if (disable)
        snprintf(disable_env, sizeof disable_env, "DOT_CPU_DISABLE=%s", disable);
    const char *env[] = {isa_env, disable_env, NULL};
    return dot_run_self("--child", env);
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
        dot_child_result c = run_child(names[i], NULL);
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

    dot_child_result def = run_child(NULL, NULL);
    CHECK(best && strncmp(def.out, best, strlen(best)) == 0 && def.out[strlen(best)] == ' ',
          "default dispatch picks the best supported variant %s, got \"%s\"", best ? best : "?",
          def.out);
    printf("  default      -> ran %s", def.out);

    /* Forcing what the CPU lacks: a variant this CPU really lacks if there is one, and always
     * avx512 with the feature masked off, so the refusal is tested on every machine. */
    struct {
        const char *isa, *disable;
    } bad[3] = {{"bogus", NULL}, {lacking, NULL}, {"avx512", "avx512"}};
    for (int i = 0; i < 3; i++) {
        if (!bad[i].isa)
            continue;
        dot_child_result c = run_child(bad[i].isa, bad[i].disable);
        CHECK(dot_child_aborted_with(&c, "DOT_ISA=") && strstr(c.err, bad[i].isa),
              "DOT_ISA=%s must abort with a message before computing; status %d, stdout \"%s\", "
              "stderr \"%s\"",
              bad[i].isa, c.status, c.out, c.err);
        printf("  DOT_ISA=%-7s%s -> refused: %s", bad[i].isa,
               bad[i].disable ? " (DOT_CPU_DISABLE=avx512)" : "", c.err);
    }
    /* DOT_CPU_DISABLE takes exact feature names only: a typo, a capital or a space would
     * otherwise leave the feature enabled and measure the unmasked CPU. */
    const char *bad_disable[] = {"AVX512", "ifma, avx512", "avx2,", "fma"};
    for (size_t i = 0; i < sizeof bad_disable / sizeof bad_disable[0]; i++) {
        dot_child_result c = run_child(NULL, bad_disable[i]);
        CHECK(dot_child_aborted_with(&c, "DOT_CPU_DISABLE=") && strstr(c.err, "names no feature"),
              "DOT_CPU_DISABLE=%s must abort with a message before computing; "
              "status %d, stdout \"%s\", stderr \"%s\"",
              bad_disable[i], c.status, c.out, c.err);
        printf("  DOT_CPU_DISABLE=%-12s -> refused: %s", bad_disable[i], c.err);
    }
    dot_child_result all = run_child(NULL, "sse42,avx2,avx512,ifma");
    CHECK(strcmp(all.out, "chain 0 9 0\n") == 0,
          "DOT_CPU_DISABLE with every feature: default should be chain (the best that needs none), "
          "got \"%s\" (stderr %s)",
          all.out, all.err);
    /* With the wide features masked off, the default falls back to the best remaining one. */
    dot_child_result masked = run_child(NULL, "avx512,ifma");
    const char *fallback = dot_isa_supported("avx2")  ? "avx2 "
                           : dot_isa_supported("sse") ? "sse "
                                                      : "scalar ";
    CHECK(strncmp(masked.out, fallback, strlen(fallback)) == 0,
          "DOT_CPU_DISABLE=avx512,ifma: default should be %s, got \"%s\"", fallback, masked.out);
    printf("  default with DOT_CPU_DISABLE=avx512,ifma -> ran %s", masked.out);
    return dot_check_summary();
}
