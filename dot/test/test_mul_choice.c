/* The measured mul/sqr/r52 choice (mul_table.h, applied by dot_choose_mul): a family with a row
 * (zen4, zen5, intel-avx512) gets that row's kernels and says so, a family without one gets the zen4 row labelled as not
 * measured there, a variant without a row keeps its own kernels, and the tables the library hands
 * out carry the choice (dot_kernels_for, dot_settings). */
#include <stdio.h>
#include <string.h>
#include "common/check.h"
#include "dot_impl.h"

static dot_kernels own(const char *name, const char *isa)
{
    int ifma = strcmp(isa, "ifma") == 0;
    dot_kernels k = {.name = name,
                     .mul_4x4 = ifma ? dot_ifma_mul_4x4 : dot_scalar_mul_4x4,
                     .sqr_4x4 = ifma ? dot_ifma_sqr_4x4 : dot_scalar_sqr_4x4,
                     .mul_5x5_r52 = ifma ? dot_ifma_mul_5x5_r52 : dot_scalar_mul_5x5_r52,
                     .mul_from = isa};
    return k;
}

/* The ifma variant's choice on a family with a row of its own: the scalar product and square and
 * the IFMA radix-2^52 product (the zen4, zen5 and intel-avx512 rows alike), labelled with that family's row. */
static void measured_row(const char *family)
{
    char from[96], label[96];
    dot_kernels k = own("ifma", "ifma");
    dot_choose_mul(family, &k, from, sizeof from);
    CHECK(k.mul_4x4 == dot_scalar_mul_4x4 && k.sqr_4x4 == dot_scalar_sqr_4x4 &&
              k.mul_5x5_r52 == dot_ifma_mul_5x5_r52,
          "%s/ifma: the scalar product and square, the IFMA radix-2^52 product", family);
    snprintf(label, sizeof label, "scalar, ifma for mul_5x5_r52 (%s table)", family);
    CHECK(strcmp(k.mul_from, label) == 0, "%s/ifma says whose kernels and which row: %s", family,
          k.mul_from);
}

int main(void)
{
    char from[96];
    measured_row("zen4");
    measured_row("zen5");
    measured_row("intel-avx512");

    dot_kernels k;
    k = own("ifma", "ifma");
    dot_choose_mul("other", &k, from, sizeof from);
    CHECK(k.mul_4x4 == dot_scalar_mul_4x4 && k.mul_5x5_r52 == dot_ifma_mul_5x5_r52,
          "a family without a row gets the zen4 row");
    CHECK(strstr(k.mul_from, "(zen4 table, not measured on other)") != NULL,
          "and says it was not measured there: %s", k.mul_from);

    k = own("avx512", "scalar");
    dot_choose_mul("zen4", &k, from, sizeof from);
    CHECK(k.mul_4x4 == dot_scalar_mul_4x4 && k.sqr_4x4 == dot_scalar_sqr_4x4 &&
              k.mul_5x5_r52 == dot_scalar_mul_5x5_r52 && strcmp(k.mul_from, "scalar") == 0,
          "a variant without a row keeps its own (scalar) kernels: %s", k.mul_from);

    const dot_kernels *t = dot_kernels_for("ifma");
    if (t) {
        dot_cpu cpu = dot_cpu_detect();
        k = own("ifma", "ifma");
        dot_choose_mul(cpu.family, &k, from, sizeof from);
        CHECK(t->mul_4x4 == k.mul_4x4 && t->sqr_4x4 == k.sqr_4x4 && t->mul_5x5_r52 == k.mul_5x5_r52,
              "dot_kernels_for(ifma) carries the choice for this CPU (%s): %s", cpu.family,
              k.mul_from);
        CHECK(strstr(t->mul_from, "table") != NULL, "and names its row: %s", t->mul_from);
    } else {
        printf("(no IFMA here: the handed-out ifma table is not checked)\n");
    }
    CHECK(strstr(dot_settings(), " mul=") != NULL, "dot_settings records the choice: %s",
          dot_settings());
    return dot_check_summary();
}
