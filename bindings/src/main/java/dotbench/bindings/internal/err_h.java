package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * openssl/err.h: the thread's error queue, read to turn a failed call into a message.
 */
public final class err_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "openssl/err.h";
    private final SymbolLookup lookup;
    private final MethodHandle ERR_get_error$MH;
    private final MethodHandle ERR_error_string_n$MH;
    private final MethodHandle ERR_clear_error$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public err_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.ERR_get_error$MH = Symbols.downcall(lookup, HEADER, "ERR_get_error", ERR_get_error$descriptor());
        this.ERR_error_string_n$MH = Symbols.downcall(lookup, HEADER, "ERR_error_string_n", ERR_error_string_n$descriptor());
        this.ERR_clear_error$MH = Symbols.downcall(lookup, HEADER, "ERR_clear_error", ERR_clear_error$descriptor());
    }

    private static final class ERR_get_error {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG);
    }

    /** {@snippet lang=c : unsigned long ERR_get_error(void); } */
    public static FunctionDescriptor ERR_get_error$descriptor() {
        return ERR_get_error.DESC;
    }

    public MemorySegment ERR_get_error$address() {
        return Symbols.find(lookup, HEADER, "ERR_get_error");
    }

    public long ERR_get_error() {
        try {
            return (long) ERR_get_error$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class ERR_error_string_n {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_LONG, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : void ERR_error_string_n(unsigned long e, char *buf, size_t len); } */
    public static FunctionDescriptor ERR_error_string_n$descriptor() {
        return ERR_error_string_n.DESC;
    }

    public MemorySegment ERR_error_string_n$address() {
        return Symbols.find(lookup, HEADER, "ERR_error_string_n");
    }

    public void ERR_error_string_n(long e, MemorySegment buf, long len) {
        try {
            ERR_error_string_n$MH.invokeExact(e, buf, len);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class ERR_clear_error {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid();
    }

    /** {@snippet lang=c : void ERR_clear_error(void); } */
    public static FunctionDescriptor ERR_clear_error$descriptor() {
        return ERR_clear_error.DESC;
    }

    public MemorySegment ERR_clear_error$address() {
        return Symbols.find(lookup, HEADER, "ERR_clear_error");
    }

    public void ERR_clear_error() {
        try {
            ERR_clear_error$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
