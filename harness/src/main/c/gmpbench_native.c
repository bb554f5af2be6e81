/*
 * gmpbench_native: the GMPbench-style A/B run without Java, the harness's fidelity reference.
 *
 *   gmpbench_native [--min-time SECONDS] [--samples N] [--tests NAME;...] LABEL=LIBGMP.so ...
 *   gmpbench_native --list        the test names, one per line
 *
 * Every library is dlopen()ed by path with RTLD_LOCAL and runs the same workload code as the Java
 * harness (gmpbench_work.c). Per test: the answers are checked equal across libraries, the
 * repetition count is calibrated on the first library (doubling until one batch takes
 * --min-time of CPU), then --samples batches run interleaved (library order rotating each
 * sample). Prints per library GMPbench's score lines from the median ops/s, then
 * "ratio LABEL/FIRST SCOPE VALUE" lines (scope: each program, base, app, total) for parsing.
 * Exit status: 0 ok, 1 an answer differed, 2 bad usage or a library that cannot be loaded.
 */
#define _POSIX_C_SOURCE 200809L
#include "gmp_fns.h"
#include "gmpbench_work.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LIBS = 8, MAX_SAMPLES = 101 };

static const struct {
    const char *name, *category;
    double weight;
} programs[] = {{"multiply", "base", 1}, {"divide", "base", 1}, {"gcd", "base", 0.5},
                {"gcdext", "base", 0.5}, {"rsa", "app", 1},     {"pi", "app", 1}};
enum { PROGRAMS = sizeof programs / sizeof programs[0] };

struct lib {
    const char *label;
    void *fns[DOTBENCH_GMP_FN_COUNT];
};

static int load(struct lib *lib, char *spec)
{
    char *eq = strchr(spec, '=');
    if (eq == NULL) {
        fprintf(stderr, "gmpbench_native: expected LABEL=PATH, got '%s'\n", spec);
        return -1;
    }
    *eq = '\0';
    lib->label = spec;
    void *h = dlopen(eq + 1, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        fprintf(stderr, "gmpbench_native: cannot load %s: %s\n", eq + 1, dlerror());
        return -1;
    }
    const char *const *symbols = dotbench_gmp_symbols();
    for (int i = 0; symbols[i]; i++)
        if ((lib->fns[i] = dlsym(h, symbols[i])) == NULL) {
            fprintf(stderr, "gmpbench_native: %s lacks %s\n", eq + 1, symbols[i]);
            return -1;
        }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int selected(const char *test, const char *list)
{
    if (list == NULL)
        return 1;
    size_t len = strlen(test);
    for (const char *p = list; (p = strstr(p, test)) != NULL; p += len)
        if ((p == list || p[-1] == ';') && (p[len] == '\0' || p[len] == ';'))
            return 1;
    return 0;
}

static int program_of(const char *test)
{
    for (int p = 0; p < PROGRAMS; p++) {
        size_t n = strlen(programs[p].name);
        if (strncmp(test, programs[p].name, n) == 0 && test[n] == '(')
            return p;
    }
    return -1;
}

/* scores[l][scope]: scope 0..PROGRAMS-1 the programs, then base, app, total (runbench's formulas). */
enum { BASE = PROGRAMS, APP, TOTAL, SCOPES };
static void score(double log_sum[PROGRAMS], int count[PROGRAMS], double out[SCOPES])
{
    double cat_log[2] = {0, 0}, cat_weight[2] = {0, 0};
    for (int p = 0; p < PROGRAMS; p++) {
        if (count[p] == 0) {
            out[p] = NAN;
            continue;
        }
        double program_log = log_sum[p] / count[p];
        out[p] = exp(program_log);
        int cat = strcmp(programs[p].category, "app") == 0;
        cat_log[cat] += programs[p].weight * program_log;
        cat_weight[cat] += programs[p].weight;
    }
    out[BASE] = cat_weight[0] > 0 ? exp(cat_log[0] / cat_weight[0]) : NAN;
    out[APP] = cat_weight[1] > 0 ? exp(cat_log[1] / cat_weight[1]) : NAN;
    out[TOTAL] = sqrt(out[BASE] * out[APP]);
}

int main(int argc, char **argv)
{
    double min_time = 0.25;
    int samples = 5, nlibs = 0;
    char *tests = NULL;
    struct lib libs[MAX_LIBS];
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (const char *const *t = dotbench_gmpbench_tests(); *t; t++)
            puts(*t);
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--min-time") == 0 && i + 1 < argc)
            min_time = atof(argv[++i]);
        else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            samples = atoi(argv[++i]);
        else if (strcmp(argv[i], "--tests") == 0 && i + 1 < argc)
            tests = argv[++i];
        else if (nlibs < MAX_LIBS && argv[i][0] != '-') {
            if (load(&libs[nlibs++], argv[i]) != 0)
                return 2;
        } else {
            fprintf(stderr, "usage: gmpbench_native [--min-time S] [--samples N] [--tests A;B] "
                            "LABEL=LIB.so ... | --list\n");
            return 2;
        }
    }
    if (nlibs == 0 || samples < 1 || samples > MAX_SAMPLES || !(min_time > 0)) {
        fprintf(stderr,
                "gmpbench_native: need at least one LABEL=LIB.so, 1 <= --samples <= %d, --min-time "
                "> 0\n",
                MAX_SAMPLES);
        return 2;
    }

    double log_sum[MAX_LIBS][PROGRAMS] = {{0}};
    int count[MAX_LIBS][PROGRAMS] = {{0}};
    int status = 0;
    for (const char *const *t = dotbench_gmpbench_tests(); *t; t++) {
        if (!selected(*t, tests))
            continue;
        dotbench_case *cases[MAX_LIBS];
        uint64_t answer[MAX_LIBS];
        for (int l = 0; l < nlibs; l++) {
            cases[l] = dotbench_case_new(libs[l].fns, *t);
            answer[l] = dotbench_case_answer_hash(cases[l]);
        }
        int64_t reps = 1;
        dotbench_timing tm;
        for (;;) { /* GMPbench's TIME(): double until one batch takes min_time */
            dotbench_case_run(cases[0], reps, &tm);
            if (tm.cpu_ns >= min_time * 1e9)
                break;
            reps *= 2;
        }
        double ops[MAX_LIBS][MAX_SAMPLES];
        for (int s = 0; s < samples; s++)
            for (int k = 0; k < nlibs; k++) {
                int l = (s + k) % nlibs;
                dotbench_case_run(cases[l], reps, &tm);
                ops[l][s] = reps * 1e9 / (double)tm.cpu_ns;
            }
        int p = program_of(*t);
        for (int l = 0; l < nlibs; l++) {
            double m = median(ops[l], samples);
            int wrong = answer[l] != answer[0];
            printf("%-10s %-28s %14.6g ops/s%s\n", libs[l].label, *t, m,
                   wrong ? "  WRONG ANSWER" : "");
            status |= wrong;
            log_sum[l][p] += log(m);
            count[l][p]++;
            dotbench_case_free(cases[l]);
        }
        fflush(stdout);
    }

    double scores[MAX_LIBS][SCOPES];
    static const char *const scope_names[] = {"multiply", "divide", "gcd", "gcdext", "rsa",
                                              "pi",       "base",   "app", "total"};
    for (int l = 0; l < nlibs; l++) {
        score(log_sum[l], count[l], scores[l]);
        printf("%s: GMPbench.base %.5g  GMPbench.app %.5g  GMPbench: %.5g\n", libs[l].label,
               scores[l][BASE], scores[l][APP], scores[l][TOTAL]);
    }
    for (int l = 1; l < nlibs; l++)
        for (int s = 0; s < SCOPES; s++)
            if (!isnan(scores[l][s]) && !isnan(scores[0][s]))
                printf("ratio %s/%s %s %.6f\n", libs[l].label, libs[0].label, scope_names[s],
                       scores[l][s] / scores[0][s]);
    return status;
}
