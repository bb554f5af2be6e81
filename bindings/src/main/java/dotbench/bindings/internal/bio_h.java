package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * openssl/bio.h: memory BIOs, the way PEM text goes in and out. {@code BIO_get_mem_data} is a
 * macro over {@code BIO_ctrl(b, BIO_CTRL_INFO, 0, pp)}.
 */
public final class bio_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "openssl/bio.h";
    private final SymbolLookup lookup;
    private final MethodHandle BIO_new_mem_buf$MH;
    private final MethodHandle BIO_s_mem$MH;
    private final MethodHandle BIO_new$MH;
    private final MethodHandle BIO_free$MH;
    private final MethodHandle BIO_ctrl$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public bio_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.BIO_new_mem_buf$MH = Symbols.downcall(lookup, HEADER, "BIO_new_mem_buf", BIO_new_mem_buf$descriptor());
        this.BIO_s_mem$MH = Symbols.downcall(lookup, HEADER, "BIO_s_mem", BIO_s_mem$descriptor());
        this.BIO_new$MH = Symbols.downcall(lookup, HEADER, "BIO_new", BIO_new$descriptor());
        this.BIO_free$MH = Symbols.downcall(lookup, HEADER, "BIO_free", BIO_free$descriptor());
        this.BIO_ctrl$MH = Symbols.downcall(lookup, HEADER, "BIO_ctrl", BIO_ctrl$descriptor());
    }

    private static final class BIO_new_mem_buf {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER, C_INT);
    }

    /** {@snippet lang=c : BIO *BIO_new_mem_buf(const void *buf, int len); } */
    public static FunctionDescriptor BIO_new_mem_buf$descriptor() {
        return BIO_new_mem_buf.DESC;
    }

    public MemorySegment BIO_new_mem_buf$address() {
        return Symbols.find(lookup, HEADER, "BIO_new_mem_buf");
    }

    public MemorySegment BIO_new_mem_buf(MemorySegment buf, int len) {
        try {
            return (MemorySegment) BIO_new_mem_buf$MH.invokeExact(buf, len);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class BIO_s_mem {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER);
    }

    /** {@snippet lang=c : const BIO_METHOD *BIO_s_mem(void); } */
    public static FunctionDescriptor BIO_s_mem$descriptor() {
        return BIO_s_mem.DESC;
    }

    public MemorySegment BIO_s_mem$address() {
        return Symbols.find(lookup, HEADER, "BIO_s_mem");
    }

    public MemorySegment BIO_s_mem() {
        try {
            return (MemorySegment) BIO_s_mem$MH.invokeExact();
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class BIO_new {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : BIO *BIO_new(const BIO_METHOD *type); } */
    public static FunctionDescriptor BIO_new$descriptor() {
        return BIO_new.DESC;
    }

    public MemorySegment BIO_new$address() {
        return Symbols.find(lookup, HEADER, "BIO_new");
    }

    public MemorySegment BIO_new(MemorySegment type) {
        try {
            return (MemorySegment) BIO_new$MH.invokeExact(type);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class BIO_free {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int BIO_free(BIO *a); } */
    public static FunctionDescriptor BIO_free$descriptor() {
        return BIO_free.DESC;
    }

    public MemorySegment BIO_free$address() {
        return Symbols.find(lookup, HEADER, "BIO_free");
    }

    public int BIO_free(MemorySegment a) {
        try {
            return (int) BIO_free$MH.invokeExact(a);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class BIO_ctrl {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_POINTER, C_INT, C_LONG, C_POINTER);
    }

    /** {@snippet lang=c : long BIO_ctrl(BIO *bp, int cmd, long larg, void *parg); } */
    public static FunctionDescriptor BIO_ctrl$descriptor() {
        return BIO_ctrl.DESC;
    }

    public MemorySegment BIO_ctrl$address() {
        return Symbols.find(lookup, HEADER, "BIO_ctrl");
    }

    public long BIO_ctrl(MemorySegment bp, int cmd, long larg, MemorySegment parg) {
        try {
            return (long) BIO_ctrl$MH.invokeExact(bp, cmd, larg, parg);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
