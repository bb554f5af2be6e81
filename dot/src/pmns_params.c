/*
 * Reads a PMNS parameter file (dot/pmns/params/, written by dot/pmns/genparams.py) and builds the
 * kernels' tables (pmns_impl.h). Every malformed or out-of-range field is a message on stderr and
 * a NULL result, never a crash: the sizes read bound every table.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmns_impl.h"

typedef struct {
    const char *path;
    char *text;
    int ok;
} reader;

static void fail(reader *rd, const char *what, const char *key)
{
    if (rd->ok)
        fprintf(stderr, "libdot: %s: %s%s%s\n", rd->path, what, key ? ": " : "", key ? key : "");
    rd->ok = 0;
}

/* The values of the line `key ...` (the text after the key), or NULL. */
static char *line_of(reader *rd, const char *key)
{
    size_t len = strlen(key);
    for (char *line = rd->text; line && *line;
         line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (strncmp(line, key, len) == 0 && line[len] == ' ')
            return line + len + 1;
    fail(rd, "missing field", key);
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

static size_t read_size(reader *rd, const char *key, size_t lo, size_t hi)
{
    char *cur = line_of(rd, key), *a, *b;
    if (!cur)
        return 0;
    if (!token(&cur, &a, &b)) {
        fail(rd, "empty field", key);
        return 0;
    }
    errno = 0;
    char *stop;
    unsigned long long v = strtoull(a, &stop, 10);
    if (errno || stop != b || v < lo || v > hi) {
        fail(rd, "value out of range", key);
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
static void read_ints(reader *rd, const char *key, size_t count, uint64_t *out, size_t nwords,
                      unsigned wbits, unsigned char *neg)
{
    char *cur = line_of(rd, key), *a, *b;
    for (size_t i = 0; cur && i < count; i++) {
        int negative;
        if (!token(&cur, &a, &b)) {
            fail(rd, "too few values", key);
            return;
        }
        if (!parse_hex(a, b, out + i * nwords, nwords, wbits, &negative) || (negative && !neg)) {
            fail(rd, "malformed or too large value", key);
            return;
        }
        if (neg)
            neg[i] = (unsigned char)negative;
    }
    if (cur && token(&cur, &a, &b))
        fail(rd, "too many values", key);
}

/* Limbs: a < b as multi-limb numbers. */
static int less(const uint64_t *a, const uint64_t *b, size_t limbs)
{
    for (size_t i = limbs; i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

static char *slurp(reader *rd)
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

/* digits (s of them) times w, the overflow past s digits returned. */
static uint64_t scale(uint64_t *digits, size_t s, size_t stride, uint64_t w)
{
    uint64_t carry = 0;
    for (size_t d = 0; d < s; d++) {
        uint64_t v = digits[d * stride] * w + carry;
        digits[d * stride] = v & PMNS_MASK52;
        carry = v >> PMNS_W;
    }
    return carry;
}

/* {a, s digits, stride} compared with {b, ...}: -1, 0, 1 */
static int cmp_digits(const uint64_t *a, const uint64_t *b, size_t s, size_t stride)
{
    for (size_t d = s; d-- > 0;)
        if (a[d * stride] != b[d * stride])
            return a[d * stride] < b[d * stride] ? -1 : 1;
    return 0;
}

/* cols[c] += f |entry| at column c + shift (entry: s digits at e, stride), as signed columns */
static void add_entry(__int128 *cols, const uint64_t *e, size_t s, size_t stride, size_t shift,
                      long f)
{
    for (size_t d = 0; d < s; d++)
        cols[d + shift] += (__int128)f * (__int128)e[d * stride];
}

/* The tables of the last stage's split (pmns_impl.h: uwm, neguw, init_v); 0 if the parameter set
 * does not allow it. The signed entries of M's lambda-circulant are negmask[t] ? -|m_t| : |m_t|,
 * |m_t| = m_ext's entry t (wrap weight included). */
static int build_split_v(dot_pmns *pm)
{
    const size_t n = pm->n, s = pm->s, h = n / 2;
    /* column sums of V: C's ((1 + lambda) s n halves), the block products' ((1 + lambda) (s n +
     * n) halves), INIT's one: below 2^63 */
    if ((2 + 2 * pm->lambda) * (s * n + n) + 2 >= 1 << 11)
        return 0;
    /* below n = 32 (h = 8) the three short blocks measured slower than the whole stage at
     * 2048 bits (bench_pmns; results/ and the README's PMNS section) */
    if (n < 32)
        return 0;
    /* U_M + W_M: entry j of 2h is the signed sum of t = n - h + j and t = n + j */
    for (size_t j = 1; j < 2 * h; j++) {
        const uint64_t *a = pm->m_ext + n - h + j, *b = pm->m_ext + n + j;
        int na = pm->negmask[n - h + j] != 0, nb = pm->negmask[n + j] != 0;
        uint64_t *out = pm->uwm + j;
        int neg;
        if (na == nb) { /* |a| + |b|, the sign of both */
            uint64_t carry = 0;
            for (size_t d = 0; d < s; d++) {
                uint64_t v = a[d * 2 * n] + b[d * 2 * n] + carry;
                out[d * 2 * h] = v & PMNS_MASK52;
                carry = v >> PMNS_W;
            }
            if (carry)
                return 0;
            neg = na;
        } else { /* the larger magnitude minus the smaller, the larger's sign */
            int a_larger = cmp_digits(a, b, s, 2 * n) >= 0;
            const uint64_t *big = a_larger ? a : b, *small = a_larger ? b : a;
            uint64_t borrow = 0;
            for (size_t d = 0; d < s; d++) {
                uint64_t v = big[d * 2 * n] - small[d * 2 * n] - borrow;
                out[d * 2 * h] = v & PMNS_MASK52;
                borrow = v >> 63;
            }
            neg = a_larger ? na : nb;
        }
        pm->neguw[j] = neg ? PMNS_MASK52 : 0;
    }
    /* init_v: INIT_k + (phi - 1) Wneg_k (= phi z_k), plus the constants of the complement trick
     * as the split uses it, plus phi/2. A negative entry's complement term is (phi - 1)|entry|
     * for an s-digit input, (2 phi - 1)|entry| for the s-digit-plus-carry-bit Q0 + Q1. */
    for (size_t k = 0; k < n; k++) {
        __int128 cols[2 * PMNS_MAX_S + 1] = {0};
        for (size_t d = 0; d < 2 * s; d++)
            cols[d] = (__int128)pm->init[d * n + k];
        for (size_t i = 0; i < n; i++) { /* + (phi - 1) |m_t| for each negative entry */
            size_t t = n + k - i;
            if (pm->negmask[t]) {
                add_entry(cols, pm->m_ext + t, s, 2 * n, s, 1);
                add_entry(cols, pm->m_ext + t, s, 2 * n, 0, -1);
            }
        }
        const size_t kk = k < h ? k : k - h;
        long f1 = k < h ? -1 : 1, f2 = k < h ? -(long)pm->lambda : 1;
        for (size_t i = 0; i < h; i++) {
            size_t t1 = n + kk - i, t2 = n + h + kk - i, t3 = h + kk - i;
            if (pm->negmask[t1]) { /* corr1 = (phi - 1)|U_M entry| */
                add_entry(cols, pm->m_ext + t1, s, 2 * n, s, f1);
                add_entry(cols, pm->m_ext + t1, s, 2 * n, 0, -f1);
            }
            if (pm->negmask[t2]) { /* corr2 = (phi - 1)|W_M entry| */
                add_entry(cols, pm->m_ext + t2, s, 2 * n, s, f2);
                add_entry(cols, pm->m_ext + t2, s, 2 * n, 0, -f2);
            }
            if (k >= h && pm->neguw[t3]) { /* - corr3 = - (2 phi - 1)|(U_M + W_M) entry| */
                add_entry(cols, pm->uwm + t3, s, 2 * h, s, -2);
                add_entry(cols, pm->uwm + t3, s, 2 * h, 0, 1);
            }
        }
        cols[s - 1] += (__int128)1 << (PMNS_W - 1); /* phi/2 */
        __int128 carry = 0;
        for (size_t d = 0; d < 2 * s; d++) { /* mod 2^(104 s), digits in [0, 2^52) */
            __int128 v = cols[d] + carry;
            pm->init_v[d * n + k] = (uint64_t)v & PMNS_MASK52;
            carry = v >> PMNS_W; /* arithmetic: floor */
        }
    }
    return 1;
}

static void build_tables(reader *rd, dot_pmns *pm, const uint64_t *m, const unsigned char *mneg,
                         const uint64_t *mp, const uint64_t *init, const uint64_t *t)
{
    const size_t n = pm->n, s = pm->s;
    for (size_t e = 0; e < 2 * n; e++) {
        size_t j = e % n;
        uint64_t w = e < n ? pm->lambda : 1;
        for (size_t d = 0; d < s; d++) {
            pm->m_ext[d * 2 * n + e] = m[j * s + d];
            pm->mp_ext[d * 2 * n + e] = mp[j * s + d];
        }
        if (scale(pm->m_ext + e, s, 2 * n, w))
            fail(rd, "lambda |m_j| does not fit in s digits", "m");
        scale(pm->mp_ext + e, s, 2 * n, w); /* mod phi: the overflow is dropped */
        pm->negmask[e] = mneg[j] ? PMNS_MASK52 : 0;
    }
    for (size_t k = 0; k < n; k++)
        for (size_t d = 0; d < 2 * s; d++)
            pm->init[d * n + k] = init[k * 2 * s + d];
    /* U' + W' (pmns_impl.h): entry j of 2h is mp_ext's n - h + j plus its n + j, mod phi. */
    const size_t h = n / 2;
    for (size_t j = 1; j < 2 * h; j++) {
        uint64_t carry = 0;
        for (size_t d = 0; d < s; d++) {
            uint64_t v = pm->mp_ext[d * 2 * n + n - h + j] + pm->mp_ext[d * 2 * n + n + j] + carry;
            pm->mp_uw[d * 2 * h + j] = v & PMNS_MASK52;
            carry = v >> PMNS_W;
        }
    }
    if (pm->split)
        pm->split_v = build_split_v(pm);
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < n; k++)
            for (size_t d = 0; d < s; d++) {
                uint64_t digit = t[(i * n + k) * s + d];
                if (d * PMNS_W + 64 - (size_t)__builtin_clzll(digit | 1) > pm->r && digit)
                    fail(rd, "conversion coefficient not below rho", "t");
                pm->t[i * n * s + d * n + k] = digit;
            }
}

dot_pmns *dot_pmns_read(const char *path)
{
    reader rd = {path, NULL, 1};
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
        fail(&rd, "inconsistent sizes (n, s, rho_log2, bits)", NULL);
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
            fail(&rd, "out of memory", NULL);
    }
    if (rd.ok) {
        read_ints(&rd, "p", 1, pm->p, limbs, 64, NULL);
        if (rd.ok && (!(pm->p[0] & 1) || !(pm->p[(pm->bits - 1) / 64] >> ((pm->bits - 1) % 64)) ||
                      ((pm->bits % 64) && pm->p[limbs - 1] >> (pm->bits % 64))))
            fail(&rd, "p is not an odd number of `bits` bits", "p");
        read_ints(&rd, "gamma", 1, scratch, limbs, 64, NULL);
        if (rd.ok && !less(scratch, pm->p, limbs))
            fail(&rd, "not below p", "gamma");
        read_ints(&rd, "m", n, m, s, PMNS_W, mneg);
        if (rd.ok && !(m[0] & 1))
            fail(&rd, "m_0 is even (M not invertible mod (E, phi))", "m");
        read_ints(&rd, "mprime", n, mp, s, PMNS_W, NULL);
        read_ints(&rd, "init", n, init, 2 * s, PMNS_W, NULL);
        read_ints(&rd, "g", n, pm->g, limbs, 64, NULL);
        for (size_t k = 0; rd.ok && k < n; k++)
            if (!less(pm->g + k * limbs, pm->p, limbs))
                fail(&rd, "not below p", "g");
        read_ints(&rd, "t", n * n, t, s, PMNS_W, NULL);
    }
    if (rd.ok)
        build_tables(&rd, pm, m, mneg, mp, init, t);
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
