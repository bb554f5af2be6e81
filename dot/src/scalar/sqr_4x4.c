/* 4-limb square: the 6 distinct cross products u[i]*u[j] (i < j) as two short rows, doubled, plus
 * the 4 diagonal squares: 10 multiplies instead of 16. _addcarry_u64 (any x86-64, no ADX needed)
 * keeps the doubling and the diagonal chains in the carry flag, which compilers do not manage
 * through unsigned __int128 (bench_mul, results/). */
#include <x86intrin.h>
#include "../dot_impl.h"

typedef unsigned __int128 dot_u128;

void dot_scalar_sqr_4x4(dot_limb_t *rp, const dot_limb_t *up)
{
    /* cross products into t1..t6: row u0*(u1,u2,u3), then u1*(u2,u3) and u2*u3 */
    dot_u128 p = (dot_u128)up[0] * up[1];
    dot_limb_t t1 = (dot_limb_t)p;
    p = (dot_u128)up[0] * up[2] + (dot_limb_t)(p >> 64);
    dot_limb_t t2 = (dot_limb_t)p;
    p = (dot_u128)up[0] * up[3] + (dot_limb_t)(p >> 64);
    dot_limb_t t3 = (dot_limb_t)p, t4 = (dot_limb_t)(p >> 64);
    p = (dot_u128)up[1] * up[2] + t3;
    t3 = (dot_limb_t)p;
    p = (dot_u128)up[1] * up[3] + t4 + (dot_limb_t)(p >> 64);
    t4 = (dot_limb_t)p;
    dot_limb_t t5 = (dot_limb_t)(p >> 64);
    p = (dot_u128)up[2] * up[3] + t5;
    t5 = (dot_limb_t)p;
    dot_limb_t t6 = (dot_limb_t)(p >> 64);
    /* doubled: t + t in one add-with-carry chain (shorter than the shift-and-or form) */
    unsigned long long d1, d2, d3, d4, d5, d6;
    unsigned char c = _addcarry_u64(0, t1, t1, &d1);
    c = _addcarry_u64(c, t2, t2, &d2);
    c = _addcarry_u64(c, t3, t3, &d3);
    c = _addcarry_u64(c, t4, t4, &d4);
    c = _addcarry_u64(c, t5, t5, &d5);
    c = _addcarry_u64(c, t6, t6, &d6);
    dot_limb_t d7 = c;
    /* plus the squares on the diagonal */
    dot_u128 q0 = (dot_u128)up[0] * up[0], q1 = (dot_u128)up[1] * up[1];
    dot_u128 q2 = (dot_u128)up[2] * up[2], q3 = (dot_u128)up[3] * up[3];
    unsigned long long out;
    rp[0] = (dot_limb_t)q0;
    c = _addcarry_u64(0, d1, (dot_limb_t)(q0 >> 64), &out);
    rp[1] = out;
    c = _addcarry_u64(c, d2, (dot_limb_t)q1, &out);
    rp[2] = out;
    c = _addcarry_u64(c, d3, (dot_limb_t)(q1 >> 64), &out);
    rp[3] = out;
    c = _addcarry_u64(c, d4, (dot_limb_t)q2, &out);
    rp[4] = out;
    c = _addcarry_u64(c, d5, (dot_limb_t)(q2 >> 64), &out);
    rp[5] = out;
    c = _addcarry_u64(c, d6, (dot_limb_t)q3, &out);
    rp[6] = out;
    rp[7] = d7 + (dot_limb_t)(q3 >> 64) + c; /* no carry out: the square fits 512 bits */
}
