package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dotbench.bindings.generated.dot.dot_kernels;
import dotbench.bindings.generated.gmp.__mpz_struct;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The struct layouts jextract generated (from the stock build's gmp.h and dot.h) against the C
 * compiler: layouts.c is compiled against each GMP variant's gmp.h (the system's and every
 * build/gmp/NAME/include) and dot.h, and its offsetof and sizeof figures must equal the Java
 * layouts', so one generated layout serves every variant.
 */
class StructLayoutTest {
    @TempDir
    Path temp;

    private Map<String, Long> compilerView(Path gmpInclude) throws IOException, InterruptedException {
        Path root = TestRoot.root();
        Path exe = temp.resolve("layouts-" + Math.abs(gmpInclude.hashCode()));
        Process cc = new ProcessBuilder(
                        System.getenv().getOrDefault("CC", "cc"),
                        "-std=gnu11",
                        "-I",
                        gmpInclude.toString(),
                        "-I",
                        root.resolve("dot/include").toString(),
                        root.resolve("bindings/src/test/c/layouts.c").toString(),
                        "-o",
                        exe.toString())
                .redirectErrorStream(true)
                .start();
        String ccOutput = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, cc.waitFor(), "cc failed:\n" + ccOutput);
        Process run = new ProcessBuilder(exe.toString()).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, run.waitFor());
        Map<String, Long> view = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.split(" ");
            view.put(f[0], Long.parseLong(f[1]));
        }
        return view;
    }

    @Test
    void layoutsMatchTheCompilerForEveryGmpHeader() throws IOException, InterruptedException {
        var headers = TestRoot.catalog().of(LibraryKind.GMP).stream()
                .map(VariantSpec::include)
                .filter(d -> Files.isRegularFile(d.resolve("gmp.h")))
                .distinct()
                .toList();
        assertFalse(headers.isEmpty(), "no gmp.h found (Debian package libgmp-dev)");
        for (Path include : headers) {
            Map<String, Long> c = compilerView(include);
            String where = " (gmp.h from " + include + ")";
            assertEquals(c.get("__mpz_struct._mp_alloc"), __mpz_struct._mp_alloc$offset(), "_mp_alloc" + where);
            assertEquals(c.get("__mpz_struct._mp_size"), __mpz_struct._mp_size$offset(), "_mp_size" + where);
            assertEquals(c.get("__mpz_struct._mp_d"), __mpz_struct._mp_d$offset(), "_mp_d" + where);
            assertEquals(c.get("__mpz_struct"), __mpz_struct.sizeof(), "sizeof" + where);
            assertEquals(c.get("mpz_t"), __mpz_struct.sizeof(), "mpz_t is one struct" + where);
            Map<String, Long> kernels = Map.of(
                    "name",
                    dot_kernels.name$offset(),
                    "add_n",
                    dot_kernels.add_n$offset(),
                    "sub_n",
                    dot_kernels.sub_n$offset(),
                    "add_n_ct",
                    dot_kernels.add_n_ct$offset(),
                    "sub_n_ct",
                    dot_kernels.sub_n_ct$offset(),
                    "mul_4x4",
                    dot_kernels.mul_4x4$offset(),
                    "sqr_4x4",
                    dot_kernels.sqr_4x4$offset(),
                    "mul_5x5_r52",
                    dot_kernels.mul_5x5_r52$offset(),
                    "addsub_from",
                    dot_kernels.addsub_from$offset(),
                    "mul_from",
                    dot_kernels.mul_from$offset());
            kernels.forEach(
                    (field, offset) -> assertEquals(c.get("dot_kernels." + field), offset, "dot_kernels." + field));
            assertEquals(c.get("dot_kernels"), dot_kernels.sizeof(), "sizeof(dot_kernels)");
        }
    }
}
