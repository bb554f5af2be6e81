/*
 * Reads a PMNS parameter file (dot/pmns/params/, written by dot/pmns/genparams.py), checks every
 * field, and has pmns_tables.c build the kernels' tables (pmns_impl.h) from the values. Every
 * malformed or out-of-range field is a message on stderr and a NULL result, never a crash: the
 * sizes read bound every table.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmns_impl.h"

void pmns_fail(pmns_reader *rd, const char *what, const char *key)
{
    if (rd->ok)
        fprintf(stderr, "libdot: %s: %s%s%s\n", rd->path, what, key ? ": " : "", key ? key : "");
    rd->ok = 0;
}

/* The values of the line `key ...` (the text after the key), or NULL. */
static char *line_of(pmns_reader *rd, const char *key)
{
    size_t len = strlen(key);
    for (char *line = rd->text; line && *line;
         line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (strncmp(line, key, len) == 0 && line[len] == ' ')
            return line + len + 1;
    pmns_fail(rd, "missing field", key);
    return NULL;
}

/* Next whitespace-delimited token on the current line: [*start, *end). */
static int token(char **cur, char **start, char **end)
{
    char *c = *cur;
    while (*c == ' ' || *c == '\t' || *c == '\r')
        c++;
    if (*c == '\0' || *c == '\n')
        return 0;
    *start = c;
    while (*c && *c != ' ' && *c != '\t' && *c != '\r' && *c != '\n')
        c++;
    *end = *cur = c;
    return 1;
}

static size_t read_size(pmns_reader *rd, const char *key, size_t lo, size_t hi)
{
    char *cur = line_of(rd, key), *a, *b;
    if (!cur)
        return 0;
    if (!token(&cur, &a, &b)) {
        pmns_fail(rd, "empty field", key);
        return 0;
    }
    errno = 0;
    char *stop;
    unsigned long long v = strtoull(a, &stop, 10);
    if (errno || stop != b || v < lo || v > hi) {
        pmns_fail(rd, "value out of range", key);
        return 0;
    }
    return (size_t)v;
}

/* Hex digits [a, b) (after an optional '-') into nwords words of wbits bits each, least
 * significant first; 0 if a character is not hex or the value does not fit. */
static int parse_hex(const char *a, const char *b, uint64_t *out, size_t nwords, unsigned wbits,
                     int *negative)
{
    *negative = a < b && *a == '-';
    a += *negative;
    if (a == b)
        return 0;
    memset(out, 0, nwords * sizeof *out);
    size_t pos = 0;
    for (const char *c = b; c-- > a; pos += 4) {
        unsigned nib;
        if (*c >= '0' && *c <= '9')
            nib = (unsigned)(*c - '0');
        else if (*c >= 'a' && *c <= 'f')
            nib = (unsigned)(*c - 'a' + 10);
        else
            return 0;
        for (unsigned bit = 0; bit < 4; bit++) {
            if (!(nib >> bit & 1))
                continue;
            size_t at = pos + bit;
            if (at >= nwords * wbits)
                return 0;
            out[at / wbits] |= UINT64_C(1) << (at % wbits);
        }
    }
    return 1;
}

/* count integers of the line `key` into out (nwords words of wbits bits each); signs into neg
 * when given, else a negative value is an error. */
static void read_ints(pmns_reader *rd, const char *key, size_t count, uint64_t *out, size_t nwords,
                      unsigned wbits, unsigned char *neg)
{
    char *cur = line_of(rd, key), *a, *b;
    for (size_t i = 0; cur && i < count; i++) {
        int negative;
        if (!token(&cur, &a, &b)) {
            pmns_fail(rd, "too few values", key);
            return;
        }
        if (!parse_hex(a, b, out + i * nwords, nwords, wbits, &negative) || (negative && !neg)) {
            pmns_fail(rd, "malformed or too large value", key);
            return;
        }
        if (neg)
            neg[i] = (unsigned char)negative;
    }
    if (cur && token(&cur, &a, &b))
        pmns_fail(rd, "too many values", key);
}

/* Limbs: a < b as multi-limb numbers. */
static int less(const uint64_t *a, const uint64_t *b, size_t limbs)
{
    for (size_t i = limbs; i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

static char *slurp(pmns_reader *rd)
{
    FILE *f = fopen(rd->path, "rb");
    if (!f) {
        fprintf(stderr, "libdot: %s: cannot open: %s\n", rd->path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (len + 1 == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "libdot: %s: out of memory\n", rd->path);
        return NULL;
    }
    buf[len] = '\0';
    for (char *c = buf; (c = strchr(c, '#')) != NULL;) /* comments run to the end of the line */
        while (*c && *c != '\n')
            *c++ = ' ';
    return buf;
}

dot_pmns *dot_pmns_read(const char *path)
{
    pmns_reader rd = {path, NULL, 1};
    rd.text = slurp(&rd);
    if (!rd.text)
        return NULL;
    dot_pmns *pm = calloc(1, sizeof *pm);
    if (!pm) {
        free(rd.text);
        return NULL;
    }
    pm->bits = read_size(&rd, "bits", 64, 64 * PMNS_MAX_LIMBS);
    pm->s = read_size(&rd, "s", 2, PMNS_MAX_S);
    pm->n = read_size(&rd, "n", 8, PMNS_MAX_N);
    pm->lambda = read_size(&rd, "lambda", 2, 1 << 10);
    pm->r = read_size(&rd, "rho_log2", 1, PMNS_W * PMNS_MAX_S - 1);
    const size_t n = pm->n, s = pm->s, limbs = pm->limbs = (pm->bits + 63) / 64;
    size_t lambda_bits = 0;
    for (size_t l = pm->lambda; l; l >>= 1)
        lambda_bits++;
    /* n lanes of 8; 64-bit column sums (bound (6)); lambda rho < phi; chunks cover p */
    if (rd.ok && (n % 8 || 4 * s * n + 1 >= 1 << 12 || pm->r + lambda_bits > PMNS_W * s ||
                  pm->r * n < pm->bits))
        pmns_fail(&rd, "inconsistent sizes (n, s, rho_log2, bits)", NULL);
    size_t lambda1_bits = 0; /* bits of lambda + 1 */
    for (size_t l = pm->lambda + 1; l; l >>= 1)
        lambda1_bits++;
    pm->split8 = n % 2 == 0 && pm->r + lambda1_bits <= PMNS_W * s &&
                 (3 + pm->lambda) * s * n + 1 < 1 << 11;
    pm->split = pm->split8 && (n / 2) % 8 == 0;

    uint64_t *m = NULL, *mp = NULL, *init = NULL, *t = NULL, *scratch = NULL;
    unsigned char *mneg = NULL;
    if (rd.ok) {
        pm->p = calloc(limbs, 8);
        pm->g = calloc(n * limbs, 8);
        pm->t = calloc(n * n * s, 8);
        pm->m_ext = calloc(2 * n * s, 8);
        pm->negmask = calloc(2 * n, 8);
        pm->mp_ext = calloc(2 * n * s, 8);
        pm->init = calloc(2 * n * s, 8);
        pm->mp_uw = calloc(n * s, 8);
        pm->uwm = calloc(n * s, 8);
        pm->neguw = calloc(n, 8);
        pm->init_v = calloc(2 * n * s, 8);
        m = calloc(n * s, 8);
        mp = calloc(n * s, 8);
        init = calloc(2 * n * s, 8);
        t = calloc(n * n * s, 8);
        scratch = calloc(limbs, 8);
        mneg = calloc(n, 1);
        if (!pm->p || !pm->g || !pm->t || !pm->m_ext || !pm->negmask || !pm->mp_ext || !pm->init ||
            !pm->mp_uw || !pm->uwm || !pm->neguw || !pm->init_v || !m || !mp || !init || !t ||
            !scratch || !mneg)
            pmns_fail(&rd, "out of memory", NULL);
    }
    if (rd.ok) {
        read_ints(&rd, "p", 1, pm->p, limbs, 64, NULL);
        if (rd.ok && (!(pm->p[0] & 1) || !(pm->p[(pm->bits - 1) / 64] >> ((pm->bits - 1) % 64)) ||
                      ((pm->bits % 64) && pm->p[limbs - 1] >> (pm->bits % 64))))
            pmns_fail(&rd, "p is not an odd number of `bits` bits", "p");
        read_ints(&rd, "gamma", 1, scratch, limbs, 64, NULL);
        if (rd.ok && !less(scratch, pm->p, limbs))
            pmns_fail(&rd, "not below p", "gamma");
        read_ints(&rd, "m", n, m, s, PMNS_W, mneg);
        if (rd.ok && !(m[0] & 1))
            pmns_fail(&rd, "m_0 is even (M not invertible mod (E, phi))", "m");
        read_ints(&rd, "mprime", n, mp, s, PMNS_W, NULL);
        read_ints(&rd, "init", n, init, 2 * s, PMNS_W, NULL);
        read_ints(&rd, "g", n, pm->g, limbs, 64, NULL);
        for (size_t k = 0; rd.ok && k < n; k++)
            if (!less(pm->g + k * limbs, pm->p, limbs))
                pmns_fail(&rd, "not below p", "g");
        read_ints(&rd, "t", n * n, t, s, PMNS_W, NULL);
    }
    if (rd.ok)
        pmns_build_tables(&rd, pm, m, mneg, mp, init, t);
    free(m), free(mp), free(init), free(t), free(scratch), free(mneg), free(rd.text);
    if (!rd.ok) {
        dot_pmns_free(pm);
        return NULL;
    }
    return pm;
}

size_t dot_pmns_limbs(const dot_pmns *pm) { return pm->limbs; }
size_t dot_pmns_words(const dot_pmns *pm) { return pm->n * pm->s; }
void dot_pmns_modulus(const dot_pmns *pm, uint64_t *p) { memcpy(p, pm->p, pm->limbs * sizeof *p); }

void dot_pmns_free(dot_pmns *pm)
{
    if (!pm)
        return;
    free(pm->p), free(pm->g), free(pm->t), free(pm->m_ext), free(pm->negmask), free(pm->mp_ext);
    free(pm->init), free(pm->mp_uw), free(pm->uwm), free(pm->neguw), free(pm->init_v);
    free(pm);
}
