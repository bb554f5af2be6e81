/*
 * The device bundle's driver: one static binary to copy to an AVX-512/IFMA machine (no Java, no
 * network, GMP linked in). It identifies the CPU, then runs the bundled test and benchmark
 * programs, each in its own child process so that their bookkeeping starts fresh and a crash in
 * one is reported rather than taking the others down.
 * usage: dot-device [--quick] [--list] [program...]
 * The programs' own main functions are renamed at compile time (mk/device.mk).
 */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <gmp.h>
#include "dot.h"

int device_test_mul(void);
int device_test_baselines(void);
int device_test_addsub(void);
int device_test_mul_basecase(void);
int device_bench_mul_basecase(int, char **);
int device_bench_mul(int, char **);
int device_bench_addsub(int, char **);
int device_bench_phases(int, char **);
int device_tune_addsub(int, char **);
int device_bench_ntt(int, char **);
int device_bench_ntt_mont(int, char **);
int device_timing_ct(int, char **);

static char *quick_argv[] = {"bench", "--quick", NULL};
static char *full_argv[] = {"bench", NULL};

static const struct {
    const char *name;
    int (*test)(void);
    int (*bench)(int, char **);
} programs[] = {
    {"test_addsub", device_test_addsub, NULL},
    {"test_mul", device_test_mul, NULL},
    {"test_baselines", device_test_baselines, NULL},
    {"bench_mul", NULL, device_bench_mul},
    {"bench_addsub", NULL, device_bench_addsub},
    {"bench_phases", NULL, device_bench_phases},
    {"tune_addsub", NULL, device_tune_addsub},
    {"bench_ntt", NULL, device_bench_ntt},
    {"bench_ntt_mont", NULL, device_bench_ntt_mont},
    {"timing_ct", NULL, device_timing_ct},
    {"test_mul_basecase", device_test_mul_basecase, NULL},
    {"bench_mul_basecase", NULL, device_bench_mul_basecase},
};
#define N_PROGRAMS (sizeof programs / sizeof programs[0])

static void identify(void)
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    char vendor[13] = {0}, brand[49] = {0};
    __get_cpuid(0, &a, &b, &c, &d);
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    unsigned max_ext = __get_cpuid_max(0x80000000, NULL);
    for (unsigned leaf = 0; leaf < 3 && max_ext >= 0x80000004; leaf++) {
        __get_cpuid(0x80000002 + leaf, &a, &b, &c, &d);
        unsigned regs[4] = {a, b, c, d};
        memcpy(brand + 16 * leaf, regs, 16);
    }
    __get_cpuid(1, &a, &b, &c, &d);
    unsigned family = (a >> 8) & 0xf, model = (a >> 4) & 0xf, stepping = a & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    if (family >= 6)
        model |= ((a >> 16) & 0xf) << 4;
    unsigned c1 = c, b7 = 0, c7 = 0, d7 = 0, a7 = 0;
    __get_cpuid_count(7, 0, &a7, &b7, &c7, &d7);
    unsigned lo = 0, hi = 0;
    if (c1 & bit_OSXSAVE)
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    printf("Vendor ID:   %s\nModel name:  %s\nFamily/model/stepping: %u/%u/%u (0x%x/0x%x)\n",
           vendor, brand, family, model, stepping, family, model);
    printf("Online CPUs: %ld\nXCR0:        0x%x\n", sysconf(_SC_NPROCESSORS_ONLN), lo);
    const struct {
        const char *name;
        int on;
    } flags[] = {
        {"sse4_2", !!(c1 & bit_SSE4_2)},
        {"avx", !!(c1 & bit_AVX)},
        {"avx2", !!(b7 & bit_AVX2)},
        {"bmi2", !!(b7 & bit_BMI2)},
        {"adx", !!(b7 & bit_ADX)},
        {"avx512f", !!(b7 & bit_AVX512F)},
        {"avx512dq", !!(b7 & bit_AVX512DQ)},
        {"avx512ifma", !!(b7 & bit_AVX512IFMA)},
        {"avx512bw", !!(b7 & bit_AVX512BW)},
        {"avx512vl", !!(b7 & bit_AVX512VL)},
        {"avx512vbmi", !!(c7 & bit_AVX512VBMI)},
        {"avx512vbmi2", !!(c7 & bit_AVX512VBMI2)},
    };
    printf("Flags:      ");
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (flags[i].on)
            printf(" %s", flags[i].name);
    printf("\nlibdot %s variants runnable here:", dot_version());
    for (const char *const *n = dot_isa_names(); *n; n++)
        if (dot_isa_supported(*n))
            printf(" %s", *n);
    printf("; dispatched: %s; GMP %s (static)\n", dot_isa(), gmp_version);
    (void)hi;
}

static int run_child(size_t i, int quick)
{
    printf("\n== %s\n", programs[i].name);
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 1;
    }
    if (pid == 0) {
        int rc = programs[i].test
                     ? programs[i].test()
                     : programs[i].bench(quick ? 2 : 1, quick ? quick_argv : full_argv);
        fflush(stdout);
        _exit(rc);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0) {
        perror("waitpid");
        return 1;
    }
    if (WIFSIGNALED(status)) {
        printf("== %s killed by signal %d\n", programs[i].name, WTERMSIG(status));
        return 1;
    }
    return WEXITSTATUS(status) != 0;
}

int main(int argc, char **argv)
{
    int quick = 0, chosen = 0, failures = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--list") == 0) {
            for (size_t k = 0; k < N_PROGRAMS; k++)
                printf("%s\n", programs[k].name);
            return 0;
        }
    }
    identify();
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        size_t k = 0;
        while (k < N_PROGRAMS && strcmp(programs[k].name, argv[i]) != 0)
            k++;
        if (k == N_PROGRAMS) {
            fprintf(stderr, "unknown program %s (try --list)\n", argv[i]);
            return 2;
        }
        failures += run_child(k, quick);
        chosen = 1;
    }
    for (size_t k = 0; !chosen && k < N_PROGRAMS; k++)
        failures += run_child(k, quick);
    printf("\n== device bundle: %d program(s) failed\n", failures);
    return failures != 0;
}
