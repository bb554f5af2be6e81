/*
 * RSA operations through whichever libcrypto.so.3 the loader finds (LD_LIBRARY_PATH picks the
 * variant), for the ntt variant's end-to-end comparison (openssl-patch/ntt/rsa_ab.sh):
 *   bench_rsa KEY.der SECONDS          each of sign, verify, encrypt, decrypt for SECONDS of this
 *                                      thread's CPU time; prints "op count seconds" lines
 *   bench_rsa KEY.der once OP REPS     one of each operation (contexts, blinding), then REPS of
 *                                      OP (sign|verify|encrypt|decrypt), for call counts
 * KEY.der: a PKCS#1 RSAPrivateKey. The operations are the ones `openssl speed rsaN` times: a
 * PKCS#1 v1.5 signature of 36 bytes (no digest) and its verification, PKCS#1 v1.5 encryption
 * of 36 bytes and its decryption. Every run first signs and verifies, encrypts and decrypts once
 * and prints "check sig=<FNV-1a of the signature> bits=<key size> lib=<the libcrypto file that
 * holds EVP_PKEY_sign>": PKCS#1 v1.5 signatures are deterministic, so every variant must print
 * the same value for a key.
 * exit: 0 done, 1 an operation failed, 2 bad usage or unreadable key
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

enum { SIGN, VERIFY, ENCRYPT, DECRYPT, NOPS };
static const char *const op_names[NOPS] = {"sign", "verify", "encrypt", "decrypt"};

static EVP_PKEY_CTX *sign_ctx, *verify_ctx, *enc_ctx, *dec_ctx;
static unsigned char msg[36], sig[2048], ct[2048], pt[2048];
static size_t sig_len, ct_len;

static void fail(const char *what)
{
    fprintf(stderr, "bench_rsa: %s failed\n", what);
    exit(1);
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void run_op(int op)
{
    size_t len;
    switch (op) {
    case SIGN:
        sig_len = sizeof sig;
        if (EVP_PKEY_sign(sign_ctx, sig, &sig_len, msg, sizeof msg) <= 0)
            fail("sign");
        break;
    case VERIFY:
        if (EVP_PKEY_verify(verify_ctx, sig, sig_len, msg, sizeof msg) != 1)
            fail("verify");
        break;
    case ENCRYPT:
        ct_len = sizeof ct;
        if (EVP_PKEY_encrypt(enc_ctx, ct, &ct_len, msg, sizeof msg) <= 0)
            fail("encrypt");
        break;
    case DECRYPT:
        len = sizeof pt;
        if (EVP_PKEY_decrypt(dec_ctx, pt, &len, ct, ct_len) <= 0 || len != sizeof msg ||
            memcmp(pt, msg, sizeof msg) != 0)
            fail("decrypt");
        break;
    }
}

static EVP_PKEY *read_key(const char *path)
{
    static unsigned char der[8192];
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench_rsa: cannot open %s\n", path);
        exit(2);
    }
    size_t n = fread(der, 1, sizeof der, f);
    fclose(f);
    const unsigned char *p = der;
    EVP_PKEY *k = n < sizeof der ? d2i_PrivateKey(EVP_PKEY_RSA, NULL, &p, (long)n) : NULL;
    if (!k) {
        fprintf(stderr, "bench_rsa: %s is not a DER RSA private key of at most %zu bytes\n", path,
                sizeof der - 1);
        exit(2);
    }
    return k;
}

int main(int argc, char **argv)
{
    int once = argc == 5 && strcmp(argv[2], "once") == 0;
    char *end = NULL;
    double seconds = argc == 3 ? strtod(argv[2], &end) : 0;
    int once_op = -1;
    long reps = 0;
    if (once) {
        for (int i = 0; i < NOPS; i++)
            if (strcmp(argv[3], op_names[i]) == 0)
                once_op = i;
        reps = strtol(argv[4], &end, 10);
    }
    if (!(once ? once_op >= 0 && !*end && reps >= 0 && reps <= 1000
               : argc == 3 && end && !*end && seconds > 0 && seconds <= 600)) {
        fprintf(stderr,
                "usage: bench_rsa KEY.der SECONDS (0 < SECONDS <= 600)\n"
                "       bench_rsa KEY.der once sign|verify|encrypt|decrypt REPS (0..1000)\n");
        return 2;
    }
    EVP_PKEY *key = read_key(argv[1]);
    if (EVP_PKEY_get_size(key) > (int)sizeof sig) {
        fprintf(stderr, "bench_rsa: keys above %zu bits are not handled\n", 8 * sizeof sig);
        return 2;
    }
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(i * 7 + 1);
    sign_ctx = EVP_PKEY_CTX_new(key, NULL);
    verify_ctx = EVP_PKEY_CTX_new(key, NULL);
    enc_ctx = EVP_PKEY_CTX_new(key, NULL);
    dec_ctx = EVP_PKEY_CTX_new(key, NULL);
    if (!sign_ctx || !verify_ctx || !enc_ctx || !dec_ctx || EVP_PKEY_sign_init(sign_ctx) <= 0 ||
        EVP_PKEY_verify_init(verify_ctx) <= 0 || EVP_PKEY_encrypt_init(enc_ctx) <= 0 ||
        EVP_PKEY_decrypt_init(dec_ctx) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(enc_ctx, RSA_PKCS1_PADDING) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(dec_ctx, RSA_PKCS1_PADDING) <= 0)
        fail("context set-up");

    for (int op = 0; op < NOPS; op++)
        run_op(op);
    if (once) {
        for (long i = 0; i < reps; i++)
            run_op(once_op);
        return 0;
    }
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < sig_len; i++)
        h = (h ^ sig[i]) * 0x100000001b3u;
    Dl_info info;
    if (!dladdr((void *)EVP_PKEY_sign, &info) || !info.dli_fname)
        fail("dladdr(EVP_PKEY_sign)");
    printf("check sig=%016llx bits=%d lib=%s\n", (unsigned long long)h, EVP_PKEY_get_bits(key),
           info.dli_fname);
    for (int op = 0; op < NOPS; op++) {
        long count = 0;
        double t0 = cpu_seconds(), t;
        do {
            run_op(op);
            count++;
        } while ((t = cpu_seconds() - t0) < seconds);
        printf("%s %ld %.6f\n", op_names[op], count, t);
    }
    EVP_PKEY_CTX_free(sign_ctx);
    EVP_PKEY_CTX_free(verify_ctx);
    EVP_PKEY_CTX_free(enc_ctx);
    EVP_PKEY_CTX_free(dec_ctx);
    EVP_PKEY_free(key);
    return 0;
}
