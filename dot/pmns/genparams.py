#!/usr/bin/python3
"""PMNS parameter generator for dot_pmns (dot/include/dot_pmns.h).

    genparams.py --bits 2048 --s 2 [--seed dotbench-pmns-1] > dot/pmns/params/pmns-2048-s2.txt

Reproducible: every random choice comes from random.Random(f"{seed}:{bits}") through
getrandbits() only (its output for a given seed is fixed across Python 3 versions), and fplll's
LLL and Babai are deterministic for a given input. Run with Debian's /usr/bin/python3.

Why fpylll (Debian python3-fpylll) rather than pari-gp: the bounds below are exact integer
inequalities over Python's big integers, written and checked in a readable language next to a
model of the kernel's arithmetic; fpylll adds the two lattice steps this needs (LLL reduction and
Babai's nearest plane on the reduced basis) and nothing else; python3-gmpy2 gives GMP's modular
powers to the primality test. pari-gp would mean a second language for the same checks.

The system (Bajard-Imbert-Plantard PMNS with a Montgomery-like internal reduction):
  p a prime of `bits` bits, E = X^n - lam with lam = 2, gamma a root of E mod p, w = 52 (IFMA
  digits), phi = 2^(w*s), rho = 2^r. An element is a polynomial X of degree < n, coefficients in
  [0, rho), each stored as s digits of 52 bits; it represents x = X(gamma) * phi^-1 mod p.
  M is a lattice vector (M(gamma) = 0 mod p) with m_0 odd, so invertible mod (E, 2) (E = X^n mod 2)
  and hence mod (E, phi); M' = -M^-1 mod (E, phi). Z is a second lattice vector, the offset that
  keeps outputs non-negative.

Product R = mul(A, B):
  C = A*B mod E;  Q = C*M' mod (E, phi);  R = (C + Q*M) / phi + Z.
  C + Q*M = 0 mod (E, phi), so the division is exact; R(gamma) = A(gamma) B(gamma) phi^-1 mod p
  because M(gamma) = Z(gamma) = 0 mod p.

Bounds (derivation; every inequality is checked exactly, per coefficient k, by check_bounds):
  Let w_kj = 1 if j <= k else lam (the weight X^n = lam puts on a wrapped term).
  (1) Inputs a_i, b_i in [0, rho-1]  =>  0 <= c_k <= Cmax_k = sum_i w_k,(k-i mod n) (rho-1)^2
      = ((k+1) + lam (n-1-k)) (rho-1)^2.
  (2) q_i in [0, phi-1], so (Q*M)_k lies in [-(phi-1) Wneg_k, (phi-1) Wpos_k] with
      Wpos_k = sum_{j: m_j > 0} w_kj m_j and Wneg_k = sum_{j: m_j < 0} w_kj |m_j|.
  (3) Lower end: r_k > z_k - Wneg_k, so z_k >= Wneg_k gives r_k > -1, i.e. r_k >= 0.
  (4) Upper end: r_k <= (Cmax_k + (phi-1) Wpos_k) / phi + z_k, so
      phi z_k + Cmax_k + (phi-1) Wpos_k < phi rho gives r_k < rho, i.e. r_k <= rho-1.
  (3) and (4) make products chain without conversion. Z is the lattice vector Babai's algorithm
  finds nearest to the middle of the window (3)-(4); r grows until one fits.
  (5) Kernel arithmetic: the kernels never subtract. For m_j < 0 they use the digit-wise complement
      ~q = phi-1-q:  m_j q = |m_j| ~q - |m_j| (phi-1). The constants collect into
      INIT_k = phi z_k - (phi-1) Wneg_k >= 0 (by (3)), so the kernel computes
      phi r_k = c_k + sum_j w_kj |m_j| q~_(k-j) + INIT_k with unsigned digit products only.
  (6) 64-bit column accumulators: a column of that sum collects at most 2 s n lo/hi halves of
      digit products from C, as many from Q*M and one digit of INIT, each < 2^52; 4 s n + 1 < 2^12
      keeps every column below 2^64 before carries (checked: n s <= 1000).
  (7) Truncation (paper 001, Theorem 2): the truncated kernel skips the digit products of Q*M of
      weight below s-1 (the lo halves at weight s-2 and everything under). Per term these are
      < 2 s 2^(w(s-1)), over n terms L < 2 n s 2^(w(s-1)) <= phi because 2 n s <= 2^w. The exact sum
      V = phi r_k is a multiple of phi and exceeds the computed sum V' by L in [0, phi), so
      r_k = ceil(V'/phi): the high part of V' plus 1 when its low s digits are not all zero.
  (8) Conversion in: a in [0, p) split into n chunks a_i of r bits (needs r n >= bits);
      from_int(a) = reduce(sum_i a_i T_i) where T_i has coefficients in [0, rho) and
      T_i(gamma) = 2^(r i) phi^2 mod p (so the result represents a). The sum's coefficients are
      in [0, n (rho-1)^2], within Cmax_k of (1). T_i = V - L for V a small polynomial with
      V(gamma) = 2^(r i) phi^2 mod p and L the lattice vector Babai finds nearest to
      V - (rho/2, ..., rho/2); checked exactly.
      Conversion out: to_int(X) = sum_k x_k G_k mod p with G_k = gamma^k phi^-1 mod p.
"""
import argparse
import math
import sys
from random import Random

from fpylll import GSO, LLL, IntegerMatrix
from gmpy2 import mpz

W = 52
LAM = 2
SIEVE_PRIMES = [q for q in range(3, 1 << 14) if all(q % d for d in range(2, int(q ** 0.5) + 1))]
SMALL_PRIMES = [q for q in SIEVE_PRIMES if q < 200]


def miller_rabin(x, rng, rounds=40):
    """Miller-Rabin with GMP's modular powers (gmpy2, Debian python3-gmpy2)."""
    x = mpz(x)
    if x < 4:
        return x in (2, 3)
    if x % 2 == 0:
        return False
    d, e = x - 1, 0
    while d % 2 == 0:
        d, e = d // 2, e + 1
    for _ in range(rounds):
        a = 2 + mpz(rng.getrandbits(x.bit_length())) % (x - 3)
        y = pow(a, d, x)
        if y in (1, x - 1):
            continue
        for _ in range(e - 1):
            y = y * y % x
            if y == x - 1:
                break
        else:
            return False
    return True


def choose_prime(bits, rng):
    """A prime p of exactly `bits` bits with p = 7 mod 8 and (p-1)/2 free of every prime < 200.
    Then 2 is a square mod p and x -> x^n is a bijection on the squares for every n = 2^a m with
    m's prime factors < 200, so gamma = 2^(n^-1 mod (p-1)/2) is a root of X^n - 2."""
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 7
        h = (p - 1) // 2
        if any(h % q == 0 for q in SMALL_PRIMES) or any(p % q == 0 for q in SIEVE_PRIMES):
            continue
        if miller_rabin(p, rng):
            return p


def polymul_e(a, b, n, mod=None):
    """a * b mod (X^n - LAM), coefficients reduced mod `mod` when given."""
    c = [0] * n
    for i, ai in enumerate(a):
        if ai == 0:
            continue
        for j, bj in enumerate(b):
            k = i + j
            if k < n:
                c[k] += ai * bj
            else:
                c[k - n] += LAM * ai * bj
    return [x % mod for x in c] if mod else c


def inverse_mod_e(m, n, phi_bits):
    """m^-1 mod (X^n - LAM, 2^phi_bits), for m_0 odd: the power-series inverse mod 2 (the ring is
    F2[X]/(X^n) since LAM is even), lifted by Newton's iteration I <- I (2 - m I)."""
    inv = [1] + [0] * (n - 1)
    for t in range(1, n):
        inv[t] = sum(m[i] * inv[t - i] for i in range(1, t + 1)) % 2
    bits = 1
    while bits < phi_bits:
        bits = min(2 * bits, phi_bits)
        mod = 1 << bits
        mi = polymul_e(m, inv, n, mod)
        two_minus = [(-x) % mod for x in mi]
        two_minus[0] = (two_minus[0] + 2) % mod
        inv = polymul_e(inv, two_minus, n, mod)
    return inv


def lattice_basis(p, gamma, n):
    rows = [[p] + [0] * (n - 1)]
    g = 1
    for i in range(1, n):
        g = g * gamma % p
        rows.append([(-g) % p] + [1 if j == i else 0 for j in range(1, n)])
    basis = IntegerMatrix.from_matrix(rows)
    LLL.reduction(basis)
    return basis


def weights(m, n, k):
    """(Wpos_k, Wneg_k) of bound (2)."""
    pos = neg = 0
    for j, mj in enumerate(m):
        w = 1 if j <= k else LAM
        if mj > 0:
            pos += w * mj
        else:
            neg += w * -mj
    return pos, neg


def cmax(n, k, rho):
    return ((k + 1) + LAM * (n - 1 - k)) * (rho - 1) ** 2


def window(m, n, phi, rho):
    """Per k, the integer interval [lo_k, hi_k] that z_k must lie in: bounds (3) and (4)."""
    out = []
    for k in range(n):
        pos, neg = weights(m, n, k)
        # phi z + Cmax + (phi-1) pos < phi rho  <=>  z <= (phi rho - Cmax - (phi-1) pos - 1) // phi
        hi = (phi * rho - cmax(n, k, rho) - (phi - 1) * pos - 1) // phi
        out.append((neg, hi))
    return out


def babai_offset(basis, gso, win):
    target = [(lo + hi) // 2 for lo, hi in win]
    coeffs = gso.babai(target)
    n = basis.nrows
    return [sum(coeffs[i] * basis[i, j] for i in range(n)) for j in range(n)]


def check_bounds(P, z):
    """Bounds (3), (4), (6), (7) exactly; z in the lattice."""
    n, phi, rho = P["n"], P["phi"], P["rho"]
    for k, (lo, hi) in enumerate(window(P["m"], n, phi, rho)):
        if not lo <= z[k] <= hi:
            return False
    assert poly_eval(z, P["gamma"], P["p"]) == 0
    assert n * P["s"] <= 1000 and 2 * n * P["s"] <= 2 ** W
    assert LAM * rho < phi  # lambda x_j and lambda |m_j| keep s digits (the kernels' ext tables)
    return True


def poly_eval(a, x, p):
    return sum(c * pow(x, i, p) for i, c in enumerate(a)) % p


def reduce(P, c):
    """The internal reduction of the module docstring, in exact integers: (C + Q M)/phi + Z."""
    n, phi = P["n"], P["phi"]
    q = polymul_e(c, P["mprime"], n, phi)
    t = polymul_e(q, P["m"], n)
    assert all((ci + ti) % phi == 0 for ci, ti in zip(c, t))
    return [(ci + ti) // phi + zi for ci, ti, zi in zip(c, t, P["z"])]


def chunks(a, n, r):
    return [(a >> (r * i)) & ((1 << r) - 1) for i in range(n)]


def try_params(p, bits, s, n):
    phi = 1 << (W * s)
    gamma = pow(2, pow(n, -1, (p - 1) // 2), p)
    assert pow(gamma, n, p) == LAM
    basis = lattice_basis(p, gamma, n)
    rows = [[basis[i, j] for j in range(n)] for i in range(n)]
    odd = [row for row in rows if row[0] % 2]
    if not odd:
        return None
    m = min(odd, key=lambda row: (sum(abs(x) for x in row), row))
    assert poly_eval(m, gamma, p) == 0
    gso = GSO.Mat(basis)
    gso.update_gso()
    l1 = LAM * sum(abs(x) for x in m)
    for r in range(max(1, l1.bit_length()), W * s):
        rho = 1 << r
        if r * n < bits:
            continue
        P = dict(bits=bits, s=s, n=n, p=p, gamma=gamma, phi=phi, rho=rho, r=r, m=m)
        if any(lo > hi for lo, hi in window(m, n, phi, rho)):
            continue
        z = babai_offset(basis, gso, window(m, n, phi, rho))
        if check_bounds(P, z):
            P["z"] = z
            P["t"] = conversion_table(P, rows, gso)
            if P["t"]:
                return P
    return None


def lattice_reduce(vec, rows, gso, target_shift=0):
    """vec minus the lattice vector Babai finds nearest to vec - target_shift, repeated while the
    entries shrink (Babai runs in double precision: large entries leave a residue)."""
    size = None
    while True:
        coeffs = gso.babai([x - target_shift for x in vec])
        vec = [x - sum(c * row[j] for c, row in zip(coeffs, rows) if c) for j, x in enumerate(vec)]
        new_size = max(abs(x - target_shift) for x in vec)
        if size is not None and new_size >= size:
            return vec
        size = new_size


def small_representative(v, rows, gso, n):
    """A polynomial A with small coefficients and A(gamma) = v mod p, by Horner's rule over
    32-bit chunks of v with a lattice reduction after each step (keeps every target small)."""
    a = [0] * n
    for c in reversed(chunks(v, (v.bit_length() + 31) // 32 or 1, 32)):
        a = [x << 32 for x in a]
        a[0] += c
        a = lattice_reduce(a, rows, gso)
    return a


def conversion_table(P, rows, gso):
    """T_i of bound (8), or None when Babai's vector misses [0, rho) (then r grows). A_i, with
    A_i(gamma) = 2^(r i) phi^2 mod p, comes from 2^r A_(i-1), so only A_0 needs Horner's rule."""
    n, p, phi, r, rho = P["n"], P["p"], P["phi"], P["r"], P["rho"]
    table = []
    a = small_representative(phi * phi % p, rows, gso, n)
    for i in range(n):
        if i:
            a = lattice_reduce([x << r for x in a], rows, gso)
        t = lattice_reduce(a, rows, gso, rho // 2)
        if not all(0 <= x < rho for x in t):
            return None
        assert poly_eval(t, P["gamma"], p) == (1 << (r * i)) * phi * phi % p
        table.append(t)
    return table


def finish(P):
    n, p, phi, r = P["n"], P["p"], P["phi"], P["r"]
    P["mprime"] = [(-x) % phi for x in inverse_mod_e(P["m"], n, W * P["s"])]
    check = polymul_e(P["m"], P["mprime"], n, phi)
    assert check == [phi - 1] + [0] * (n - 1)
    P["init"] = [phi * P["z"][k] - (phi - 1) * weights(P["m"], n, k)[1] for k in range(n)]
    phi_inv = pow(phi, -1, p)
    P["g"] = [pow(P["gamma"], k, p) * phi_inv % p for k in range(n)]
    return P


def self_check(P, rng):
    """The model round trip: to_int(mul(from_int(a), from_int(b))) = a b mod p, with bounds."""
    n, p, r, rho = P["n"], P["p"], P["r"], P["rho"]

    def checked(out):
        assert all(0 <= x < rho for x in out)
        return out

    def mul(a, b):
        return checked(reduce(P, polymul_e(a, b, n)))

    def from_int(a):
        c = [sum(ai * t[k] for ai, t in zip(chunks(a, n, r), P["t"])) for k in range(n)]
        return checked(reduce(P, c))

    def to_int(x):
        return sum(xi * gi for xi, gi in zip(x, P["g"])) % p

    for a, b in [(0, 0), (1, p - 1), (p - 1, p - 1)] + [(rng.getrandbits(P["bits"]) % p,
                                                        rng.getrandbits(P["bits"]) % p) for _ in range(4)]:
        xa, xb = from_int(a), from_int(b)
        assert to_int(mul(xa, xb)) == a * b % p


def generate(bits, s, seed):
    rng = Random(f"{seed}:{bits}")
    p = choose_prime(bits, rng)
    # smallest multiple of 8 whose coefficients plausibly fit: r ~ bits/n + log2(lam l1(M)) and
    # phi >= 4 lam n rho; try_params decides exactly.
    n = 8
    while bits / n + 2 * math.log2(2 * LAM * n) > W * s:
        n += 8
    while True:
        P = try_params(p, bits, s, n)
        if P:
            P = finish(P)
            self_check(P, rng)
            P["seed"] = seed
            return P
        n += 8


def hexs(x):
    return ("-" if x < 0 else "") + format(abs(x), "x")


def write(P, out):
    out.write("# PMNS parameters for dot_pmns_load (dot/include/dot_pmns.h); generated by\n")
    out.write(f"# dot/pmns/genparams.py --bits {P['bits']} --s {P['s']} --seed {P['seed']}"
              " (do not edit).\n")
    out.write("# An element: n coefficients in [0, 2^rho_log2), each s digits of 52 bits;\n")
    out.write("# phi = 2^(52 s), E = X^n - lambda. Integers in hexadecimal, m signed.\n")
    for key in ("bits", "s", "n"):
        out.write(f"{key} {P[key]}\n")
    out.write(f"lambda {LAM}\nrho_log2 {P['r']}\nseed {P['seed']}\n")
    out.write(f"p {hexs(P['p'])}\ngamma {hexs(P['gamma'])}\n")
    for key in ("m", "mprime", "z", "init", "g"):
        out.write(key + " " + " ".join(hexs(x) for x in P[key]) + "\n")
    out.write("t " + " ".join(hexs(x) for row in P["t"] for x in row) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bits", type=int, required=True)
    ap.add_argument("--s", type=int, required=True, help="52-bit digits per coefficient")
    ap.add_argument("--seed", default="dotbench-pmns-1")
    args = ap.parse_args()
    write(generate(args.bits, args.s, args.seed), sys.stdout)


if __name__ == "__main__":
    main()
