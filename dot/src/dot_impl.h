/* Internal declarations shared by the variant folders, dispatch and the tests. */
#ifndef DOT_IMPL_H
#define DOT_IMPL_H

#include "dot.h"

#define DOT_ALWAYS_INLINE static inline __attribute__((always_inline))
#define DOT_LIKELY(x) __builtin_expect(!!(x), 1)
/* Unroll a short loop over a group's vectors fully, so each vector stays in a register and each
 * lane-selector constant is folded (gcc leaves such loops rolled at -O2 otherwise). */
#define DOT_UNROLL _Pragma("GCC unroll 8")

/* The operation a shared add/sub core is specialised for (a compile-time constant at each use). */
typedef enum { DOT_OP_ADD, DOT_OP_SUB } dot_op;
/* Fast: the rare cascade fix-up sits behind a branch. CT: it is computed every time. */
typedef enum { DOT_FAST, DOT_CT } dot_flavour;

/* Every add/sub kernel has one signature; the carry-in (_nc) flavours take cin in {0, 1} last. */
typedef dot_limb_t (*dot_aors_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);
typedef dot_limb_t (*dot_aorsc_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t,
                                   dot_limb_t);

/* A variant's constant-time kernels for one operation (_ct and its carry-in form) */
#define DOT_DECLARE_CT_OP(isa, name)                                                               \
    dot_limb_t dot_##isa##_##name##_ct(dot_limb_t *, const dot_limb_t *, const dot_limb_t *,       \
                                       size_t);                                                    \
    dot_limb_t dot_##isa##_##name##c_ct(dot_limb_t *, const dot_limb_t *, const dot_limb_t *,      \
                                        size_t, dot_limb_t);
/* ... and all four of its kernels for the operation: fast, _ct and their carry-in forms */
#define DOT_DECLARE_OP(isa, name)                                                                  \
    dot_limb_t dot_##isa##_##name(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t);   \
    dot_limb_t dot_##isa##_##name##c(dot_limb_t *, const dot_limb_t *, const dot_limb_t *, size_t, \
                                     dot_limb_t);                                                  \
    DOT_DECLARE_CT_OP(isa, name)
#define DOT_DECLARE_ADDSUB(isa) DOT_DECLARE_OP(isa, add_n) DOT_DECLARE_OP(isa, sub_n)

#define DOT_DECLARE_MUL(isa)                                                                       \
    void dot_##isa##_mul_4x4(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);                \
    void dot_##isa##_sqr_4x4(dot_limb_t *, const dot_limb_t *);                                    \
    void dot_##isa##_mul_5x5_r52(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);

DOT_DECLARE_ADDSUB(scalar)
DOT_DECLARE_ADDSUB(chain)
DOT_DECLARE_ADDSUB(sse)
DOT_DECLARE_ADDSUB(avx2)
DOT_DECLARE_ADDSUB(avx512)
/* The AVX-512 constant-time flavour in its second form, the carries applied by masked subtracts
 * (avx512/aors.h); which form a variant's table holds is chosen per CPU family (crossover.c). */
DOT_DECLARE_CT_OP(avx512_mask, add_n)
DOT_DECLARE_CT_OP(avx512_mask, sub_n)
DOT_DECLARE_MUL(scalar)
DOT_DECLARE_MUL(ifma)

/* {rp, un + vn} = {up, un} * {vp, vn} for 1 <= vn <= un <= DOT_MUL_BASECASE_MAX (dot.h). */
void dot_scalar_mul_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                             size_t vn);
void dot_ifma_mul_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                           size_t vn);
/* {rp, 2n} = {up, n}^2 for 1 <= n <= DOT_MUL_BASECASE_MAX (dot.h). */
void dot_scalar_sqr_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t n);
void dot_ifma_sqr_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t n);
/* The IFMA exponentiation's digit count for the modulus {mp, n} (mp[n - 1] != 0): k =
 * ceil((bits(m) + 2) / 52), so that R = 2^(52k) > 4m (ifma/powm.h). */
static inline size_t dot_powm_digits(const dot_limb_t *mp, size_t n)
{
    return (64 * n - (size_t)__builtin_clzll(mp[n - 1]) + 2 + 51) / 52;
}
/* Whether a caller's 2^(128n) mod m gives that kernel its R^2 = 2^(104k) mod m by a left shift
 * (dot_powm_rr, ifma/powm.h 8.): 104k >= 128n. */
static inline int dot_powm_rr_serves(const dot_limb_t *mp, size_t n)
{
    return 104 * dot_powm_digits(mp, n) >= 128 * n;
}
/* {rp, n} = {bp, n}^{ep, en} mod {mp, n} with IFMA (ifma/powm.h), for an odd m > 1 with
 * mp[n - 1] != 0, b < m and 1 <= n <= DOT_POWM_MAX (dot.h). */
void dot_ifma_powm(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                   const dot_limb_t *mp, size_t n);
/* The same with the caller's 2^(128n) mod m (dot_powm_rr, dot.h). */
void dot_ifma_powm_rr(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n, const dot_limb_t *rr);
/* The same in constant time (dot_powm_ct, dot.h). */
void dot_ifma_powm_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                      const dot_limb_t *mp, size_t n);
/* Two at once (dot_powm_ct_x2, dot.h). */
void dot_ifma_powm_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                         const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                         const dot_limb_t *e2, const dot_limb_t *m2, size_t en, size_t n);
/* Two bases, one modulus: {rp, n} = {b1, n}^{e1, e1n} {b2, n}^{e2, e2n} mod {mp, n} in one pass
 * (dot_powm2, dot.h). */
void dot_ifma_powm2(dot_limb_t *rp, const dot_limb_t *b1, const dot_limb_t *e1, size_t e1n,
                    const dot_limb_t *b2, const dot_limb_t *e2, size_t e2n, const dot_limb_t *mp,
                    size_t n);
/* The first three for moduli of 4 limbs (n = 4, mp[3] != 0), in general registers with BMI2 and
 * ADX (mulx/powm4.c): the sliding window, the constant-time form and a pair of those. */
void dot_mulx_powm4(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                    const dot_limb_t *mp);
void dot_mulx_powm4_ct(dot_limb_t *rp, const dot_limb_t *bp, const dot_limb_t *ep, size_t en,
                       const dot_limb_t *mp);
void dot_mulx_powm4_ct_x2(dot_limb_t *r1, const dot_limb_t *b1, const dot_limb_t *e1,
                          const dot_limb_t *m1, dot_limb_t *r2, const dot_limb_t *b2,
                          const dot_limb_t *e2, const dot_limb_t *m2, size_t en);

/* A variant's constant-time entry points for one operation (_ct and its carry-in form: add_n ->
 * add_nc_ct) from its always-inline core <isa>_aors(rp, up, vp, n, cin, op, flavour); alone, they
 * define a second form of a variant's constant-time kernel. */
#define DOT_DEFINE_AORS_CT(isa, name, op)                                                          \
    dot_limb_t dot_##isa##_##name##_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, \
                                       size_t n)                                                   \
    {                                                                                              \
        return isa##_aors(rp, up, vp, n, 0, op, DOT_CT);                                           \
    }                                                                                              \
    dot_limb_t dot_##isa##_##name##c_ct(dot_limb_t *rp, const dot_limb_t *up,                      \
                                        const dot_limb_t *vp, size_t n, dot_limb_t cin)            \
    {                                                                                              \
        return isa##_aors(rp, up, vp, n, cin, op, DOT_CT);                                         \
    }

/* Defines a variant's four entry points for one operation (fast, _ct, and their carry-in _nc
 * forms: add_n -> add_nc). */
#define DOT_DEFINE_AORS(isa, name, op)                                                             \
    dot_limb_t dot_##isa##_##name(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,      \
                                  size_t n)                                                        \
    {                                                                                              \
        return isa##_aors(rp, up, vp, n, 0, op, DOT_FAST);                                         \
    }                                                                                              \
    dot_limb_t dot_##isa##_##name##c(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,   \
                                     size_t n, dot_limb_t cin)                                     \
    {                                                                                              \
        return isa##_aors(rp, up, vp, n, cin, op, DOT_FAST);                                       \
    }                                                                                              \
    DOT_DEFINE_AORS_CT(isa, name, op)

/* The one group/vector/tail loop of every vector add/sub kernel, written once and instantiated
 * per ISA (the ISA's aors.h). A group of `vecs` <= GROUP vectors of W limbs: phase 1 for each
 * vector (the lane sums and the lane generate/propagate bits, lane j at bit j), one dot_lookahead
 * pass for the group's carries, then phase 3 (each receiving lane takes its carry) and the
 * stores; every load of a group comes before its first store. Groups of GROUP vectors, then one
 * group of the 1 to GROUP-1 whole vectors left (one lookahead for them, not one a vector: a
 * group's carry out waits for its masks to reach the general register, so single vectors in a
 * row ran at that latency each; its size is a constant in each case, n being public), then the
 * last n % W limbs through the add-with-carry chain (chain/aors.h), which costs less than a
 * partial vector's pass. The ISA supplies, for its vector type VEC:
 *   <isa>_load(p), <isa>_store(p, v)        unaligned W-limb load and store
 *   <isa>_phase1(a, b, op, &g, &p)          a op b per lane; g, p: the lanes' generate/propagate bits
 *   <isa>_broadcast(recv)                   the group's receiver bits in the form apply takes
 *                                           (every lane of a vector, or the bits themselves)
 *   <isa>_apply(r, bits, k, op)             vector k of the group with its lanes' carries applied
 */
#define DOT_DEFINE_VECTOR_AORS(isa, VEC, W, GROUP)                                                 \
    DOT_ALWAYS_INLINE uint64_t isa##_group(dot_limb_t *rp, const dot_limb_t *up,                   \
                                           const dot_limb_t *vp, int vecs, uint64_t cin,           \
                                           dot_op op, dot_flavour flavour)                         \
    {                                                                                              \
        VEC r[GROUP];                                                                              \
        uint64_t G = 0, P = 0;                                                                     \
        DOT_UNROLL                                                                                 \
        for (int k = 0; k < vecs; k++) {                                                           \
            VEC a = isa##_load(up + (W)*k);                                                        \
            VEC b = isa##_load(vp + (W)*k);                                                        \
            uint64_t g, p;                                                                         \
            r[k] = isa##_phase1(a, b, op, &g, &p);                                                 \
            G |= g << ((W)*k);                                                                     \
            P |= p << ((W)*k);                                                                     \
        }                                                                                          \
        uint64_t cout;                                                                             \
        uint64_t recv = dot_lookahead(G, P, (unsigned)((W)*vecs), cin, &cout, flavour);            \
        const __typeof__(isa##_broadcast(0)) bits = isa##_broadcast(recv);                         \
        DOT_UNROLL                                                                                 \
        for (int k = 0; k < vecs; k++)                                                             \
            isa##_store(rp + (W)*k, isa##_apply(r[k], bits, k, op));                               \
        return cout;                                                                               \
    }                                                                                              \
    DOT_ALWAYS_INLINE dot_limb_t isa##_aors(dot_limb_t *rp, const dot_limb_t *up,                  \
                                            const dot_limb_t *vp, size_t n, dot_limb_t cin,        \
                                            dot_op op, dot_flavour flavour)                        \
    {                                                                                              \
        uint64_t carry = cin;                                                                      \
        size_t i = 0;                                                                              \
        for (; i + (W) * (GROUP) <= n; i += (W) * (GROUP))                                         \
            carry = isa##_group(rp + i, up + i, vp + i, GROUP, carry, op, flavour);                \
        _Static_assert((GROUP) >= 1 && (GROUP) <= 4, "the rest's cases below cover GROUP <= 4");   \
        const size_t left = (n - i) / (W);                                                         \
        if (left == 1)                                                                             \
            carry = isa##_group(rp + i, up + i, vp + i, 1, carry, op, flavour), i += (W);          \
        else if ((GROUP) > 2 && left == 2)                                                         \
            carry = isa##_group(rp + i, up + i, vp + i, 2, carry, op, flavour), i += 2 * (W);      \
        else if ((GROUP) > 3 && left == 3)                                                         \
            carry = isa##_group(rp + i, up + i, vp + i, 3, carry, op, flavour), i += 3 * (W);      \
        if (i < n)                                                                                 \
            carry = chain_aors(rp + i, up + i, vp + i, n - i, carry, op, flavour);                 \
        return carry;                                                                              \
    }

/* CPU features that decide which variants may run (cpu.c). */
typedef struct dot_cpu {
    int sse42, avx2, avx512, ifma; /* each includes the OS support its registers need; ifma
                                    * also BMI2 (the exponentiation's scalar chain uses mulx) */
    const char *family; /* "zen3", "zen4", "zen5", "intel-avx512" or "other": the hardware, whatever
                         * DOT_CPU_DISABLE masks */
    int fma;  /* FMA3, with the AVX state the OS saves; DOT_CPU_DISABLE=avx2 clears it too */
    int mulx; /* BMI2 and ADX (mulx, adcx, adox): the 4-limb exponentiation (mulx/powm4.c) */
} dot_cpu;
dot_cpu dot_cpu_detect(void);

/* Replaces the mul_4x4, sqr_4x4 and mul_5x5_r52 of the variant table *k (its own kernels) with the
 * ones mul_table.h picks for this CPU family, and points k->mul_from at `from` (len bytes), which
 * says whose they are and which row chose them (mul_choice.c). */
void dot_choose_mul(const char *family, dot_kernels *k, char *from, size_t len);

/* The crossovers for variant `isa` on this CPU family: DOT_CROSSOVER if set (a malformed value
 * prints a message and aborts), else the family's measured table row, else the generic row. */
dot_crossovers dot_crossovers_for(const dot_cpu *cpu, const char *isa);
/* Whether variant `isa` has two forms of its constant-time add/sub kernel (the AVX-512 ones), and
 * the form its table holds on this CPU family: "shift" or "mask" (avx512/aors.h), DOT_CT_FORM if
 * set (any other value prints a message and aborts), else the family's row of crossover_table.h,
 * else "shift". *source says which (a static string, or the crossover row's label). */
int dot_has_ct_forms(const char *isa);
const char *dot_ct_form_for(const dot_cpu *cpu, const char *isa, const char **source);
/* Puts that form's four constant-time kernels into table k (a variant with two forms) and writes
 * " ct=FORM (SOURCE)" to said for dot_settings(); leaves both alone for a variant with one form. */
void dot_choose_ct_form(const dot_cpu *cpu, dot_kernels *k, char *said, size_t len);
/* The schoolbook window (dot.h) for variant `isa` on this CPU family, DOT_BASECASE applied. */
dot_basecase_tuning dot_basecase_for(const dot_cpu *cpu, const char *isa);

#ifdef DOT_DEBUG
#include <stdio.h>
#include <stdlib.h>
/* Debug builds check the contracts of dot.h on every call: a broken rule aborts with a message
 * naming the function and the rule. */
static inline int dot_overlap(const dot_limb_t *a, size_t an, const dot_limb_t *b, size_t bn)
{
    return a < b + bn && b < a + an;
}
static inline void dot_contract(int ok, const char *fn, const char *what)
{
    if (!ok) {
        fprintf(stderr, "libdot: %s: contract violated: %s\n", fn, what);
        abort();
    }
}
/* Debug builds only: "chain" or "vector", the kernel the calling thread's last dispatched add/sub
 * call ran ("none" before any). */
const char *dot_debug_last_path(void);
#endif

#endif
