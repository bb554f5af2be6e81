/* The IFMA PMNS kernels compiled against SIMDe plus the shim (emulate512.h with emulate_ifma.h),
 * on every committed parameter file: the same battery the native variants pass. The portable
 * parts of the family (parameter reader and tables, conversions, scalar reference) are compiled in here,
 * since the emulated build links only the AVX-512/IFMA objects. */
#include <glob.h>
#include <stdio.h>
#include "../common/pmns_battery.h"
#include "pmns_convert.c"
#include "pmns_params.c"
#include "pmns_tables.c"
#include "scalar/pmns_mul.c"

int main(void)
{
    glob_t files;
    if (glob("dot/pmns/params/pmns-*.txt", 0, NULL, &files) != 0 || files.gl_pathc == 0) {
        fprintf(stderr, "no parameter files (run from the repository root)\n");
        return 1;
    }
    printf("ifma PMNS kernels (emulated with SIMDe and the IFMA shim):\n");
    for (size_t f = 0; f < files.gl_pathc; f++) {
        const char *path = files.gl_pathv[f];
        printf("%s\n", path);
        pmns_battery("ifma", path, pmns_ifma_mul, pmns_ifma_reduce, 1000);
        pmns_battery_shape("ifma, product in one piece", path, pmns_ifma_mul, pmns_ifma_reduce, 100,
                           PMNSB_NO_SPLIT);
        pmns_battery_shape("ifma, last stage whole", path, pmns_ifma_mul, pmns_ifma_reduce, 100,
                           PMNSB_LAST_WHOLE);
        pmns_batch_battery("ifma batch", path, pmns_ifma_mul8, pmns_ifma_reduce, 250,
                           PMNSB_WHOLE_OR_SPLIT);
        pmns_batch_battery("ifma batch, product in one piece", path, pmns_ifma_mul8,
                           pmns_ifma_reduce, 100, PMNSB_NO_SPLIT);
    }
    globfree(&files);
    return dot_check_summary();
}
