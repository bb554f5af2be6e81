package dotbench.jmh;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/** The native loops of jmh/src/main/c/kernel_loop.c (build/jmh/libdotbench_kloop.so), one handle per kernel shape. */
final class KernelLoop {
    static final String LIBRARY = "build/jmh/libdotbench_kloop.so";

    final MethodHandle addsub;
    final MethodHandle mulN;
    final MethodHandle sqrN;
    final MethodHandle mul4;
    final MethodHandle sqr4;
    final MethodHandle bn3;
    final MemorySegment empty;

    KernelLoop(Path root, Arena arena) {
        Path lib = root.resolve(LIBRARY);
        if (!Files.isRegularFile(lib)) {
            throw new IllegalStateException(lib + " is not built (make bench builds it)");
        }
        SymbolLookup l = SymbolLookup.libraryLookup(lib, arena);
        Linker linker = Linker.nativeLinker();
        addsub = linker.downcallHandle(l.findOrThrow("dotbench_kloop_addsub"),
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG));
        mulN = linker.downcallHandle(l.findOrThrow("dotbench_kloop_mul_n"),
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG));
        sqrN = linker.downcallHandle(l.findOrThrow("dotbench_kloop_sqr_n"),
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG));
        mul4 = linker.downcallHandle(l.findOrThrow("dotbench_kloop_mul4"),
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
        sqr4 = linker.downcallHandle(l.findOrThrow("dotbench_kloop_sqr4"),
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
        bn3 = linker.downcallHandle(l.findOrThrow("dotbench_kloop_bn3"),
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
        empty = l.findOrThrow("dotbench_kloop_empty");
    }
}
