package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * openssl/dsa.h: DSA domain parameter generation. openssl speed's DSA keys have a 160-bit q at
 * both 1024 and 2048 bits, which only the FIPS 186-2 generator ("fips186_2") produces.
 */
public final class dsa_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "openssl/dsa.h";
    private final SymbolLookup lookup;
    private final MethodHandle EVP_PKEY_CTX_set_dsa_paramgen_bits$MH;
    private final MethodHandle EVP_PKEY_CTX_set_dsa_paramgen_q_bits$MH;
    private final MethodHandle EVP_PKEY_CTX_set_dsa_paramgen_type$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public dsa_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.EVP_PKEY_CTX_set_dsa_paramgen_bits$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_set_dsa_paramgen_bits", EVP_PKEY_CTX_set_dsa_paramgen_bits$descriptor());
        this.EVP_PKEY_CTX_set_dsa_paramgen_q_bits$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_set_dsa_paramgen_q_bits", EVP_PKEY_CTX_set_dsa_paramgen_q_bits$descriptor());
        this.EVP_PKEY_CTX_set_dsa_paramgen_type$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_set_dsa_paramgen_type", EVP_PKEY_CTX_set_dsa_paramgen_type$descriptor());
    }

    private static final class EVP_PKEY_CTX_set_dsa_paramgen_bits {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);
    }

    /** {@snippet lang=c : int EVP_PKEY_CTX_set_dsa_paramgen_bits(EVP_PKEY_CTX *ctx, int nbits); } */
    public static FunctionDescriptor EVP_PKEY_CTX_set_dsa_paramgen_bits$descriptor() {
        return EVP_PKEY_CTX_set_dsa_paramgen_bits.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_set_dsa_paramgen_bits$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_set_dsa_paramgen_bits");
    }

    public int EVP_PKEY_CTX_set_dsa_paramgen_bits(MemorySegment ctx, int nbits) {
        try {
            return (int) EVP_PKEY_CTX_set_dsa_paramgen_bits$MH.invokeExact(ctx, nbits);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_CTX_set_dsa_paramgen_q_bits {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);
    }

    /** {@snippet lang=c : int EVP_PKEY_CTX_set_dsa_paramgen_q_bits(EVP_PKEY_CTX *ctx, int qbits); } */
    public static FunctionDescriptor EVP_PKEY_CTX_set_dsa_paramgen_q_bits$descriptor() {
        return EVP_PKEY_CTX_set_dsa_paramgen_q_bits.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_set_dsa_paramgen_q_bits$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_set_dsa_paramgen_q_bits");
    }

    public int EVP_PKEY_CTX_set_dsa_paramgen_q_bits(MemorySegment ctx, int qbits) {
        try {
            return (int) EVP_PKEY_CTX_set_dsa_paramgen_q_bits$MH.invokeExact(ctx, qbits);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_CTX_set_dsa_paramgen_type {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_CTX_set_dsa_paramgen_type(EVP_PKEY_CTX *ctx, const char *name); } */
    public static FunctionDescriptor EVP_PKEY_CTX_set_dsa_paramgen_type$descriptor() {
        return EVP_PKEY_CTX_set_dsa_paramgen_type.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_set_dsa_paramgen_type$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_set_dsa_paramgen_type");
    }

    public int EVP_PKEY_CTX_set_dsa_paramgen_type(MemorySegment ctx, MemorySegment name) {
        try {
            return (int) EVP_PKEY_CTX_set_dsa_paramgen_type$MH.invokeExact(ctx, name);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
