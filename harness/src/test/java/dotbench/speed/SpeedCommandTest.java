package dotbench.speed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.cli.Main;
import dotbench.pipeline.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** `dotbench speed` with bad arguments: a clear message and the usage exit status, before anything loads. */
class SpeedCommandTest {
    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {String.valueOf(status), err.toString()};
    }

    private static void assertUsage(String expected, String... args) {
        String[] r = run(args);
        assertEquals(String.valueOf(ExitCodes.USAGE), r[0], r[1]);
        assertTrue(r[1].contains(expected), "expected '" + expected + "' in: " + r[1]);
    }

    @Test
    void unknownAlgorithmSizeVariantMaskAndBadValuesAreUsageErrors() {
        assertUsage("unknown algorithm 'ecdh'", "speed", "--variants", "system", "--algs", "ecdh");
        assertUsage("unknown size 1000 for rsa", "speed", "--variants", "system", "--algs", "rsa1000");
        assertUsage("unknown OpenSSL variant 'nosuch'", "speed", "--variants", "nosuch", "--algs", "rsa512");
        assertUsage("bad OPENSSL_ia32cap mask", "speed", "--variants", "system", "--ia32cap", "no-avx512");
        assertUsage("--ia32cap names 'dot'", "speed", "--variants", "system", "--ia32cap", "dot=0x0");
        assertUsage("--seconds must be above 0", "speed", "--variants", "system", "--seconds", "0");
        assertUsage("--samples must be between 3", "speed", "--variants", "system", "--samples", "2");
        assertUsage("pair", "speed", "--variants", "system", "--pairs", "stock:dot");
        assertUsage("Unknown option", "speed", "--bogus");
        assertUsage(
                "--rounds must be between 1 and 50",
                "fidelity",
                "speed",
                "--variants",
                "system",
                "--algs",
                "rsa2048,ffdh2048",
                "--openssl",
                "/bin/true",
                "--rounds",
                "0");
        assertUsage(
                "--algs must include both",
                "fidelity",
                "speed",
                "--variants",
                "system",
                "--algs",
                "rsa2048",
                "--openssl",
                "/bin/true");
        assertUsage("Missing required option: '--openssl=PROGRAM'", "fidelity", "speed", "--variants", "system");
        assertUsage(
                "--noise-threshold must be a positive finite fraction",
                "speed",
                "--variants",
                "system",
                "--noise-threshold",
                "Infinity");
    }
}
