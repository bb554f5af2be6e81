package dotbench.bindings;

import java.lang.foreign.MemorySegment;

/**
 * One libdot instruction-set variant's kernel table (dot.h's dot_kernels): which code it holds and
 * the function addresses, for callers that time a specific variant (e.g. through a native loop).
 */
public record DotKernels(
        String name,
        String addsubFrom,
        String mulFrom,
        MemorySegment addN,
        MemorySegment subN,
        MemorySegment addNCt,
        MemorySegment subNCt,
        MemorySegment mul4x4,
        MemorySegment sqr4x4,
        MemorySegment mul5x5R52) {}
