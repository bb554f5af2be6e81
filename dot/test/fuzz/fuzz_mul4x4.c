/*
 * libFuzzer target: the 4x4-limb product and square (dot_mul_4x4, dot_sqr_4x4, each variant's
 * table entries and the IFMA kernels where the CPU has IFMA) against GMP's mpn_mul_n / mpn_sqr.
 * The first 64 input bytes are the two operands (short inputs padded with all-ones limbs, the
 * carry-heaviest value). A difference aborts.
 */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dot_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dot_limb_t u[4], v[4], r[8], want[8];
    for (int i = 0; i < 8; i++) {
        dot_limb_t x = ~(dot_limb_t)0;
        for (int j = 0; j < 8; j++)
            if ((size_t)(8 * i + j) < size)
                x = (x << 8) | data[8 * i + j];
        if (i < 4)
            u[i] = x;
        else
            v[i - 4] = x;
    }
    mpn_mul_n(want, u, v, 4);
    dot_mul_4x4(r, u, v);
    if (memcmp(r, want, sizeof r)) {
        fprintf(stderr, "fuzz_mul4x4: dot_mul_4x4 (%s) differs from GMP\n", dot_isa());
        abort();
    }
    for (const char *const *n = dot_isa_names(); *n; n++) {
        const dot_kernels *k = dot_kernels_for(*n);
        if (!k)
            continue;
        k->mul_4x4(r, u, v);
        if (memcmp(r, want, sizeof r)) {
            fprintf(stderr, "fuzz_mul4x4: %s mul_4x4 differs from GMP\n", *n);
            abort();
        }
    }
    if (dot_isa_supported("ifma")) {
        dot_ifma_mul_4x4(r, u, v);
        if (memcmp(r, want, sizeof r)) {
            fprintf(stderr, "fuzz_mul4x4: the ifma mul_4x4 kernel differs from GMP\n");
            abort();
        }
    }
    mpn_sqr(want, u, 4);
    dot_sqr_4x4(r, u);
    if (memcmp(r, want, sizeof r)) {
        fprintf(stderr, "fuzz_mul4x4: dot_sqr_4x4 (%s) differs from GMP\n", dot_isa());
        abort();
    }
    if (dot_isa_supported("ifma")) {
        dot_ifma_sqr_4x4(r, u);
        if (memcmp(r, want, sizeof r)) {
            fprintf(stderr, "fuzz_mul4x4: the ifma sqr_4x4 kernel differs from GMP\n");
            abort();
        }
    }
    return 0;
}
