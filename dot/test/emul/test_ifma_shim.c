/* The test-only IFMA shim (emulate_ifma.h) against answers derived by hand from Intel's
 * definition, one case per lane so that a lane mix-up shows too:
 *   lane 0: 3 * 5 = 15                          -> lo 15, hi 0
 *   lane 1: (2^52-1)^2 = 2^104 - 2^53 + 1       -> lo 1, hi 2^52 - 2
 *   lane 2: bits 52..63 of the inputs are ignored: (2^63+7) * (2^52+9) acts as 7 * 9 -> lo 63, hi 0
 *   lane 3: 2^51 * 2^51 = 2^102                 -> lo 0, hi 2^50
 *   lane 4: (2^52-1) * 2 = 2^53 - 2             -> lo 2^52 - 2, hi 1
 *   lane 5: 2^52 * x: the multiplier's low 52 bits are zero -> lo 0, hi 0
 *   lane 6: (2^52-1) * 2^51 = 2^103 - 2^51      -> lo 2^51, hi 2^51 - 1
 *   lane 7: 1 * 1, accumulator 2^64 - 1 (wraps) -> lo 0, hi 2^64 - 1
 * and the accumulator is added as given: lanes 0..6 accumulate 1000 in a second pass. The masked
 * forms (mask 0x5a) give those answers in lanes 1, 3, 4, 6 and keep the accumulator 1000 in the
 * others. */
#include <stdio.h>
#include "../common/check.h"
#include "dot_impl.h"
#include "../../src/isa512.h"

#define M52 ((UINT64_C(1) << 52) - 1)

int main(void)
{
    const uint64_t b[8] = {
        3, M52, (UINT64_C(1) << 63) + 7, UINT64_C(1) << 51, M52, UINT64_C(1) << 52, M52, 1};
    const uint64_t c[8] = {5,
                           M52,
                           (UINT64_C(1) << 52) + 9,
                           UINT64_C(1) << 51,
                           2,
                           UINT64_C(0x123456789),
                           UINT64_C(1) << 51,
                           1};
    const uint64_t acc[8] = {0, 0, 0, 0, 0, 0, 0, ~UINT64_C(0)};
    const uint64_t want_lo[8] = {15, 1, 63, 0, M52 - 1, 0, UINT64_C(1) << 51, 0};
    const uint64_t want_hi[8] = {
        0, M52 - 1, 0, UINT64_C(1) << 50, 1, 0, (UINT64_C(1) << 51) - 1, ~UINT64_C(0)};
    __m512i vb = _mm512_loadu_si512(b), vc = _mm512_loadu_si512(c), va = _mm512_loadu_si512(acc);
    uint64_t lo[8], hi[8], lo2[8], hi2[8];
    _mm512_storeu_si512(lo, _mm512_madd52lo_epu64(va, vb, vc));
    _mm512_storeu_si512(hi, _mm512_madd52hi_epu64(va, vb, vc));
    __m512i thousand = _mm512_set1_epi64(1000);
    _mm512_storeu_si512(lo2, _mm512_madd52lo_epu64(thousand, vb, vc));
    _mm512_storeu_si512(hi2, _mm512_madd52hi_epu64(thousand, vb, vc));
    uint64_t mlo[8], mhi[8];
    const __mmask8 k = 0x5a;
    _mm512_storeu_si512(mlo, _mm512_mask_madd52lo_epu64(thousand, k, vb, vc));
    _mm512_storeu_si512(mhi, _mm512_mask_madd52hi_epu64(thousand, k, vb, vc));
    for (int i = 0; i < 7; i++) {
        int on = (k >> i) & 1;
        CHECK(mlo[i] == (on ? want_lo[i] : 0) + 1000, "masked madd52lo lane %d (mask bit %d)", i,
              on);
        CHECK(mhi[i] == (on ? want_hi[i] : 0) + 1000, "masked madd52hi lane %d (mask bit %d)", i,
              on);
    }
    for (int i = 0; i < 8; i++) {
        CHECK(lo[i] == want_lo[i], "madd52lo lane %d: got %#llx want %#llx", i,
              (unsigned long long)lo[i], (unsigned long long)want_lo[i]);
        CHECK(hi[i] == want_hi[i], "madd52hi lane %d: got %#llx want %#llx", i,
              (unsigned long long)hi[i], (unsigned long long)want_hi[i]);
        if (i < 7) {
            CHECK(lo2[i] == want_lo[i] + 1000, "madd52lo lane %d with accumulator 1000", i);
            CHECK(hi2[i] == want_hi[i] + 1000, "madd52hi lane %d with accumulator 1000", i);
        }
    }
    printf("IFMA shim known answers (%s):\n",
#ifdef DOT_EMULATE_AVX512
           "emulated"
#else
           "native"
#endif
    );
    return dot_check_summary();
}
