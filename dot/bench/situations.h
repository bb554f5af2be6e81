/* The situations an add/sub call meets inside the libraries, shared by bench_addsub --placement
 * and make tune: operands at rest, calls in place back to back (u = u op v, each reading what the
 * last one stored), and right after scalar code wrote an operand (GMP mostly adds what its own
 * scalar code stored a moment before; a vector load cannot be served from several scalar stores
 * still in flight). */
#ifndef DOT_BENCH_SITUATIONS_H
#define DOT_BENCH_SITUATIONS_H

#include "dot.h"
#include "timing.h"

enum { DOT_AT_REST, DOT_IN_PLACE, DOT_AFTER_WRITE, DOT_SITUATIONS };

typedef dot_limb_t (*dot_situation_fn)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *,
                                       size_t);
/* Writes {u, n} from {w, n} with scalar stores, before each call in DOT_AFTER_WRITE. */
typedef void (*dot_scalar_writer)(dot_limb_t *u, const dot_limb_t *w, size_t n);

/* TSC cycles per call of fn over reps calls in one situation: rp = up op vp, or up = up op vp in
 * place, or the writer's u = f(w) then rp = up op vp (the pair timed: the writer's time is in
 * every contender's figure alike). */
static inline double dot_time_situation(dot_situation_fn fn, int situation, dot_scalar_writer write,
                                        dot_limb_t *rp, dot_limb_t *up, const dot_limb_t *vp,
                                        const dot_limb_t *w, size_t n, int reps)
{
    uint64_t t0 = dot_tsc_begin();
    for (int i = 0; i < reps; i++) {
        if (situation == DOT_IN_PLACE) {
            fn(up, up, vp, n);
        } else if (situation == DOT_AFTER_WRITE) {
            write(up, w, n);
            fn(rp, up, vp, n);
        } else {
            fn(rp, up, vp, n);
        }
    }
    return (double)(dot_tsc_end() - t0) / reps;
}

#endif
