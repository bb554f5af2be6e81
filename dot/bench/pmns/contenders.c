/*
 * bench_pmns's contenders other than libdot's kernels: OpenSSL's BN_mod_mul_montgomery through
 * dlopen, its AMM52 IFMA kernels found by the library file's ELF symbol table (they are not
 * exported), and GMP's Montgomery products; one step of any contender, and its chains' set-up
 * and release.
 */
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include "bench_pmns.h"

ossl_lib ossl[MAX_VARIANTS];
size_t n_ossl;
amm_kernels amm;

int ossl_load(ossl_lib *o, const char *name, const char *path)
{
    snprintf(o->name, sizeof o->name, "%s", name);
    snprintf(o->path, sizeof o->path, "%s", path);
    if (!ossl_bn_open(&o->bn, path))
        return 0;
    o->ctx = o->bn.ctx_new();
    return o->ctx != NULL;
}

/* The offset of a (possibly local) function symbol in an ELF shared object's symbol table, or 0. */
static size_t elf_symbol(const char *path, const char *name)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    size_t found = 0;
    unsigned char *f = fstat(fd, &st) == 0
                           ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)
                           : MAP_FAILED;
    close(fd);
    if (f == MAP_FAILED)
        return 0;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)f;
    if ((size_t)st.st_size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > (size_t)st.st_size)
        goto out;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(f + eh->e_shoff);
    for (size_t i = 0; i < eh->e_shnum && !found; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum)
            continue;
        const Elf64_Shdr *strs = &sh[sh[i].sh_link];
        if (sh[i].sh_offset + sh[i].sh_size > (size_t)st.st_size ||
            strs->sh_offset + strs->sh_size > (size_t)st.st_size)
            continue;
        const Elf64_Sym *sym = (const Elf64_Sym *)(f + sh[i].sh_offset);
        for (size_t j = 0; j < sh[i].sh_size / sizeof *sym; j++)
            if (ELF64_ST_TYPE(sym[j].st_info) == STT_FUNC && sym[j].st_name < strs->sh_size &&
                strcmp((const char *)f + strs->sh_offset + sym[j].st_name, name) == 0) {
                found = sym[j].st_value;
                break;
            }
    }
out:
    munmap(f, (size_t)st.st_size);
    return found;
}

/* The AMM52 kernels of the libcrypto `o` (its load address plus the symbols' offsets). */
void amm_load(const ossl_lib *o)
{
    Dl_info info;
    if (!dladdr((void *)o->bn.ctx_new, &info) || !info.dli_fbase)
        return;
    static const char *names[2][2] = {
        {"ossl_rsaz_amm52x20_x1_ifma256", "ossl_rsaz_amm52x40_x1_ifma256"},
        {"ossl_rsaz_amm52x20_x2_ifma256", "ossl_rsaz_amm52x40_x2_ifma256"}};
    for (int d = 0; d < 2; d++) {
        size_t off1 = elf_symbol(o->path, names[0][d]), off2 = elf_symbol(o->path, names[1][d]);
        if (off1 && off2) {
            *(void **)&amm.x1[d] = (char *)info.dli_fbase + off1;
            *(void **)&amm.x2[d] = (char *)info.dli_fbase + off2;
        }
    }
    amm.from = o->path;
}

/* r = r y R^-1 mod p, R = 2^(64 n) */
static void mont_one(ctx *c, uint64_t *r, const uint64_t *y)
{
    const size_t n = c->n;
    mp_limb_t *t = c->t;
    mpn_mul_n(t, r, y, (mp_size_t)n);
    for (size_t i = 0; i < n; i++)
        t[i] = mpn_addmul_1(t + i, c->p, (mp_size_t)n, t[i] * c->pinv);
    mp_limb_t hi = mpn_add_n(r, t + n, t, (mp_size_t)n);
    mpn_cnd_sub_n(hi | (mpn_cmp(r, c->p, (mp_size_t)n) >= 0), r, r, c->p, (mp_size_t)n);
}

/* r = r y R^-1 mod p with GMP's mpn_redc_1 (as mpz_powm's MPN_REDC_1) or mpn_redc_n */
static void redc1_one(ctx *c, uint64_t *r, const uint64_t *y)
{
    mpn_mul_n(c->t, r, y, (mp_size_t)c->n);
    if (__gmpn_redc_1(r, c->t, c->p, (mp_size_t)c->n, c->pinv) != 0)
        mpn_sub_n(r, r, c->p, (mp_size_t)c->n);
}

static void redcn_one(ctx *c, uint64_t *r, const uint64_t *y)
{
    mpn_mul_n(c->t, r, y, (mp_size_t)c->n);
    __gmpn_redc_n(r, c->t, c->p, (mp_size_t)c->n, c->ip);
}

/* One step of contender k: each lane's value times its multiplier. */
void step(ctx *c, contender *k)
{
    const int L = k->lanes;
    switch (k->kind) {
    case MONT:
        for (int l = 0; l < L; l++)
            mont_one(c, k->acc + l * k->stride, k->y);
        break;
    case REDC1:
        for (int l = 0; l < L; l++)
            redc1_one(c, k->acc + l * k->stride, k->y);
        break;
    case REDCN:
        for (int l = 0; l < L; l++)
            redcn_one(c, k->acc + l * k->stride, k->y);
        break;
    case MPZ:
        for (int l = 0; l < L; l++) {
            mpz_mul(c->zt, k->zacc[l], k->zy);
            mpz_mod(k->zacc[l], c->zt, c->zp);
        }
        break;
    case OSSL:
        for (int l = 0; l < L; l++)
            k->lib->bn.mont_mul(k->bacc[l], k->bacc[l], k->by, k->lib->mont, k->lib->ctx);
        break;
    case AMM1:
        for (int l = 0; l < L; l++)
            amm.x1[k->digits == 40](k->acc + l * k->stride, k->acc + l * k->stride, k->y, c->m52,
                                    c->k0[0]);
        break;
    case AMM2: /* two lanes per call: operands [2][digits], contiguous */
        for (int l = 0; l < L; l += 2)
            amm.x2[k->digits == 40](k->acc + l * k->stride, k->acc + l * k->stride, k->y, c->m52,
                                    c->k0);
        break;
    case PMNS1:
        c->pm->split = k->split;
        c->pm->split_v = k->split_v;
        for (int l = 0; l < L; l++)
            for (int t = 0; t < k->times; t++)
                k->mul(c->pm, k->acc + l * k->stride, k->acc + l * k->stride, k->y, k->trunc);
        break;
    case PMNS8:
        c->pm->split8 = k->split;
        k->mul(c->pm, k->acc, k->acc, k->y, k->trunc);
        break;
    }
}

void contender_init(ctx *c, contender *k, mpz_t *a, const mpz_t b, const uint64_t *lb)
{
    mpz_init_set(k->step, b);
    for (int l = 0; l < k->lanes; l++)
        mpz_init_set(k->start[l], a[l]);
    uint64_t la[MAX_LIMBS];
    switch (k->kind) {
    case MONT:
    case REDC1:
    case REDCN:
        k->stride = c->n, k->mont_bits = 64 * c->n;
        memcpy(k->y, lb, c->n * 8);
        for (int l = 0; l < k->lanes; l++)
            mpz_to_limbs(k->acc + l * k->stride, c->n, a[l]);
        break;
    case MPZ:
        mpz_init_set(k->zy, b);
        for (int l = 0; l < k->lanes; l++)
            mpz_init_set(k->zacc[l], a[l]);
        break;
    case OSSL:
        k->mont_bits = 64 * c->n;
        k->by = k->lib->bn.lebin2bn((const unsigned char *)lb, (int)(8 * c->n), NULL);
        for (int l = 0; l < k->lanes; l++) {
            mpz_to_limbs(la, c->n, a[l]);
            k->bacc[l] = k->lib->bn.lebin2bn((const unsigned char *)la, (int)(8 * c->n), NULL);
        }
        break;
    case AMM1:
    case AMM2:
        k->stride = (size_t)k->digits, k->mont_bits = 52 * (size_t)k->digits;
        mpz_to_d52(k->y, (size_t)k->digits, b);
        memcpy(k->y + k->digits, k->y, (size_t)k->digits * 8); /* the x2 kernels' second b */
        for (int l = 0; l < k->lanes; l++)
            mpz_to_d52(k->acc + l * k->stride, (size_t)k->digits, a[l]);
        break;
    case PMNS1:
    case PMNS8:
        k->stride = dot_pmns_words(c->pm);
        for (int l = 0; l < k->lanes; l++) {
            mpz_to_limbs(la, c->n, a[l]);
            dot_pmns_from_int(c->pm, k->acc + l * k->stride, la);
            dot_pmns_from_int(c->pm, k->y + l * k->stride, lb); /* the batch form reads 8 */
        }
        break;
    }
}

void contender_clear(contender *k)
{
    mpz_clear(k->step);
    for (int l = 0; l < k->lanes; l++)
        mpz_clear(k->start[l]);
    if (k->kind == MPZ) {
        mpz_clear(k->zy);
        for (int l = 0; l < k->lanes; l++)
            mpz_clear(k->zacc[l]);
    }
    if (k->kind == OSSL) {
        k->lib->bn.bn_free(k->by);
        for (int l = 0; l < k->lanes; l++)
            k->lib->bn.bn_free(k->bacc[l]);
    }
}
