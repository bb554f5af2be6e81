package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.bindings.CEnvironment;
import dotbench.bindings.Dot;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.pipeline.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * DOT_ISA, DOT_CPU_DISABLE, DOT_CROSSOVER and DOT_BASECASE: a value libdot would abort on is refused before any
 * library loads, with exit 2 and the valid names; the commands that only read result files do not
 * care; and the harness's names are libdot's.
 */
class LibdotEnvironmentTest {
    private static final Path ROOT = Path.of(System.getProperty("dotbench.root", ".."));

    private static CliRun run(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), Suites.builtIn(), env);
        return new CliRun(status, out.toString(), err.toString());
    }

    /** Refused by every command that loads a library, before its own checks (the bad test name would be next). */
    private static void refused(Map<String, String> env, String expected) {
        List<String[]> commands = List.of(
                new String[] {"info"},
                new String[] {"gmpbench", "--tests", "multiply(127)"},
                new String[] {"speed", "--algs", "ecdh"},
                new String[] {"fidelity", "gmpbench", "--tests", "multiply(127)"});
        for (String[] command : commands) {
            CliRun r = run(env, command);
            assertEquals(ExitCodes.USAGE, r.status(), command[0] + " " + env + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("dotbench: " + expected), "expected '" + expected + "' in: " + r.err());
        }
    }

    @Test
    void badValuesAreUsageErrorsNamingTheValidOnes() {
        refused(Map.of("DOT_ISA", "garbage"), "DOT_ISA=garbage names no libdot variant; known: scalar, chain");
        refused(
                Map.of("DOT_CPU_DISABLE", "AVX512"),
                "DOT_CPU_DISABLE=AVX512: 'AVX512' names no CPU feature; known: sse42");
        refused(
                Map.of("DOT_CPU_DISABLE", "ifma, avx512"),
                "DOT_CPU_DISABLE=ifma, avx512: ' avx512' names no CPU feature");
        refused(Map.of("DOT_CPU_DISABLE", "avx2,"), "DOT_CPU_DISABLE=avx2,: '' names no CPU feature");
        refused(Map.of("DOT_CROSSOVER", "add_n=12,mul=3"), "DOT_CROSSOVER=add_n=12,mul=3 is not N, max, or a list");
        refused(Map.of("DOT_CROSSOVER", "12345678901234567890"), "DOT_CROSSOVER=12345678901234567890 is not N");
        refused(Map.of("DOT_BASECASE", "Off"), "DOT_BASECASE=Off: 'Off' is not one of");
        refused(Map.of("DOT_BASECASE", "mul=11"), "DOT_BASECASE=mul=11: 'mul=11' is not one of");
        refused(Map.of("DOT_BASECASE", "mul=16,sqr=65"), "DOT_BASECASE=mul=16,sqr=65: 'sqr=65' is not one of");
        refused(
                Map.of("DOT_BASECASE", "karatsuba_mul=off"),
                "DOT_BASECASE=karatsuba_mul=off: 'karatsuba_mul=off' is not one of");
        refused(Map.of("DOT_BASECASE", "mul=16,"), "DOT_BASECASE=mul=16,: '' is not one of");
        refused(
                Map.of("DOT_BASECASE", "mul=99999999999"),
                "DOT_BASECASE=mul=99999999999: 'mul=99999999999' is not one of");
        refused(Map.of("DOT_BASECASE", "powm=65"), "DOT_BASECASE=powm=65: 'powm=65' is not one of");
        refused(Map.of("DOT_BASECASE", "powm=6"), "DOT_BASECASE=powm=6: 'powm=6' is not one of");
        refused(Map.of("DOT_BASECASE", "powm=own"), "DOT_BASECASE=powm=own: 'powm=own' is not one of");
        refused(Map.of("DOT_BASECASE", "powm4=1"), "DOT_BASECASE=powm4=1: 'powm4=1' is not one of");
        refused(Map.of("DOT_BASECASE", "powm4="), "DOT_BASECASE=powm4=: 'powm4=' is not one of");
    }

    @Test
    void goodValuesPass() {
        LibdotEnvironment.check(
                Map.of(
                        "DOT_ISA", "scalar",
                        "DOT_CPU_DISABLE", "avx512,ifma",
                        "DOT_CROSSOVER", "add_n=12,sub_n=max",
                        "DOT_BASECASE", "off"),
                ROOT);
        LibdotEnvironment.check(Map.of("DOT_BASECASE", "mul=12,sqr=off,karatsuba_mul=65,karatsuba_sqr=own"), ROOT);
        LibdotEnvironment.check(Map.of("DOT_BASECASE", "sqr=64"), ROOT);
        LibdotEnvironment.check(Map.of("DOT_BASECASE", "powm=7"), ROOT);
        LibdotEnvironment.check(Map.of("DOT_BASECASE", "mul=16,powm=off"), ROOT);
        LibdotEnvironment.check(Map.of("DOT_BASECASE", "powm=8,powm4=off"), ROOT);
        LibdotEnvironment.check(Map.of("DOT_BASECASE", "powm4=on"), ROOT);
        LibdotEnvironment.check(Map.of("DOT_CPU_DISABLE", "adx"), ROOT);
        LibdotEnvironment.check(Map.of("DOT_CROSSOVER", "max", "DOT_CPU_DISABLE", ""), ROOT);
        assertEquals(
                ExitCodes.OK,
                run(Map.of("DOT_CPU_DISABLE", "sse42,avx2,avx512,ifma"), "info").status());
    }

    @Test
    void aVariantMaskedOffIsRefusedWithWhatCanRun() {
        // libdot reads DOT_CPU_DISABLE from the C environment, as it would in a fresh process
        Optional<String> saved = Optional.ofNullable(System.getenv("DOT_CPU_DISABLE"));
        CEnvironment.set("DOT_CPU_DISABLE", "avx2,avx512,ifma");
        try {
            CliRun r = run(Map.of("DOT_ISA", "avx2", "DOT_CPU_DISABLE", "avx2,avx512,ifma"), "info");
            assertEquals(ExitCodes.USAGE, r.status(), r.err());
            assertTrue(
                    r.err()
                                    .startsWith(
                                            "dotbench: DOT_ISA=avx2: this CPU (or OS, with DOT_CPU_DISABLE=avx2,avx512,ifma)"
                                                    + " cannot run it; runnable here: scalar, chain")
                            && !r.err()
                                    .substring(r.err().indexOf("runnable here"))
                                    .contains("avx"),
                    r.err());
        } finally {
            saved.ifPresentOrElse(
                    v -> CEnvironment.set("DOT_CPU_DISABLE", v), () -> CEnvironment.unset("DOT_CPU_DISABLE"));
        }
    }

    @Test
    void commandsThatOnlyReadResultFilesIgnoreThem() {
        CliRun r = run(Map.of("DOT_ISA", "garbage"), "compare", "--help");
        assertEquals(ExitCodes.OK, r.status(), r.err());
        CliRun missing = run(Map.of("DOT_ISA", "garbage"), "compare", "no-a.json", "no-b.json");
        assertEquals(ExitCodes.IO_ERROR, missing.status(), missing.err());
        assertEquals("dotbench: no-a.json: no such file", missing.err().strip());
    }

    @Test
    void theNamesAreLibdots() throws IOException {
        String cpuC = Files.readString(ROOT.resolve("dot/src/cpu.c"));
        int at = cpuC.indexOf("disable_names[] = {");
        assertTrue(at > 0, "dot/src/cpu.c lists its DOT_CPU_DISABLE names in disable_names[]");
        List<String> inSource = Arrays.stream(cpuC.substring(cpuC.indexOf('{', at) + 1, cpuC.indexOf('}', at))
                        .split(","))
                .map(String::strip)
                .filter(s -> s.startsWith("\""))
                .map(s -> s.substring(1, s.length() - 1))
                .toList();
        assertEquals(inSource, LibdotEnvironment.CPU_FEATURES);
        try (LibraryVariant v = LibraryVariant.open(VariantCatalog.scan(ROOT).dot())) {
            assertEquals(Dot.of(v).isaNames(), LibdotEnvironment.ISAS);
        }
    }
}
