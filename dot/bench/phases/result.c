/*
 * bench_phases' statistics and the body of its result file (suite "phases"): stage medians over
 * rounds, the paper's summary figures (Table 3: carry-to-add ratio, IFMA compute share) and their
 * percentile bootstrap intervals, written as JSON; mk/native_result.py adds the provenance.
 */
#include <math.h>
#include <stdlib.h>
#include "common/check.h"
#include "phases.h"

#define BOOTSTRAP_RESAMPLES 1000
#define BOOTSTRAP_SEED 17

double phase_samples[2][MAX_STAGES][MAX_SAMPLES];
static double scratch[MAX_SAMPLES];

/* the median of stage k's samples over the rounds idx[0..n-1] (a resample of the rounds) */
double phases_median(const double *stage, const int *idx, int n)
{
    for (int i = 0; i < n; i++)
        scratch[i] = stage[idx[i]];
    return dot_median(scratch, (size_t)n);
}

/* The table's metric from stage medians; NAN when undefined (the addition costs nothing over
 * the load, so there is no ratio to take). */
double phases_metric(const phase_table *t, const double *med)
{
    int k = t->metric_stage;
    double full = med[t->stages - 1];
    if (t->metric == METRIC_CARRY_TO_ADD) {
        double add = med[k] - med[k - 1];
        return add > 0 ? (full - med[k]) / add : NAN;
    }
    if (t->metric == METRIC_IFMA_SHARE) {
        double kernel = full - med[0];
        return kernel > 0 ? 100.0 * (med[k] - med[k - 1]) / kernel : NAN;
    }
    return NAN;
}

const char *phases_metric_key(metric_kind m)
{
    return m == METRIC_CARRY_TO_ADD ? "carry_to_add_ratio" : "ifma_share_percent";
}

static const char *metric_definition(metric_kind m)
{
    return m == METRIC_CARRY_TO_ADD
               ? "carry-handling TSC cycles (every stage after '1 add': generate carries, add "
                 "carries + store, check + cascade fix-up) over addition cycles ('1 add' alone, "
                 "the load excluded), as the paper's Table 1 and 3 define it"
               : "the '2 IFMA compute' stage's TSC cycles over the full kernel's, the loop "
                 "overhead excluded, in percent";
}

/* a string in JSON: the table notes' line breaks and indents become one space */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '\n') {
            fputc(' ', f);
            while (s[1] == ' ')
                s++;
        } else if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

/* a number in JSON: null for NAN */
static void json_number(FILE *f, double v)
{
    if (isnan(v))
        fprintf(f, "null");
    else
        fprintf(f, "%.4f", v);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One test of the result file: one table on one operand set. Bootstrap: resample the rounds
 * (every stage's sample of a round together), take each stage's median, recompute the metric;
 * the interval is the 2.5th and 97.5th percentiles, null when any resample is undefined. */
void phases_json_test(FILE *f, const phase_table *t, const char *set_name, int set,
                      const double *med, int nsamples, int *first)
{
    fprintf(f, "%s\n    {\"name\": \"%s-%s\", \"title\": \"%s\", \"kernel_isa\": \"%s\", ",
            *first ? "" : ",", t->name, set_name, t->title, t->isa);
    *first = 0;
    fprintf(f, "\"operands\": \"%s\", \"failed\": {}, \"skipped\": null,\n", set_name);
    fprintf(f,
            "     \"checked_by\": \"not checked here: a timing breakdown (make test-dot checks the "
            "kernels' answers)\",\n");
    fprintf(f, "     \"stage_tsc_cycles_per_call\": [");
    for (int k = 0; k < t->stages; k++) {
        fprintf(f, "%s{\"through\": \"%s\", \"median\": ", k ? ", " : "", t->phase[k]);
        json_number(f, med[k]);
        fprintf(f, "}");
    }
    fprintf(f, "],\n     \"phases\": [");
    double kernel = med[t->stages - 1] - med[0];
    for (int k = 1; k < t->stages; k++) {
        double d = med[k] - med[k - 1];
        fprintf(f, "%s{\"phase\": \"%s\", \"tsc_cycles\": ", k > 1 ? ", " : "", t->phase[k]);
        json_number(f, d);
        fprintf(f, ", \"share_percent\": ");
        json_number(f, kernel > 0 ? 100.0 * d / kernel : NAN);
        fprintf(f, "}");
    }
    fprintf(f, "],\n     \"loop_overhead_tsc_cycles\": ");
    json_number(f, med[0]);
    fprintf(f, ", \"kernel_tsc_cycles\": ");
    json_number(f, kernel);
    if (t->note) {
        fprintf(f, ",\n     \"note\": ");
        json_string(f, t->note);
    }
    if (t->metric != METRIC_NONE) {
        static double boot[BOOTSTRAP_RESAMPLES];
        static int idx[MAX_SAMPLES];
        uint64_t x = BOOTSTRAP_SEED;
        int undefined = 0;
        for (int b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
            for (int i = 0; i < nsamples; i++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                idx[i] = (int)(x % (uint64_t)nsamples);
            }
            double m[MAX_STAGES];
            for (int k = 0; k < t->stages; k++)
                m[k] = phases_median(phase_samples[set][k], idx, nsamples);
            boot[b] = phases_metric(t, m);
            undefined |= isnan(boot[b]);
        }
        qsort(boot, BOOTSTRAP_RESAMPLES, sizeof boot[0], cmp_double);
        double v = phases_metric(t, med);
        fprintf(f, ",\n     \"metrics\": {\"%s\": {\"value\": ", phases_metric_key(t->metric));
        json_number(f, v);
        fprintf(f, ", \"ci_low\": ");
        json_number(f, undefined ? NAN : boot[BOOTSTRAP_RESAMPLES * 25 / 1000]);
        fprintf(f, ", \"ci_high\": ");
        json_number(f, undefined ? NAN : boot[BOOTSTRAP_RESAMPLES * 975 / 1000 - 1]);
        fprintf(f, ", \"definition\": \"%s\"", metric_definition(t->metric));
        if (isnan(v))
            fprintf(f, ", \"undefined_because\": \"%s\"",
                    t->metric == METRIC_CARRY_TO_ADD
                        ? "the stage '1 add' costs no more than '1 load' alone: the addition "
                          "adds no throughput cost, so the ratio has no denominator"
                        : "the full kernel costs no more than the empty loop");
        else if (undefined)
            fprintf(f, ", \"ci_undefined_because\": \"some bootstrap resamples have no "
                       "denominator\"");
        fprintf(f, "}}");
    }
    fprintf(f, "}");
}

/* The body of a dotbench result file (suite "phases"); mk/native_result.py adds the
 * schema, the provenance and the command. */
void phases_json_begin(FILE *f, int quick, int nsamples)
{
    fprintf(f, "{\"settings\": {\"profile\": \"%s\", \"samples\": %d, ", quick ? "quick" : "full",
            nsamples);
    fprintf(f, "\"calls_per_sample\": %d, \"clock\": \"rdtsc (TSC reference cycles)\", ", REPS);
    fprintf(f, "\"interleaving\": \"every stage of a table in turn per round, the first "
               "stage rotating\", \"statistic\": \"median\", ");
    fprintf(f, "\"ci\": \"percentile bootstrap over rounds, 95%%\", ");
    fprintf(f, "\"bootstrap_resamples\": %d, \"bootstrap_seed\": %d},\n", BOOTSTRAP_RESAMPLES,
            BOOTSTRAP_SEED);
    fprintf(f, " \"libdot\": {\"version\": \"%s\", \"isa\": \"%s\"},\n", dot_version(), dot_isa());
    fprintf(f,
            " \"variants\": [{\"name\": \"libdot\", \"library\": \"libdot\", "
            "\"path\": \"libdot.a (linked statically)\", \"version\": \"%s\", "
            "\"marker\": null, \"modified\": true, \"manifest\": null}],\n",
            dot_version());
    fprintf(f, " \"tests\": [");
}

void phases_json_skipped(FILE *f, const phase_table *t, const char *set_name, int *first)
{
    fprintf(f, "%s\n    {\"name\": \"%s-%s\", \"title\": \"%s\", \"failed\": {}, ",
            *first ? "" : ",", t->name, set_name, t->title);
    fprintf(f, "\"skipped\": \"this CPU cannot run %s\"}", t->isa);
    *first = 0;
}

/* closes the body; non-zero when the file could not be written */
int phases_json_end(FILE *f)
{
    fprintf(f, "\n ],\n \"comparisons\": []}\n");
    return fclose(f) != 0;
}
