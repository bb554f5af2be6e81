/* The IFMA transforms of the NTT family compiled against SIMDe plus the shim, against GMP: the
 * native battery. The emulated build links only the
 * AVX-512/IFMA objects, so the NTT steps every variant shares are compiled into this program from
 * their sources. */
#include <stdio.h>
#include "../common/ntt_battery.h"
#include "../../src/ntt_core.c"
#include "../../src/ntt_tables.c"
#include "../../src/scalar/ntt_basecase.c"
#include "../../src/scalar/ntt_crt.c"
#include "../../src/scalar/ntt_wrap.c"

int main(void)
{
    printf("ifma NTT (emulated with SIMDe and the IFMA shim):\n");
    ntt_battery("ifma", &ntt_ifma_ops, 1, 400);
    return dot_check_summary();
}
