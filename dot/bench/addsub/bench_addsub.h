/*
 * bench_addsub's shared parts (dot/bench/bench_addsub.c has the method and the tables): the
 * contenders' type, where the arrays lie, the operands, GMP's entries, and the two modes about
 * where operands lie and who wrote them last (placement.c: --placement and --alias).
 */
#ifndef DOT_BENCH_ADDSUB_H
#define DOT_BENCH_ADDSUB_H

#include <stddef.h>
#include "dot.h"
#include "../test/common/check.h"

#define MAX_CONTENDERS 24
#define MAXN 512
/* A sample covers at least this many limbs of back-to-back calls (time_rounds says why). */
#define DOT_SAMPLE_LIMBS 32768

typedef dot_limb_t (*aors_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);

typedef struct {
    char label[24];
    aors_fn fn;
} contender;

/* Where the arrays lie: each role on two pages of its own (room for MAXN + 8 limbs), at its own
 * offset in its first page, u 0, v 1024, r 2048, expect and aux 3072 bytes, so rp, up and vp lie
 * 1 KiB or more apart modulo 4 KiB (for n up to 128 limbs). On the Zen 4 build VM a vector load
 * that overlaps, modulo 4 KiB, a store of the previous call still in flight to another page waits
 * for that store in about one page pair in sixteen, depending on where the pages lie in physical
 * memory (`--alias` counts them; results/avx512-4k-alias-zen4-*.txt): the static arrays gcc had
 * put 32 bytes apart modulo 4 KiB made about one process in seven run every AVX-512 call 2x-4x
 * slower for its life. */
enum addsub_array {
    ADDSUB_U,
    ADDSUB_V,
    ADDSUB_R,
    ADDSUB_EXPECT,
    ADDSUB_AUX,        /* u in place (--inplace); w, mpn_lshift's source (--placement) */
    ADDSUB_V_IN_PLACE, /* v in place (--inplace) */
    ADDSUB_ARRAYS
};
/* The array of that role, `limbs` past its place. */
dot_limb_t *addsub_place(enum addsub_array role, size_t limbs);

/* GMP's mpn_add_n / mpn_sub_n as contenders. */
dot_limb_t addsub_gmp_add(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n);
dot_limb_t addsub_gmp_sub(dot_limb_t *r, const dot_limb_t *u, const dot_limb_t *v, size_t n);
/* Random operands, or full cascades (every limb propagates, limb 0 generates). */
void addsub_fill(dot_limb_t *u, dot_limb_t *v, size_t n, int sub, int cascade, dot_rng *r);

/* --placement: one op in one situation (situations.h); --alias: add_n over fresh page pairs. */
int placement_table(int sub, int situation, int samples);
int alias_table(int samples);

#endif
