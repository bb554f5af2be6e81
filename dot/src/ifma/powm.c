/* dot_ifma_powm, dot_ifma_powm_rr, dot_ifma_powm2, dot_ifma_powm_ct, dot_ifma_powm_ct_x2: the
 * radix-2^52 exponentiations of powm.h. */
#include <string.h>
#include "powm.h"

void dot_ifma_powm(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                   const dot_limb_t *mp, size_t n)
{
    ifma_powm(rp, bp, ep, en, mp, n);
}

void dot_ifma_powm_rr(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n, const dot_limb_t *rr)
{
    ifma_powm_rr(rp, bp, ep, en, mp, n, rr);
}

void dot_ifma_powm2(dot_limb_t *rp, const dot_limb_t *b1, const dot_limb_t *e1, size_t e1n,
                    const dot_limb_t *b2, const dot_limb_t *e2, size_t e2n, const dot_limb_t *mp,
                    size_t n)
{
    ifma_powm2(rp, b1, e1, e1n, b2, e2, e2n, mp, n);
}

void dot_ifma_powm_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n)
{
    ifma_powm_ct(rp, bp, ep, en, mp, n);
}

void dot_ifma_powm_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                         const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                         const dot_limb_t *e2, const dot_limb_t *m2, size_t en, size_t n)
{
    ifma_powm_ct_x2(r1, b1, e1, m1, r2, b2, e2, m2, en, n);
}
