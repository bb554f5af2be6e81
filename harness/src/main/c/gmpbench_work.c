#define _GNU_SOURCE /* RUSAGE_THREAD */
#include "gmpbench_work.h"
#include "gmp_fns.h"
#include "gmpbench_pi.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* runbench's argument lists, program by program, in its order. */
static const char *const gmpbench_tests[] = {"multiply(128)",
                                             "multiply(512)",
                                             "multiply(8192)",
                                             "multiply(131072)",
                                             "multiply(2097152)",
                                             "multiply(128,128)",
                                             "multiply(512,512)",
                                             "multiply(8192,8192)",
                                             "multiply(131072,131072)",
                                             "multiply(2097152,2097152)",
                                             "multiply(15000,10000)",
                                             "multiply(20000,10000)",
                                             "multiply(30000,10000)",
                                             "multiply(16777216,512)",
                                             "multiply(16777216,262144)",
                                             "divide(8192,32)",
                                             "divide(8192,64)",
                                             "divide(8192,128)",
                                             "divide(8192,4096)",
                                             "divide(131072,65536)",
                                             "divide(8388608,4194304)",
                                             "divide(8192,8064)",
                                             "divide(16777216,262144)",
                                             "gcd(128,128)",
                                             "gcd(512,512)",
                                             "gcd(8192,8192)",
                                             "gcd(131072,131072)",
                                             "gcd(1048576,1048576)",
                                             "gcdext(128,128)",
                                             "gcdext(512,512)",
                                             "gcdext(8192,8192)",
                                             "gcdext(131072,131072)",
                                             "gcdext(1048576,1048576)",
                                             "rsa(512)",
                                             "rsa(1024)",
                                             "rsa(2048)",
                                             "pi(10000)",
                                             "pi(100000)",
                                             "pi(1000000)",
                                             NULL};

const char *const *dotbench_gmpbench_tests(void) { return gmpbench_tests; }

enum program { MULTIPLY, DIVIDE, GCD, GCDEXT, RSA, PI };
static const char *const program_names[] = {"multiply", "divide", "gcd", "gcdext", "rsa", "pi"};

enum { RSA_MESSAGES = 1024, RSA_CHECKED_MESSAGES = 16 };
#define RSA_EXPONENT 0x10001UL

struct dotbench_case {
    dotbench_gmp g;
    enum program program;
    unsigned long arg[2];
    int nargs;
    mpz_t x, y, z, s;
    /* rsa: the CRT key and the messages, as rsa.c sets them up */
    mpz_t p, q, pq, p_i_q, dp, dq;
    mpz_t *msg;
    int key_ok;      /* rsa: e and p have their inverses, as rsa.c requires */
    dotbench_pi *pi; /* pi: its sieve and precision */
    mpf_t pif;       /* pi: the last value computed */
};

static uint64_t fnv1a(uint64_t h, const void *data, size_t len)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < len; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}
#define FNV_OFFSET 0xcbf29ce484222325ULL

/* ---- hashing the answers ------------------------------------------------------------------ */

static uint64_t hash_mpz(uint64_t h, mpz_srcptr z)
{
    int size = z->_mp_size;
    unsigned char sign = size < 0 ? 2 : size > 0;
    size_t n = (size_t)(size < 0 ? -size : size);
    h = fnv1a(h, &sign, 1);
    for (size_t i = 0; i < n; i++) {
        uint64_t limb = z->_mp_d[i];
        unsigned char le[8];
        for (int k = 0; k < 8; k++)
            le[k] = (unsigned char)(limb >> (8 * k));
        h = fnv1a(h, le, 8);
    }
    return h;
}

/* ---- rsa: rsa.c's key set-up and CRT signature ---------------------------------------------- */

static void rsa_setup(dotbench_case *c, __gmp_randstate_struct *rs)
{
    const dotbench_gmp *g = &c->g;
    unsigned long n = c->arg[0];
    mpz_t pm1, qm1, phi, e, d, t;
    g->mpz_init(pm1), g->mpz_init(qm1), g->mpz_init(phi), g->mpz_init(e), g->mpz_init(d),
        g->mpz_init(t);
    /* p and q: random odd n/2-bit numbers with the top two bits set and gcd(p, q) = 1, not
     * primes, drawn as rsa.c draws them */
    do {
        g->mpz_urandomb(c->p, rs, n / 2);
        g->mpz_setbit(c->p, n / 2 - 1), g->mpz_setbit(c->p, n / 2 - 2), g->mpz_setbit(c->p, 0);
        g->mpz_urandomb(c->q, rs, n / 2);
        g->mpz_setbit(c->q, n / 2 - 1), g->mpz_setbit(c->q, n / 2 - 2), g->mpz_setbit(c->q, 0);
        g->mpz_gcd(t, c->p, c->q);
    } while ((g->mpz_cmp_ui)(t, 1) != 0);
    g->mpz_mul(c->pq, c->p, c->q);
    g->mpz_set_ui(e, RSA_EXPONENT);
    g->mpz_sub_ui(pm1, c->p, 1);
    g->mpz_sub_ui(qm1, c->q, 1);
    g->mpz_mul(phi, pm1, qm1);
    /* rsa.c aborts where an inverse does not exist; its unseeded draws give one at every size it runs */
    c->key_ok = g->mpz_invert(d, e, phi) && g->mpz_invert(c->p_i_q, c->p, c->q);
    g->mpz_mod(c->dp, d, pm1);
    g->mpz_mod(c->dq, d, qm1);
    c->msg = malloc(RSA_MESSAGES * sizeof *c->msg);
    for (int i = 0; i < RSA_MESSAGES; i++) {
        g->mpz_init(c->msg[i]);
        g->mpz_urandomb(c->msg[i], rs, n);
    }
    g->mpz_clear(pm1), g->mpz_clear(qm1), g->mpz_clear(phi), g->mpz_clear(e), g->mpz_clear(d),
        g->mpz_clear(t);
}

/* rsa.c's rsa_sign, temporaries included: they are part of the work GMPbench times. */
static void rsa_sign(dotbench_case *c, mpz_ptr smsg, mpz_srcptr msg)
{
    const dotbench_gmp *g = &c->g;
    mpz_t t, o, pr, qr, qr_m_pr;
    g->mpz_init(pr), g->mpz_init(qr), g->mpz_init(qr_m_pr), g->mpz_init(t), g->mpz_init(o);
    g->mpz_powm(pr, msg, c->dp, c->p);
    g->mpz_powm(qr, msg, c->dq, c->q);
    g->mpz_sub(qr_m_pr, qr, pr);
    g->mpz_mul(t, qr_m_pr, c->p_i_q);
    g->mpz_mod(o, t, c->q);
    g->mpz_mul(t, o, c->p);
    g->mpz_add(smsg, pr, t);
    g->mpz_mod(smsg, smsg, c->pq);
    g->mpz_clear(o), g->mpz_clear(t), g->mpz_clear(qr_m_pr), g->mpz_clear(qr), g->mpz_clear(pr);
}

/* ---- pi: gmpbench_pi.c ------------------------------------------------------------------------ */

static void pi_run(dotbench_case *c) { dotbench_pi_compute(c->pi, c->pif); }

/* ---- cases ---------------------------------------------------------------------------------- */

static int parse_test(const char *test, enum program *program, unsigned long arg[2], int *nargs)
{
    int known = 0;
    for (const char *const *t = gmpbench_tests; *t; t++)
        known |= strcmp(*t, test) == 0;
    if (!known)
        return -1;
    const char *open = strchr(test, '(');
    for (int p = MULTIPLY; p <= PI; p++)
        if (strlen(program_names[p]) == (size_t)(open - test) &&
            strncmp(test, program_names[p], open - test) == 0)
            *program = p;
    char *end;
    arg[0] = strtoul(open + 1, &end, 10);
    *nargs = 1;
    if (*end == ',') {
        arg[1] = strtoul(end + 1, &end, 10);
        *nargs = 2;
    }
    return 0;
}

dotbench_case *dotbench_case_new(void *const *fns, const char *test)
{
    dotbench_case *c = calloc(1, sizeof *c);
    if (c == NULL || test == NULL || parse_test(test, &c->program, c->arg, &c->nargs) != 0 ||
        dotbench_gmp_bind(&c->g, fns) != 0) {
        free(c);
        return NULL;
    }
    const dotbench_gmp *g = &c->g;
    gmp_randstate_t rs;
    g->mp_randinit_default(rs);
    g->mpz_init(c->x), g->mpz_init(c->y), g->mpz_init(c->z), g->mpz_init(c->s);
    g->mpz_init(c->p), g->mpz_init(c->q), g->mpz_init(c->pq);
    g->mpz_init(c->p_i_q), g->mpz_init(c->dp), g->mpz_init(c->dq);
    switch (c->program) {
    case MULTIPLY: /* one size: multiply.c squares x */
    case DIVIDE:
    case GCD:
    case GCDEXT:
        g->mpz_urandomb(c->x, rs, c->arg[0]);
        if (c->nargs == 2)
            g->mpz_urandomb(c->y, rs, c->arg[1]);
        break;
    case RSA: rsa_setup(c, rs); break;
    case PI:
        c->pi = dotbench_pi_new(g, c->arg[0]);
        if (c->pi != NULL)
            g->mpf_init2(c->pif, dotbench_pi_prec_bits(c->pi));
        break;
    }
    g->mp_randclear(rs);
    if ((c->program == PI && c->pi == NULL) || (c->program == RSA && !c->key_ok)) {
        dotbench_case_free(c);
        return NULL;
    }
    return c;
}

void dotbench_case_free(dotbench_case *c)
{
    if (c == NULL)
        return;
    const dotbench_gmp *g = &c->g;
    if (c->msg) {
        for (int i = 0; i < RSA_MESSAGES; i++)
            g->mpz_clear(c->msg[i]);
        free(c->msg);
    }
    if (c->pi) {
        g->mpf_clear(c->pif);
        dotbench_pi_free(c->pi);
    }
    g->mpz_clear(c->x), g->mpz_clear(c->y), g->mpz_clear(c->z), g->mpz_clear(c->s);
    g->mpz_clear(c->p), g->mpz_clear(c->q), g->mpz_clear(c->pq);
    g->mpz_clear(c->p_i_q), g->mpz_clear(c->dp), g->mpz_clear(c->dq);
    free(c);
}

static int64_t wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The calling thread's CPU clock and the system time getrusage has accounted to it, in ns.
 * GMPbench's programs divide by their user time (getrusage): the system time a large operation
 * spends faulting in fresh pages for its temporaries is not counted there, and must not be here
 * (it is up to a sixth of multiply(16777216,262144)'s time). getrusage's user time only advances
 * at scheduler ticks for a running thread, too coarse for calibrating short batches, so a batch's
 * user time is its CPU clock delta less its system time delta (kept within 0..the CPU delta: the
 * accounted system time moves in tick-sized steps). */
typedef struct cpu_reading {
    int64_t cpu_ns, sys_ns;
} cpu_reading;

static cpu_reading read_cpu(void)
{
    struct timespec ts;
    struct rusage ru;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    getrusage(RUSAGE_THREAD, &ru);
    return (cpu_reading){(int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec,
                         (int64_t)ru.ru_stime.tv_sec * 1000000000 +
                             (int64_t)ru.ru_stime.tv_usec * 1000};
}

static int64_t user_ns_between(cpu_reading a, cpu_reading b)
{
    int64_t cpu = b.cpu_ns - a.cpu_ns, sys = b.sys_ns - a.sys_ns;
    sys = sys < 0 ? 0 : sys > cpu ? cpu : sys;
    return cpu - sys;
}

/* Empty stand-ins with the operations' shapes, reached through volatile pointers so the compiler
 * keeps the call and the argument set-up that the real loop pays. */
static void empty3(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { (void)r, (void)a, (void)b; }
static void empty5(mpz_ptr r, mpz_ptr s, mpz_ptr t, mpz_srcptr a, mpz_srcptr b)
{
    (void)r, (void)s, (void)t, (void)a, (void)b;
}
static void empty_rsa(dotbench_case *c, mpz_ptr smsg, mpz_srcptr msg)
{
    (void)c, (void)smsg, (void)msg;
}
static void empty_pi(dotbench_case *c) { (void)c; }

typedef struct loop_fns {
    void (*op3)(mpz_ptr, mpz_srcptr, mpz_srcptr);
    void (*op5)(mpz_ptr, mpz_ptr, mpz_ptr, mpz_srcptr, mpz_srcptr);
    void (*rsa)(dotbench_case *, mpz_ptr, mpz_srcptr);
    void (*pi)(dotbench_case *);
} loop_fns;

static void run_loop(dotbench_case *c, const loop_fns *volatile f, int64_t reps,
                     dotbench_timing *out)
{
    mpz_srcptr y = c->nargs == 2 ? c->y : c->x; /* one argument: GMPbench squares x */
    cpu_reading cpu0 = read_cpu();
    int64_t wall0 = wall_ns();
    switch (c->program) {
    case MULTIPLY:
    case DIVIDE:
    case GCD:
        for (int64_t i = 0; i < reps; i++)
            f->op3(c->z, c->x, y);
        break;
    case GCDEXT: /* mpz_gcdext(z, s, NULL, x, y): the one cofactor GMPbench asks for */
        for (int64_t i = 0; i < reps; i++)
            f->op5(c->z, c->s, NULL, c->x, y);
        break;
    case RSA: /* rsa.c signs msg[i % 1024] counting down */
        for (int64_t i = reps; i > 0; i--)
            f->rsa(c, c->z, c->msg[i % RSA_MESSAGES]);
        break;
    case PI:
        for (int64_t i = 0; i < reps; i++)
            f->pi(c);
        break;
    }
    out->cpu_ns = user_ns_between(cpu0, read_cpu());
    out->wall_ns = wall_ns() - wall0;
}

static loop_fns real_fns(const dotbench_case *c)
{
    loop_fns f = {.op5 = c->g.mpz_gcdext, .rsa = rsa_sign, .pi = pi_run};
    f.op3 = c->program == MULTIPLY ? c->g.mpz_mul
            : c->program == DIVIDE ? c->g.mpz_tdiv_q
                                   : c->g.mpz_gcd;
    return f;
}

void dotbench_case_run(dotbench_case *c, int64_t reps, dotbench_timing *out)
{
    loop_fns f = real_fns(c);
    run_loop(c, &f, reps, out);
}

void dotbench_case_run_empty(dotbench_case *c, int64_t reps, dotbench_timing *out)
{
    loop_fns f = {empty3, empty5, empty_rsa, empty_pi};
    run_loop(c, &f, reps, out);
}

/* pi leaves an mpf: its digits go to z when they are read, outside any timed loop. */
static void settle_output(dotbench_case *c)
{
    if (c->program == PI)
        dotbench_pi_digits(c->pi, c->z, c->pif);
}

uint64_t dotbench_case_output_hash(dotbench_case *c)
{
    settle_output(c);
    uint64_t h = hash_mpz(FNV_OFFSET, c->z);
    return c->program == GCDEXT ? hash_mpz(h, c->s) : h;
}

uint64_t dotbench_case_answer_hash(dotbench_case *c)
{
    if (c->program != RSA) {
        dotbench_timing ignored;
        dotbench_case_run(c, 1, &ignored);
        return dotbench_case_output_hash(c);
    }
    uint64_t h = FNV_OFFSET;
    mpz_t smsg;
    c->g.mpz_init(smsg);
    for (int i = 0; i < RSA_CHECKED_MESSAGES; i++) {
        rsa_sign(c, smsg, c->msg[i]);
        h = hash_mpz(h, smsg);
    }
    c->g.mpz_clear(smsg);
    return h;
}

void *dotbench_case_operand(dotbench_case *c, int i)
{
    if (c->program == RSA || c->program == PI)
        return NULL;
    return i == 0 ? (void *)c->x : i == 1 && c->nargs == 2 ? (void *)c->y : NULL;
}

void *dotbench_case_output(dotbench_case *c, int i)
{
    settle_output(c);
    return i == 0 ? (void *)c->z : i == 1 && c->program == GCDEXT ? (void *)c->s : NULL;
}
