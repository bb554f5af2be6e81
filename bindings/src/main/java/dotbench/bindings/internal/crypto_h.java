package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * openssl/crypto.h: version and build information of one loaded libcrypto (allowlist:
 * bindings/jextract/openssl.functions). {@code OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS)} reports
 * the capability vector the library settled on at load, after any OPENSSL_ia32cap mask.
 */
public final class crypto_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "openssl/crypto.h";
    private final SymbolLookup lookup;
    private final MethodHandle OpenSSL_version$MH;
    private final MethodHandle OpenSSL_version_num$MH;
    private final MethodHandle OPENSSL_version_major$MH;
    private final MethodHandle OPENSSL_info$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public crypto_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.OpenSSL_version$MH = Symbols.downcall(lookup, HEADER, "OpenSSL_version", OpenSSL_version$descriptor());
        this.OpenSSL_version_num$MH = Symbols.downcall(lookup, HEADER, "OpenSSL_version_num", OpenSSL_version_num$descriptor());
        this.OPENSSL_version_major$MH = Symbols.downcall(lookup, HEADER, "OPENSSL_version_major", OPENSSL_version_major$descriptor());
        this.OPENSSL_info$MH = Symbols.downcall(lookup, HEADER, "OPENSSL_info", OPENSSL_info$descriptor());
    }

    private static final class OpenSSL_version {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_INT);
    }

    /** {@snippet lang=c : const char *OpenSSL_version(int type); } */
    public static FunctionDescriptor OpenSSL_version$descriptor() {
        return OpenSSL_version.DESC;
    }

    public MemorySegment OpenSSL_version$address() {
        return Symbols.find(lookup, HEADER, "OpenSSL_version");
    }

    public MemorySegment OpenSSL_version(int type) {
        try {
            return (MemorySegment) OpenSSL_version$MH.invokeExact(type);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class OpenSSL_version_num {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG);
    }

    /** {@snippet lang=c : unsigned long OpenSSL_version_num(void); } */
    public static FunctionDescriptor OpenSSL_version_num$descriptor() {
        return OpenSSL_version_num.DESC;
    }

    public MemorySegment OpenSSL_version_num$address() {
        return Symbols.find(lookup, HEADER, "OpenSSL_version_num");
    }

    public long OpenSSL_version_num() {
        try {
            return (long) OpenSSL_version_num$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class OPENSSL_version_major {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT);
    }

    /** {@snippet lang=c : unsigned int OPENSSL_version_major(void); } */
    public static FunctionDescriptor OPENSSL_version_major$descriptor() {
        return OPENSSL_version_major.DESC;
    }

    public MemorySegment OPENSSL_version_major$address() {
        return Symbols.find(lookup, HEADER, "OPENSSL_version_major");
    }

    public int OPENSSL_version_major() {
        try {
            return (int) OPENSSL_version_major$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class OPENSSL_info {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_INT);
    }

    /** {@snippet lang=c : const char *OPENSSL_info(int type); } */
    public static FunctionDescriptor OPENSSL_info$descriptor() {
        return OPENSSL_info.DESC;
    }

    public MemorySegment OPENSSL_info$address() {
        return Symbols.find(lookup, HEADER, "OPENSSL_info");
    }

    public MemorySegment OPENSSL_info(int type) {
        try {
            return (MemorySegment) OPENSSL_info$MH.invokeExact(type);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
