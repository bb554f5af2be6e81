package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * gmp.h: the functions the harness and tests call (allowlist: bindings/jextract/gmp.functions).
 * mpz_mul and friends are macros over the {@code __gmpz_*} symbols, so, as with jextract, the
 * methods carry the symbol names. {@code size_t}, {@code mp_size_t}, {@code mp_limb_t},
 * {@code mp_bitcnt_t} and {@code unsigned long} are all C_LONG on x86-64 Linux.
 */
public final class gmp_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "gmp.h";
    private final SymbolLookup lookup;
    private final MethodHandle __gmpz_init$MH;
    private final MethodHandle __gmpz_clear$MH;
    private final MethodHandle __gmpz_import$MH;
    private final MethodHandle __gmpz_export$MH;
    private final MethodHandle __gmpz_set_ui$MH;
    private final MethodHandle __gmpz_sizeinbase$MH;
    private final MethodHandle __gmpz_cmp$MH;
    private final MethodHandle __gmpz_add$MH;
    private final MethodHandle __gmpz_sub$MH;
    private final MethodHandle __gmpz_mul$MH;
    private final MethodHandle __gmpz_tdiv_q$MH;
    private final MethodHandle __gmpz_gcd$MH;
    private final MethodHandle __gmpz_gcdext$MH;
    private final MethodHandle __gmpz_powm$MH;
    private final MethodHandle __gmpn_add_n$MH;
    private final MethodHandle __gmpn_sub_n$MH;
    private final MethodHandle __gmpn_mul_n$MH;
    private final MethodHandle __gmpn_sqr$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public gmp_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.__gmpz_init$MH = Symbols.downcall(lookup, HEADER, "__gmpz_init", __gmpz_init$descriptor());
        this.__gmpz_clear$MH = Symbols.downcall(lookup, HEADER, "__gmpz_clear", __gmpz_clear$descriptor());
        this.__gmpz_import$MH = Symbols.downcall(lookup, HEADER, "__gmpz_import", __gmpz_import$descriptor());
        this.__gmpz_export$MH = Symbols.downcall(lookup, HEADER, "__gmpz_export", __gmpz_export$descriptor());
        this.__gmpz_set_ui$MH = Symbols.downcall(lookup, HEADER, "__gmpz_set_ui", __gmpz_set_ui$descriptor());
        this.__gmpz_sizeinbase$MH = Symbols.downcall(lookup, HEADER, "__gmpz_sizeinbase", __gmpz_sizeinbase$descriptor());
        this.__gmpz_cmp$MH = Symbols.downcall(lookup, HEADER, "__gmpz_cmp", __gmpz_cmp$descriptor());
        this.__gmpz_add$MH = Symbols.downcall(lookup, HEADER, "__gmpz_add", __gmpz_add$descriptor());
        this.__gmpz_sub$MH = Symbols.downcall(lookup, HEADER, "__gmpz_sub", __gmpz_sub$descriptor());
        this.__gmpz_mul$MH = Symbols.downcall(lookup, HEADER, "__gmpz_mul", __gmpz_mul$descriptor());
        this.__gmpz_tdiv_q$MH = Symbols.downcall(lookup, HEADER, "__gmpz_tdiv_q", __gmpz_tdiv_q$descriptor());
        this.__gmpz_gcd$MH = Symbols.downcall(lookup, HEADER, "__gmpz_gcd", __gmpz_gcd$descriptor());
        this.__gmpz_gcdext$MH = Symbols.downcall(lookup, HEADER, "__gmpz_gcdext", __gmpz_gcdext$descriptor());
        this.__gmpz_powm$MH = Symbols.downcall(lookup, HEADER, "__gmpz_powm", __gmpz_powm$descriptor());
        this.__gmpn_add_n$MH = Symbols.downcall(lookup, HEADER, "__gmpn_add_n", __gmpn_add_n$descriptor());
        this.__gmpn_sub_n$MH = Symbols.downcall(lookup, HEADER, "__gmpn_sub_n", __gmpn_sub_n$descriptor());
        this.__gmpn_mul_n$MH = Symbols.downcall(lookup, HEADER, "__gmpn_mul_n", __gmpn_mul_n$descriptor());
        this.__gmpn_sqr$MH = Symbols.downcall(lookup, HEADER, "__gmpn_sqr", __gmpn_sqr$descriptor());
    }

    private static final class __gmpz_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_init(mpz_ptr x); } */
    public static FunctionDescriptor __gmpz_init$descriptor() {
        return __gmpz_init.DESC;
    }

    public MemorySegment __gmpz_init$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_init");
    }

    public void __gmpz_init(MemorySegment x) {
        try {
            __gmpz_init$MH.invokeExact(x);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_clear {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_clear(mpz_ptr x); } */
    public static FunctionDescriptor __gmpz_clear$descriptor() {
        return __gmpz_clear.DESC;
    }

    public MemorySegment __gmpz_clear$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_clear");
    }

    public void __gmpz_clear(MemorySegment x) {
        try {
            __gmpz_clear$MH.invokeExact(x);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_import {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_INT, C_LONG, C_INT, C_LONG, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_import(mpz_ptr rop, size_t count, int order, size_t size, int endian, size_t nails, const void *op); } */
    public static FunctionDescriptor __gmpz_import$descriptor() {
        return __gmpz_import.DESC;
    }

    public MemorySegment __gmpz_import$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_import");
    }

    public void __gmpz_import(MemorySegment rop, long count, int order, long size, int endian, long nails, MemorySegment op) {
        try {
            __gmpz_import$MH.invokeExact(rop, count, order, size, endian, nails, op);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_export {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER, C_POINTER, C_INT, C_LONG, C_INT, C_LONG, C_POINTER);
    }

    /** {@snippet lang=c : void *__gmpz_export(void *rop, size_t *countp, int order, size_t size, int endian, size_t nails, mpz_srcptr op); } */
    public static FunctionDescriptor __gmpz_export$descriptor() {
        return __gmpz_export.DESC;
    }

    public MemorySegment __gmpz_export$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_export");
    }

    public MemorySegment __gmpz_export(MemorySegment rop, MemorySegment countp, int order, long size, int endian, long nails, MemorySegment op) {
        try {
            return (MemorySegment) __gmpz_export$MH.invokeExact(rop, countp, order, size, endian, nails, op);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_set_ui {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : void __gmpz_set_ui(mpz_ptr rop, unsigned long op); } */
    public static FunctionDescriptor __gmpz_set_ui$descriptor() {
        return __gmpz_set_ui.DESC;
    }

    public MemorySegment __gmpz_set_ui$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_set_ui");
    }

    public void __gmpz_set_ui(MemorySegment rop, long op) {
        try {
            __gmpz_set_ui$MH.invokeExact(rop, op);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_sizeinbase {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_INT);
    }

    /** {@snippet lang=c : size_t __gmpz_sizeinbase(mpz_srcptr op, int base); } */
    public static FunctionDescriptor __gmpz_sizeinbase$descriptor() {
        return __gmpz_sizeinbase.DESC;
    }

    public MemorySegment __gmpz_sizeinbase$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_sizeinbase");
    }

    public long __gmpz_sizeinbase(MemorySegment op, int base) {
        try {
            return (long) __gmpz_sizeinbase$MH.invokeExact(op, base);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_cmp {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int __gmpz_cmp(mpz_srcptr op1, mpz_srcptr op2); } */
    public static FunctionDescriptor __gmpz_cmp$descriptor() {
        return __gmpz_cmp.DESC;
    }

    public MemorySegment __gmpz_cmp$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_cmp");
    }

    public int __gmpz_cmp(MemorySegment op1, MemorySegment op2) {
        try {
            return (int) __gmpz_cmp$MH.invokeExact(op1, op2);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_add {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_add(mpz_ptr rop, mpz_srcptr op1, mpz_srcptr op2); } */
    public static FunctionDescriptor __gmpz_add$descriptor() {
        return __gmpz_add.DESC;
    }

    public MemorySegment __gmpz_add$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_add");
    }

    public void __gmpz_add(MemorySegment rop, MemorySegment op1, MemorySegment op2) {
        try {
            __gmpz_add$MH.invokeExact(rop, op1, op2);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_sub {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_sub(mpz_ptr rop, mpz_srcptr op1, mpz_srcptr op2); } */
    public static FunctionDescriptor __gmpz_sub$descriptor() {
        return __gmpz_sub.DESC;
    }

    public MemorySegment __gmpz_sub$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_sub");
    }

    public void __gmpz_sub(MemorySegment rop, MemorySegment op1, MemorySegment op2) {
        try {
            __gmpz_sub$MH.invokeExact(rop, op1, op2);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_mul {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_mul(mpz_ptr rop, mpz_srcptr op1, mpz_srcptr op2); } */
    public static FunctionDescriptor __gmpz_mul$descriptor() {
        return __gmpz_mul.DESC;
    }

    public MemorySegment __gmpz_mul$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_mul");
    }

    public void __gmpz_mul(MemorySegment rop, MemorySegment op1, MemorySegment op2) {
        try {
            __gmpz_mul$MH.invokeExact(rop, op1, op2);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_tdiv_q {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_tdiv_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d); } */
    public static FunctionDescriptor __gmpz_tdiv_q$descriptor() {
        return __gmpz_tdiv_q.DESC;
    }

    public MemorySegment __gmpz_tdiv_q$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_tdiv_q");
    }

    public void __gmpz_tdiv_q(MemorySegment q, MemorySegment n, MemorySegment d) {
        try {
            __gmpz_tdiv_q$MH.invokeExact(q, n, d);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_gcd {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_gcd(mpz_ptr rop, mpz_srcptr op1, mpz_srcptr op2); } */
    public static FunctionDescriptor __gmpz_gcd$descriptor() {
        return __gmpz_gcd.DESC;
    }

    public MemorySegment __gmpz_gcd$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_gcd");
    }

    public void __gmpz_gcd(MemorySegment rop, MemorySegment op1, MemorySegment op2) {
        try {
            __gmpz_gcd$MH.invokeExact(rop, op1, op2);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_gcdext {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_gcdext(mpz_ptr g, mpz_ptr s, mpz_ptr t, mpz_srcptr a, mpz_srcptr b); } */
    public static FunctionDescriptor __gmpz_gcdext$descriptor() {
        return __gmpz_gcdext.DESC;
    }

    public MemorySegment __gmpz_gcdext$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_gcdext");
    }

    public void __gmpz_gcdext(MemorySegment g, MemorySegment s, MemorySegment t, MemorySegment a, MemorySegment b) {
        try {
            __gmpz_gcdext$MH.invokeExact(g, s, t, a, b);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpz_powm {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : void __gmpz_powm(mpz_ptr rop, mpz_srcptr base, mpz_srcptr exp, mpz_srcptr mod); } */
    public static FunctionDescriptor __gmpz_powm$descriptor() {
        return __gmpz_powm.DESC;
    }

    public MemorySegment __gmpz_powm$address() {
        return Symbols.find(lookup, HEADER, "__gmpz_powm");
    }

    public void __gmpz_powm(MemorySegment rop, MemorySegment base, MemorySegment exp, MemorySegment mod) {
        try {
            __gmpz_powm$MH.invokeExact(rop, base, exp, mod);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpn_add_n {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : mp_limb_t __gmpn_add_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n); } */
    public static FunctionDescriptor __gmpn_add_n$descriptor() {
        return __gmpn_add_n.DESC;
    }

    public MemorySegment __gmpn_add_n$address() {
        return Symbols.find(lookup, HEADER, "__gmpn_add_n");
    }

    public long __gmpn_add_n(MemorySegment rp, MemorySegment s1p, MemorySegment s2p, long n) {
        try {
            return (long) __gmpn_add_n$MH.invokeExact(rp, s1p, s2p, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpn_sub_n {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : mp_limb_t __gmpn_sub_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n); } */
    public static FunctionDescriptor __gmpn_sub_n$descriptor() {
        return __gmpn_sub_n.DESC;
    }

    public MemorySegment __gmpn_sub_n$address() {
        return Symbols.find(lookup, HEADER, "__gmpn_sub_n");
    }

    public long __gmpn_sub_n(MemorySegment rp, MemorySegment s1p, MemorySegment s2p, long n) {
        try {
            return (long) __gmpn_sub_n$MH.invokeExact(rp, s1p, s2p, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpn_mul_n {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : void __gmpn_mul_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n); } */
    public static FunctionDescriptor __gmpn_mul_n$descriptor() {
        return __gmpn_mul_n.DESC;
    }

    public MemorySegment __gmpn_mul_n$address() {
        return Symbols.find(lookup, HEADER, "__gmpn_mul_n");
    }

    public void __gmpn_mul_n(MemorySegment rp, MemorySegment s1p, MemorySegment s2p, long n) {
        try {
            __gmpn_mul_n$MH.invokeExact(rp, s1p, s2p, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class __gmpn_sqr {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : void __gmpn_sqr(mp_ptr rp, mp_srcptr s1p, mp_size_t n); } */
    public static FunctionDescriptor __gmpn_sqr$descriptor() {
        return __gmpn_sqr.DESC;
    }

    public MemorySegment __gmpn_sqr$address() {
        return Symbols.find(lookup, HEADER, "__gmpn_sqr");
    }

    public void __gmpn_sqr(MemorySegment rp, MemorySegment s1p, long n) {
        try {
            __gmpn_sqr$MH.invokeExact(rp, s1p, n);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    /** {@snippet lang=c : const char *const __gmp_version; } (a variable: its address holds the pointer) */
    public MemorySegment __gmp_version() {
        return Symbols.find(lookup, HEADER, "__gmp_version").reinterpret(C_POINTER.byteSize()).get(C_POINTER, 0);
    }
}
