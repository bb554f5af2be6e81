/*
 * Montgomery multiplication with one known input (dot_ntt_mont_* in dot_ntt.h): N and
 * N' = -N^-1 mod R are transformed once; a product then costs the transforms of a, b, T mod R and
 * m, and three inverse transforms:
 *   T = a b,  m = (T mod R) N' mod R,  r = (T + m N) / R < 2N,  r - N if r >= N (masked).
 */
#include <stdlib.h>
#include <string.h>
#include "ntt_arith.h"

/* {rp, k} = {up, k} + {vp, k}, returns the carry; branch-free */
static dot_limb_t add_k(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t k)
{
    ntt_u128 c = 0;
    for (size_t i = 0; i < k; i++) {
        c += (ntt_u128)up[i] + vp[i];
        rp[i] = (dot_limb_t)c;
        c >>= 64;
    }
    return (dot_limb_t)c;
}

/* {rp, k} = {up, k} - {vp, k}, returns the borrow; branch-free */
static dot_limb_t sub_k(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t k)
{
    dot_limb_t borrow = 0;
    for (size_t i = 0; i < k; i++) {
        ntt_u128 d = (ntt_u128)up[i] - vp[i] - borrow;
        rp[i] = (dot_limb_t)d;
        borrow = (dot_limb_t)(d >> 64) & 1;
    }
    return borrow;
}

/* {p, k} += s modulo 2^(64 k); branch-free */
static void add_small(dot_limb_t *p, size_t k, dot_limb_t s)
{
    ntt_u128 c = s;
    for (size_t i = 0; i < k; i++) {
        c += p[i];
        p[i] = (dot_limb_t)c;
        c >>= 64;
    }
}

/* -N^-1 mod 2^(64 k) by Newton's iteration x <- x (2 - N x), doubling the correct limbs each step
 * (2 - t is ~t + 3 modulo a power of two); plain products: this runs once per modulus */
static int neg_inverse(dot_limb_t *out, const dot_limb_t *n, size_t k)
{
    dot_limb_t *x = calloc(k, sizeof *x), *t = calloc(2 * k, sizeof *t),
               *u = calloc(2 * k, sizeof *u);
    if (!x || !t || !u) {
        free(x), free(t), free(u);
        return -1;
    }
    dot_limb_t x0 = 1; /* N^-1 mod 2^64 */
    for (int i = 0; i < 6; i++)
        x0 *= 2 - n[0] * x0;
    x[0] = x0;
    for (size_t good = 1; good < k;) {
        size_t g = 2 * good < k ? 2 * good : k;
        ntt_basecase_mul(t, n, g, x, g);
        for (size_t i = 0; i < g; i++)
            t[i] = ~t[i];
        add_small(t, g, 3);
        ntt_basecase_mul(u, x, g, t, g);
        memcpy(x, u, g * sizeof *x);
        good = g;
    }
    for (size_t i = 0; i < k; i++)
        out[i] = ~x[i];
    add_small(out, k, 1);
    free(x), free(t), free(u);
    return 0;
}

dot_ntt_mont *dot_ntt_mont_new(const dot_limb_t *n, size_t limbs)
{
    if (limbs < 1 || 4 * limbs > DOT_NTT_MAX_LIMBS || !(n[0] & 1) || !n[limbs - 1])
        return NULL;
    dot_ntt_mont *m = calloc(1, sizeof *m);
    if (!m || !(m->n = malloc(limbs * sizeof *n)) || !(m->ninv = calloc(limbs, sizeof *n)))
        goto fail;
    const ntt_ops *ops = ntt_active_ops();
    const ntt_tables *t = ntt_tables_get();
    size_t ncoef = 2 * limbs - 1;
    m->limbs = limbs;
    m->len = ntt_product_length(ops, limbs, ncoef, 0);
    m->stride = ncoef > m->len ? (ncoef + 7) / 8 * 8 : m->len;
    memcpy(m->n, n, limbs * sizeof *n);
    if (neg_inverse(m->ninv, n, limbs) || ntt_set_alloc(&m->n_hat, m->stride) ||
        ntt_set_alloc(&m->ninv_hat, m->stride))
        goto fail;
    ntt_transform(ops, t, &m->n_hat, n, limbs, m->len);
    ntt_transform(ops, t, &m->ninv_hat, m->ninv, limbs, m->len);
    return m;
fail:
    dot_ntt_mont_free(m);
    return NULL;
}

void dot_ntt_mont_free(dot_ntt_mont *m)
{
    if (!m)
        return;
    ntt_set_free(&m->n_hat);
    ntt_set_free(&m->ninv_hat);
    free(m->n);
    free(m->ninv);
    free(m);
}

void dot_ntt_mont_mul(const dot_ntt_mont *m, dot_limb_t *r, const dot_limb_t *a,
                      const dot_limb_t *b)
{
    const ntt_ops *ops = ntt_active_ops();
    const ntt_tables *t = ntt_tables_get();
    size_t k = m->limbs;
    size_t len = m->len;
    ntt_set x, y;
    dot_limb_t *tt = malloc(5 * k * sizeof *tt); /* T (2k), m N (2k), m (k) */
    if (!tt || ntt_set_alloc(&x, m->stride) || ntt_set_alloc(&y, m->stride))
        abort(); /* no way to report failure, as for dot_ntt_mul */
    dot_limb_t *mn = tt + 2 * k, *q = tt + 4 * k;
    ntt_transform(ops, t, &x, a, k, len);
    if (a == b) { /* pointers, not values: the square skips a transform */
        ntt_finish(ops, t, &x, &x, tt, 2 * k, len, a, k, a, k);
    } else {
        ntt_transform(ops, t, &y, b, k, len);
        ntt_finish(ops, t, &x, &y, tt, 2 * k, len, a, k, b, k);
    }
    ntt_transform(ops, t, &x, tt, k, len);
    ntt_finish(ops, t, &x, &m->ninv_hat, q, k, len, tt, k, m->ninv, k); /* the low k limbs only */
    ntt_transform(ops, t, &x, q, k, len);
    ntt_finish(ops, t, &x, &m->n_hat, mn, 2 * k, len, q, k, m->n, k);
    /* T + m N is 0 mod R: its low half only passes a carry up */
    dot_limb_t *hi = tt + k;
    dot_limb_t c_lo = add_k(tt, tt, mn, k);
    dot_limb_t top = add_k(hi, hi, mn + k, k);
    ntt_u128 c = c_lo;
    for (size_t i = 0; i < k; i++) {
        c += hi[i];
        hi[i] = (dot_limb_t)c;
        c >>= 64;
    }
    top += (dot_limb_t)c; /* (top, hi) < 2N */
    dot_limb_t borrow = sub_k(mn, hi, m->n, k);
    dot_limb_t keep_diff = -(top | (borrow ^ 1)); /* all ones iff (top, hi) >= N */
    for (size_t i = 0; i < k; i++)
        r[i] = (mn[i] & keep_diff) | (hi[i] & ~keep_diff);
    ntt_set_free(&x);
    ntt_set_free(&y);
    free(tt);
}
