/*
 * The dispatch is resolved once, on first use, by whichever thread comes first (pthread_once and
 * a release store, dispatch.c). This test makes that first use a race: in a fresh process, many
 * threads wait at a barrier and then all make their first libdot call at once, each a different
 * entry point (add/sub in every flavour, the 4x4 kernels, dot_isa, dot_settings); every result is
 * checked against GMP and every thread must see the same variant and settings. Repeated in many
 * fresh processes (the resolution happens once per process), under each DOT_ISA this CPU runs.
 * Built plain, with AddressSanitizer + UBSan, and with ThreadSanitizer (mk/safety.mk).
 *   thread_first_call [PROCESSES]     (the child mode, "race", is internal)
 *   thread_first_call planted-race    a racy lazy initialisation: ThreadSanitizer must report it
 */
#include <gmp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "common/check.h"
#include "common/child.h"
#include "dot.h"

#define THREADS 16
#define N 37 /* limbs: on every variant, full vector groups, single vectors and a chain tail */

static pthread_barrier_t start;
static const char *seen_isa[THREADS], *seen_settings[THREADS];
static int wrong[THREADS];

static void *racer(void *arg)
{
    int id = (int)(size_t)arg;
    dot_rng rng;
    dot_rng_seed(&rng, (uint64_t)id + 1);
    dot_limb_t u[N], v[N], r[2 * N], want[2 * N], c, wc;
    for (int i = 0; i < N; i++) {
        u[i] = dot_rng_next(&rng);
        v[i] = dot_rng_next(&rng);
    }
    pthread_barrier_wait(&start);
    /* the first libdot call of this thread, and of the process for one of them */
    switch (id % 8) {
    case 0:
        c = dot_add_n(r, u, v, N);
        wc = mpn_add_n(want, u, v, N);
        break;
    case 1:
        c = dot_sub_n(r, u, v, N);
        wc = mpn_sub_n(want, u, v, N);
        break;
    case 2:
        c = dot_add_n_ct(r, u, v, N);
        wc = mpn_add_n(want, u, v, N);
        break;
    case 3:
        c = dot_sub_n_ct(r, u, v, N);
        wc = mpn_sub_n(want, u, v, N);
        break;
    case 4:
        c = dot_add_nc(r, u, v, N, 1);
        wc = mpn_add_n(want, u, v, N);
        wc += mpn_add_1(want, want, N, 1);
        break;
    case 5:
        c = dot_sub_nc_ct(r, u, v, N, 1);
        wc = mpn_sub_n(want, u, v, N);
        wc += mpn_sub_1(want, want, N, 1);
        break;
    case 6:
        dot_mul_4x4(r, u, v);
        mpn_mul_n(want, u, v, 4);
        c = wc = 0;
        break;
    default:
        dot_sqr_4x4(r, u);
        mpn_sqr(want, u, 4);
        c = wc = 0;
        break;
    }
    size_t rn = id % 8 >= 6 ? 8 : N;
    wrong[id] = c != wc || memcmp(r, want, rn * sizeof *r) != 0;
    seen_isa[id] = dot_isa();
    seen_settings[id] = dot_settings();
    return NULL;
}

static int race(void)
{
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, racer, (void *)(size_t)i)) {
            fprintf(stderr, "pthread_create failed\n");
            return 2;
        }
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    int bad = 0;
    for (int i = 0; i < THREADS; i++) {
        bad |= wrong[i];
        bad |= seen_isa[i] != seen_isa[0] || strcmp(seen_settings[i], seen_settings[0]) != 0;
    }
    printf("%s %s\n", bad ? "bad" : "ok", seen_isa[0]);
    return bad;
}

/* The planted control for ThreadSanitizer: a lazy initialisation without pthread_once or
 * atomics, the bug the dispatch's resolution must not have. TSan must report it. */
static const char *lazy_name;
static void *lazy_racer(void *arg)
{
    (void)arg;
    pthread_barrier_wait(&start);
    if (!lazy_name)
        lazy_name = dot_kernels_for("scalar")->name;
    return (void *)lazy_name;
}

static int planted(void)
{
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, lazy_racer, NULL);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    printf("planted lazy init done: %s\n", lazy_name);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "race"))
        return race();
    if (argc == 2 && !strcmp(argv[1], "planted-race"))
        return planted();
    int processes = argc == 2 ? atoi(argv[1]) : 50;
    if (processes < 1) {
        fprintf(stderr, "usage: %s [PROCESSES]\n", argv[0]);
        return 2;
    }
    const char *const *names = dot_isa_names();
    for (int k = -1; k < 0 || names[k]; k++) {
        /* k = -1: the default choice; then each variant this CPU runs, forced */
        const char *isa = k < 0 ? NULL : names[k];
        if (isa && !dot_isa_supported(isa))
            continue;
        char var[32];
        snprintf(var, sizeof var, "DOT_ISA=%s", isa ? isa : "");
        const char *env[] = {isa ? var : "DOT_ISA", NULL};
        int ok = 0;
        for (int p = 0; p < processes; p++) {
            dot_child_result res = dot_run_self("race", env);
            int fine = WIFEXITED(res.status) && WEXITSTATUS(res.status) == 0 &&
                       !strncmp(res.out, "ok ", 3) &&
                       (!isa || !strncmp(res.out + 3, isa, strlen(isa)));
            CHECK(fine, "DOT_ISA=%s process %d: status %d, out \"%s\", err \"%s\"",
                  isa ? isa : "(default)", p, res.status, res.out, res.err);
            ok += fine;
        }
        printf("  DOT_ISA=%s: %d of %d fresh processes, %d threads each racing to the first call: "
               "all results right, one variant seen\n",
               isa ? isa : "(default)", ok, processes, THREADS);
    }
    return dot_check_summary();
}
