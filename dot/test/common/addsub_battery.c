#include <gmp.h>
#include <string.h>
#include "addsub_battery.h"
#include "check.h"

const size_t dot_paper_sizes[12] = {8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512};

unsigned dot_whole_cascades_wrong(dot_aors_op_fn fn, size_t max_n)
{
    dot_limb_t u[80], v[80], want[80], got[80];
    unsigned wrong = 0;
    for (size_t n = 1; n <= max_n && n <= 80; n++)
        for (int is_sub = 0; is_sub < 2; is_sub++) {
            for (size_t i = 0; i < n; i++) {
                u[i] = is_sub ? 0 : ~(dot_limb_t)0;
                v[i] = i == 0;
            }
            dot_limb_t cw = is_sub ? mpn_sub_n(want, u, v, (mp_size_t)n)
                                   : mpn_add_n(want, u, v, (mp_size_t)n);
            dot_limb_t cg = fn(got, u, v, n, is_sub);
            wrong += cw != cg || memcmp(want, got, n * sizeof *got) != 0;
        }
    return wrong;
}

#define MAXN 512
#define GUARD 4
#define MAX_OFFSET 3
#define SENTINEL UINT64_C(0x5a5a5a5a5a5a5a5a)
#define ONES (~(dot_limb_t)0)

/* An operand placed `offset` limbs into a buffer framed by sentinel guard limbs. */
typedef struct {
    dot_limb_t buf[GUARD + MAX_OFFSET + MAXN + GUARD];
    dot_limb_t *p;
    size_t n;
} guarded;

static void place(guarded *g, const dot_limb_t *src, size_t n, size_t offset)
{
    for (size_t i = 0; i < sizeof g->buf / sizeof g->buf[0]; i++)
        g->buf[i] = SENTINEL;
    g->p = g->buf + GUARD + offset;
    g->n = n;
    if (src)
        memcpy(g->p, src, n * sizeof *src);
}

static int guards_intact(const guarded *g)
{
    for (const dot_limb_t *q = g->buf; q < g->p; q++)
        if (*q != SENTINEL)
            return 0;
    const dot_limb_t *end = g->buf + sizeof g->buf / sizeof g->buf[0];
    for (const dot_limb_t *q = g->p + g->n; q < end; q++)
        if (*q != SENTINEL)
            return 0;
    return 1;
}

static unsigned long case_no;

#define MAX_BELOW 33

/* GMP's answer for u + v + cin (u - v - cin). */
static dot_limb_t reference(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n,
                            int is_sub, dot_limb_t cin)
{
    mp_size_t m = (mp_size_t)n;
    if (is_sub)
        return mpn_sub_n(r, u, v, m) + (cin ? mpn_sub_1(r, r, m, cin) : 0);
    return mpn_add_n(r, u, v, m) + (cin ? mpn_add_1(r, r, m, cin) : 0);
}

/* Runs the kernel (cin < 0: the plain form, else the carry-in form with that cin). */
static dot_limb_t call(const dot_aors_case *c, int cin, dot_limb_t *rp, const dot_limb_t *up,
                       const dot_limb_t *vp, size_t n)
{
    return cin < 0 ? c->fn(rp, up, vp, n) : c->fnc(rp, up, vp, n, (dot_limb_t)cin);
}

/* rp = up - k: the output starts k limbs below the first input and overlaps it. */
static int below_ok(const dot_aors_case *c, int cin, const dot_limb_t *u, const dot_limb_t *v,
                    size_t n, const dot_limb_t *expect, dot_limb_t expect_carry, size_t k)
{
    static dot_limb_t buf[GUARD + MAX_BELOW + MAXN + GUARD];
    static guarded gv;
    for (size_t i = 0; i < sizeof buf / sizeof buf[0]; i++)
        buf[i] = SENTINEL;
    dot_limb_t *up = buf + GUARD + MAX_BELOW;
    memcpy(up, u, n * sizeof *u);
    place(&gv, v, n, k % (MAX_OFFSET + 1));
    dot_limb_t *rp = up - k;
    dot_limb_t carry = call(c, cin, rp, up, gv.p, n);
    int guards = guards_intact(&gv);
    for (size_t i = 0; i < GUARD + MAX_BELOW - k; i++)
        guards &= buf[i] == SENTINEL;
    for (dot_limb_t *q = up + n; q < buf + sizeof buf / sizeof buf[0]; q++)
        guards &= *q == SENTINEL;
    return guards && carry == expect_carry && memcmp(rp, expect, n * sizeof *rp) == 0;
}

/* One case with one carry-in in every aliasing mode: separate output, rp == up, rp == vp, and
 * rp below up. */
static void run_one(const dot_aors_case *c, int cin, const dot_limb_t *u, const dot_limb_t *v,
                    size_t n, const char *family)
{
    dot_limb_t expect[MAXN];
    dot_limb_t expect_carry = reference(expect, u, v, n, c->is_sub, cin < 0 ? 0 : (dot_limb_t)cin);
    static guarded gu, gv, gr;
    for (int mode = 0; mode < 3; mode++) {
        size_t offset = (case_no++) % (MAX_OFFSET + 1);
        place(&gu, u, n, offset);
        place(&gv, v, n, (offset + mode) % (MAX_OFFSET + 1));
        place(&gr, NULL, n, (offset + 2) % (MAX_OFFSET + 1));
        dot_limb_t *rp = mode == 0 ? gr.p : mode == 1 ? gu.p : gv.p;
        dot_limb_t carry = call(c, cin, rp, gu.p, gv.p, n);
        int same = memcmp(rp, expect, n * sizeof *rp) == 0;
        CHECK(same && carry == expect_carry && guards_intact(&gu) && guards_intact(&gv) &&
                  guards_intact(&gr),
              "%s: %s n=%zu cin=%d mode=%s: %s", c->label, family, n, cin,
              mode == 0   ? "rp separate"
              : mode == 1 ? "rp==up"
                          : "rp==vp",
              !same                   ? "limbs differ from GMP"
              : carry != expect_carry ? "carry differs from GMP"
                                      : "wrote outside its operand");
    }
    if (c->exact_alias_only)
        return;
    size_t k = 1 + (case_no++) % MAX_BELOW;
    CHECK(below_ok(c, cin, u, v, n, expect, expect_carry, k),
          "%s: %s n=%zu cin=%d rp=up-%zu: differs from GMP or wrote outside", c->label, family, n,
          cin, k);
}

/* One case through the plain form, and through the carry-in form with cin 0 and 1. */
static void run_case(const dot_aors_case *c, const dot_limb_t *u, const dot_limb_t *v, size_t n,
                     const char *family)
{
    if (c->fn)
        run_one(c, -1, u, v, n, family);
    if (c->fnc) {
        run_one(c, 0, u, v, n, family);
        run_one(c, 1, u, v, n, family);
    }
}

/* A limb drawn to make carries and cascades likely, not just possible. */
static dot_limb_t edgy_limb(dot_rng *r)
{
    switch (dot_rng_below(r, 6)) {
    case 0: return 0;
    case 1: return ONES;
    case 2: return 1;
    case 3: return ONES - 1;
    case 4: return (dot_limb_t)1 << 63;
    default: return dot_rng_next(r);
    }
}

static void random_cases(const dot_aors_case *c, unsigned long count, dot_rng *r)
{
    dot_limb_t u[MAXN], v[MAXN];
    for (unsigned long k = 0; k < count; k++) {
        /* four in five cases cycle through 1..300 limbs, the fifth through the paper's sizes */
        size_t n = k % 5 ? 1 + (k / 5) % 300 : dot_paper_sizes[(k / 5) % 12];
        unsigned kind = (unsigned)(k % 3);
        for (size_t i = 0; i < n; i++) {
            if (kind == 0) { /* uniform */
                u[i] = dot_rng_next(r);
                v[i] = dot_rng_next(r);
            } else if (kind == 1) { /* edge values */
                u[i] = edgy_limb(r);
                v[i] = edgy_limb(r);
            } else { /* mostly propagating limbs (sum all ones / difference zero), some random */
                u[i] = dot_rng_next(r);
                int prop = dot_rng_below(r, 8) != 0;
                v[i] = prop ? (c->is_sub ? u[i] : ~u[i]) : dot_rng_next(r);
            }
        }
        run_case(c, u, v, n,
                 kind == 0   ? "random"
                 : kind == 1 ? "random edge values"
                             : "random propagate runs");
    }
}

/* u + v (u - v) where limbs s..e propagate and limb s-1 generates: a cascade from s-1 to e. */
static void cascade_case(const dot_aors_case *c, size_t n, size_t s, size_t e, dot_rng *r)
{
    dot_limb_t u[MAXN], v[MAXN];
    for (size_t i = 0; i < n; i++) {
        u[i] = dot_rng_next(r);
        v[i] = dot_rng_next(r);
    }
    for (size_t i = s; i <= e; i++)
        v[i] = c->is_sub ? u[i] : ~u[i];
    if (s > 0) {
        u[s - 1] = c->is_sub ? 0 : ONES;
        v[s - 1] = 1 + dot_rng_below(r, 3);
    }
    run_case(c, u, v, n, "cascade");
}

static void pathological_cases(const dot_aors_case *c, dot_rng *r)
{
    static const size_t extra[] = {63, 64, 65, 127, 128, 129, 255, 256, 257, 300, 511, 512};
    size_t sizes[64 + 12 + 12];
    size_t count = 0;
    for (size_t n = 1; n <= 64; n++)
        sizes[count++] = n;
    for (size_t i = 0; i < 12; i++)
        sizes[count++] = extra[i];
    for (size_t i = 0; i < 12; i++)
        sizes[count++] = dot_paper_sizes[i];

    dot_limb_t u[MAXN], v[MAXN];
    for (size_t t = 0; t < count; t++) {
        size_t n = sizes[t];
        /* all-ones + 1 / zeros - 1: the carry (borrow) runs the whole operand */
        for (size_t i = 0; i < n; i++) {
            u[i] = c->is_sub ? 0 : ONES;
            v[i] = i == 0;
        }
        run_case(c, u, v, n, "whole-operand cascade");
        /* all-ones with all-ones, zeros with zeros */
        for (size_t i = 0; i < n; i++)
            u[i] = v[i] = c->is_sub ? 0 : ONES;
        run_case(c, u, v, n, "all-ones/zeros");
        /* alternating max/0 against its complement: every limb propagates ... */
        for (size_t i = 0; i < n; i++) {
            u[i] = i % 2 ? 0 : ONES;
            v[i] = c->is_sub ? u[i] : ~u[i];
        }
        run_case(c, u, v, n, "alternating, all propagate");
        /* ... and then limb 0 generates: one cascade across everything */
        u[0] = c->is_sub ? 0 : ONES;
        v[0] = 1;
        run_case(c, u, v, n, "alternating, full cascade");
        /* limbs equal to 2^64-1 (0 for sub) exactly at vector-block boundaries */
        for (size_t i = 0; i < n; i++) {
            u[i] = dot_rng_next(r);
            v[i] = dot_rng_next(r);
            if (i % 4 == 3 || i % 4 == 0)
                v[i] = c->is_sub ? u[i] : ~u[i];
        }
        run_case(c, u, v, n, "propagating limbs at block boundaries");
        /* cascades that start in one block and end in another: every (s, e) for small n, a
         * sample plus the block-boundary ones for large n */
        if (n <= 40) {
            for (size_t s = 0; s < n; s++)
                for (size_t e = s; e < n; e++)
                    cascade_case(c, n, s, e, r);
        } else {
            static const size_t edges[] = {1,  2,  3,  4,  5,  7,  8,  9, 15,
                                           16, 17, 31, 32, 33, 63, 64, 65};
            for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
                for (size_t j = i; j < sizeof edges / sizeof edges[0]; j++)
                    if (edges[j] < n)
                        cascade_case(c, n, edges[i], edges[j], r);
            for (int k = 0; k < 100; k++) {
                size_t s = (size_t)dot_rng_below(r, n), e = s + (size_t)dot_rng_below(r, n - s);
                cascade_case(c, n, s, e, r);
            }
            cascade_case(c, n, 1, n - 1, r);
        }
    }
}

void dot_addsub_battery(const dot_aors_case *c, unsigned long random_count)
{
    dot_rng r;
    dot_rng_seed(&r, 0xd07d07 + (uint64_t)c->is_sub);
    unsigned long before = dot_check_failures();
    random_cases(c, dot_test_cases(random_count), &r);
    pathological_cases(c, &r);
    printf("  %-24s %s\n", c->label, dot_check_failures() == before ? "ok" : "MISMATCHES");
}
