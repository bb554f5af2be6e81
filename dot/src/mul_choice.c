/*
 * Which 4x4 product, 4-limb square and radix-2^52 5x5 product a variant's kernel table holds on
 * this CPU: a variant has its own kernels or the scalar ones, and where it has its own, the row of
 * mul_table.h for this CPU family picks, kernel by kernel, the one measured fastest there.
 *
 * A family without its own row (an Intel AVX-512 part, anything else) gets the zen4 row of the
 * variant, and the source says so: that choice was measured on Zen 4, not on that CPU. A row may
 * name only "scalar" or the variant itself, so forcing a variant never runs another's code.
 */
#include <stdio.h>
#include <string.h>
#include "dot_impl.h"

typedef struct {
    const char *family, *isa, *mul_4x4, *sqr_4x4, *mul_5x5_r52;
} mul_row;

static const mul_row rows[] = {
#include "mul_table.h"
};

typedef struct {
    const char *isa;
    void (*mul_4x4)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
    void (*sqr_4x4)(dot_limb_t *, const dot_limb_t *);
    void (*mul_5x5_r52)(dot_limb_t *, const dot_limb_t *, const dot_limb_t *);
} mul_set;

static const mul_set sets[] = {
    {"scalar", dot_scalar_mul_4x4, dot_scalar_sqr_4x4, dot_scalar_mul_5x5_r52},
    {"ifma", dot_ifma_mul_4x4, dot_ifma_sqr_4x4, dot_ifma_mul_5x5_r52},
};

static const mul_row *find_row(const char *family, const char *isa)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].family, family) == 0 && strcmp(rows[i].isa, isa) == 0)
            return &rows[i];
    return NULL;
}

/* The kernels of `isa` if a table for variant `variant` may hold them, else NULL. */
static const mul_set *set_for(const char *isa, const char *variant)
{
    if (strcmp(isa, "scalar") != 0 && strcmp(isa, variant) != 0)
        return NULL;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (strcmp(sets[i].isa, isa) == 0)
            return &sets[i];
    return NULL;
}

void dot_choose_mul(const char *family, dot_kernels *k, char *from, size_t len)
{
    char source[64] = "";
    const mul_row *r = find_row(family, k->name);
    if (r) {
        snprintf(source, sizeof source, " (%s table)", family);
    } else if ((r = find_row("zen4", k->name))) {
        snprintf(source, sizeof source, " (zen4 table, not measured on %s)", family);
    }
    const mul_set *m = r ? set_for(r->mul_4x4, k->name) : NULL;
    const mul_set *s = r ? set_for(r->sqr_4x4, k->name) : NULL;
    const mul_set *q = r ? set_for(r->mul_5x5_r52, k->name) : NULL;
    if (!m || !s || !q) {
        snprintf(from, len, "%s", k->mul_from);
        k->mul_from = from;
        return;
    }
    k->mul_4x4 = m->mul_4x4;
    k->sqr_4x4 = s->sqr_4x4;
    k->mul_5x5_r52 = q->mul_5x5_r52;
    int n = snprintf(from, len, "%s", m->isa);
    if (strcmp(s->isa, m->isa) != 0 && n >= 0 && (size_t)n < len)
        n += snprintf(from + n, len - (size_t)n, ", %s for sqr_4x4", s->isa);
    if (strcmp(q->isa, m->isa) != 0 && n >= 0 && (size_t)n < len)
        n += snprintf(from + n, len - (size_t)n, ", %s for mul_5x5_r52", q->isa);
    if (n >= 0 && (size_t)n < len)
        snprintf(from + n, len - (size_t)n, "%s", source);
    k->mul_from = from;
}
