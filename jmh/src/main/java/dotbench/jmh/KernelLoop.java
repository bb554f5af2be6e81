package dotbench.jmh;

import dotbench.bindings.helper.KernelLoops;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;

/** Loads the native loops of jmh/src/main/c/kernel_loop.c (build/jmh/libdotbench_kloop.so). */
final class KernelLoop {
    static final String LIBRARY = "build/jmh/libdotbench_kloop.so";

    private KernelLoop() {}

    static KernelLoops load(Path root, Arena arena) {
        Path lib = root.resolve(LIBRARY);
        if (!Files.isRegularFile(lib)) {
            throw new IllegalStateException(lib + " is not built (make bench builds it)");
        }
        return new KernelLoops(SymbolLookup.libraryLookup(lib, arena));
    }
}
