/*
 * Where dot_mul_basecase / dot_sqr_basecase beat an assembly schoolbook, and the Karatsuba
 * crossovers that go with them (dot.h, dot_basecase_tuning): one row per CPU family with the IFMA
 * kernels, measured inside the patched GMP (interleaved GMPbench-style runs over candidate
 * windows, results/ names the run). A family without its own row gets the zen4 row and the
 * source string says so. DOT_BASECASE=off switches the routing off for A/B runs in one build.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dot_impl.h"

typedef struct {
    const char *family;
    size_t mul_from, sqr_from, karatsuba_mul, karatsuba_sqr;
} window_row;

/* Data, not code: change a row only with the measurement that supports it. Every value is at
 * least DOT_BASECASE_WINDOW_MIN (dot.h), which the patched GMP relies on. */
static const window_row rows[] = {
    {"zen4", 16, 28, 64, 64},
};

dot_basecase_tuning dot_basecase_for(const dot_cpu *cpu, const char *isa)
{
    dot_basecase_tuning t = {SIZE_MAX, SIZE_MAX, 0, 0, "no ifma kernel"};
    const char *spec = getenv("DOT_BASECASE");
    if (spec && *spec && strcmp(spec, "off") != 0) {
        fprintf(stderr, "libdot: DOT_BASECASE=%s: unknown value (expected off, or unset)\n", spec);
        abort();
    }
    if (spec && *spec) {
        t.source = "DOT_BASECASE=off";
        return t;
    }
    if (strcmp(isa, "ifma") != 0)
        return t;
    static char label[64];
    const window_row *r = &rows[0];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].family, cpu->family) == 0)
            r = &rows[i];
    if (strcmp(r->family, cpu->family) == 0)
        snprintf(label, sizeof label, "%s table", r->family);
    else
        snprintf(label, sizeof label, "%s table, not measured on %s", r->family, cpu->family);
    t.mul_from = r->mul_from;
    t.sqr_from = r->sqr_from;
    t.karatsuba_mul = r->karatsuba_mul;
    t.karatsuba_sqr = r->karatsuba_sqr;
    t.source = label;
    return t;
}
