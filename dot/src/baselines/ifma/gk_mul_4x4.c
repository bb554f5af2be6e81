/*
 * The paper's multiply baseline: Gueron and Krasnov's IFMA schoolbook (ARITH 2016), from the DoT
 * paper's description. Per digit b_j of B: broadcast it, multiply-accumulate the row A*b_j into
 * ONE shared accumulator (lane i = column j+i), drain lane 0 (column j, now final) into an output
 * vector with valignq-style lane moves, shift the accumulator down a lane and accumulate the hi
 * halves there. Every IFMA reads the accumulator the previous step wrote: the read-after-write
 * chain the paper measures against.
 *
 * Entry and exit (64->52; carry pass and 52->64) are the DoT kernel's own (../../ifma/vnc.h), so a
 * comparison of the two isolates the multiply organisation.
 */
#include "dot_baselines.h"
#include "../../ifma/vnc.h"

void dot_baseline_gk_mul_4x4(dot_limb_t rp[8], const dot_limb_t up[4], const dot_limb_t vp[4])
{
    const __m512i zero = _mm512_setzero_si512();
    /* lanes 1..8 of the pair (x, y): x moved down one lane, y's lane 0 entering at lane 7 */
    const __m512i down1 = _mm512_setr_epi64(1, 2, 3, 4, 5, 6, 7, 8);
    uint64_t b[5];
    vnc_from64_scalar(b, vp);
    __asm__("" : : "r"(b) : "memory"); /* broadcast from memory, as in the DoT kernel */
    __m512i a = vnc_from64(vnc_load4(up));
    __m512i acc = zero, out = zero;
    for (int j = 0; j < 5; j++) {
        __m512i bj = _mm512_set1_epi64((long long)b[j]);
        acc = _mm512_madd52lo_epu64(acc, a, bj);
        out = _mm512_permutex2var_epi64(out, down1, acc);
        acc = _mm512_permutex2var_epi64(acc, down1, zero);
        acc = _mm512_madd52hi_epu64(acc, a, bj);
    }
    /* columns 0..4 are in out lanes 3..7, columns 5..9 in acc lanes 0..4 */
    vnc_cols cols;
    cols.lo = _mm512_permutex2var_epi64(out, _mm512_setr_epi64(3, 4, 5, 6, 7, 8, 9, 10), acc);
    cols.hi = _mm512_permutex2var_epi64(acc, _mm512_setr_epi64(3, 4, 8, 8, 8, 8, 8, 8), zero);
    _mm512_storeu_si512((void *)rp, vnc_to64_add(cols));
}
