package dotbench.bindings.helper;

import dotbench.bindings.generated.gmpbench.dotbench_case_answer_hash_fn;
import dotbench.bindings.generated.gmpbench.dotbench_case_free_fn;
import dotbench.bindings.generated.gmpbench.dotbench_case_new_fn;
import dotbench.bindings.generated.gmpbench.dotbench_case_operand_fn;
import dotbench.bindings.generated.gmpbench.dotbench_case_output_fn;
import dotbench.bindings.generated.gmpbench.dotbench_case_output_hash_fn;
import dotbench.bindings.generated.gmpbench.dotbench_case_run_empty_fn;
import dotbench.bindings.generated.gmpbench.dotbench_case_run_fn;
import dotbench.bindings.generated.gmpbench.dotbench_gmp_symbols_fn;
import dotbench.bindings.generated.gmpbench.dotbench_gmpbench_tests_fn;
import dotbench.bindings.generated.gmpbench.dotbench_timing;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;

/**
 * The harness's native helper, libdotbench_native.so (harness/src/main/c/gmpbench_work.h and
 * gmp_fns.h), by its C names: GMPbench's workloads and timed loops. Each function is found in the
 * given lookup and called through jextract's descriptor of it.
 */
public final class GmpbenchWork {
    private final MemorySegment dotbench_gmpbench_tests;
    private final MemorySegment dotbench_gmp_symbols;
    private final MemorySegment dotbench_case_new;
    private final MemorySegment dotbench_case_free;
    private final MemorySegment dotbench_case_run;
    private final MemorySegment dotbench_case_run_empty;
    private final MemorySegment dotbench_case_answer_hash;
    private final MemorySegment dotbench_case_output_hash;
    private final MemorySegment dotbench_case_operand;
    private final MemorySegment dotbench_case_output;

    public GmpbenchWork(SymbolLookup lookup) {
        this.dotbench_gmpbench_tests = find(lookup, "dotbench_gmpbench_tests");
        this.dotbench_gmp_symbols = find(lookup, "dotbench_gmp_symbols");
        this.dotbench_case_new = find(lookup, "dotbench_case_new");
        this.dotbench_case_free = find(lookup, "dotbench_case_free");
        this.dotbench_case_run = find(lookup, "dotbench_case_run");
        this.dotbench_case_run_empty = find(lookup, "dotbench_case_run_empty");
        this.dotbench_case_answer_hash = find(lookup, "dotbench_case_answer_hash");
        this.dotbench_case_output_hash = find(lookup, "dotbench_case_output_hash");
        this.dotbench_case_operand = find(lookup, "dotbench_case_operand");
        this.dotbench_case_output = find(lookup, "dotbench_case_output");
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libdotbench_native.so does not export " + name));
    }

    /** A dotbench_timing for {@link #dotbench_case_run} to fill. */
    public static MemorySegment newTiming(SegmentAllocator allocator) {
        return dotbench_timing.allocate(allocator);
    }

    /** The thread CPU time a filled dotbench_timing holds, in nanoseconds. */
    public static long cpuNanos(MemorySegment timing) {
        return dotbench_timing.cpu_ns(timing);
    }

    /** The wall time a filled dotbench_timing holds, in nanoseconds. */
    public static long wallNanos(MemorySegment timing) {
        return dotbench_timing.wall_ns(timing);
    }

    public MemorySegment dotbench_gmpbench_tests() {
        return dotbench_gmpbench_tests_fn.invoke(dotbench_gmpbench_tests);
    }

    public MemorySegment dotbench_gmp_symbols() {
        return dotbench_gmp_symbols_fn.invoke(dotbench_gmp_symbols);
    }

    public MemorySegment dotbench_case_new(MemorySegment fns, MemorySegment test) {
        return dotbench_case_new_fn.invoke(dotbench_case_new, fns, test);
    }

    public void dotbench_case_free(MemorySegment c) {
        dotbench_case_free_fn.invoke(dotbench_case_free, c);
    }

    public void dotbench_case_run(MemorySegment c, long reps, MemorySegment out) {
        dotbench_case_run_fn.invoke(dotbench_case_run, c, reps, out);
    }

    public void dotbench_case_run_empty(MemorySegment c, long reps, MemorySegment out) {
        dotbench_case_run_empty_fn.invoke(dotbench_case_run_empty, c, reps, out);
    }

    public long dotbench_case_answer_hash(MemorySegment c) {
        return dotbench_case_answer_hash_fn.invoke(dotbench_case_answer_hash, c);
    }

    public long dotbench_case_output_hash(MemorySegment c) {
        return dotbench_case_output_hash_fn.invoke(dotbench_case_output_hash, c);
    }

    public MemorySegment dotbench_case_operand(MemorySegment c, int i) {
        return dotbench_case_operand_fn.invoke(dotbench_case_operand, c, i);
    }

    public MemorySegment dotbench_case_output(MemorySegment c, int i) {
        return dotbench_case_output_fn.invoke(dotbench_case_output, c, i);
    }
}
