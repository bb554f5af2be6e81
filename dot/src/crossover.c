/*
 * Where the dispatched add/sub entry points switch from the add-with-carry chain to a variant's
 * vector kernel: one row per (CPU family, variant), written by `make tune` on that family, and
 * the DOT_CROSSOVER override (grammar in dot.h). The AVX-512 rows also name the form of the
 * constant-time kernel the family's tables hold (avx512/aors.h), which DOT_CT_FORM overrides.
 *
 * A row applies to the family it was measured on. A family without its own row (an Intel
 * AVX-512 part, Zen 3, anything else) gets the "*" row of its variant, and the source string says
 * so: those values are the Zen 4 measurements carried over, not measurements of that CPU.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dot_impl.h"

#define MAX SIZE_MAX

typedef struct {
    const char *family, *isa;
    size_t add_n, sub_n, add_n_ct, sub_n_ct;
    const char *ct_form; /* AVX-512 rows: "shift" or "mask" (dot_ct_form_for); NULL: "shift" */
} crossover_row;

/* The scalar row never switches: DOT_ISA=scalar runs the portable reference at every size. */
static const crossover_row rows[] = {
#include "crossover_table.h"
    {"*", "scalar", 0, 0, 0, 0, NULL},
    {"*", "chain", 0, 0, 0, 0, NULL},
    {"*", "sse", MAX, MAX, MAX, MAX, NULL},
    {"*", "avx2", MAX, MAX, MAX, MAX, NULL},
};

static const crossover_row *find_row(const char *family, const char *isa)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].family, family) == 0 && strcmp(rows[i].isa, isa) == 0)
            return &rows[i];
    return NULL;
}

/* The zen4 row of an ISA stands in for families that have none ("*" rows cover the rest). */
static const crossover_row *row_for(const char *family, const char *isa, const char **source)
{
    static char label[64];
    const crossover_row *r = find_row(family, isa);
    if (r) {
        snprintf(label, sizeof label, "%s table", family);
        *source = label;
        return r;
    }
    r = find_row("*", isa);
    if (r) {
        *source = "generic table";
        return r;
    }
    r = find_row("zen4", isa);
    snprintf(label, sizeof label, "zen4 table, not measured on %s", family);
    *source = label;
    return r;
}

static _Noreturn void bad_value(const char *spec, const char *why)
{
    fprintf(stderr,
            "libdot: DOT_CROSSOVER=%s: %s (expected N, max, or a list such as "
            "add_n=N,sub_n=N,add_n_ct=N,sub_n_ct=N with N a decimal limb count or max)\n",
            spec, why);
    abort();
}

static size_t parse_size(const char *spec, const char *p, size_t len)
{
    if (len == 3 && strncmp(p, "max", 3) == 0)
        return MAX;
    if (len == 0 || len > 19)
        bad_value(spec, len ? "a limb count has at most 19 digits" : "an empty value");
    size_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (p[i] < '0' || p[i] > '9')
            bad_value(spec, "a value is neither a decimal number nor max");
        v = v * 10 + (size_t)(p[i] - '0');
    }
    return v;
}

static void apply_override(const char *spec, dot_crossovers *x)
{
    if (!strchr(spec, '=')) {
        size_t v = parse_size(spec, spec, strlen(spec));
        x->add_n = x->sub_n = x->add_n_ct = x->sub_n_ct = v;
        return;
    }
    for (const char *p = spec; *p;) {
        const char *end = strchr(p, ',');
        size_t item = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', item);
        if (!eq)
            bad_value(spec, "an item has no '='");
        size_t key = (size_t)(eq - p);
        size_t *slot = key == 5 && !strncmp(p, "add_n", 5)      ? &x->add_n
                       : key == 5 && !strncmp(p, "sub_n", 5)    ? &x->sub_n
                       : key == 8 && !strncmp(p, "add_n_ct", 8) ? &x->add_n_ct
                       : key == 8 && !strncmp(p, "sub_n_ct", 8) ? &x->sub_n_ct
                                                                : NULL;
        if (!slot)
            bad_value(spec, "an unknown operation (add_n, sub_n, add_n_ct, sub_n_ct)");
        *slot = parse_size(spec, eq + 1, item - key - 1);
        if (!end)
            break;
        if (!end[1])
            bad_value(spec, "a trailing ','");
        p = end + 1;
    }
}

dot_crossovers dot_crossovers_for(const dot_cpu *cpu, const char *isa)
{
    dot_crossovers x = {0, 0, 0, 0, "none"};
    const crossover_row *r = row_for(cpu->family, isa, &x.source);
    if (r) {
        x.add_n = r->add_n;
        x.sub_n = r->sub_n;
        x.add_n_ct = r->add_n_ct;
        x.sub_n_ct = r->sub_n_ct;
    }
    const char *spec = getenv("DOT_CROSSOVER");
    if (spec && *spec) {
        static char label[96];
        apply_override(spec, &x);
        if (strchr(spec, '='))
            snprintf(label, sizeof label, "DOT_CROSSOVER, the rest from the %s", x.source);
        else
            snprintf(label, sizeof label, "DOT_CROSSOVER");
        x.source = label;
    }
    return x;
}

int dot_has_ct_forms(const char *isa) { return !strcmp(isa, "avx512") || !strcmp(isa, "ifma"); }

const char *dot_ct_form_for(const dot_cpu *cpu, const char *isa, const char **source)
{
    const char *spec = getenv("DOT_CT_FORM");
    if (spec && *spec) {
        if (strcmp(spec, "shift") != 0 && strcmp(spec, "mask") != 0) {
            fprintf(stderr, "libdot: DOT_CT_FORM=%s: expected shift or mask\n", spec);
            abort();
        }
        *source = "DOT_CT_FORM";
        return strcmp(spec, "mask") == 0 ? "mask" : "shift";
    }
    static char label[64];
    const crossover_row *r = find_row(cpu->family, isa);
    if (r && r->ct_form) {
        snprintf(label, sizeof label, "%s table", cpu->family);
        *source = label;
        return r->ct_form;
    }
    *source = "the variant's own";
    return "shift";
}

void dot_choose_ct_form(const dot_cpu *cpu, dot_kernels *k, char *said, size_t len)
{
    if (!dot_has_ct_forms(k->name))
        return;
    const char *source;
    const char *form = dot_ct_form_for(cpu, k->name, &source);
    if (strcmp(form, "mask") == 0) {
        k->add_n_ct = dot_avx512_mask_add_n_ct;
        k->sub_n_ct = dot_avx512_mask_sub_n_ct;
        k->add_nc_ct = dot_avx512_mask_add_nc_ct;
        k->sub_nc_ct = dot_avx512_mask_sub_nc_ct;
    }
    snprintf(said, len, " ct=%s (%s)", form, source);
}
