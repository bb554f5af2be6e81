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
    size_t mul_from, sqr_from, karatsuba_mul, karatsuba_sqr, powm_from;
} window_row;

/* Data, not code: change a row only with the measurement that supports it. Every schoolbook and
 * Karatsuba value is at least DOT_BASECASE_WINDOW_MIN (dot.h), which the patched GMP relies on.
 * powm_from: dot_powm's window, moduli of powm_from to DOT_POWM_MAX limbs, at least DOT_POWM_MIN
 * (SIZE_MAX: none, not measured there); zen4's starts where bench_powm first has the kernel
 * ahead of GMP's asm mpz_powm by more than 10%, confirmed by gmpbench_native's rsa tests
 * (results/powm-scalar-q-zen4-484d6c2.txt); zen5's by the same rule
 * (results/powm-window-zen5-5d240ee.txt). */
static const window_row rows[] = {
    {"zen4", 16, 28, 64, 64, 7},
    {"zen5", 16, 28, 64, 64, 8},
    {"intel-avx512", 20, 32, 64, 64, SIZE_MAX},
};

static _Noreturn void bad_value(const char *spec, const char *why)
{
    fprintf(stderr,
            "libdot: DOT_BASECASE=%s: %s (expected off, or a list such as "
            "mul=N,sqr=N,karatsuba_mul=K,karatsuba_sqr=K,powm=P,powm4=on with N from %d to %d or "
            "off, K from %d to %d or own, P from %d to %d or off, powm4 on or off)\n",
            spec, why, DOT_BASECASE_WINDOW_MIN, DOT_MUL_BASECASE_MAX, DOT_BASECASE_WINDOW_MIN,
            DOT_MUL_BASECASE_MAX + 1, DOT_POWM_MIN, DOT_POWM_MAX);
    abort();
}

/* One item's value: a decimal limb count in [min, max], or the word `none` (off, own), which
 * stands for `none_value`. */
static size_t parse_value(const char *spec, const char *p, size_t len, size_t min, size_t max,
                          const char *none, size_t none_value)
{
    if (len == strlen(none) && strncmp(p, none, len) == 0)
        return none_value;
    if (len == 0)
        bad_value(spec, "an empty value");
    size_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (p[i] < '0' || p[i] > '9')
            bad_value(spec, "a value is neither a decimal number nor the item's word");
        if (v > max)
            break;
        v = v * 10 + (size_t)(p[i] - '0');
    }
    if (v < min || v > max)
        bad_value(spec, "a limb count out of its range");
    return v;
}

/* Applies the list `spec` (not "off") over the row's values in t. */
static void apply_override(const char *spec, dot_basecase_tuning *t)
{
    for (const char *p = spec;;) {
        const char *end = strchr(p, ',');
        size_t item = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', item);
        if (!eq)
            bad_value(spec, "an item has no '='");
        size_t key = (size_t)(eq - p), len = item - key - 1;
        const char *v = eq + 1;
        if (key == 3 && !strncmp(p, "mul", 3))
            t->mul_from = parse_value(spec, v, len, DOT_BASECASE_WINDOW_MIN, DOT_MUL_BASECASE_MAX,
                                      "off", SIZE_MAX);
        else if (key == 3 && !strncmp(p, "sqr", 3))
            t->sqr_from = parse_value(spec, v, len, DOT_BASECASE_WINDOW_MIN, DOT_MUL_BASECASE_MAX,
                                      "off", SIZE_MAX);
        else if (key == 13 && !strncmp(p, "karatsuba_mul", 13))
            t->karatsuba_mul = parse_value(spec, v, len, DOT_BASECASE_WINDOW_MIN,
                                           DOT_MUL_BASECASE_MAX + 1, "own", 0);
        else if (key == 13 && !strncmp(p, "karatsuba_sqr", 13))
            t->karatsuba_sqr = parse_value(spec, v, len, DOT_BASECASE_WINDOW_MIN,
                                           DOT_MUL_BASECASE_MAX + 1, "own", 0);
        else if (key == 4 && !strncmp(p, "powm", 4))
            t->powm_from = parse_value(spec, v, len, DOT_POWM_MIN, DOT_POWM_MAX, "off", SIZE_MAX);
        else if (key == 5 && !strncmp(p, "powm4", 5) && (len == 2 || len == 3) &&
                 !strncmp(v, len == 2 ? "on" : "off", len))
            t->powm4 = len == 2;
        else if (key == 5 && !strncmp(p, "powm4", 5))
            bad_value(spec, "powm4 is neither on nor off");
        else
            bad_value(spec,
                      "an unknown item (mul, sqr, karatsuba_mul, karatsuba_sqr, powm, powm4)");
        if (!end)
            return;
        if (!end[1])
            bad_value(spec, "a trailing ','");
        p = end + 1;
    }
}

dot_basecase_tuning dot_basecase_for(const dot_cpu *cpu, const char *isa)
{
    const dot_basecase_tuning none = {SIZE_MAX, SIZE_MAX, 0, 0, SIZE_MAX, "no ifma kernel", 0};
    const char *spec = getenv("DOT_BASECASE");
    int off = spec && strcmp(spec, "off") == 0, list = spec && *spec && !off;
    const window_row *r = &rows[0];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].family, cpu->family) == 0)
            r = &rows[i];
    /* the 4-limb exponentiation needs BMI2 and ADX, not a vector variant: on for every variant */
    dot_basecase_tuning w = {r->mul_from,  r->sqr_from, r->karatsuba_mul, r->karatsuba_sqr,
                             r->powm_from, NULL,        cpu->mulx};
    if (list)
        apply_override(spec, &w); /* parsed on every variant, so a bad value aborts on each */
    w.powm4 &= cpu->mulx && !off;
    if (off || strcmp(isa, "ifma") != 0) {
        dot_basecase_tuning t = none;
        t.powm4 = w.powm4;
        if (off)
            t.source = "DOT_BASECASE=off";
        else if (list)
            t.source = "no ifma kernel, DOT_BASECASE not applied";
        return t;
    }
    static char label[80];
    int own = strcmp(r->family, cpu->family) == 0;
    snprintf(label, sizeof label, "%s%s table%s%s", list ? "DOT_BASECASE, the rest from the " : "",
             r->family, own ? "" : ", not measured on ", own ? "" : cpu->family);
    w.source = label;
    return w;
}
