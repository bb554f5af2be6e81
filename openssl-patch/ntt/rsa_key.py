#!/usr/bin/python3
"""Deterministic RSA keys for the ntt variant's end-to-end comparison (rsa_ab.sh).

usage: rsa_key.py BITS OUT.der     exit: 0 written, 2 bad usage

The same BITS always give the same key: each prime is the first prime (gmpy2.next_prime, a
BPSW test) after a start of BITS/2 bits drawn from SHA-256 in counter mode over
"dotbench rsa BITS p" (resp. "q"), with its two top bits set so that n has exactly BITS bits;
a prime with gcd(p - 1, 65537) != 1 is passed over for the next one. e = 65537,
d = e^-1 mod lcm(p - 1, q - 1), written as a PKCS#1 RSAPrivateKey in DER. Not for real use:
anyone can recompute these keys.
"""
import hashlib
import os
import math
import sys

import gmpy2

E = 65537


def stream(label, nbits):
    out, ctr = b"", 0
    while 8 * len(out) < nbits:
        out += hashlib.sha256(f"{label} {ctr}".encode()).digest()
        ctr += 1
    return int.from_bytes(out, "big") >> (8 * len(out) - nbits)


def prime(bits, label):
    x = stream(label, bits) | (3 << (bits - 2))
    while True:
        x = int(gmpy2.next_prime(x))
        if math.gcd(x - 1, E) == 1:
            return x


def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der_int(v):
    b = v.to_bytes(v.bit_length() // 8 + 1, "big")  # a leading zero byte keeps it positive
    return b"\x02" + der_len(len(b)) + b


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) % 2 or not 1024 <= int(sys.argv[1]) <= 16384:
        print("usage: rsa_key.py BITS OUT.der (BITS even, 1024..16384)", file=sys.stderr)
        return 2
    bits = int(sys.argv[1])
    p = prime(bits // 2, f"dotbench rsa {bits} p")
    q = prime(bits // 2, f"dotbench rsa {bits} q")
    assert p != q
    if p < q:
        p, q = q, p
    n = p * q
    assert n.bit_length() == bits
    lam = (p - 1) * (q - 1) // math.gcd(p - 1, q - 1)
    d = pow(E, -1, lam)
    fields = [0, n, E, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)]
    body = b"".join(der_int(v) for v in fields)
    with open(sys.argv[2] + ".tmp", "wb") as f:
        f.write(b"\x30" + der_len(len(body)) + body)

    os.replace(sys.argv[2] + ".tmp", sys.argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
