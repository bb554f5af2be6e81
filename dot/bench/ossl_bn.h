/*
 * OpenSSL's BIGNUM Montgomery API, reached through dlopen so that a benchmark can load several
 * libcrypto variants side by side (pointers to its opaque types as void *). Used by bench_pmns
 * and bench_ntt_mont.
 */
#ifndef DOT_BENCH_OSSL_BN_H
#define DOT_BENCH_OSSL_BN_H

#include <dlfcn.h>

typedef struct {
    void *(*ctx_new)(void);
    void *(*mont_new)(void);
    int (*mont_set)(void *mont, const void *mod, void *ctx);
    void *(*lebin2bn)(const unsigned char *s, int len, void *ret);
    int (*bn2lebinpad)(const void *a, unsigned char *to, int tolen);
    int (*mont_mul)(void *r, const void *a, const void *b, void *mont, void *ctx);
    void (*bn_free)(void *);
    void (*mont_free)(void *);
    void (*ctx_free)(void *);
} ossl_bn;

/* Opens the libcrypto at PATH and fills F: 1, or 0 when it does not load or lacks a function. */
static inline int ossl_bn_open(ossl_bn *f, const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return 0;
    *(void **)&f->ctx_new = dlsym(h, "BN_CTX_new");
    *(void **)&f->mont_new = dlsym(h, "BN_MONT_CTX_new");
    *(void **)&f->mont_set = dlsym(h, "BN_MONT_CTX_set");
    *(void **)&f->lebin2bn = dlsym(h, "BN_lebin2bn");
    *(void **)&f->bn2lebinpad = dlsym(h, "BN_bn2lebinpad");
    *(void **)&f->mont_mul = dlsym(h, "BN_mod_mul_montgomery");
    *(void **)&f->bn_free = dlsym(h, "BN_free");
    *(void **)&f->mont_free = dlsym(h, "BN_MONT_CTX_free");
    *(void **)&f->ctx_free = dlsym(h, "BN_CTX_free");
    return f->ctx_new && f->mont_new && f->mont_set && f->lebin2bn && f->bn2lebinpad &&
           f->mont_mul && f->bn_free && f->mont_free && f->ctx_free;
}

#endif
