/* Which libgmp a benchmark is timing: the file its mpn_add_n was loaded from, so a table can
 * never be mistaken for another build's (make bench points the loader at the stock GMP built
 * from source when there is one, else the system's libgmp answers). */
#ifndef DOT_BENCH_GMP_ORIGIN_H
#define DOT_BENCH_GMP_ORIGIN_H

#include <dlfcn.h> /* dladdr: the test and bench programs are compiled with -D_GNU_SOURCE */
#include <gmp.h>

static inline const char *dot_gmp_origin(void)
{
    Dl_info info;
    if (dladdr((void *)&__gmpn_add_n, &info) && info.dli_fname && info.dli_fname[0])
        return info.dli_fname;
    return "this program (linked statically)";
}

#endif
