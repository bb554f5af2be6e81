/* Runs GMP operations on 4-limb operands, so that a debugger can count which libdot entry points
   each operation reaches: probe marker, or probe STEP..., a STEP being OP:REPS with OP one of
   the table `ops` (the 4-limb add, sub, mul, sqr and sec_add_1, and the ones below).
   mul24, sqr40 and sec_mul24 take 24- and 40-limb operands instead (libdot's schoolbook window),
   powm16, powm8, powm6 and powm4 an exponentiation modulo a 16-, an 8-, a 6- and a 4-limb odd
   number (no family's exponentiation window starts below DOT_POWM_MIN, 7 limbs; 4 limbs have a
   kernel of their own).
   Each step runs its operation REPS times and prints "OP REPS result" (so stock and dot runs can
   be compared), then stops at probe_mark, where the debugger reads its counts (probe_steps.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "probe_steps.h"

static mpz_t a, b, r, a24, b24, a40, m16, m8, m6, m4;
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
    /* odd moduli of 16, 8, 6 and 4 limbs: b repeated, the lowest bit set */
    mpz_inits(m16, m8, m6, m4, NULL);
    for (int i = 0; i < 4; i++) {
        mpz_mul_2exp(m16, m16, 256);
        mpz_add(m16, m16, b);
    }
    mpz_tdiv_q_2exp(m8, m16, 512);
    mpz_tdiv_q_2exp(m6, m16, 640);
    mpz_tdiv_q_2exp(m4, m16, 768);
    mpz_setbit(m16, 0);
    mpz_setbit(m4, 0);
    mpz_setbit(m8, 0);
    mpz_setbit(m6, 0);
}

static void op_add(void) { mpz_add(r, a, b); }
static void op_sub(void) { mpz_sub(r, a, b); }
static void op_mul(void) { mpz_mul(r, a, b); }
static void op_sqr(void) { mpz_mul(r, a, a); }
static void op_sec_add_1(void)
{
    mpn_sec_add_1(rp, mpz_limbs_read(a), 4, 0x1234567, scratch);
    mpz_roinit_n(r, rp, 4);
}
static void op_mul24(void) { mpz_mul(r, a24, b24); }
static void op_sqr40(void) { mpz_mul(r, a40, a40); }
static void op_sec_mul24(void)
{
    mpn_sec_mul(rp48, mpz_limbs_read(a24), 24, mpz_limbs_read(b24), 24, sec_scratch);
    mpz_roinit_n(r, rp48, 48);
}
static void op_powm16(void) { mpz_powm(r, a24, a, m16); }
static void op_powm8(void) { mpz_powm(r, a24, a, m8); }
static void op_powm6(void) { mpz_powm(r, a24, a, m6); }
static void op_powm4(void) { mpz_powm(r, a24, a, m4); }

/* The operations by name: the one list, from which the table and the usage line are made. */
/* clang-format off */
#define PROBE_OPS(X) \
    X(add) X(sub) X(mul) X(sqr) X(sec_add_1) X(mul24) X(sqr40) X(sec_mul24) X(powm16) X(powm8) \
    X(powm6) X(powm4)
/* clang-format on */
#define OP_ENTRY(name) {#name, op_##name},
#define OP_NAME(name) " " #name
static const struct {
    const char *name;
    void (*run)(void);
} ops[] = {PROBE_OPS(OP_ENTRY)};
#define N_OPS (sizeof ops / sizeof *ops)

static int step(const char *op, long reps)
{
    size_t known = 0;
    while (known < N_OPS && strcmp(op, ops[known].name) != 0)
        known++;
    if (known == N_OPS)
        return 2;
    /* DoTMP takes libdot's schoolbook window at its first basecase call of 12 limbs or more
       (DOT_BASECASE_WINDOW_MIN): one 24x24 product settles it, in every step, so a step of
       0 repetitions counts what a step costs besides its operations. */
    mpz_mul(r, a24, b24);
    for (long i = 0; i < reps; i++)
        ops[known].run();
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
    /* the names after the first character, a space */
    return probe_main(argc, argv, "dotmp_marker", &PROBE_OPS(OP_NAME)[1], step);
}
