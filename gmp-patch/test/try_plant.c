/* Planted faults for tests/devel/try's guard (gmp-patch/test/try-guard.sh): an mpn_add_n that
 * returns the right sum and carry but breaks a memory rule try's red zones exist to catch.
 * Loaded with LD_PRELOAD, it stands in for libgmp's mpn_add_n in try's calls.
 *   -DPLANT_OVERREAD   reads one limb past the end of each source
 *   -DPLANT_SRC_WRITE  stores each source's first limb back into it (same value)
 * Neither changes a result, so try -z (values only) must pass it and a guarded try must not. */
#include <gmp.h>

mp_limb_t mpn_add_n(mp_ptr rp, mp_srcptr up, mp_srcptr vp, mp_size_t n)
{
#if defined PLANT_OVERREAD
    volatile mp_limb_t past = up[n] + vp[n];
    (void)past;
#elif defined PLANT_SRC_WRITE
    *(volatile mp_limb_t *)up = up[0];
    *(volatile mp_limb_t *)vp = vp[0];
#else
#error "choose a plant: -DPLANT_OVERREAD or -DPLANT_SRC_WRITE"
#endif
    mp_limb_t carry = 0;
    for (mp_size_t i = 0; i < n; i++) {
        mp_limb_t u = up[i], s = u + vp[i];
        mp_limb_t c = s < u;
        rp[i] = s + carry;
        carry = c | (rp[i] < carry);
    }
    return carry;
}
