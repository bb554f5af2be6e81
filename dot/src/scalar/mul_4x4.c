/* Portable 4x4-limb product: product scanning (Comba). Each output column's partial products go
 * into one 192-bit accumulator (a 128-bit pair plus a carry count), so every product costs one
 * 64x64->128 multiply and one add-with-carry chain, and each limb is written once: the
 * multiplier's throughput bounds it, not the bookkeeping (bench_mul, results/). */
#include "../dot_impl.h"

typedef unsigned __int128 dot_u128;

/* acc:top += x*y; a 4-limb column needs the third word for at most three carries */
#define COMBA_MAC(x, y) top += __builtin_add_overflow(acc, (dot_u128)(x) * (y), &acc)
/* column done: its low limb out, the accumulator shifted down one limb */
#define COMBA_OUT(k)                                                                               \
    do {                                                                                           \
        rp[k] = (dot_limb_t)acc;                                                                   \
        acc = (acc >> 64) | ((dot_u128)top << 64);                                                 \
        top = 0;                                                                                   \
    } while (0)

void dot_scalar_mul_4x4(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp)
{
    dot_u128 acc = 0;
    dot_limb_t top = 0;
    COMBA_MAC(up[0], vp[0]);
    COMBA_OUT(0);
    COMBA_MAC(up[0], vp[1]);
    COMBA_MAC(up[1], vp[0]);
    COMBA_OUT(1);
    COMBA_MAC(up[0], vp[2]);
    COMBA_MAC(up[1], vp[1]);
    COMBA_MAC(up[2], vp[0]);
    COMBA_OUT(2);
    COMBA_MAC(up[0], vp[3]);
    COMBA_MAC(up[1], vp[2]);
    COMBA_MAC(up[2], vp[1]);
    COMBA_MAC(up[3], vp[0]);
    COMBA_OUT(3);
    COMBA_MAC(up[1], vp[3]);
    COMBA_MAC(up[2], vp[2]);
    COMBA_MAC(up[3], vp[1]);
    COMBA_OUT(4);
    COMBA_MAC(up[2], vp[3]);
    COMBA_MAC(up[3], vp[2]);
    COMBA_OUT(5);
    acc += (dot_u128)up[3] * vp[3]; /* cannot overflow: the product fits 512 bits */
    rp[6] = (dot_limb_t)acc;
    rp[7] = (dot_limb_t)(acc >> 64);
}
