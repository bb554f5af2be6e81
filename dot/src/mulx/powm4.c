/* dot_mulx_powm4, dot_mulx_powm4_ct, dot_mulx_powm4_ct_x2: the 4-limb exponentiation of powm4.h. */
#include "powm4.h"

void dot_mulx_powm4(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                    const dot_limb_t *mp)
{
    mulx_powm4(rp, bp, ep, en, mp);
}

void dot_mulx_powm4_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                       const dot_limb_t *mp)
{
    mulx_powm4_ct(rp, bp, ep, en, mp);
}

void dot_mulx_powm4_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                          const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                          const dot_limb_t *e2, const dot_limb_t *m2, size_t en)
{
    mulx_powm4_ct_x2(r1, b1, e1, m1, r2, b2, e2, m2, en);
}
