package dotbench.bindings;

import dotbench.bindings.generated.gmp.__gmpz_add_fn;
import dotbench.bindings.generated.gmp.__gmpz_clear_fn;
import dotbench.bindings.generated.gmp.__gmpz_cmp_fn;
import dotbench.bindings.generated.gmp.__gmpz_gcd_fn;
import dotbench.bindings.generated.gmp.__gmpz_import_fn;
import dotbench.bindings.generated.gmp.__gmpz_init_fn;
import dotbench.bindings.generated.gmp.__gmpz_mul_fn;
import dotbench.bindings.generated.gmp.__gmpz_powm_fn;
import dotbench.bindings.generated.gmp.__gmpz_set_ui_fn;
import dotbench.bindings.generated.gmp.__gmpz_sizeinbase_fn;
import dotbench.bindings.generated.gmp.__gmpz_sub_fn;
import dotbench.bindings.generated.gmp.__gmpz_tdiv_q_fn;
import dotbench.bindings.generated.gmp.__mpz_struct;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;

/**
 * An mpz_t of one GMP variant: its struct lives in an Arena this object owns, its limbs in that
 * variant's allocator; close() runs mpz_clear and frees the struct. Single-threaded. The
 * operations below exist so tests can compare each variant with java.math.BigInteger.
 */
public final class Mpz implements AutoCloseable {
    private final Gmp gmp;
    private final MpzFunctions f;
    private final Arena arena;
    private final MemorySegment struct;

    Mpz(Gmp gmp) {
        this.gmp = gmp;
        this.f = gmp.mpz;
        this.arena = Arena.ofConfined();
        this.struct = __mpz_struct.allocate(arena);
        __gmpz_init_fn.invoke(f.init(), struct);
    }

    /** The mpz_t's address, for passing to native code of the same variant. */
    public MemorySegment segment() {
        return struct;
    }

    public Gmp gmp() {
        return gmp;
    }

    public void set(BigInteger value) {
        int n = LimbCodec.limbCount(value);
        if (n == 0) {
            __gmpz_set_ui_fn.invoke(f.setUi(), struct, 0);
            return;
        }
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment limbs = scratch.allocateFrom(ValueLayout.JAVA_LONG, LimbCodec.toLimbs(value.abs(), n));
            // order -1: least significant word first; endian 0: native; no nails
            __gmpz_import_fn.invoke(f.importLimbs(), struct, n, -1, Long.BYTES, 0, 0, limbs);
        }
        if (value.signum() < 0) {
            // mpz_neg in place is exactly a sign flip of _mp_size (gmp.h's own inline does this)
            __mpz_struct._mp_size(struct, -__mpz_struct._mp_size(struct));
        }
    }

    public BigInteger toBigInteger() {
        return Gmp.read(struct);
    }

    /** this = a * b */
    public Mpz mul(Mpz a, Mpz b) {
        __gmpz_mul_fn.invoke(f.mul(), struct, a.struct, b.struct);
        return this;
    }

    /** this = a + b */
    public Mpz add(Mpz a, Mpz b) {
        __gmpz_add_fn.invoke(f.add(), struct, a.struct, b.struct);
        return this;
    }

    /** this = a - b */
    public Mpz sub(Mpz a, Mpz b) {
        __gmpz_sub_fn.invoke(f.sub(), struct, a.struct, b.struct);
        return this;
    }

    /** this = trunc(n / d) */
    public Mpz tdivQ(Mpz n, Mpz d) {
        if (d.toBigInteger().signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        __gmpz_tdiv_q_fn.invoke(f.tdivQ(), struct, n.struct, d.struct);
        return this;
    }

    /** this = gcd(a, b) */
    public Mpz gcd(Mpz a, Mpz b) {
        __gmpz_gcd_fn.invoke(f.gcd(), struct, a.struct, b.struct);
        return this;
    }

    /** this = base^exp mod m (m odd or exp non-negative, as GMP requires) */
    public Mpz powm(Mpz base, Mpz exp, Mpz m) {
        __gmpz_powm_fn.invoke(f.powm(), struct, base.struct, exp.struct, m.struct);
        return this;
    }

    public long bitLength() {
        return toBigInteger().signum() == 0 ? 0 : __gmpz_sizeinbase_fn.invoke(f.sizeInBase(), struct, 2);
    }

    public int compareTo(Mpz other) {
        return Integer.signum(__gmpz_cmp_fn.invoke(f.cmp(), struct, other.struct));
    }

    @Override
    public void close() {
        __gmpz_clear_fn.invoke(f.clear(), struct);
        arena.close();
    }
}
