package dotbench.official;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dotbench.gmpbench.GmpBenchSuite;
import dotbench.gmpbench.GmpBenchTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RunbenchScoring} against GMPbench 0.2's own runbench script, on fixed RESULT figures: the
 * script runs with stand-in programs that print those figures and a stand-in gexpr that prints N
 * significant digits (the -prec semantics the scorer models). Equal text means the scorer
 * follows the script's loops, weights, formulas and layout. Needs the tarball (GMPBENCH_TARBALL);
 * skipped without it, as in CI.
 */
class RunbenchScriptTest {
    @TempDir
    Path dir;

    private static final String GEXPR = """
            #!/usr/bin/python3
            import sys
            from decimal import Decimal
            args = sys.argv[1:]
            prec = 6
            if args[0] == "-prec":
                prec, args = int(args[1]), args[2:]
            value = eval(args[0].replace("^", "**"), {"__builtins__": {}})
            d = Decimal(repr(float(value)))
            q = d.quantize(Decimal(1).scaleb(d.adjusted() - prec + 1)).normalize()
            print(format(q, "f"))
            """;

    private void executable(Path p, String text) throws IOException {
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void scoresAsTheRunbenchScriptDoes() throws IOException, InterruptedException {
        String tarball = System.getenv("GMPBENCH_TARBALL");
        assumeTrue(
                tarball != null && Files.isRegularFile(Path.of(tarball)),
                "GMPBENCH_TARBALL not set: runbench itself is not available");
        Process untar = new ProcessBuilder(
                        "tar",
                        "-xjf",
                        tarball,
                        "-C",
                        dir.toString(),
                        "--strip-components=1",
                        "gmpbench-0.2/runbench",
                        "gmpbench-0.2/version")
                .redirectErrorStream(true)
                .start();
        assertEquals(0, untar.waitFor(), new String(untar.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        Path bin = Files.createDirectories(dir.resolve("shim"));
        executable(bin.resolve("gexpr"), GEXPR);

        SplittableRandom random = new SplittableRandom(7);
        Map<String, String> results = new LinkedHashMap<>();
        Map<String, StringBuilder> programs = new LinkedHashMap<>();
        for (GmpBenchTest t : GmpBenchSuite.all()) {
            String r = RunbenchScoring.gexpr(Math.pow(10, random.nextDouble(-0.3, 8)), 5);
            results.put(t.name(), r);
            String args =
                    String.join(" ", t.args().stream().map(String::valueOf).toList());
            programs.computeIfAbsent(t.program().label(), p -> new StringBuilder("#!/bin/sh\ncase \"$*\" in\n"))
                    .append("  \"")
                    .append(args)
                    .append("\") echo 'RESULT: ")
                    .append(r)
                    .append(" operations per second' ;;\n");
        }
        for (var e : programs.entrySet()) {
            executable(dir.resolve(e.getKey()), e.getValue().append("esac\n").toString());
        }
        ProcessBuilder runbench = new ProcessBuilder("sh", "runbench", "-n")
                .directory(dir.toFile())
                .redirectErrorStream(true);
        runbench.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = runbench.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);

        List<String> script = Arrays.stream(out.split("\n"))
                .dropWhile(l -> !l.startsWith("  Category"))
                .toList();
        List<String> ours = Arrays.asList(RunbenchScoring.score(results).text().split("\n"));
        assertEquals(ours, script);
    }
}
