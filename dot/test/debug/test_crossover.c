/* The size-aware add/sub dispatch: below the crossover the entry points run the add-with-carry
 * chain, from it on the variant's vector kernel, for all eight entry points; the crossovers
 * reported by dot_crossovers_active() are the ones acted on; DOT_CROSSOVER overrides them (all,
 * or one operation at a time, 0 and max included) and a malformed value aborts with a message.
 * Linked with the DOT_DEBUG build, which records the path each call took. Each case runs in a
 * child process, since the choice is made once per process. */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include "../common/check.h"
#include "../common/child.h"
#include "dot_impl.h"

#define MAXN 600

typedef struct {
    const char *name;
    dot_aors_fn fn;
    dot_aorsc_fn fnc;
    int is_sub;
} entry;

static const entry entries[4] = {
    {"add_n", dot_add_n, dot_add_nc, 0},
    {"sub_n", dot_sub_n, dot_sub_nc, 1},
    {"add_n_ct", dot_add_n_ct, dot_add_nc_ct, 0},
    {"sub_n_ct", dot_sub_n_ct, dot_sub_nc_ct, 1},
};

/* The smallest n in 1..MAXN from which every call took the vector path (0: none did), or -1 if
 * the paths do not split at one size, the carry-in form took another path, or a result was
 * wrong. */
static long first_vector_size(const entry *e)
{
    static dot_limb_t u[MAXN], v[MAXN], r[MAXN], expect[MAXN];
    for (size_t i = 0; i < MAXN; i++) {
        u[i] = UINT64_C(0x9e3779b97f4a7c15) * (i + 1);
        v[i] = ~u[i] ^ (i % 3 == 0);
    }
    long first = 0;
    for (size_t n = 1; n <= MAXN; n++) {
        mp_limb_t c = e->is_sub ? mpn_sub_n(expect, u, v, (mp_size_t)n)
                                : mpn_add_n(expect, u, v, (mp_size_t)n);
        int ok = e->fn(r, u, v, n) == c && memcmp(r, expect, n * sizeof *r) == 0;
        const char *path = dot_debug_last_path();
        ok &= e->fnc(r, u, v, n, 0) == c && memcmp(r, expect, n * sizeof *r) == 0;
        if (!ok || strcmp(path, dot_debug_last_path()) != 0)
            return -1;
        int vector = strcmp(path, "vector") == 0;
        if (vector && !first)
            first = (long)n;
        if (!vector && first)
            return -1;
    }
    return first;
}

static void size_text(char *buf, size_t len, size_t n)
{
    if (n == SIZE_MAX || n > MAXN)
        snprintf(buf, len, "never");
    else
        snprintf(buf, len, "%zu", n ? n : 1);
}

/* Prints "observed | active" for the four operations: the observed first vector size and the one
 * dot_crossovers_active() implies, "never" where the chain runs at every size tested. */
static int child(void)
{
    char seen[4][16], said[4][16];
    const dot_crossovers *x = dot_crossovers_active();
    size_t active[4] = {x->add_n, x->sub_n, x->add_n_ct, x->sub_n_ct};
    for (int i = 0; i < 4; i++) {
        long f = first_vector_size(&entries[i]);
        if (f < 0)
            snprintf(seen[i], sizeof seen[i], "BROKEN");
        else
            size_text(seen[i], sizeof seen[i], f ? (size_t)f : SIZE_MAX);
        size_text(said[i], sizeof said[i], active[i]);
    }
    printf("%s %s %s %s | %s %s %s %s | %s\n", seen[0], seen[1], seen[2], seen[3], said[0], said[1],
           said[2], said[3], x->source);
    return 0;
}

static dot_child_result run(const char *isa, const char *crossover)
{
    char isa_env[64] = "DOT_ISA", x_env[128] = "DOT_CROSSOVER";
    if (isa)
        snprintf(isa_env, sizeof isa_env, "DOT_ISA=%s", isa);
    if (crossover)
        snprintf(x_env, sizeof x_env, "DOT_CROSSOVER=%s", crossover);
    const char *env[] = {isa_env, x_env, NULL};
    return dot_run_self("--child", env);
}

/* The child's observed sizes must equal the active ones, and `expect` (if given) must prefix the
 * line. */
static void expect_split(const char *isa, const char *crossover, const char *expect)
{
    dot_child_result c = run(isa, crossover);
    char seen[64] = "", said[64] = "";
    const char *bar = strchr(c.out, '|');
    const char *bar2 = bar ? strchr(bar + 1, '|') : NULL;
    if (bar && bar2) {
        snprintf(seen, sizeof seen, "%.*s", (int)(bar - c.out), c.out);
        snprintf(said, sizeof said, "%.*s", (int)(bar2 - bar - 2), bar + 2);
    }
    CHECK(
        WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 && bar2 && !strstr(seen, "BROKEN") &&
            strncmp(seen, said, strlen(said)) == 0 &&
            (!expect || strncmp(c.out, expect, strlen(expect)) == 0),
        "DOT_ISA=%s DOT_CROSSOVER=%s: expected \"%s\" with observed = active, child printed \"%s\" "
        "(stderr: %s)",
        isa ? isa : "(unset)", crossover ? crossover : "(unset)", expect ? expect : "", c.out,
        c.err);
    printf("  DOT_ISA=%-7s DOT_CROSSOVER=%-26s -> %s", isa ? isa : "-", crossover ? crossover : "-",
           c.out);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    printf("first size on the vector kernel (add_n sub_n add_n_ct sub_n_ct) | as reported:\n");
    expect_split(NULL, NULL, NULL);
    expect_split(NULL, "7", "7 7 7 7 | 7 7 7 7 | DOT_CROSSOVER");
    expect_split(NULL, "0", "1 1 1 1 | 1 1 1 1 | DOT_CROSSOVER");
    expect_split(NULL, "max", "never never never never | never never never never");
    expect_split(NULL, "add_n=5,sub_n_ct=max,sub_n=300", "5 300 ");
    expect_split(NULL, "add_n_ct=max,add_n=2", "2 ");
    expect_split("scalar", NULL, "1 1 1 1 | 1 1 1 1 | generic table");
    expect_split("chain", "5", "5 5 5 5");
    if (dot_isa_supported("avx2"))
        expect_split("avx2", NULL, NULL);
    if (dot_isa_supported("avx512"))
        expect_split("avx512", NULL, NULL);

    static const char *const bad[] = {"abc",
                                      "add_n=",
                                      "mul_n=3",
                                      "5,",
                                      "add_n=5,",
                                      "-1",
                                      "12345678901234567890",
                                      "add_n=5;sub_n=6",
                                      "0x10",
                                      "Max"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dot_child_result c = run(NULL, bad[i]);
        CHECK(dot_child_aborted_with(&c, "DOT_CROSSOVER=") && strstr(c.err, bad[i]),
              "DOT_CROSSOVER=%s must abort with a message naming it; status %d, stdout \"%s\", "
              "stderr \"%s\"",
              bad[i], c.status, c.out, c.err);
        printf("  DOT_CROSSOVER=%-22s -> refused: %s", bad[i], c.err);
    }
    return dot_check_summary();
}
