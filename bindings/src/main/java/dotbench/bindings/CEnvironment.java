package dotbench.bindings;

import dotbench.bindings.generated.libc.setenv_fn;
import dotbench.bindings.generated.libc.unsetenv_fn;
import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;

/**
 * The C library's environment, which native libraries read (libcrypto reads OPENSSL_ia32cap when it
 * loads) and which Java's System.getenv neither changes nor sees change.
 */
public final class CEnvironment {
    private static final SymbolLookup LIBC = Linker.nativeLinker().defaultLookup();
    private static final MemorySegment SETENV = LIBC.findOrThrow("setenv");
    private static final MemorySegment UNSETENV = LIBC.findOrThrow("unsetenv");

    private CEnvironment() {}

    /** setenv(name, value, 1). */
    public static void set(String name, String value) {
        try (Arena arena = Arena.ofConfined()) {
            if (setenv_fn.invoke(SETENV, arena.allocateFrom(name), arena.allocateFrom(value), 1) != 0) {
                throw new IllegalStateException("setenv(" + name + ") failed");
            }
        }
    }

    /** unsetenv(name). */
    public static void unset(String name) {
        try (Arena arena = Arena.ofConfined()) {
            if (unsetenv_fn.invoke(UNSETENV, arena.allocateFrom(name)) != 0) {
                throw new IllegalStateException("unsetenv(" + name + ") failed");
            }
        }
    }
}
