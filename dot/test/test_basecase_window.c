/* The schoolbook window the patched GMP reads (dot.h, dot_basecase_tuning): with the IFMA
 * kernels a window inside
 * DOT_MUL_BASECASE_MAX and Karatsuba thresholds set, without them (another variant forced, or
 * DOT_BASECASE=off) "keep your own" (SIZE_MAX / 0); a DOT_BASECASE list overrides the items it
 * names on the IFMA variant; dot_settings() records it; any other DOT_BASECASE value aborts naming
 * it. Each case runs in a child process, since the window is
 * resolved once per process. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include "common/check.h"
#include "common/child.h"
#include "dot.h"
#include "dot_impl.h"

/* Prints "<mul_from> <sqr_from> <karatsuba_mul> <karatsuba_sqr> | <source> | <settings>", with
 * SIZE_MAX as "never". */
static int child(void)
{
    const dot_basecase_tuning *t = dot_basecase_active();
    char from[2][24];
    size_t f[2] = {t->mul_from, t->sqr_from};
    for (int i = 0; i < 2; i++)
        if (f[i] == SIZE_MAX)
            snprintf(from[i], sizeof from[i], "never");
        else
            snprintf(from[i], sizeof from[i], "%zu", f[i]);
    printf("%s %s %zu %zu | %s | %s\n", from[0], from[1], t->karatsuba_mul, t->karatsuba_sqr,
           t->source, dot_settings());
    return t == dot_basecase_active() ? 0 : 1;
}

static dot_child_result run(const char *isa, const char *basecase)
{
    char isa_env[64] = "DOT_ISA", b_env[96] = "DOT_BASECASE";
    if (isa)
        snprintf(isa_env, sizeof isa_env, "DOT_ISA=%s", isa);
    if (basecase)
        snprintf(b_env, sizeof b_env, "DOT_BASECASE=%s", basecase);
    const char *env[] = {isa_env, b_env, NULL};
    return dot_run_self("--child", env);
}

/* Parsed child line: the window, or "never"/0 for "keep your own". */
static void expect(const char *isa, const char *basecase, int routed, const char *source)
{
    dot_child_result c = run(isa, basecase);
    char mul[24] = "", sqr[24] = "";
    size_t kmul = 0, ksqr = 0, mul_from = 0, sqr_from = 0;
    int fields = sscanf(c.out, "%23s %23s %zu %zu", mul, sqr, &kmul, &ksqr);
    int ok = WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 && fields == 4 &&
             strstr(c.out, source) && strstr(c.out, "basecase=");
    if (routed) {
        ok = ok && sscanf(mul, "%zu", &mul_from) == 1 && sscanf(sqr, "%zu", &sqr_from) == 1 &&
             mul_from >= DOT_BASECASE_WINDOW_MIN && mul_from <= DOT_MUL_BASECASE_MAX &&
             sqr_from >= DOT_BASECASE_WINDOW_MIN && sqr_from <= DOT_MUL_BASECASE_MAX &&
             kmul >= DOT_BASECASE_WINDOW_MIN && ksqr >= DOT_BASECASE_WINDOW_MIN;
    } else {
        ok = ok && strcmp(mul, "never") == 0 && strcmp(sqr, "never") == 0 && kmul == 0 &&
             ksqr == 0 && strstr(c.out, "basecase=off");
    }
    CHECK(ok,
          "DOT_ISA=%s DOT_BASECASE=%s: expected %s window from \"%s\", child printed \"%s\" "
          "(stderr: %s)",
          isa ? isa : "(unset)", basecase ? basecase : "(unset)", routed ? "a" : "no", source,
          c.out, c.err);
    printf("  DOT_ISA=%-7s DOT_BASECASE=%-4s -> %s", isa ? isa : "-", basecase ? basecase : "-",
           c.out);
}

/* The settings string's basecase item with the override `basecase`: each of want_* (NULL: the
 * table's value, not checked) must appear as the field it names. */
static void overridden(const char *basecase, const char *mul, const char *sqr, const char *kmul,
                       const char *ksqr, const char *powm, const char *source)
{
    dot_child_result c = run("ifma", basecase);
    const char *item = strstr(c.out, "basecase=mul:");
    char m[24] = "", s[24] = "", km[24] = "", ks[24] = "", pw[24] = "";
    int ok = WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 && item && strstr(c.out, source) &&
             sscanf(item, "basecase=mul:%23[^,],sqr:%23[^,],karatsuba:%23[^/]/%23[^,],powm:%23[^ ]",
                    m, s, km, ks, pw) == 5;
    ok = ok && (!mul || strcmp(m, mul) == 0) && (!sqr || strcmp(s, sqr) == 0) &&
         (!kmul || strcmp(km, kmul) == 0) && (!ksqr || strcmp(ks, ksqr) == 0) &&
         (!powm || strcmp(pw, powm) == 0);
    CHECK(ok,
          "DOT_BASECASE=%s: expected mul:%s,sqr:%s,karatsuba:%s/%s,powm:%s from \"%s\", child "
          "printed \"%s\" (stderr: %s)",
          basecase, mul ? mul : "(table)", sqr ? sqr : "(table)", kmul ? kmul : "(table)",
          ksqr ? ksqr : "(table)", powm ? powm : "(table)", source, c.out, c.err);
    printf("  DOT_ISA=ifma    DOT_BASECASE=%s -> %s", basecase, c.out);
}

/* The 4-limb exponentiation's switch (powm4 in dot_settings()): on where the CPU has BMI2 and
 * ADX, on every variant, unless DOT_BASECASE is off or says powm4=off; DOT_CPU_DISABLE=adx (a
 * CPU without them) turns it off and says why. */
static void powm4_setting(const char *isa, const char *basecase, const char *disable,
                          const char *want)
{
    char isa_env[64] = "DOT_ISA", b_env[96] = "DOT_BASECASE", d_env[64] = "DOT_CPU_DISABLE";
    if (isa)
        snprintf(isa_env, sizeof isa_env, "DOT_ISA=%s", isa);
    if (basecase)
        snprintf(b_env, sizeof b_env, "DOT_BASECASE=%s", basecase);
    if (disable)
        snprintf(d_env, sizeof d_env, "DOT_CPU_DISABLE=%s", disable);
    const char *env[] = {isa_env, b_env, d_env, NULL};
    dot_child_result c = dot_run_self("--child", env);
    const char *item = strstr(c.out, "powm4=");
    char got[32] = "";
    if (item)
        sscanf(item, "powm4=%31[^\n]", got);
    CHECK(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 && strcmp(got, want) == 0,
          "DOT_ISA=%s DOT_BASECASE=%s DOT_CPU_DISABLE=%s: expected powm4=%s, child printed \"%s\" "
          "(stderr: %s)",
          isa ? isa : "(unset)", basecase ? basecase : "(unset)", disable ? disable : "(unset)",
          want, c.out, c.err);
    printf("  DOT_ISA=%-7s DOT_BASECASE=%-10s DOT_CPU_DISABLE=%-4s -> powm4=%s\n", isa ? isa : "-",
           basecase ? basecase : "-", disable ? disable : "-", got);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    /* The rows by family, whatever this CPU is: zen4, zen5 and intel-avx512 have their own, another family
     * gets the zen4 row labelled as not measured there (DOT_BASECASE is unset here). */
    static const struct {
        const char *family, *source;
    } rows[] = {{"zen4", "zen4 table"},
                {"zen5", "zen5 table"},
                {"intel-avx512", "intel-avx512 table"},
                {"other", "zen4 table, not measured on other"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        dot_cpu cpu = {.family = rows[i].family};
        dot_basecase_tuning t = dot_basecase_for(&cpu, "ifma");
        CHECK(strcmp(t.source, rows[i].source) == 0 && t.mul_from >= DOT_BASECASE_WINDOW_MIN &&
                  t.mul_from <= DOT_MUL_BASECASE_MAX && t.karatsuba_mul >= DOT_BASECASE_WINDOW_MIN,
              "family %s: expected a window from \"%s\", got %zu.. from \"%s\"", rows[i].family,
              rows[i].source, t.mul_from, t.source);
        CHECK(t.powm_from == SIZE_MAX ||
                  (t.powm_from >= DOT_POWM_MIN && t.powm_from <= DOT_POWM_MAX),
              "family %s: powm window from %zu is outside %d..%d", rows[i].family, t.powm_from,
              DOT_POWM_MIN, DOT_POWM_MAX);
    }
    printf("mul_from sqr_from karatsuba_mul karatsuba_sqr | source | dot_settings():\n");
    if (dot_isa_supported("ifma")) {
        expect(NULL, NULL, 1, "table");
        expect("ifma", NULL, 1, "table");
        expect("ifma", "off", 0, "DOT_BASECASE=off");
    } else {
        printf("  (this CPU has no IFMA: no window, whatever the variant)\n");
        expect(NULL, NULL, 0, "no ifma kernel");
    }
    expect("scalar", NULL, 0, "no ifma kernel");
    if (dot_isa_supported("avx512"))
        expect("avx512", NULL, 0, "no ifma kernel");
    expect(NULL, "off", 0, "DOT_BASECASE=off");
    /* A list sets the items it names and keeps the table's others (only the IFMA variant uses
     * them); "off" and "own" are the words for "not routed" and "GMP's own threshold". */
    if (dot_isa_supported("ifma")) {
        overridden("mul=12,sqr=64,karatsuba_mul=65,karatsuba_sqr=12,powm=64", "12+", "64+", "65",
                   "12", "64-256", "DOT_BASECASE, the rest from the");
        overridden("mul=20", "20+", NULL, NULL, NULL, NULL, "DOT_BASECASE, the rest from the");
        overridden("sqr=off,karatsuba_sqr=own,powm=off", NULL, "off", NULL, "own", "off",
                   "DOT_BASECASE, the rest from the");
        overridden("powm=20", NULL, NULL, NULL, NULL, "20-256", "DOT_BASECASE, the rest from the");
        /* the exponentiation's window may start below the schoolbook's (DOT_POWM_MIN) */
        overridden("powm=7", NULL, NULL, NULL, NULL, "7-256", "DOT_BASECASE, the rest from the");
        /* the planted control: the same list with no ifma kernel leaves everything GMP's */
        expect("scalar", "mul=20", 0, "no ifma kernel, DOT_BASECASE not applied");
    } else {
        expect(NULL, "mul=20", 0, "no ifma kernel, DOT_BASECASE not applied");
    }
    printf("the 4-limb exponentiation (powm4):\n");
    if (dot_cpu_detect().mulx) {
        powm4_setting(NULL, NULL, NULL, "on");
        powm4_setting("scalar", NULL, NULL, "on");
        powm4_setting(NULL, "powm4=off", NULL, "off");
        powm4_setting("scalar", "mul=20,powm4=off", NULL, "off");
        powm4_setting(NULL, "powm4=on", NULL, "on");
        powm4_setting(NULL, "off", NULL, "off");
    } else {
        printf("  (this CPU has no BMI2/ADX: powm4 off whatever DOT_BASECASE says)\n");
        powm4_setting(NULL, "powm4=on", NULL, "off (no bmi2/adx)");
    }
    /* the planted control: the same list on a CPU without them leaves it off */
    powm4_setting(NULL, "powm4=on", "adx", "off (no bmi2/adx)");
    static const char *const bad[] = {"on",
                                      "Off",
                                      "0",
                                      "off,",
                                      "mul=11",
                                      "mul=65",
                                      "sqr=",
                                      "mul=16,",
                                      "mul=1x",
                                      "mul16",
                                      "karatsuba_mul=66",
                                      "karatsuba_sqr=off",
                                      "mul=own",
                                      "mul=99999999999999999999999",
                                      "muls=16",
                                      "mul=16,off",
                                      "powm=6",
                                      "powm=257",
                                      "powm=own",
                                      "powm=",
                                      "powm4=",
                                      "powm4=1",
                                      "powm4=onn",
                                      "powm4=Off"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dot_child_result c = run(NULL, bad[i]);
        CHECK(dot_child_aborted_with(&c, "DOT_BASECASE=") && strstr(c.err, bad[i]),
              "DOT_BASECASE=%s must abort with a message naming it; status %d, stdout \"%s\", "
              "stderr \"%s\"",
              bad[i], c.status, c.out, c.err);
        printf("  DOT_BASECASE=%-6s -> refused: %s", bad[i], c.err);
    }
    return dot_check_summary();
}
