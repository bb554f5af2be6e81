/* Prints the C compiler's view of the structs the generated Java bindings lay out, as
 * "struct.field offset" and "struct sizeof" lines; StructLayoutTest compares them. */
#include <stddef.h>
#include <stdio.h>
#include <gmp.h>
#include "dot.h"

#define FIELD(s, f) printf(#s "." #f " %zu\n", offsetof(s, f))

int main(void)
{
    FIELD(__mpz_struct, _mp_alloc);
    FIELD(__mpz_struct, _mp_size);
    FIELD(__mpz_struct, _mp_d);
    printf("__mpz_struct %zu\n", sizeof(__mpz_struct));
    printf("mpz_t %zu\n", sizeof(mpz_t));
    FIELD(dot_kernels, name);
    FIELD(dot_kernels, add_n);
    FIELD(dot_kernels, sub_n);
    FIELD(dot_kernels, add_n_ct);
    FIELD(dot_kernels, sub_n_ct);
    FIELD(dot_kernels, mul_4x4);
    FIELD(dot_kernels, sqr_4x4);
    FIELD(dot_kernels, mul_5x5_r52);
    FIELD(dot_kernels, addsub_from);
    FIELD(dot_kernels, mul_from);
    printf("dot_kernels %zu\n", sizeof(dot_kernels));
    return 0;
}
