/* Which variants this CPU and OS can run: cpuid for the instructions, xgetbv for the register
 * state the OS saves (AVX needs XMM+YMM state, AVX-512 also opmask and both ZMM halves). */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dot_impl.h"

#define XCR0_SSE_AVX 0x06u
#define XCR0_AVX512 0xe0u /* opmask, ZMM_Hi256, Hi16_ZMM */

static unsigned long long read_xcr0(void)
{
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

/* DOT_CPU_DISABLE=avx512,ifma (any of sse42, avx2, avx512, ifma, adx) makes libdot treat those
 * features as absent, as OPENSSL_ia32cap does for OpenSSL: to compare variants on one machine,
 * and to test how libdot behaves on a CPU that lacks them. Names are exact (lower case, no
 * spaces); any other item aborts with a message, as DOT_ISA and DOT_CROSSOVER do, so a typo
 * never quietly measures the unmasked CPU. */
static const char *const disable_names[] = {"sse42", "avx2", "avx512", "ifma", "adx", NULL};

static int item_is(const char *p, size_t item, const char *name)
{
    return item == strlen(name) && strncmp(p, name, item) == 0;
}

static void check_disable_list(const char *list)
{
    if (!list || !*list)
        return;
    for (const char *p = list; p;) { /* every item, an empty one (",," or a trailing ',') too */
        const char *end = strchr(p, ',');
        size_t item = end ? (size_t)(end - p) : strlen(p);
        int known = 0;
        for (size_t i = 0; disable_names[i]; i++)
            known |= item_is(p, item, disable_names[i]);
        if (!known) {
            fprintf(stderr,
                    "libdot: DOT_CPU_DISABLE=%s: '%.*s' names no feature "
                    "(known: sse42 avx2 avx512 ifma adx, comma-separated, no spaces)\n",
                    list, (int)item, p);
            abort();
        }
        p = end ? end + 1 : NULL;
    }
}

static int disabled(const char *feature)
{
    const char *list = getenv("DOT_CPU_DISABLE");
    for (const char *p = list; p && *p;) {
        const char *end = strchr(p, ',');
        size_t item = end ? (size_t)(end - p) : strlen(p);
        if (item_is(p, item, feature))
            return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
}

/* The CPU family whose measured crossovers apply (crossover.c): read from the vendor string and
 * the display family, plus AVX-512 to tell Zen 4 (which has it) from Zen 3 (same family 0x19).
 * Zen 5 is family 0x1A, every part with AVX-512 (most of them 512 bits wide where Zen 4 splits an
 * operation in two halves): its kernels rank differently, so it is a family of its own. */
static const char *family_of(unsigned int eax1, int hw_avx512)
{
    unsigned int a, b, c, d;
    char vendor[13] = {0};
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return "other";
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    unsigned int family = (eax1 >> 8) & 0xf;
    if (family == 0xf)
        family += (eax1 >> 20) & 0xff;
    if (strcmp(vendor, "AuthenticAMD") == 0 && family == 0x19)
        return hw_avx512 ? "zen4" : "zen3";
    if (strcmp(vendor, "AuthenticAMD") == 0 && family == 0x1a && hw_avx512)
        return "zen5";
    if (strcmp(vendor, "GenuineIntel") == 0 && hw_avx512)
        return "intel-avx512";
    return "other";
}

static dot_cpu detect_hardware(void)
{
    dot_cpu cpu = {0, 0, 0, 0, "other", 0, 0};
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return cpu;
    unsigned int eax1 = a;
    /* general-register instructions, whatever the OS saves of the vector registers */
    unsigned int a7, b7, c7, d7;
    if (__get_cpuid_count(7, 0, &a7, &b7, &c7, &d7))
        cpu.mulx = (b7 & bit_BMI2) && (b7 & bit_ADX);
    cpu.sse42 = (c & bit_SSE4_1) && (c & bit_SSE4_2);
    int fma = (c & bit_FMA) != 0;
    int osxsave = (c & bit_OSXSAVE) != 0, avx = (c & bit_AVX) != 0;
    if (!osxsave || !avx)
        return cpu;
    unsigned long long xcr0 = read_xcr0();
    if ((xcr0 & XCR0_SSE_AVX) != XCR0_SSE_AVX)
        return cpu;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return cpu;
    cpu.avx2 = (b & bit_AVX2) != 0;
    cpu.fma = fma;
    int zmm_state = (xcr0 & XCR0_AVX512) == XCR0_AVX512;
    cpu.avx512 = zmm_state && (b & bit_AVX512F) && (b & bit_AVX512VL) && (b & bit_AVX512DQ) &&
                 (b & bit_AVX512BW);
    cpu.ifma = cpu.avx512 && (b & bit_AVX512IFMA) && (b & bit_BMI2);
    cpu.family = family_of(eax1, cpu.avx512);
    return cpu;
}

dot_cpu dot_cpu_detect(void)
{
    check_disable_list(getenv("DOT_CPU_DISABLE"));
    dot_cpu cpu = detect_hardware();
    cpu.sse42 &= !disabled("sse42");
    cpu.avx2 &= !disabled("avx2");
    cpu.fma &= cpu.avx2;
    cpu.avx512 &= !disabled("avx512");
    cpu.ifma &= cpu.avx512 && !disabled("ifma");
    cpu.mulx &= !disabled("adx");
    return cpu;
}
