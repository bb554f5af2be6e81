/* Runs one PMNS operation (dot_pmns.h) on operands of one kind, so pmns_ct_check.sh can count
 * the instructions it executes under valgrind; run with DOT_ISA=scalar (valgrind has no
 * AVX-512). The control is GMP's mpz_mul + mpz_mod, whose count must depend on the operands.
 * usage: pmns_ct_probe PARAMFILE from_int|to_int|mul|mul_trunc|control random|zero|one|pminus1 */
#include <gmp.h>
#include <alloca.h>
#include <stdio.h>
#include <string.h>
#include "common/check.h"
#include "dot_pmns.h"

#define MAXW 1024
#define MAXL 256

typedef enum { FROM_INT, TO_INT, MUL, MUL_TRUNC, CONTROL } op_kind;

/* The only code callgrind counts (--toggle-collect=probe_run). */
__attribute__((noinline)) void probe_run(op_kind op, const dot_pmns *pm, uint64_t *x, uint64_t *y,
                                         uint64_t *a, mpz_t za, mpz_t zp)
{
    switch (op) {
    case FROM_INT: dot_pmns_from_int(pm, x, a); break;
    case TO_INT: dot_pmns_to_int(pm, a, x); break;
    case MUL: dot_pmns_mul(pm, x, x, y); break;
    case MUL_TRUNC: dot_pmns_mul_trunc(pm, x, x, y); break;
    case CONTROL:
        mpz_mul(za, za, za);
        mpz_mod(za, za, zp);
        break;
    }
}

/* The kernels' stack buffers go through memcpy/memset, whose instruction counts depend on the
 * buffers' alignment, and the stack's alignment moves with the length of argv (the mode's name).
 * Runs probe_run with the stack pointer at the same offset in a page every time, so the counts
 * compare data, not addresses. */
static void run_at_fixed_offset(op_kind op, const dot_pmns *pm, uint64_t *x, uint64_t *y,
                                uint64_t *a, mpz_t za, mpz_t zp)
{
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    volatile char *pad = alloca((sp & 4095) + 256);
    pad[0] = 0;
    probe_run(op, pm, x, y, a, za, zp);
}

int main(int argc, char **argv)
{
    static const char *const ops[] = {"from_int", "to_int", "mul", "mul_trunc", "control"};
    static const char *const modes[] = {"random", "zero", "one", "pminus1"};
    int op = -1, mode = -1;
    for (int i = 0; argc == 4 && i < 5; i++)
        op = strcmp(argv[2], ops[i]) ? op : i;
    for (int i = 0; argc == 4 && i < 4; i++)
        mode = strcmp(argv[3], modes[i]) ? mode : i;
    dot_pmns *pm = op >= 0 && mode >= 0 ? dot_pmns_load(argv[1]) : NULL;
    if (!pm) {
        fprintf(stderr,
                "usage: %s PARAMFILE from_int|to_int|mul|mul_trunc|control "
                "random|zero|one|pminus1\n",
                argv[0]);
        return 2;
    }
    static uint64_t a[MAXL], b[MAXL], x[MAXW], y[MAXW];
    mpz_t za, zp;
    mpz_inits(za, zp, NULL);
    size_t limbs = dot_pmns_limbs(pm);
    dot_pmns_modulus(pm, a);
    mpz_import(zp, limbs, -1, 8, 0, 0, a);
    if (mode == 0) {
        gmp_randstate_t rs;
        gmp_randinit_default(rs);
        mpz_urandomm(za, rs, zp);
        gmp_randclear(rs);
    } else {
        mpz_set_si(za, mode == 3 ? -1 : mode - 1);
        if (mode == 3)
            mpz_add(za, za, zp);
    }
    memset(a, 0, sizeof a);
    mpz_export(a, NULL, -1, 8, 0, 0, za);
    memcpy(b, a, sizeof b);
    dot_pmns_from_int(pm, x, a);
    dot_pmns_from_int(pm, y, b);
    run_at_fixed_offset((op_kind)op, pm, x, y, a, za, zp);
    printf("%s %s %s: word 0 %016llx\n", argv[1], argv[2], argv[3], (unsigned long long)x[0]);
    mpz_clears(za, zp, NULL);
    dot_pmns_free(pm);
    return 0;
}
