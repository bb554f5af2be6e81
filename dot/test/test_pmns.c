/* The PMNS family (dot_pmns.h) against GMP: every committed parameter file, both flavours, the
 * scalar reference and (where this CPU runs it) the IFMA kernels, chains of 1000 products; the
 * public entry points with the kernels dot_isa() picks; malformed files; and a planted control:
 * a reduction truncated one word further than Theorem 2 allows must be caught. */
#include <glob.h>
#include <stdio.h>
#include <sys/wait.h>
#include "common/child.h"
#include "common/pmns_battery.h"
#include "dot_impl.h"

#define PARAMS "dot/pmns/params/pmns-*.txt"

/* Which kernels dot_pmns_load chose: "ifma" or "scalar". */
static const char *kernels_of(const dot_pmns *pm)
{
    return pm->mul == pmns_ifma_mul ? "ifma" : "scalar";
}

/* The child: the kernels dot_pmns_load picks under this process's DOT_ISA. */
static int child(const char *path)
{
    dot_pmns *pm = dot_pmns_load(path);
    printf("%s %s\n", dot_isa(), pm ? kernels_of(pm) : "none");
    dot_pmns_free(pm);
    return 0;
}

/* DOT_ISA=scalar forces the scalar kernels; the default takes the IFMA ones where they run. */
static void follows_dot_isa(void)
{
    const char *scalar_env[] = {"DOT_ISA=scalar", NULL}, *default_env[] = {"DOT_ISA", NULL};
    dot_child_result c = dot_run_self("--child", scalar_env);
    CHECK(WIFEXITED(c.status) && strcmp(c.out, "scalar scalar\n") == 0,
          "DOT_ISA=scalar: child printed '%s'", c.out);
    c = dot_run_self("--child", default_env);
    const char *want = dot_isa_supported("ifma") ? "ifma ifma\n" : NULL;
    CHECK(WIFEXITED(c.status) &&
              (want ? strcmp(c.out, want) == 0 : strstr(c.out, " scalar\n") != NULL),
          "default DOT_ISA: child printed '%s'", c.out);
    printf("dot_pmns_load follows DOT_ISA: scalar when forced, %s by default\n",
           want ? "ifma" : "scalar");
}

/* The public API end to end, with whatever kernels dot_pmns_load chose. */
static void public_api(const char *path)
{
    dot_pmns *pm = dot_pmns_load(path);
    CHECK(pm != NULL, "dot_pmns_load(%s)", path);
    if (!pm)
        return;
    CHECK(strcmp(kernels_of(pm), strcmp(dot_isa(), "ifma") == 0 ? "ifma" : "scalar") == 0,
          "%s: dot_pmns_load chose the %s kernels under dot_isa() = %s", path, kernels_of(pm),
          dot_isa());
    uint64_t a[PMNS_MAX_LIMBS], b[PMNS_MAX_LIMBS], x[PMNSB_WORDS], y[PMNSB_WORDS], r[PMNSB_WORDS];
    uint64_t full[PMNS_MAX_LIMBS], trunc[PMNS_MAX_LIMBS];
    mpz_t p, za, zb, got;
    mpz_inits(p, za, zb, got, NULL);
    dot_pmns_modulus(pm, a);
    pmnsb_to_mpz(pm, p, a);
    mpz_sub_ui(za, p, 1);
    mpz_set_ui(zb, 0xabcdef);
    mpz_pow_ui(zb, zb, pm->bits / 16);
    mpz_mod(zb, zb, p);
    pmnsb_from_mpz(pm, a, za);
    pmnsb_from_mpz(pm, b, zb);
    dot_pmns_from_int(pm, x, a);
    dot_pmns_from_int(pm, y, b);
    dot_pmns_mul(pm, r, x, y);
    dot_pmns_to_int(pm, full, r);
    dot_pmns_mul_trunc(pm, r, x, y);
    dot_pmns_to_int(pm, trunc, r);
    mpz_mul(za, za, zb);
    mpz_mod(za, za, p);
    pmnsb_to_mpz(pm, got, full);
    CHECK(mpz_cmp(got, za) == 0, "%s: dot_pmns_mul through the public API", path);
    pmnsb_to_mpz(pm, got, trunc);
    CHECK(mpz_cmp(got, za) == 0, "%s: dot_pmns_mul_trunc through the public API", path);
    /* the batch entry points: lane l multiplies x by y (l even) or y by x (l odd) */
    const size_t words = dot_pmns_words(pm);
    uint64_t *bx = calloc(DOT_PMNS_BATCH * words, 8), *by = calloc(DOT_PMNS_BATCH * words, 8);
    for (int fl = 0; fl < 2; fl++) {
        for (size_t l = 0; l < DOT_PMNS_BATCH; l++) {
            memcpy(bx + l * words, l % 2 ? y : x, words * 8);
            memcpy(by + l * words, l % 2 ? x : y, words * 8);
        }
        (fl ? dot_pmns_mul_trunc_batch : dot_pmns_mul_batch)(pm, bx, bx, by);
        int ok = 1;
        for (size_t l = 0; l < DOT_PMNS_BATCH; l++) {
            dot_pmns_to_int(pm, full, bx + l * words);
            pmnsb_to_mpz(pm, got, full);
            ok &= mpz_cmp(got, za) == 0;
        }
        CHECK(ok, "%s: %s through the public API", path,
              fl ? "dot_pmns_mul_trunc_batch" : "dot_pmns_mul_batch");
    }
    /* the timed loop: the same chain as the same number of calls, in both forms; zero iterations
     * leave x as it was */
    for (int fl = 0; fl < 4; fl++) {
        const int tr = fl & 1, batch = fl >> 1;
        const size_t len = (batch ? DOT_PMNS_BATCH : 1) * words;
        for (size_t l = 0; l < DOT_PMNS_BATCH; l++) {
            memcpy(bx + l * words, x, words * 8);
            memcpy(by + l * words, y, words * 8);
        }
        uint64_t *want_x = malloc(len * 8);
        memcpy(want_x, bx, len * 8);
        for (int i = 0; i < 20; i++) {
            if (batch)
                (tr ? dot_pmns_mul_trunc_batch : dot_pmns_mul_batch)(pm, want_x, want_x, by);
            else
                (tr ? dot_pmns_mul_trunc : dot_pmns_mul)(pm, want_x, want_x, by);
        }
        uint64_t ticks = dot_pmns_mul_loop(pm, tr, batch, bx, by, 20);
        CHECK(ticks > 0 && memcmp(bx, want_x, len * 8) == 0,
              "%s: dot_pmns_mul_loop(trunc %d, batch %d) is not the chain of 20 products", path, tr,
              batch);
        memcpy(want_x, bx, len * 8);
        dot_pmns_mul_loop(pm, tr, batch, bx, by, 0);
        CHECK(memcmp(bx, want_x, len * 8) == 0, "%s: dot_pmns_mul_loop with 0 iterations changed x",
              path);
        free(want_x);
    }
    free(bx), free(by);
    mpz_clears(p, za, zb, got, NULL);
    dot_pmns_free(pm);
}

/* Reductions computing the halves of weight >= s-1 (Theorem 2) are right; from weight s (one
 * word fewer) some products must come out wrong, or this battery could not see the difference. */
static void planted_truncation(const char *path)
{
    dot_pmns *pm = dot_pmns_read(path);
    if (!pm)
        return;
    pm->mul = pmns_scalar_mul;
    pm->reduce = pmns_scalar_reduce;
    uint64_t limbs[PMNS_MAX_LIMBS], x[PMNSB_WORDS], y[PMNSB_WORDS], r[PMNSB_WORDS];
    uint64_t cols[2 * PMNSB_WORDS];
    mpz_t p, a, b, want;
    mpz_inits(p, a, b, want, NULL);
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 1414);
    dot_pmns_modulus(pm, limbs);
    pmnsb_to_mpz(pm, p, limbs);
    unsigned wrong_theorem = 0, wrong_planted = 0;
    for (int i = 0; i < 50; i++) {
        mpz_urandomm(a, rs, p);
        mpz_urandomm(b, rs, p);
        pmnsb_from_mpz(pm, limbs, a);
        dot_pmns_from_int(pm, x, limbs);
        pmnsb_from_mpz(pm, limbs, b);
        dot_pmns_from_int(pm, y, limbs);
        mpz_mul(want, a, b);
        mpz_mod(want, want, p);
        pmns_scalar_product(pm, cols, x, y);
        pmns_scalar_reduce_from(pm, r, cols, pm->s - 1);
        wrong_theorem += !pmnsb_equals(pm, r, want);
        pmns_scalar_reduce_from(pm, r, cols, pm->s);
        wrong_planted += !pmnsb_equals(pm, r, want);
    }
    CHECK(wrong_theorem == 0, "%s: truncation at weight s-1 wrong %u times", path, wrong_theorem);
    CHECK(wrong_planted > 0, "%s: planted control (truncation at weight s) not caught", path);
    printf("  planted control (truncated at weight s)        wrong in %u of 50 products: %s\n",
           wrong_planted, wrong_planted ? "caught" : "NOT CAUGHT");
    mpz_clears(p, a, b, want, NULL);
    gmp_randclear(rs);
    dot_pmns_free(pm);
}

/* Whether the parameter file's set splits the last stage. */
static int pm_split_v(const char *path)
{
    dot_pmns *pm = dot_pmns_read(path);
    int v = pm && pm->split_v;
    dot_pmns_free(pm);
    return v;
}

/* The split last stage (pmns_impl.h, split_v) takes the floor of V + phi/2: without the phi/2
 * (planted here), the full flavour must stay right (V is a multiple of phi) and the truncated
 * one must go wrong (its sum falls short of V). */
static void planted_half_phi(const char *path)
{
    dot_pmns *pm = dot_pmns_read(path);
    if (!pm || !pm->split_v || !dot_isa_supported("ifma")) {
        dot_pmns_free(pm);
        return;
    }
    pm->mul = pmns_ifma_mul;
    pm->reduce = pmns_ifma_reduce;
    for (size_t k = 0; k < pm->n; k++) /* a signed column: the kernel's carries are arithmetic */
        pm->init_v[(pm->s - 1) * pm->n + k] -= UINT64_C(1) << (PMNS_W - 1);
    uint64_t limbs[PMNS_MAX_LIMBS], x[PMNSB_WORDS], y[PMNSB_WORDS], r[PMNSB_WORDS];
    mpz_t p, a, b, want;
    mpz_inits(p, a, b, want, NULL);
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 1515);
    dot_pmns_modulus(pm, limbs);
    pmnsb_to_mpz(pm, p, limbs);
    unsigned wrong_full = 0, wrong_trunc = 0;
    for (int i = 0; i < 50; i++) {
        mpz_urandomm(a, rs, p);
        mpz_urandomm(b, rs, p);
        pm->split_v = 0; /* conversions and checks with the whole last stage */
        pmnsb_from_mpz(pm, limbs, a);
        dot_pmns_from_int(pm, x, limbs);
        pmnsb_from_mpz(pm, limbs, b);
        dot_pmns_from_int(pm, y, limbs);
        mpz_mul(want, a, b);
        mpz_mod(want, want, p);
        pm->split_v = 1;
        pmns_ifma_mul(pm, r, x, y, 0);
        pm->split_v = 0;
        wrong_full += !pmnsb_equals(pm, r, want);
        pm->split_v = 1;
        pmns_ifma_mul(pm, r, x, y, 1);
        pm->split_v = 0;
        wrong_trunc += !pmnsb_equals(pm, r, want);
    }
    CHECK(wrong_full == 0, "%s: split last stage without phi/2: full flavour wrong %u times", path,
          wrong_full);
    CHECK(wrong_trunc > 0, "%s: planted control (split last stage without phi/2) not caught", path);
    printf("  planted control (split last stage, no phi/2)  truncated wrong in %u of 50, full in "
           "%u: %s\n",
           wrong_trunc, wrong_full, wrong_trunc && !wrong_full ? "caught" : "NOT CAUGHT");
    mpz_clears(p, a, b, want, NULL);
    gmp_randclear(rs);
    dot_pmns_free(pm);
}

/* Missing and malformed files: NULL and a message, no crash. */
static void malformed(const char *good)
{
    CHECK(dot_pmns_load("dot/pmns/params/no-such-file.txt") == NULL, "a missing file loads");
    FILE *in = fopen(good, "rb");
    char *text = malloc(1 << 22);
    size_t len = in ? fread(text, 1, (1 << 22) - 1, in) : 0;
    if (in)
        fclose(in);
    text[len] = '\0';
    const char *tmp = "build/dot/test/pmns-malformed.txt";
    /* each case: the file cut short at a fraction of its length, or one hex digit turned bad */
    for (int c = 0; c < 4; c++) {
        FILE *out = fopen(tmp, "wb");
        if (!out)
            break;
        if (c < 3) {
            fwrite(text, 1, len * (size_t)(c + 1) / 4, out);
        } else {
            char *t = strstr(text, "\nmprime ");
            t[10] = 'z';
            fwrite(text, 1, len, out);
        }
        fclose(out);
        fprintf(stderr, "(expected) ");
        dot_pmns *pm = dot_pmns_load(tmp);
        CHECK(pm == NULL, "malformed case %d loads", c);
        dot_pmns_free(pm);
    }
    remove(tmp);
    free(text);
}

int main(int argc, char **argv)
{
    glob_t files;
    if (glob(PARAMS, 0, NULL, &files) != 0 || files.gl_pathc == 0) {
        fprintf(stderr, "no parameter files %s (run from the repository root)\n", PARAMS);
        return 1;
    }
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child(files.gl_pathv[0]);
    int ifma = dot_isa_supported("ifma");
    for (size_t f = 0; f < files.gl_pathc; f++) {
        const char *path = files.gl_pathv[f];
        printf("%s\n", path);
        pmns_battery("scalar", path, pmns_scalar_mul, pmns_scalar_reduce, 1000);
        pmns_batch_battery("scalar batch", path, pmns_scalar_mul8, pmns_scalar_reduce, 100,
                           PMNSB_WHOLE_OR_SPLIT);
        if (ifma) {
            pmns_battery("ifma", path, pmns_ifma_mul, pmns_ifma_reduce, 1000);
            pmns_battery_shape("ifma, product in one piece", path, pmns_ifma_mul, pmns_ifma_reduce,
                               300, PMNSB_NO_SPLIT);
            if (pm_split_v(path))
                pmns_battery_shape("ifma, last stage whole", path, pmns_ifma_mul, pmns_ifma_reduce,
                                   300, PMNSB_LAST_WHOLE);
            pmns_batch_battery("ifma batch", path, pmns_ifma_mul8, pmns_ifma_reduce, 1000,
                               PMNSB_WHOLE_OR_SPLIT);
            pmns_batch_battery("ifma batch, product in one piece", path, pmns_ifma_mul8,
                               pmns_ifma_reduce, 300, PMNSB_NO_SPLIT);
        } else {
            printf("  %-44s skipped: this CPU cannot run it\n", "ifma");
        }
        public_api(path);
        planted_truncation(path);
        planted_half_phi(path);
    }
    follows_dot_isa();
    malformed(files.gl_pathv[0]);
    globfree(&files);
    return dot_check_summary();
}
