package dotbench.nativeloop.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * harness/src/main/c/gmpbench_work.h and gmp_fns.h (libdotbench_native.so), in the shape of
 * jextract's output; instantiated per loaded library like the bindings module's header classes.
 */
public final class gmpbench_work_h {
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    /** {@snippet lang=c : typedef struct dotbench_timing { int64_t cpu_ns; int64_t wall_ns; } dotbench_timing; } */
    public static final GroupLayout dotbench_timing = MemoryLayout.structLayout(
            C_LONG.withName("cpu_ns"), C_LONG.withName("wall_ns")).withName("dotbench_timing");

    private static final FunctionDescriptor NO_ARGS_POINTER = FunctionDescriptor.of(C_POINTER);
    private static final FunctionDescriptor CASE_NEW = FunctionDescriptor.of(C_POINTER, C_POINTER, C_POINTER);
    private static final FunctionDescriptor CASE_VOID = FunctionDescriptor.ofVoid(C_POINTER);
    private static final FunctionDescriptor CASE_RUN = FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER);
    private static final FunctionDescriptor CASE_HASH = FunctionDescriptor.of(C_LONG, C_POINTER);
    private static final FunctionDescriptor CASE_INDEX = FunctionDescriptor.of(C_POINTER, C_POINTER, ValueLayout.JAVA_INT);

    private final MethodHandle dotbench_gmpbench_tests$MH;
    private final MethodHandle dotbench_gmp_symbols$MH;
    private final MethodHandle dotbench_case_new$MH;
    private final MethodHandle dotbench_case_free$MH;
    private final MethodHandle dotbench_case_run$MH;
    private final MethodHandle dotbench_case_run_empty$MH;
    private final MethodHandle dotbench_case_answer_hash$MH;
    private final MethodHandle dotbench_case_output_hash$MH;
    private final MethodHandle dotbench_case_operand$MH;
    private final MethodHandle dotbench_case_output$MH;

    public gmpbench_work_h(SymbolLookup lookup) {
        dotbench_gmpbench_tests$MH = bind(lookup, "dotbench_gmpbench_tests", NO_ARGS_POINTER);
        dotbench_gmp_symbols$MH = bind(lookup, "dotbench_gmp_symbols", NO_ARGS_POINTER);
        dotbench_case_new$MH = bind(lookup, "dotbench_case_new", CASE_NEW);
        dotbench_case_free$MH = bind(lookup, "dotbench_case_free", CASE_VOID);
        // the timed loops run for up to a few seconds; critical(false) would only save nanoseconds
        dotbench_case_run$MH = bind(lookup, "dotbench_case_run", CASE_RUN);
        dotbench_case_run_empty$MH = bind(lookup, "dotbench_case_run_empty", CASE_RUN);
        dotbench_case_answer_hash$MH = bind(lookup, "dotbench_case_answer_hash", CASE_HASH);
        dotbench_case_output_hash$MH = bind(lookup, "dotbench_case_output_hash", CASE_HASH);
        dotbench_case_operand$MH = bind(lookup, "dotbench_case_operand", CASE_INDEX);
        dotbench_case_output$MH = bind(lookup, "dotbench_case_output", CASE_INDEX);
    }

    private static MethodHandle bind(SymbolLookup lookup, String name, FunctionDescriptor descriptor) {
        MemorySegment address = lookup.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libdotbench_native.so does not export " + name));
        return Linker.nativeLinker().downcallHandle(address, descriptor);
    }

    public MemorySegment dotbench_gmpbench_tests() {
        try {
            return (MemorySegment) dotbench_gmpbench_tests$MH.invokeExact();
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public MemorySegment dotbench_gmp_symbols() {
        try {
            return (MemorySegment) dotbench_gmp_symbols$MH.invokeExact();
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public MemorySegment dotbench_case_new(MemorySegment fns, MemorySegment test) {
        try {
            return (MemorySegment) dotbench_case_new$MH.invokeExact(fns, test);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public void dotbench_case_free(MemorySegment c) {
        try {
            dotbench_case_free$MH.invokeExact(c);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public void dotbench_case_run(MemorySegment c, long reps, MemorySegment out) {
        try {
            dotbench_case_run$MH.invokeExact(c, reps, out);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public void dotbench_case_run_empty(MemorySegment c, long reps, MemorySegment out) {
        try {
            dotbench_case_run_empty$MH.invokeExact(c, reps, out);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public long dotbench_case_answer_hash(MemorySegment c) {
        try {
            return (long) dotbench_case_answer_hash$MH.invokeExact(c);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public long dotbench_case_output_hash(MemorySegment c) {
        try {
            return (long) dotbench_case_output_hash$MH.invokeExact(c);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public MemorySegment dotbench_case_operand(MemorySegment c, int i) {
        try {
            return (MemorySegment) dotbench_case_operand$MH.invokeExact(c, i);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    public MemorySegment dotbench_case_output(MemorySegment c, int i) {
        try {
            return (MemorySegment) dotbench_case_output$MH.invokeExact(c, i);
        } catch (Throwable ex) {
            throw rethrow(ex);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
