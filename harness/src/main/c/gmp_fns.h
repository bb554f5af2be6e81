/*
 * The GMP entry points the GMPbench-style workloads call, as one table of function pointers.
 *
 * The workloads never link against a libgmp: each library variant fills its own table, either
 * from Java (addresses found through that variant's FFM SymbolLookup) or from the native driver
 * (dlsym on a dlopen(RTLD_LOCAL) handle). So stock and patched builds run the very same
 * workload code, side by side in one process, without symbol interposition between them.
 * gmp.h is included for its types only.
 */
#ifndef DOTBENCH_GMP_FNS_H
#define DOTBENCH_GMP_FNS_H

#include <stddef.h>
#include <gmp.h>

/* X(name, return type, parameter list): the C symbol is "__g" #name (what gmp.h's macros expand to:
 * __gmpz_..., __gmpf_..., and __gmp_randinit_default for mp_randinit_default). */
#define DOTBENCH_GMP_FUNCTIONS(X)                                                                  \
    X(mpz_init, void, (mpz_ptr))                                                                   \
    X(mpz_clear, void, (mpz_ptr))                                                                  \
    X(mpz_import, void, (mpz_ptr, size_t, int, size_t, int, size_t, const void *))                 \
    X(mp_randinit_default, void, (__gmp_randstate_struct *))                                       \
    X(mp_randclear, void, (__gmp_randstate_struct *))                                              \
    X(mpz_urandomb, void, (mpz_ptr, __gmp_randstate_struct *, mp_bitcnt_t))                        \
    X(mpz_set_ui, void, (mpz_ptr, unsigned long))                                                  \
    X(mpz_setbit, void, (mpz_ptr, mp_bitcnt_t))                                                    \
    X(mpz_cmp_ui, int, (mpz_srcptr, unsigned long))                                                \
    X(mpz_add, void, (mpz_ptr, mpz_srcptr, mpz_srcptr))                                            \
    X(mpz_add_ui, void, (mpz_ptr, mpz_srcptr, unsigned long))                                      \
    X(mpz_sub, void, (mpz_ptr, mpz_srcptr, mpz_srcptr))                                            \
    X(mpz_sub_ui, void, (mpz_ptr, mpz_srcptr, unsigned long))                                      \
    X(mpz_mul, void, (mpz_ptr, mpz_srcptr, mpz_srcptr))                                            \
    X(mpz_mul_ui, void, (mpz_ptr, mpz_srcptr, unsigned long))                                      \
    X(mpz_neg, void, (mpz_ptr, mpz_srcptr))                                                        \
    X(mpz_mod, void, (mpz_ptr, mpz_srcptr, mpz_srcptr))                                            \
    X(mpz_tdiv_q, void, (mpz_ptr, mpz_srcptr, mpz_srcptr))                                         \
    X(mpz_gcd, void, (mpz_ptr, mpz_srcptr, mpz_srcptr))                                            \
    X(mpz_gcdext, void, (mpz_ptr, mpz_ptr, mpz_ptr, mpz_srcptr, mpz_srcptr))                       \
    X(mpz_powm, void, (mpz_ptr, mpz_srcptr, mpz_srcptr, mpz_srcptr))                               \
    X(mpz_invert, int, (mpz_ptr, mpz_srcptr, mpz_srcptr))                                          \
    X(mpz_ui_pow_ui, void, (mpz_ptr, unsigned long, unsigned long))                                \
    X(mpz_sqrt, void, (mpz_ptr, mpz_srcptr))                                                       \
    X(mpz_addmul_ui, void, (mpz_ptr, mpz_srcptr, unsigned long))                                   \
    X(mpz_set_f, void, (mpz_ptr, mpf_srcptr))                                                      \
    X(mpf_init2, void, (mpf_ptr, mp_bitcnt_t))                                                     \
    X(mpf_clear, void, (mpf_ptr))                                                                  \
    X(mpf_set_z, void, (mpf_ptr, mpz_srcptr))                                                      \
    X(mpf_get_prec, mp_bitcnt_t, (mpf_srcptr))                                                     \
    X(mpf_set_prec_raw, void, (mpf_ptr, mp_bitcnt_t))                                              \
    X(mpf_set_d, void, (mpf_ptr, double))                                                          \
    X(mpf_add, void, (mpf_ptr, mpf_srcptr, mpf_srcptr))                                            \
    X(mpf_sub, void, (mpf_ptr, mpf_srcptr, mpf_srcptr))                                            \
    X(mpf_ui_sub, void, (mpf_ptr, unsigned long, mpf_srcptr))                                      \
    X(mpf_mul, void, (mpf_ptr, mpf_srcptr, mpf_srcptr))                                            \
    X(mpf_mul_ui, void, (mpf_ptr, mpf_srcptr, unsigned long))                                      \
    X(mpf_ui_div, void, (mpf_ptr, unsigned long, mpf_srcptr))                                      \
    X(mpf_div_2exp, void, (mpf_ptr, mpf_srcptr, mp_bitcnt_t))                                      \
    X(mpf_swap, void, (mpf_ptr, mpf_ptr))

typedef struct dotbench_gmp {
#define DOTBENCH_GMP_FIELD(name, ret, params) ret(*name) params;
    DOTBENCH_GMP_FUNCTIONS(DOTBENCH_GMP_FIELD)
#undef DOTBENCH_GMP_FIELD
} dotbench_gmp;

/* Number of entries in the table (and in dotbench_gmp_symbols()). */
enum { DOTBENCH_GMP_FN_COUNT = sizeof(dotbench_gmp) / sizeof(void (*)(void)) };

/* The C symbol of every table entry, in table order, NULL-terminated. */
const char *const *dotbench_gmp_symbols(void);

/* Fills *out from fns[i] = address of dotbench_gmp_symbols()[i]; returns 0, or -1 if one is NULL. */
int dotbench_gmp_bind(dotbench_gmp *out, void *const *fns);

#endif
