/*
 * libFuzzer target: libdot's add/sub in every flavour against GMP's mpn_add_n / mpn_sub_n.
 * The input chooses everything: the variant (each kernel table this CPU runs, or the dispatched
 * entry points with their crossover), the operation and flavour (fast, _ct, carry-in _nc and
 * _nc_ct with cin 0 or 1), the size (1..300 limbs), the layout (separate, rp == up, rp == vp, or
 * rp = up - k for k = 1..33: GMP's rp <= up rule), the offsets of the operands in their buffer,
 * and the limbs (the input bytes, repeated, with a byte that sets limbs to all-ones or zero so
 * that carry cascades are common). Guard limbs around the result must stay untouched.
 * A difference aborts (libFuzzer saves the input as a crash file).
 * Built with -DFUZZ_PLANT: a planted wrong answer (one bit flipped for one family of inputs) that
 * the bounded run must find (mk/safety.mk checks that it does).
 */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dot.h"

#define MAXN 300
#define GUARD 4
#define GUARD_LIMB UINT64_C(0x5a5a5a5a5a5a5a5a)

static const dot_kernels *tables[8];
static int ntables;

static void setup(void)
{
    for (const char *const *n = dot_isa_names(); *n; n++) {
        const dot_kernels *k = dot_kernels_for(*n);
        if (k)
            tables[ntables++] = k;
    }
}

typedef struct {
    const uint8_t *p;
    size_t left;
} reader;

static uint64_t take(reader *r, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) {
        v = v << 8 | (r->left ? *r->p : 0);
        if (r->left) {
            r->p++;
            r->left--;
        }
    }
    return v;
}

static void fail(const char *what, int table, int op, size_t n, int layout, unsigned cin)
{
    fprintf(stderr, "fuzz_addsub: %s: %s op %d n=%zu layout %d cin %u\n", what,
            table < ntables ? tables[table]->name : "dispatched", op, n, layout, cin);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ntables)
        setup();
    if (size < 6)
        return 0;
    reader r = {data, size};
    int table = (int)(take(&r, 1) % (unsigned)(ntables + 1)); /* ntables: dispatched */
    int op = (int)(take(&r, 1) % 8); /* bit 0 sub, bit 1 ct, bit 2 carry-in form */
    size_t n = 1 + (size_t)(take(&r, 2) % MAXN);
    unsigned shape = (unsigned)take(&r, 1);
    int layout = shape % 4; /* 0 separate, 1 rp == up, 2 rp == vp, 3 rp below up */
    size_t k = 1 + (shape >> 2) % 33;
    unsigned cin = (op & 4) ? (unsigned)(shape >> 7) : 0;
    unsigned pattern = (unsigned)take(&r, 1); /* ones/zeros sprinkled for cascades */

    static dot_limb_t u[MAXN], v[MAXN], want[MAXN];
    const uint8_t *limbs = r.p;
    size_t nbytes = r.left;
    for (size_t i = 0; i < n; i++) {
        dot_limb_t a = 0, b = 0;
        for (int j = 0; j < 8; j++) { /* little-endian, as the limbs lie in memory */
            a |= (dot_limb_t)(nbytes ? limbs[(16 * i + (size_t)j) % nbytes] : 0) << (8 * j);
            b |= (dot_limb_t)(nbytes ? limbs[(16 * i + 8 + (size_t)j) % nbytes] : 0) << (8 * j);
        }
        unsigned sel = (pattern >> (i % 8)) & 1;
        if (sel && (i + pattern) % 3 == 0)
            b = (op & 1) ? a : ~a; /* propagate */
        u[i] = a;
        v[i] = b;
    }
    int sub = op & 1;
    mp_limb_t wc = sub ? mpn_sub_n(want, u, v, (mp_size_t)n) : mpn_add_n(want, u, v, (mp_size_t)n);
    if (cin)
        wc += sub ? mpn_sub_1(want, want, (mp_size_t)n, 1) : mpn_add_1(want, want, (mp_size_t)n, 1);

    /* one buffer: [guard][rp or the overlap slack][up][guard][vp][guard], offsets from the input */
    static dot_limb_t buf[3 * MAXN + 64 + 8 * GUARD];
    for (size_t i = 0; i < sizeof buf / sizeof buf[0]; i++)
        buf[i] = GUARD_LIMB;
    dot_limb_t *up = buf + GUARD + 34, *vp = up + n + GUARD, *rp = vp + n + GUARD;
    memcpy(up, u, n * sizeof *u);
    memcpy(vp, v, n * sizeof *v);
    if (layout == 1)
        rp = up;
    else if (layout == 2)
        rp = vp;
    else if (layout == 3)
        rp = up - k;
    dot_limb_t c;
    const dot_kernels *t = table < ntables ? tables[table] : NULL;
    switch (op) {
    case 0: c = t ? t->add_n(rp, up, vp, n) : dot_add_n(rp, up, vp, n); break;
    case 1: c = t ? t->sub_n(rp, up, vp, n) : dot_sub_n(rp, up, vp, n); break;
    case 2: c = t ? t->add_n_ct(rp, up, vp, n) : dot_add_n_ct(rp, up, vp, n); break;
    case 3: c = t ? t->sub_n_ct(rp, up, vp, n) : dot_sub_n_ct(rp, up, vp, n); break;
    case 4: c = t ? t->add_nc(rp, up, vp, n, cin) : dot_add_nc(rp, up, vp, n, cin); break;
    case 5: c = t ? t->sub_nc(rp, up, vp, n, cin) : dot_sub_nc(rp, up, vp, n, cin); break;
    case 6: c = t ? t->add_nc_ct(rp, up, vp, n, cin) : dot_add_nc_ct(rp, up, vp, n, cin); break;
    default: c = t ? t->sub_nc_ct(rp, up, vp, n, cin) : dot_sub_nc_ct(rp, up, vp, n, cin); break;
    }
#ifdef FUZZ_PLANT
    /* the planted wrong answer: a flipped bit for subtractions of a multiple of 19 limbs whose
     * low limb ends in 0x0d15ea5e */
    if ((uint32_t)u[0] == 0x0d15ea5e && sub && n % 19 == 0)
        rp[n - 1] ^= 1;
#endif
    if (c != wc)
        fail("carry differs from GMP", table, op, n, layout, cin);
    if (memcmp(rp, want, n * sizeof *rp) != 0)
        fail("result differs from GMP", table, op, n, layout, cin);
    /* nothing outside rp was written (the inputs may be overwritten only where rp overlaps them) */
    for (dot_limb_t *g = buf; g < buf + GUARD; g++)
        if (*g != GUARD_LIMB)
            fail("wrote below the buffers", table, op, n, layout, cin);
    for (dot_limb_t *g = buf + GUARD; g < (layout == 3 ? up - k : up); g++)
        if (*g != GUARD_LIMB)
            fail("wrote below rp", table, op, n, layout, cin);
    for (dot_limb_t *g = up + n; g < up + n + GUARD; g++)
        if (*g != GUARD_LIMB)
            fail("wrote past up", table, op, n, layout, cin);
    if (layout == 0 && memcmp(up, u, n * sizeof *u) != 0)
        fail("clobbered up", table, op, n, layout, cin);
    dot_limb_t *end = layout == 0 ? rp + n : vp + n;
    for (dot_limb_t *g = end; g < end + GUARD; g++)
        if (*g != GUARD_LIMB)
            fail("wrote past the result", table, op, n, layout, cin);
    if (layout != 2 && layout != 0 && memcmp(vp, v, n * sizeof *v) != 0)
        fail("clobbered vp", table, op, n, layout, cin);
    return 0;
}
