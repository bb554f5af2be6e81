package dotbench.bindings.helper;

import dotbench.bindings.generated.gmpbench.dotbench_modmul_free_fn;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_gmp_fn;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_openssl_fn;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_plant_fn;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_pmns_fn;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_reset_fn;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_run_fn;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_timing;
import dotbench.bindings.generated.gmpbench.dotbench_modmul_value_fn;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;

/**
 * The modular-multiplication suite's timed loops in libdotbench_native.so
 * (harness/src/main/c/modmul_loops.h), by their C names. Each function is found in the given lookup
 * and called through jextract's descriptor of it.
 */
public final class ModmulLoops {
    private final MemorySegment pmns;
    private final MemorySegment gmp;
    private final MemorySegment openssl;
    private final MemorySegment plant;
    private final MemorySegment reset;
    private final MemorySegment run;
    private final MemorySegment value;
    private final MemorySegment free;

    public ModmulLoops(SymbolLookup lookup) {
        this.pmns = find(lookup, "dotbench_modmul_pmns");
        this.gmp = find(lookup, "dotbench_modmul_gmp");
        this.openssl = find(lookup, "dotbench_modmul_openssl");
        this.plant = find(lookup, "dotbench_modmul_plant");
        this.reset = find(lookup, "dotbench_modmul_reset");
        this.run = find(lookup, "dotbench_modmul_run");
        this.value = find(lookup, "dotbench_modmul_value");
        this.free = find(lookup, "dotbench_modmul_free");
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libdotbench_native.so does not export " + name));
    }

    /** A dotbench_modmul_timing for {@link #run} to fill. */
    public static MemorySegment newTiming(SegmentAllocator allocator) {
        return dotbench_modmul_timing.allocate(allocator);
    }

    public static long cpuNanos(MemorySegment timing) {
        return dotbench_modmul_timing.cpu_ns(timing);
    }

    public static long wallNanos(MemorySegment timing) {
        return dotbench_modmul_timing.wall_ns(timing);
    }

    public static long ticks(MemorySegment timing) {
        return dotbench_modmul_timing.ticks(timing);
    }

    public MemorySegment newPmns(
            MemorySegment fns, MemorySegment pm, long limbs, long words, MemorySegment x, MemorySegment y) {
        return dotbench_modmul_pmns_fn.invoke(pmns, fns, pm, limbs, words, x, y);
    }

    public MemorySegment newGmp(MemorySegment fns, MemorySegment p, long n, MemorySegment x, MemorySegment y) {
        return dotbench_modmul_gmp_fn.invoke(gmp, fns, p, n, x, y);
    }

    public MemorySegment newOpenssl(MemorySegment fns, MemorySegment p, long n, MemorySegment x, MemorySegment y) {
        return dotbench_modmul_openssl_fn.invoke(openssl, fns, p, n, x, y);
    }

    public void plant(MemorySegment m) {
        dotbench_modmul_plant_fn.invoke(plant, m);
    }

    public void reset(MemorySegment m) {
        dotbench_modmul_reset_fn.invoke(reset, m);
    }

    public long run(MemorySegment m, long reps, boolean empty, MemorySegment timing) {
        return dotbench_modmul_run_fn.invoke(run, m, reps, empty ? 1 : 0, timing);
    }

    public void value(MemorySegment m, MemorySegment out) {
        dotbench_modmul_value_fn.invoke(value, m, out);
    }

    public void free(MemorySegment m) {
        dotbench_modmul_free_fn.invoke(free, m);
    }
}
