/*
 * Phases 2-4 of DoT add/sub on a group of up to 32 limbs, done in one general register.
 *
 * G has bit i set when limb i's phase-1 add (sub) produced a carry (borrow). P has bit i set when
 * limb i's phase-1 result would pass an incoming carry on (all ones for add, zero for sub).
 * A limb cannot both generate and propagate, so G & P == 0.
 *
 * The limbs that receive a carry are ((G << 1) | cin) in the common case (phase 3). A cascade
 * happens only where such a carry lands on a propagating limb; then the carry-lookahead-by-add
 * identity gives the exact set in one addition: receivers = (((G << 1) | cin) + P) ^ P, and the
 * bit that reaches position L is the group's carry out (phase 4).
 */
#ifndef DOT_LOOKAHEAD_H
#define DOT_LOOKAHEAD_H

#include <stdint.h>
#include "dot_impl.h"

/* Returns the receiver bits (below bit L) and writes the carry out of the group. L <= 32. */
DOT_ALWAYS_INLINE uint64_t dot_lookahead(uint64_t G, uint64_t P, unsigned L, uint64_t cin,
                                         uint64_t *cout, dot_flavour flavour)
{
    uint64_t in = (G << 1) | cin;
    uint64_t low = (UINT64_C(1) << L) - 1;
    if (flavour == DOT_FAST && DOT_LIKELY((in & P) == 0)) {
        *cout = in >> L;
        return in & low;
    }
    uint64_t s = in + P;
    *cout = s >> L;
    return (s ^ P) & low;
}

#endif
