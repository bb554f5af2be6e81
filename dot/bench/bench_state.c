/*
 * What the build VM's slow state takes (results/MEASUREMENTS.md: for tens of seconds at a time
 * the constant-time IFMA pair loses most of its gain over two single exponentiations). Rounds of
 * interleaved samples, a row a round, of the 16-limb kernels the state was seen on (two
 * dot_ifma_powm_ct, one dot_ifma_powm_ct_x2) and of loops that each lean on one resource of the
 * core:
 *   ifma lat   one chain of dependent 512-bit IFMAs (the unit's latency)
 *   ifma512    eight independent chains of 512-bit IFMAs (the unit's issue rate)
 *   ifma256    the same with 256-bit IFMAs
 *   add512     eight independent chains of 512-bit adds (the vector unit's other pipes)
 *   mul lat    one chain of dependent 64-bit multiplies (the scalar multiplier's latency)
 *   mul        four independent chains of 64-bit multiplies (its issue rate)
 *   l1 loads   512-bit loads from a buffer that stays in the L1 data cache, l2 loads one in L2
 * Each loop runs LOOP_OPS operations; TSC cycles, medians of STATE_SAMPLES samples a round.
 * A round's row in the slow state against one in the fast state says which resource the state
 * takes: a loop bound by a latency keeps its time where the core's issue capacity is shared, one
 * bound by an issue rate loses it.
 * usage: bench_state [--quick | ROUNDS]   (ROUNDS: 1 to 1000000, about a tenth of a second a round
 * on Zen 5; without one 20 rounds, with --quick 3, as make bench and make run call it). On a CPU
 * without AVX-512 IFMA there is nothing to time: the default runs say so and succeed, an explicit
 * ROUNDS is refused.
 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/common/check.h"
#include "dot.h"
#include "dot_impl.h"
#include "timing.h"

#define STATE_SAMPLES 101
#define LOOP_OPS 16384
#define N 16

#define IFMA_TARGET __attribute__((target("avx512f,avx512vl,avx512ifma"), noinline))

static IFMA_TARGET uint64_t ifma_latency(uint64_t seed)
{
    __m512i acc = _mm512_set1_epi64((long long)seed), x = _mm512_set1_epi64(3);
    for (int i = 0; i < LOOP_OPS; i++)
        acc = _mm512_madd52lo_epu64(acc, acc, x);
    return (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(acc));
}

/* eight chains of LOOP_OPS / 8 operations each: VEC, SET, XOR and LOW name the width's type and
 * intrinsics, OP is a chain's step on acc[c] and x */
#define CHAINS8(VEC, SET, OP, XOR, LOW)                                                            \
    VEC acc[8], x = SET(3);                                                                        \
    for (int c = 0; c < 8; c++)                                                                    \
        acc[c] = SET((long long)(seed + (uint64_t)c));                                             \
    for (int i = 0; i < LOOP_OPS / 8; i++) {                                                       \
        _Pragma("GCC unroll 8") for (int c = 0; c < 8; c++) acc[c] = OP;                           \
    }                                                                                              \
    for (int c = 1; c < 8; c++)                                                                    \
        acc[0] = XOR(acc[0], acc[c]);                                                              \
    return (uint64_t)_mm_cvtsi128_si64(LOW(acc[0]));

static IFMA_TARGET uint64_t ifma512(uint64_t seed)
{
    CHAINS8(__m512i, _mm512_set1_epi64, _mm512_madd52lo_epu64(acc[c], acc[c], x), _mm512_xor_si512,
            _mm512_castsi512_si128)
}

static IFMA_TARGET uint64_t add512(uint64_t seed)
{
    CHAINS8(__m512i, _mm512_set1_epi64, _mm512_add_epi64(acc[c], x), _mm512_xor_si512,
            _mm512_castsi512_si128)
}

static IFMA_TARGET uint64_t ifma256(uint64_t seed)
{
    CHAINS8(__m256i, _mm256_set1_epi64x, _mm256_madd52lo_epu64(acc[c], acc[c], x), _mm256_xor_si256,
            _mm256_castsi256_si128)
}

/* the multiplier: a volatile odd factor, so the compiler keeps every multiply */
static volatile uint64_t factor = 0x9e3779b97f4a7c15u;
static volatile uint64_t sink_out;

static __attribute__((noinline)) uint64_t mul_latency(uint64_t seed)
{
    const uint64_t f = factor;
    for (int i = 0; i < LOOP_OPS; i++)
        seed *= f;
    return seed;
}

static __attribute__((noinline)) uint64_t mul4(uint64_t seed)
{
    const uint64_t f = factor;
    uint64_t a = seed, b = seed + 1, c = seed + 2, d = seed + 3;
    for (int i = 0; i < LOOP_OPS / 4; i++) {
        a *= f;
        b *= f;
        c *= f;
        d *= f;
    }
    return a ^ b ^ c ^ d;
}

/* the data caches: LOOP_OPS 512-bit loads, eight sums, from a buffer of BYTES: 32 KiB stays in a
 * 48 KiB L1, 512 KiB in a 1 MiB L2 (Zen 5's sizes; Zen 4's L1 is 32 KiB) */
static uint64_t buffer[512 * 1024 / 8] __attribute__((aligned(64)));
static IFMA_TARGET uint64_t loads(uint64_t seed, size_t bytes)
{
    const size_t vecs = bytes / 64;
    __m512i acc[8];
    for (int c = 0; c < 8; c++)
        acc[c] = _mm512_set1_epi64((long long)(seed + (uint64_t)c));
    for (size_t i = 0, v = 0; i < LOOP_OPS / 8; i++, v = (v + 8) % vecs) {
#pragma GCC unroll 8
        for (int c = 0; c < 8; c++)
            acc[c] = _mm512_add_epi64(acc[c],
                                      _mm512_load_si512((const void *)(buffer + 8 * (v + c))));
    }
    for (int c = 1; c < 8; c++)
        acc[0] = _mm512_xor_si512(acc[0], acc[c]);
    return (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(acc[0]));
}
static uint64_t l1_loads(uint64_t seed) { return loads(seed, 32 * 1024); }
static uint64_t l2_loads(uint64_t seed) { return loads(seed, sizeof buffer); }

enum { CT, PAIR, IFMA_LAT, IFMA512, IFMA256, ADD512, MUL_LAT, MUL, L1, L2, KINDS };
static const char *const names[KINDS] = {"2 dot ct", "dot ct x2", "ifma lat", "ifma512",
                                         "ifma256",  "add512",    "mul lat",  "mul",
                                         "l1 loads", "l2 loads"};
static uint64_t (*const loops[KINDS])(uint64_t) = {
    NULL, NULL, ifma_latency, ifma512, ifma256, add512, mul_latency, mul4, l1_loads, l2_loads};

int main(int argc, char **argv)
{
    char *end = NULL;
    const int quick = argc == 2 && strcmp(argv[1], "--quick") == 0, chosen = argc == 2 && !quick;
    const long rounds = chosen ? strtol(argv[1], &end, 10) : quick ? 3 : 20;
    if (argc > 2 || (chosen && (*end != '\0' || rounds < 1 || rounds > 1000000))) {
        fprintf(stderr, "usage: %s [--quick | ROUNDS]  (ROUNDS: 1 to 1000000)\n", argv[0]);
        return 2;
    }
    if (!__builtin_cpu_supports("avx512ifma") || !__builtin_cpu_supports("avx512vl")) {
        fprintf(chosen ? stderr : stdout,
                "bench_state times IFMA loops and kernels: this CPU has no AVX-512 IFMA%s\n",
                chosen ? "" : ", nothing to time");
        return chosen;
    }
    dot_rng rng;
    dot_rng_seed(&rng, 2026);
    dot_limb_t m[2][N], b[2][N], e[2][N], r[2][N], want[2][N];
    for (int w = 0; w < 2; w++) {
        for (int i = 0; i < N; i++) {
            m[w][i] = dot_rng_next(&rng);
            b[w][i] = dot_rng_next(&rng);
            e[w][i] = dot_rng_next(&rng);
        }
        m[w][0] |= 1;
        m[w][N - 1] |= (dot_limb_t)1 << 63;
        b[w][N - 1] >>= 1;
        dot_ifma_powm_ct(want[w], b[w], e[w], N, m[w], N);
    }
    /* the pair against the single kernel, and the single one against GMP's exponentiation, which
     * test_powm checks it against: the rows time kernels that compute the same numbers */
    dot_ifma_powm_ct_x2(r[0], b[0], e[0], m[0], r[1], b[1], e[1], m[1], N, N);
    if (memcmp(r, want, sizeof r) != 0) {
        fprintf(stderr, "the pair's results differ from the single kernel's\n");
        return 1;
    }
    printf("bench_state: TSC cycles, medians of %d interleaved samples a round; the kernels at %d "
           "limbs (two exponentiations), the loops %d operations\n%6s",
           STATE_SAMPLES, N, LOOP_OPS, "round");
    for (int k = 0; k < KINDS; k++)
        printf(" %10s", names[k]);
    printf("  | pair gain\n");
    static double cycles[KINDS][STATE_SAMPLES];
    uint64_t sink = 0;
    for (long round = 1; round <= rounds; round++) {
        for (int t = 0; t < STATE_SAMPLES; t++)
            for (int j = 0; j < KINDS; j++) {
                const int k = (j + t) % KINDS;
                const uint64_t t0 = dot_tsc_begin();
                if (k == CT)
                    for (int w = 0; w < 2; w++)
                        dot_ifma_powm_ct(r[w], b[w], e[w], N, m[w], N);
                else if (k == PAIR)
                    dot_ifma_powm_ct_x2(r[0], b[0], e[0], m[0], r[1], b[1], e[1], m[1], N, N);
                else
                    sink += loops[k](sink + (uint64_t)t);
                cycles[k][t] = (double)(dot_tsc_end() - t0);
            }
        printf("%6ld", round);
        double c[KINDS];
        for (int k = 0; k < KINDS; k++) {
            c[k] = dot_median(cycles[k], STATE_SAMPLES);
            printf(" %10.0f", c[k]);
        }
        printf("  | %8.2fx\n", c[CT] / c[PAIR]);
        fflush(stdout);
    }
    sink_out = sink; /* the loops' results live, so none is left out */
    return 0;
}
