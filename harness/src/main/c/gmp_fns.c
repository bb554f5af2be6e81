#include "gmp_fns.h"

#include <string.h>

const char *const *dotbench_gmp_symbols(void)
{
#define DOTBENCH_GMP_NAME(name, ret, params) "__g" #name,
    static const char *const names[] = {DOTBENCH_GMP_FUNCTIONS(DOTBENCH_GMP_NAME) NULL};
#undef DOTBENCH_GMP_NAME
    return names;
}

int dotbench_gmp_bind(dotbench_gmp *out, void *const *fns)
{
    for (int i = 0; i < DOTBENCH_GMP_FN_COUNT; i++)
        if (fns[i] == NULL)
            return -1;
    /* The struct is DOTBENCH_GMP_FN_COUNT function pointers in table order; object and function
     * pointers have one representation on every ABI this project targets (x86-64 SysV). */
    memcpy(out, fns, sizeof *out);
    return 0;
}
