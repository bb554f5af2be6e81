/*
 * An LD_PRELOAD shim for one experiment: is it the add/sub kernel that makes a libgmp faster or
 * slower, or something else in the build? gmpbench_native loads two copies of the same libgmp
 * (DOTBENCH_SWAP_A and DOTBENCH_SWAP_B, distinct files); the shim sends every mpn_add_n and
 * mpn_sub_n call made from inside B to the functions of a third library (DOTBENCH_SWAP_FROM),
 * and those made from inside A to A's own. So B is "A with FROM's add/sub" and the driver's
 * ratio B/A isolates the add/sub kernels, timed interleaved in one process. Both copies pay the
 * shim's few cycles per call, which pulls the ratio towards 1. See swap.sh.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>

typedef unsigned long limb;
typedef limb (*aors_fn)(limb *, const limb *, const limb *, long);

static const char *const names[2] = {"__gmpn_add_n", "__gmpn_sub_n"};
static aors_fn own[2], from[2];
static const char *b_lo, *b_hi; /* where B is mapped */

static void *open_named(const char *variable, int flags)
{
    const char *path = getenv(variable);
    void *h = path ? dlopen(path, flags) : NULL;
    if (h == NULL) {
        fprintf(stderr, "addsub_swap: cannot open %s=%s\n", variable, path ? path : "(unset)");
        abort();
    }
    return h;
}

static int find_b(struct dl_phdr_info *info, size_t size, void *base)
{
    (void)size;
    if ((void *)info->dlpi_addr != base)
        return 0;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_LOAD) {
            const char *end = (const char *)info->dlpi_addr + info->dlpi_phdr[i].p_vaddr +
                              info->dlpi_phdr[i].p_memsz;
            if (end > b_hi)
                b_hi = end;
        }
    b_lo = (const char *)info->dlpi_addr;
    return 1;
}

static void resolve(void)
{
    void *a = open_named("DOTBENCH_SWAP_A", RTLD_NOW | RTLD_NOLOAD);
    void *b = open_named("DOTBENCH_SWAP_B", RTLD_NOW | RTLD_NOLOAD);
    void *f = open_named("DOTBENCH_SWAP_FROM", RTLD_NOW | RTLD_LOCAL);
    for (int k = 0; k < 2; k++) {
        own[k] = (aors_fn)dlsym(a, names[k]);
        from[k] = (aors_fn)dlsym(f, names[k]);
    }
    Dl_info info;
    if (!own[0] || !own[1] || !from[0] || !from[1] || !dladdr(dlsym(b, "__gmpz_mul"), &info) ||
        !dl_iterate_phdr(find_b, info.dli_fbase)) {
        fprintf(stderr, "addsub_swap: cannot resolve the libraries' add/sub or B's mapping\n");
        abort();
    }
}

static limb call(int k, limb *r, const limb *u, const limb *v, long n, const char *caller)
{
    if (own[k] == NULL)
        resolve();
    return (caller >= b_lo && caller < b_hi ? from[k] : own[k])(r, u, v, n);
}

limb __gmpn_add_n(limb *r, const limb *u, const limb *v, long n)
{
    return call(0, r, u, v, n, __builtin_return_address(0));
}
limb __gmpn_sub_n(limb *r, const limb *u, const limb *v, long n)
{
    return call(1, r, u, v, n, __builtin_return_address(0));
}
