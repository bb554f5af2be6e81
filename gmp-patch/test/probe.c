/* Runs GMP operations on 4-limb operands, so that a debugger can count which libdot entry points
   each operation reaches: probe marker, or probe STEP..., a STEP being OP:REPS with OP one of
   add|sub|mul|sqr|sec_add_1|mul24|sqr40|sec_mul24|powm16|powm8|powm6.
   mul24, sqr40 and sec_mul24 take 24- and 40-limb operands instead (libdot's schoolbook window),
   powm16, powm8 and powm6 an exponentiation modulo a 16-, an 8- and a 6-limb odd number (no
   family's exponentiation window starts below DOT_POWM_MIN, 7 limbs).
   Each step runs its operation REPS times and prints "OP REPS result" (so stock and dot runs can
   be compared), then stops at probe_mark, where the debugger reads its counts (probe_steps.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "probe_steps.h"

static mpz_t a, b, r, a24, b24, a40, m16, m8, m6;
static mp_limb_t rp[4], scratch[4], rp48[48], sec_scratch[1024];

static void setup(void)
{
    /* 256-bit operands with the top bit set: exactly 4 limbs each */
    mpz_init_set_str(a, "f123456789abcdef0fedcba98765432111223344556677889900aabbccddeeff", 16);
    mpz_init_set_str(b, "e0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff", 16);
    mpz_init(r);
    /* 24 and 40 limbs: a and b repeated (the top limb nonzero) */
    mpz_inits(a24, b24, a40, NULL);
    for (int i = 0; i < 6; i++) {
        mpz_mul_2exp(a24, a24, 256);
        mpz_add(a24, a24, a);
        mpz_mul_2exp(b24, b24, 256);
        mpz_add(b24, b24, b);
    }
    for (int i = 0; i < 10; i++) {
        mpz_mul_2exp(a40, a40, 256);
        mpz_add(a40, a40, b);
    }
    /* odd moduli of 16, 8 and 6 limbs: b repeated, the lowest bit set */
    mpz_inits(m16, m8, m6, NULL);
    for (int i = 0; i < 4; i++) {
        mpz_mul_2exp(m16, m16, 256);
        mpz_add(m16, m16, b);
    }
    mpz_tdiv_q_2exp(m8, m16, 512);
    mpz_tdiv_q_2exp(m6, m16, 640);
    mpz_setbit(m16, 0);
    mpz_setbit(m8, 0);
    mpz_setbit(m6, 0);
}

static const char *const ops[] = {"add",   "sub",       "mul",    "sqr",   "sec_add_1", "mul24",
                                  "sqr40", "sec_mul24", "powm16", "powm8", "powm6"};

/* One operation by name (one of ops). */
static void run_op(const char *op)
{
    if (strcmp(op, "add") == 0)
        mpz_add(r, a, b);
    else if (strcmp(op, "sub") == 0)
        mpz_sub(r, a, b);
    else if (strcmp(op, "mul") == 0)
        mpz_mul(r, a, b);
    else if (strcmp(op, "sqr") == 0)
        mpz_mul(r, a, a);
    else if (strcmp(op, "sec_add_1") == 0) {
        mpn_sec_add_1(rp, mpz_limbs_read(a), 4, 0x1234567, scratch);
        mpz_roinit_n(r, rp, 4);
    } else if (strcmp(op, "mul24") == 0)
        mpz_mul(r, a24, b24);
    else if (strcmp(op, "sqr40") == 0)
        mpz_mul(r, a40, a40);
    else if (strcmp(op, "sec_mul24") == 0) {
        mpn_sec_mul(rp48, mpz_limbs_read(a24), 24, mpz_limbs_read(b24), 24, sec_scratch);
        mpz_roinit_n(r, rp48, 48);
    } else if (strcmp(op, "powm16") == 0)
        mpz_powm(r, a24, a, m16);
    else if (strcmp(op, "powm8") == 0)
        mpz_powm(r, a24, a, m8);
    else if (strcmp(op, "powm6") == 0)
        mpz_powm(r, a24, a, m6);
}

static int step(const char *op, long reps)
{
    size_t known = 0;
    while (known < sizeof ops / sizeof *ops && strcmp(op, ops[known]) != 0)
        known++;
    if (known == sizeof ops / sizeof *ops)
        return 2;
    /* DoTMP takes libdot's schoolbook window at its first basecase call of 12 limbs or more
       (DOT_BASECASE_WINDOW_MIN): one 24x24 product settles it, in every step, so a step of
       0 repetitions counts what a step costs besides its operations. */
    mpz_mul(r, a24, b24);
    for (long i = 0; i < reps; i++)
        run_op(op);
    gmp_printf("%s %ld %Zx\n", op, reps, r);
    return 0;
}

int main(int argc, char **argv)
{
    if (mpn_sec_mul_itch(24, 24) > 1024) {
        fprintf(stderr, "probe: mpn_sec_mul needs more scratch\n");
        return 2;
    }
    setup();
    return probe_main(argc, argv, "dotmp_marker",
                      "add sub mul sqr sec_add_1 mul24 sqr40 sec_mul24 powm16 powm8 powm6", step);
}
