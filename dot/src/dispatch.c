/*
 * The one dispatch table: variants from the most portable to the fastest. The best one this CPU
 * can run (or the one DOT_ISA names) is resolved once, on first use, with its add/sub crossovers
 * (crossover.c), and published with a release store. Afterwards an add/sub call is one relaxed
 * load and a predictable branch on n, then the add-with-carry chain inline or one
 * acquire load and an indirect call to the variant's vector kernel; no writes.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dot_impl.h"
#include "chain/aors.h"

#define DOT_VERSION "0.1.0"

#define DOT_ADDSUB(isa)                                                                            \
    .add_n = dot_##isa##_add_n, .sub_n = dot_##isa##_sub_n, .add_n_ct = dot_##isa##_add_n_ct,      \
    .sub_n_ct = dot_##isa##_sub_n_ct, .add_nc = dot_##isa##_add_nc, .sub_nc = dot_##isa##_sub_nc,  \
    .add_nc_ct = dot_##isa##_add_nc_ct, .sub_nc_ct = dot_##isa##_sub_nc_ct, .addsub_from = #isa
#define DOT_MUL(isa)                                                                               \
    .mul_4x4 = dot_##isa##_mul_4x4, .sqr_4x4 = dot_##isa##_sqr_4x4,                                \
    .mul_5x5_r52 = dot_##isa##_mul_5x5_r52, .mul_from = #isa

typedef struct variant {
    dot_kernels k;
    int (*runs_on)(const dot_cpu *);
} variant;

static int always(const dot_cpu *c)
{
    (void)c;
    return 1;
}
static int has_sse42(const dot_cpu *c) { return c->sse42; }
static int has_avx2(const dot_cpu *c) { return c->avx2; }
static int has_avx512(const dot_cpu *c) { return c->avx512; }
static int has_ifma(const dot_cpu *c) { return c->ifma; }

/* Each row holds the variant's own kernels (the scalar 4x4 product, square and radix-2^52 product
 * where it has none); the tables the library hands out get the measured mul/sqr/r52 choice of this
 * CPU family applied (mul_choice.c). */
static const variant variants[] = {
    {{.name = "scalar", DOT_ADDSUB(scalar), DOT_MUL(scalar)}, always},
    {{.name = "chain", DOT_ADDSUB(chain), DOT_MUL(scalar)}, always},
    {{.name = "sse", DOT_ADDSUB(sse), DOT_MUL(scalar)}, has_sse42},
    {{.name = "avx2", DOT_ADDSUB(avx2), DOT_MUL(scalar)}, has_avx2},
    {{.name = "avx512", DOT_ADDSUB(avx512), DOT_MUL(scalar)}, has_avx512},
    {{.name = "ifma", DOT_ADDSUB(avx512), DOT_MUL(ifma)}, has_ifma},
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])

static const char *const names[] = {"scalar", "chain", "sse", "avx2", "avx512", "ifma", NULL};
_Static_assert(sizeof names / sizeof names[0] == N_VARIANTS + 1, "names[] matches variants[]");

static const variant *find(const char *name)
{
    for (size_t i = 0; name && i < N_VARIANTS; i++)
        if (strcmp(variants[i].k.name, name) == 0)
            return &variants[i];
    return NULL;
}

static const variant *choose(const dot_cpu *cpu)
{
    const char *forced = getenv("DOT_ISA");
    if (forced && *forced) {
        const variant *v = find(forced);
        if (!v) {
            fprintf(
                stderr,
                "libdot: DOT_ISA=%s names no variant (known: scalar chain sse avx2 avx512 ifma)\n",
                forced);
            abort();
        }
        if (!v->runs_on(cpu)) {
            fprintf(stderr, "libdot: DOT_ISA=%s was requested but this CPU or OS cannot run it\n",
                    forced);
            abort();
        }
        return v;
    }
    for (size_t i = N_VARIANTS; i-- > 0;)
        if (variants[i].runs_on(cpu))
            return &variants[i];
    return &variants[0];
}

enum { ADD_N, SUB_N, ADD_N_CT, SUB_N_CT };
/* Below chain_below[op] limbs the entry points run the chain. 0 until resolved, so the first
 * calls take the vector path, which resolves. */
static _Atomic size_t chain_below[4];
static dot_crossovers crossovers;
static char settings[768];
static _Atomic(const dot_kernels *) active_kernels;
/* dot_mul_basecase's kernel, set with the table (read after the table's acquire load) */
static void (*mul_basecase)(dot_limb_t *, const dot_limb_t *, size_t, const dot_limb_t *, size_t);
static void (*sqr_basecase)(dot_limb_t *, const dot_limb_t *, size_t);
static dot_basecase_tuning window;
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

/* The kernel tables handed out: variants[] with this CPU family's mul/sqr/r52 choice applied,
 * built once; the dispatched variant and dot_kernels_for both read them. */
static dot_kernels tables[N_VARIANTS];
static char mul_from[N_VARIANTS][96];
/* " ct=mask (intel-avx512 table)" for a variant with two constant-time forms, else "" */
static char ct_form[N_VARIANTS][64];
static pthread_once_t tables_built = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
    dot_cpu cpu = dot_cpu_detect();
    for (size_t i = 0; i < N_VARIANTS; i++) {
        tables[i] = variants[i].k;
        dot_choose_mul(cpu.family, &tables[i], mul_from[i], sizeof mul_from[i]);
        dot_choose_ct_form(&cpu, &tables[i], ct_form[i], sizeof ct_form[i]);
    }
}

static const dot_kernels *table_of(const variant *v)
{
    pthread_once(&tables_built, build_tables);
    return &tables[v - variants];
}

static void format_size(char *buf, size_t len, size_t n)
{
    if (n == SIZE_MAX)
        snprintf(buf, len, "max");
    else
        snprintf(buf, len, "%zu", n);
}

static void resolve(void)
{
    dot_cpu cpu = dot_cpu_detect();
    const variant *v = choose(&cpu);
    const dot_kernels *k = table_of(v);
    crossovers = dot_crossovers_for(&cpu, v->k.name);
    char a[24], b[24], c[24], d[24];
    format_size(a, sizeof a, crossovers.add_n);
    format_size(b, sizeof b, crossovers.sub_n);
    format_size(c, sizeof c, crossovers.add_n_ct);
    format_size(d, sizeof d, crossovers.sub_n_ct);
    window = dot_basecase_for(&cpu, v->k.name);
    char basecase[160] = "basecase=off";
    if (window.mul_from != SIZE_MAX || window.sqr_from != SIZE_MAX || window.karatsuba_mul ||
        window.karatsuba_sqr || window.powm_from != SIZE_MAX) {
        char m[24] = "off", s[24] = "off", km[24] = "own", ks[24] = "own", pw[40] = "off";
        if (window.powm_from != SIZE_MAX)
            snprintf(pw, sizeof pw, "%zu-%d", window.powm_from, DOT_POWM_MAX);
        if (window.mul_from != SIZE_MAX)
            snprintf(m, sizeof m, "%zu+", window.mul_from);
        if (window.sqr_from != SIZE_MAX)
            snprintf(s, sizeof s, "%zu+", window.sqr_from);
        if (window.karatsuba_mul)
            snprintf(km, sizeof km, "%zu", window.karatsuba_mul);
        if (window.karatsuba_sqr)
            snprintf(ks, sizeof ks, "%zu", window.karatsuba_sqr);
        snprintf(basecase, sizeof basecase, "basecase=mul:%s,sqr:%s,karatsuba:%s/%s,powm:%s", m, s,
                 km, ks, pw);
    }
    snprintf(settings, sizeof settings,
             "isa=%s crossover=add_n:%s,sub_n:%s,add_n_ct:%s,sub_n_ct:%s (%s)%s mul=%s %s (%s) "
             "powm4=%s",
             v->k.name, a, b, c, d, crossovers.source, ct_form[v - variants], k->mul_from, basecase,
             window.source,
             window.powm4 ? "on"
             : cpu.mulx   ? "off"
                          : "off (no bmi2/adx)");
    atomic_store_explicit(&chain_below[ADD_N], crossovers.add_n, memory_order_relaxed);
    atomic_store_explicit(&chain_below[SUB_N], crossovers.sub_n, memory_order_relaxed);
    atomic_store_explicit(&chain_below[ADD_N_CT], crossovers.add_n_ct, memory_order_relaxed);
    atomic_store_explicit(&chain_below[SUB_N_CT], crossovers.sub_n_ct, memory_order_relaxed);
    int ifma = strcmp(v->k.name, "ifma") == 0;
    mul_basecase = ifma ? dot_ifma_mul_basecase : dot_scalar_mul_basecase;
    sqr_basecase = ifma ? dot_ifma_sqr_basecase : dot_scalar_sqr_basecase;
    atomic_store_explicit(&active_kernels, k, memory_order_release);
}

/* Out of line and cold, so the entry points stay a load, a test and a tail jump. */
__attribute__((noinline, cold)) static const dot_kernels *publish(void)
{
    pthread_once(&resolved, resolve);
    return atomic_load_explicit(&active_kernels, memory_order_acquire);
}

static inline const dot_kernels *active(void)
{
    const dot_kernels *k = atomic_load_explicit(&active_kernels, memory_order_acquire);
    if (DOT_LIKELY(k != NULL))
        return k;
    return publish();
}

static inline int use_chain(int op, size_t n)
{
    return n < atomic_load_explicit(&chain_below[op], memory_order_relaxed);
}

#ifdef DOT_DEBUG
/* Debug builds check the contracts of dot.h on every call and abort with a message. */
static void check_aors(const char *fn, const dot_limb_t *rp, const dot_limb_t *up,
                       const dot_limb_t *vp, size_t n, dot_limb_t cin)
{
    dot_contract(n >= 1, fn, "n >= 1");
    dot_contract(cin <= 1, fn, "carry in is 0 or 1");
    dot_contract(rp <= up || !dot_overlap(rp, n, up, n), fn, "rp overlaps up from above");
    dot_contract(rp <= vp || !dot_overlap(rp, n, vp, n), fn, "rp overlaps vp from above");
}

/* Which kernel the calling thread's last add/sub call ran, so tests can see the crossover act. */
static _Thread_local const char *last_path = "none";
const char *dot_debug_last_path(void) { return last_path; }

static void check_mul(const char *fn, const dot_limb_t *rp, size_t rn, const dot_limb_t *up,
                      const dot_limb_t *vp, size_t n)
{
    dot_contract(!dot_overlap(rp, rn, up, n) && (!vp || !dot_overlap(rp, rn, vp, n)), fn,
                 "rp overlaps an input");
}
static void check_mulb(const char *fn, const dot_limb_t *rp, const dot_limb_t *up, size_t un,
                       const dot_limb_t *vp, size_t vn)
{
    dot_contract(vn >= 1 && vn <= un && vn <= DOT_MUL_BASECASE_MAX, fn,
                 "1 <= vn <= un, vn <= DOT_MUL_BASECASE_MAX");
    dot_contract(!dot_overlap(rp, un + vn, up, un) && !dot_overlap(rp, un + vn, vp, vn), fn,
                 "rp overlaps an input");
}
#define DOT_CHECK_AORS(rp, up, vp, n, cin) check_aors(__func__, rp, up, vp, n, cin)
#define DOT_CHECK_MULB(rp, up, un, vp, vn) check_mulb(__func__, rp, up, un, vp, vn)
#define DOT_CHECK_SQRB(n)                                                                          \
    dot_contract((n) <= DOT_MUL_BASECASE_MAX, __func__, "n <= DOT_MUL_BASECASE_MAX")
#define DOT_CHECK_MUL(rp, rn, up, vp, n) check_mul(__func__, rp, rn, up, vp, n)
#define DOT_NOTE_PATH(path) (last_path = (path))
#else
#define DOT_CHECK_AORS(rp, up, vp, n, cin) ((void)0)
#define DOT_CHECK_MUL(rp, rn, up, vp, n) ((void)0)
#define DOT_CHECK_MULB(rp, up, un, vp, vn) ((void)0)
#define DOT_CHECK_SQRB(n) ((void)0)
#define DOT_NOTE_PATH(path) ((void)0)
#endif

/* The add/sub entry points: the chain below the crossover, inline, so a short call makes no
 * jump after the branch on n; from the crossover on, a tail call to the variant's kernel. The
 * first call resolves the table in its own cold function, so neither path needs a stack frame. */
#define DOT_ENTRY(name, op, chain_op)                                                              \
    __attribute__((noinline, cold)) static dot_limb_t first_##name(                                \
        dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)                      \
    {                                                                                              \
        return publish()->name(rp, up, vp, n);                                                     \
    }                                                                                              \
    dot_limb_t dot_##name(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n)    \
    {                                                                                              \
        DOT_CHECK_AORS(rp, up, vp, n, 0);                                                          \
        if (use_chain(op, n)) {                                                                    \
            DOT_NOTE_PATH("chain");                                                                \
            return chain_aors_pipelined(rp, up, vp, n, 0, chain_op);                               \
        }                                                                                          \
        DOT_NOTE_PATH("vector");                                                                   \
        const dot_kernels *k = atomic_load_explicit(&active_kernels, memory_order_acquire);        \
        if (DOT_LIKELY(k != NULL))                                                                 \
            return k->name(rp, up, vp, n);                                                         \
        return first_##name(rp, up, vp, n);                                                        \
    }
#define DOT_ENTRY_C(name, op, chain_op)                                                            \
    __attribute__((noinline, cold)) static dot_limb_t first_##name(                                \
        dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n, dot_limb_t cin)      \
    {                                                                                              \
        return publish()->name(rp, up, vp, n, cin);                                                \
    }                                                                                              \
    dot_limb_t dot_##name(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp, size_t n,    \
                          dot_limb_t cin)                                                          \
    {                                                                                              \
        DOT_CHECK_AORS(rp, up, vp, n, cin);                                                        \
        if (use_chain(op, n)) {                                                                    \
            DOT_NOTE_PATH("chain");                                                                \
            return chain_aors_pipelined(rp, up, vp, n, cin, chain_op);                             \
        }                                                                                          \
        DOT_NOTE_PATH("vector");                                                                   \
        const dot_kernels *k = atomic_load_explicit(&active_kernels, memory_order_acquire);        \
        if (DOT_LIKELY(k != NULL))                                                                 \
            return k->name(rp, up, vp, n, cin);                                                    \
        return first_##name(rp, up, vp, n, cin);                                                   \
    }

DOT_ENTRY(add_n, ADD_N, DOT_OP_ADD)
DOT_ENTRY(sub_n, SUB_N, DOT_OP_SUB)
DOT_ENTRY(add_n_ct, ADD_N_CT, DOT_OP_ADD)
DOT_ENTRY(sub_n_ct, SUB_N_CT, DOT_OP_SUB)
DOT_ENTRY_C(add_nc, ADD_N, DOT_OP_ADD)
DOT_ENTRY_C(sub_nc, SUB_N, DOT_OP_SUB)
DOT_ENTRY_C(add_nc_ct, ADD_N_CT, DOT_OP_ADD)
DOT_ENTRY_C(sub_nc_ct, SUB_N_CT, DOT_OP_SUB)

void dot_mul_4x4(dot_limb_t rp[8], const dot_limb_t up[4], const dot_limb_t vp[4])
{
    DOT_CHECK_MUL(rp, 8, up, vp, 4);
    active()->mul_4x4(rp, up, vp);
}

void dot_sqr_4x4(dot_limb_t rp[8], const dot_limb_t up[4])
{
    DOT_CHECK_MUL(rp, 8, up, NULL, 4);
    active()->sqr_4x4(rp, up);
}

void dot_mul_5x5_r52(dot_limb_t rp[10], const dot_limb_t up[5], const dot_limb_t vp[5])
{
    DOT_CHECK_MUL(rp, 10, up, vp, 5);
    active()->mul_5x5_r52(rp, up, vp);
}

/* un > DOT_MUL_BASECASE_MAX: u in chunks of at most that many limbs, each chunk's product added
 * onto the top vn limbs of the one before. */
static void mul_basecase_long(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                              size_t vn)
{
    dot_limb_t chunk[2 * DOT_MUL_BASECASE_MAX];
    mul_basecase(rp, up, DOT_MUL_BASECASE_MAX, vp, vn);
    for (size_t done = DOT_MUL_BASECASE_MAX; done < un; done += DOT_MUL_BASECASE_MAX) {
        size_t m = un - done < DOT_MUL_BASECASE_MAX ? un - done : DOT_MUL_BASECASE_MAX;
        if (m >= vn)
            mul_basecase(chunk, up + done, m, vp, vn);
        else
            mul_basecase(chunk, vp, vn, up + done, m);
        dot_limb_t carry = chain_aors(rp + done, rp + done, chunk, vn, 0, DOT_OP_ADD, DOT_FAST);
        for (size_t i = vn; i < m + vn; i++) {
            dot_limb_t t = chunk[i] + carry;
            carry = t < carry;
            rp[done + i] = t;
        }
    }
}

void dot_mul_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t un, const dot_limb_t *vp,
                      size_t vn)
{
    DOT_CHECK_MULB(rp, up, un, vp, vn);
    active();
    if (un <= DOT_MUL_BASECASE_MAX)
        mul_basecase(rp, up, un, vp, vn);
    else
        mul_basecase_long(rp, up, un, vp, vn);
}

const dot_basecase_tuning *dot_basecase_active(void)
{
    active();
    return &window;
}

void dot_sqr_basecase(dot_limb_t *rp, const dot_limb_t *up, size_t n)
{
    DOT_CHECK_MULB(rp, up, n, up, n);
    DOT_CHECK_SQRB(n);
    active();
    sqr_basecase(rp, up, n);
}

const char *dot_isa(void) { return active()->name; }

const dot_crossovers *dot_crossovers_active(void)
{
    active();
    return &crossovers;
}

const char *dot_settings(void)
{
    active();
    return settings;
}

const dot_kernels *dot_kernels_for(const char *name)
{
    const variant *v = find(name);
    if (!v)
        return NULL;
    dot_cpu cpu = dot_cpu_detect();
    return v->runs_on(&cpu) ? table_of(v) : NULL;
}

int dot_isa_supported(const char *name) { return dot_kernels_for(name) != NULL; }

const char *const *dot_isa_names(void) { return names; }

const char *dot_version(void) { return DOT_VERSION; }
