/* dot_ifma_powm, dot_ifma_powm_ct: the radix-2^52 exponentiation of powm.h. */
#include <string.h>
#include "powm.h"

void dot_ifma_powm(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                   const dot_limb_t *mp, size_t n)
{
    ifma_powm(rp, bp, ep, en, mp, n);
}

void dot_ifma_powm_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n)
{
    ifma_powm_ct(rp, bp, ep, en, mp, n);
}
